import { Box, Chip, Typography } from '@mui/material';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import type { ArticleDto } from '@wellbe/shared/schemas/articles';
import { isRtl } from '../../i18n/i18n.ts';
import { formatDate } from '../../lib/format.ts';

/** An article as a reader sees it (the reader page and the editor's patient preview). */
export function ArticleView({ article }: { article: ArticleDto }) {
  const { t } = useTranslation('editorial');
  // The article's own words in its language and direction; the category and the line about it in the reader's.
  const own = { lang: article.language, dir: isRtl(article.language) ? 'rtl' : 'ltr' } as const;
  const clean = DOMPurify.sanitize(article.body, { USE_PROFILES: { html: true }, FORBID_ATTR: ['style'], FORBID_TAGS: ['style', 'iframe', 'form'] });
  return (
    <Box component="article" sx={{ maxWidth: 760, mx: 'auto' }}>
      {article.coverUrl && <Box component="img" src={article.coverUrl} alt="" sx={{ width: '100%', maxHeight: 360, objectFit: 'cover', borderRadius: 2, mb: 2 }} />}
      <Chip size="small" label={t(`articles.categories.${article.category}`)} sx={{ mb: 1 }} />
      <Typography variant="h1" {...own} sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 1 }}>
        {article.title}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {[article.authorName ? t('articles.by', { name: article.authorName }) : null, article.publishedAt ? t('articles.publishedOn', { date: formatDate(article.publishedAt) }) : null, t('articles.minutes', { count: article.readingMinutes })]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {article.summary && (
        <Typography {...own} sx={{ fontSize: '1.1rem', fontWeight: 500, mb: 2 }} component="p">
          {article.summary}
        </Typography>
      )}
      <Box {...own} sx={{ lineHeight: 1.7, fontSize: '1.05rem', '& h2': { fontSize: '1.35rem', mt: 3 }, '& h3': { fontSize: '1.15rem' }, '& img': { maxWidth: '100%' }, '& blockquote': { borderInlineStart: '4px solid', borderColor: 'primary.main', m: 0, pl: 2, color: 'text.secondary' } }} dangerouslySetInnerHTML={{ __html: clean }} />
    </Box>
  );
}
