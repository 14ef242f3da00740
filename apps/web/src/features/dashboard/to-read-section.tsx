import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ArticleSummaryDto } from '@wellbe/shared/schemas/articles';
import { PlainIcon } from '../../components/plain-icon.tsx';
import { Tag } from '../../components/tag.tsx';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import styles from './dashboard.module.css';

/** @mui/icons-material's PushPinOutlined. */
const PIN_ICON =
  'M14 4v5c0 1.12.37 2.16 1 3H9c.65-.86 1-1.9 1-3V4zm3-2H7c-.55 0-1 .45-1 1s.45 1 1 1h1v5c0 1.66-1.34 3-3 3v2h5.97v7l1 1 1-1v-7H19v-2c-1.66 0-3-1.34-3-3V4h1c.55 0 1-.45 1-1s-.45-1-1-1';

/**
 * "À lire" (issue 20): the published articles for the user's audience, the practice's pinned first.
 * Static CSS like the shortcuts below it (dashboard.module.css: their title, card and link
 * highlight; issue 31), drawn as MUI's Grid (xs 12, sm 6, lg 4), Card, CardActionArea and
 * CardContent drew it.
 */
export function ToReadSection() {
  const { t } = useTranslation('editorial');
  const feed = useQuery({ queryKey: queryKeys.articles.feed, queryFn: () => api<{ data: ArticleSummaryDto[] }>('/articles/feed').then((a) => a.data), meta: { silent: true } });
  if (!feed.data) return null;
  return (
    <section aria-labelledby="to-read-title" className={styles.articleSection}>
      <h2 id="to-read-title" className={styles.sectionTitle}>
        {t('toRead.title')}
      </h2>
      {feed.data.length === 0 && <p className={styles.articleEmpty}>{t('toRead.empty')}</p>}
      <ul className={`${styles.cardGrid} ${styles.articleGrid}`}>
        {feed.data.slice(0, 6).map((a) => (
          <li key={a.id} className={styles.card}>
            <Link to={`/articles/${a.slug}`} className={`${styles.cardLink} ${styles.articleLink}`}>
              {a.coverUrl && <img src={a.coverUrl} alt="" className={styles.articleCover} />}
              <div className={styles.articleContent}>
                <span className={styles.articleMeta}>
                  <Tag label={t(`articles.categories.${a.category}`)} />
                  {a.pinned && (
                    <span role="img" aria-label={t('articles.pinned')} className={styles.articlePin}>
                      <PlainIcon path={PIN_ICON} />
                    </span>
                  )}
                </span>
                <h3 className={styles.articleTitle}>{a.title}</h3>
                <span className={styles.articleSummary}>{a.summary}</span>
                <span className={styles.articleMinutes}>{t('articles.minutes', { count: a.readingMinutes })}</span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
