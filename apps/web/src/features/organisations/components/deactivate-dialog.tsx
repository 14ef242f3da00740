import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The 'Confirmation' dialog of SPEC §2 with the reason the organisation's users will be given. */
export function DeactivateDialog({ name, busy, onCancel, onConfirm }: { name: string; busy: boolean; onCancel: () => void; onConfirm: (reason: string) => void }) {
  const { t } = useTranslation('organisations');
  const titleId = useId();
  const [reason, setReason] = useState('');
  return (
    <Dialog open onClose={busy ? undefined : onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('deactivate.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('deactivate.text', { name })}</DialogContentText>
        <TextField label={t('deactivate.reason')} required fullWidth multiline minRows={2} value={reason} onChange={(e) => setReason(e.target.value)} autoFocus />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('form.cancel')}
        </Button>
        <Button color="error" variant="contained" disabled={busy || !reason.trim()} onClick={() => onConfirm(reason.trim())}>
          {t('deactivate.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
