import { Box, Button, ButtonBase, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiBlob } from '../lib/api.ts';

// A meal's photo in the patient's /journal and the file's 'Journal' tab alike: a thumbnail that
// opens larger. The route needs the session's token (an <img src> cannot send it), so the image is
// fetched as a blob and shown through an object URL, released when the entry leaves the screen.

function useMealPhotoUrl(id: string): string | null {
  const blob = useQuery({
    queryKey: ['diary', 'photo', id],
    queryFn: async ({ signal }) => (await apiBlob(`/diary/entries/${encodeURIComponent(id)}/photo`, { signal })).blob,
    staleTime: Infinity,
    retry: false,
  }).data;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** The photo of one meal entry (`when`: its date and time, for the image's text). */
export function MealPhoto({ id, when }: { id: string; when: string }) {
  const { t } = useTranslation('diary');
  const url = useMealPhotoUrl(id);
  const [open, setOpen] = useState(false);
  const alt = t('photo.alt', { when });
  if (!url) return <Skeleton variant="rounded" width={72} height={72} sx={{ mt: 1 }} aria-label={t('photo.loading')} />;
  return (
    <>
      <ButtonBase onClick={() => setOpen(true)} aria-label={t('photo.open', { when })} sx={{ mt: 1, borderRadius: 1, overflow: 'hidden' }}>
        <Box component="img" src={url} alt={alt} sx={{ width: 72, height: 72, objectFit: 'cover', display: 'block' }} data-testid="meal-photo" />
      </ButtonBase>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth aria-labelledby={`meal-photo-${id}`}>
        <DialogTitle id={`meal-photo-${id}`}>{alt}</DialogTitle>
        <DialogContent>
          <Box component="img" src={url} alt={alt} sx={{ width: '100%', maxHeight: '75vh', objectFit: 'contain', display: 'block' }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('photo.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
