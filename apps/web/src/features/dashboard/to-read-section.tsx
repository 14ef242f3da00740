import { Box, Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import PushPinIcon from '@mui/icons-material/PushPinOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ARTICLE_CATEGORY_LABELS } from '@wellbe/shared/domain/articles';
import type { ArticleSummaryDto } from '@wellbe/shared/schemas/articles';
import { Tag } from '../../components/tag.tsx';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** "À lire" (issue 20): the published articles for the user's audience, the practice's pinned first. */
export function ToReadSection() {
  const { t } = useTranslation('editorial');
  const feed = useQuery({ queryKey: queryKeys.articles.feed, queryFn: () => api<{ data: ArticleSummaryDto[] }>('/articles/feed').then((a) => a.data), meta: { silent: true } });
  if (!feed.data) return null;
  return (
    <Box component="section" aria-labelledby="to-read-title" sx={{ mb: 4 }}>
      <Typography id="to-read-title" variant="h2" sx={{ fontSize: '1.2rem', mb: 2 }}>
        {t('toRead.title')}
      </Typography>
      {feed.data.length === 0 && <Typography color="text.secondary">{t('toRead.empty')}</Typography>}
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {feed.data.slice(0, 6).map((a) => (
          <Grid key={a.id} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
            <Card sx={{ height: '100%' }}>
              <CardActionArea component={Link} to={`/articles/${a.slug}`} sx={{ height: '100%', alignItems: 'stretch' }}>
                {a.coverUrl && <Box component="img" src={a.coverUrl} alt="" sx={{ width: '100%', height: 140, objectFit: 'cover' }} />}
                <CardContent>
                  <Box sx={{ display: 'flex', gap: 1, mb: 1, alignItems: 'center' }}>
                    <Tag label={ARTICLE_CATEGORY_LABELS[a.category]} />
                    {a.pinned && <PushPinIcon fontSize="small" aria-label={t('articles.pinned')} />}
                  </Box>
                  <Typography component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
                    {a.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {a.summary}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('articles.minutes', { count: a.readingMinutes })}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
