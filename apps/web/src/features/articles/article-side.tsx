import { Box, Button, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ArticleVersionDto } from '@wellbe/shared/schemas/articles';
import { FileButton } from '../../components/file-button.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { uploadArticleImage } from './api/articles.ts';

// The article editor's side column: the cover image and the saved versions.

/** The cover: shown, and replaced by an uploaded image. */
export function CoverField({ id, coverUrl, onError }: { id: string; coverUrl: string | null; onError: (message: string) => void }) {
  const { t } = useTranslation('editorial');
  const queryClient = useQueryClient();
  return (
    <Box>
      <Typography variant="body2" color="textSecondary">
        {t('articles.cover')}
      </Typography>
      {coverUrl && <Box component="img" src={coverUrl} alt="" sx={{ width: '100%', borderRadius: 1, my: 1 }} />}
      <FileButton
        accept="image/png,image/jpeg,image/webp"
        inputLabel={t('articles.cover')}
        onFile={(file) =>
          void uploadArticleImage(id, file, 'cover')
            .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.articles.one(id) }))
            .catch((err: Error) => onError(err.message))
        }
      >
        {t('articles.chooseCover')}
      </FileButton>
    </Box>
  );
}

/** The saved versions, each restorable (a refusal is shown above the editor). */
export function VersionsList({ versions, onRestore }: { versions: ArticleVersionDto[] | undefined; onRestore: (versionId: string) => void }) {
  const { t } = useTranslation('editorial');
  return (
    <Box>
      <Typography variant="h2" sx={{ fontSize: '1rem', mb: 1 }}>
        {t('articles.versions')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 240, overflow: 'auto' }}>
        {versions?.map((v) => (
          <Box component="li" key={v.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}>
            <Typography variant="body2" sx={{ flex: 1 }}>
              {formatDateTime(v.savedAt)} {v.savedBy ? `· ${v.savedBy}` : ''}
            </Typography>
            <Button size="small" onClick={() => onRestore(v.id)}>
              {t('articles.restore')}
            </Button>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
