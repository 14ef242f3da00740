import { Alert, Box, Checkbox, IconButton, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ArticleSummaryDto, NewsletterPreviewDto } from '@wellbe/shared/schemas/articles';
import { ActionListItem } from '../../../components/action-list-item.tsx';

/** The newsletter as its recipients get it: subject, HTML (sandboxed) and text part; saved changes only. */
export function NewsletterPreview({ dirty, preview }: { dirty: boolean; preview: NewsletterPreviewDto | undefined }) {
  const { t } = useTranslation('editorial');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {dirty && <Alert severity="info">{t('newspapers.saveFirst')}</Alert>}
      {preview && (
        <>
          <Typography>
            <strong>{t('newspapers.subject')}</strong> {preview.subject}
          </Typography>
          <Box component="iframe" title={t('newspapers.preview')} sandbox="" srcDoc={preview.html} sx={{ width: '100%', maxWidth: 680, height: 640, border: '1px solid', borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }} />
          <Typography variant="h2" sx={{ fontSize: '1rem' }}>
            {t('newspapers.textPart')}
          </Typography>
          <Box component="pre" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: 13, p: 2, bgcolor: 'action.hover', borderRadius: 1, maxWidth: 680 }}>
            {preview.text}
          </Box>
        </>
      )}
    </Box>
  );
}

/** The articles chosen, in their order (arrows), and the published articles to pick from (until sent). */
export function ArticlesChooser({
  articleIds,
  articles,
  locked,
  move,
  toggle,
}: {
  articleIds: string[];
  articles: ArticleSummaryDto[];
  locked: boolean;
  move: (index: number, by: -1 | 1) => void;
  toggle: (articleId: string) => void;
}) {
  const { t } = useTranslation('editorial');
  const titleOf = (articleId: string) => articles.find((a) => a.id === articleId)?.title ?? articleId;
  return (
    <>
    <Paper elevation={0} sx={{ p: 2, border: '1px solid', borderColor: 'divider' }}>
      <Typography variant="h2" sx={{ fontSize: '1rem', mb: 1 }}>
        {t('newspapers.chosen')}
      </Typography>
      {articleIds.length === 0 && (
        <Typography variant="body2" color="textSecondary">
          {t('newspapers.noneChosen')}
        </Typography>
      )}
      <List dense aria-label={t('newspapers.chosen')}>
        {articleIds.map((articleId, i) => (
          <ActionListItem
            key={articleId}
            action={
              !locked && (
                <>
                  <IconButton size="small" aria-label={t('newspapers.up')} disabled={i === 0} onClick={() => move(i, -1)}>
                    ↑
                  </IconButton>
                  <IconButton size="small" aria-label={t('newspapers.down')} disabled={i === articleIds.length - 1} onClick={() => move(i, 1)}>
                    ↓
                  </IconButton>
                </>
              )
            }
          >
            <ListItemText primary={`${i + 1}. ${titleOf(articleId)}`} />
          </ActionListItem>
        ))}
      </List>
    </Paper>
    {!locked && (
      <Paper elevation={0} sx={{ p: 2, border: '1px solid', borderColor: 'divider' }}>
        <Typography variant="h2" sx={{ fontSize: '1rem', mb: 1 }}>
          {t('newspapers.pick')}
        </Typography>
        <List dense aria-label={t('newspapers.pick')} sx={{ maxHeight: 320, overflow: 'auto' }}>
          {articles.map((a) => (
            <ListItem key={a.id} disablePadding>
              <Checkbox checked={articleIds.includes(a.id)} onChange={() => toggle(a.id)} slotProps={{ input: { 'aria-label': a.title } }} />
              <ListItemText primary={a.title} secondary={a.summary} />
            </ListItem>
          ))}
        </List>
      </Paper>
    )}
    </>
  );
}
