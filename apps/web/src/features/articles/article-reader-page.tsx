import { Alert, Box, Button } from '@mui/material';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can } from '@wellbe/shared/permissions';
import { useSession } from '../../lib/session.ts';
import { usePinArticle, useReadArticle } from './api/articles.ts';
import { ArticleView } from './article-view.tsx';

/** /articles/{slug} (issue 20): the read view of a published article, printable. */
export function ArticleReaderPage() {
  const { t } = useTranslation('editorial');
  const { slug = '' } = useParams();
  const { role } = useSession();
  const article = useReadArticle(slug);
  const pin = usePinArticle();
  return (
    <Box sx={{ p: { xs: 2, md: 4 } }}>
      <Box sx={{ display: 'flex', gap: 1, mb: 2, '@media print': { display: 'none' } }}>
        <Button component={Link} to="/dashboard">
          {t('articles.backToDashboard')}
        </Button>
        <Button onClick={() => window.print()}>{t('articles.print')}</Button>
        {article.data && can(role, 'dpsWrite') && (
          <Button variant="outlined" onClick={() => pin.mutate({ id: article.data.id, pinned: true })}>
            {t('articles.pin')}
          </Button>
        )}
      </Box>
      {article.isError && <Alert severity="warning">{t('articles.notFound')}</Alert>}
      {article.data && <ArticleView article={article.data} />}
    </Box>
  );
}
