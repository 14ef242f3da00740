import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFile';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGNATURE_MAX_BYTES, type Profile } from '@wellbe/shared/schemas/profile';
import { PERMISSIONS } from '@wellbe/shared/permissions';
import { FileButton } from '../../../components/file-button.tsx';
import { notify } from '../../../lib/notify.ts';
import { useRemoveSignature, useSaveSignature, useSignature } from '../api/signature.ts';
import { translateMessage } from './messages.ts';

/** An object URL of the blob for an <img>, released when the blob changes or the screen closes. */
function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** /profile: the signature image drawn on the practitioner's documents (PA, PR, PG); nothing, and no request, for another role. */
export function SignatureSection({ profile }: { profile: Profile }) {
  return (PERMISSIONS.signatureImage as readonly string[]).includes(profile.role) ? <SignatureCard /> : null;
}

function SignatureCard() {
  const { t } = useTranslation('profile');
  const signature = useSignature();
  const save = useSaveSignature();
  const remove = useRemoveSignature();
  const preview = useObjectUrl(signature.data);
  const fail = (err: unknown) => notify(translateMessage(t, err instanceof Error ? err.message : String(err)) ?? '', 'error');

  const pick = (file: File) => {
    if (file.size > SIGNATURE_MAX_BYTES) return notify(t('signature.tooLarge'), 'error');
    save.mutate(file, { onSuccess: () => notify(t('signature.saved'), 'success'), onError: fail });
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="signature-title" sx={{ mt: 3 }}>
      <CardContent>
        <Typography id="signature-title" variant="h6" component="h2">
          {t('signature.title')}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {t('signature.help')}
        </Typography>
        <Box sx={{ minHeight: 80, mb: 2, display: 'flex', alignItems: 'center' }}>
          {preview ? (
            <Box component="img" src={preview} alt={t('signature.alt')} sx={{ maxHeight: 80, maxWidth: '100%', border: 1, borderColor: 'divider', borderRadius: 1, p: 1, bgcolor: 'common.white' }} />
          ) : (
            <Typography color="textSecondary">{t('signature.none')}</Typography>
          )}
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <FileButton startIcon={<UploadIcon />} disabled={save.isPending} accept="image/png,image/jpeg" onFile={pick}>
            {t('signature.choose')}
          </FileButton>
          {preview && (
            <Button color="error" startIcon={<DeleteIcon />} disabled={remove.isPending} onClick={() => remove.mutate(undefined, { onSuccess: () => notify(t('signature.removed'), 'success'), onError: fail })}>
              {t('signature.remove')}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
