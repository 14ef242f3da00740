import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** SPEC §2: the cancel icon asks 'êtes vous sur de vouloir réinitialiser?' before resetting. */
export function ResetDialog({ open, onCancel, onConfirm }: { open: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="profile-reset-title" aria-describedby="profile-reset-text">
      <DialogTitle id="profile-reset-title">{t('confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="profile-reset-text">{t('confirm.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          {t('confirm.no')}
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained">
          {t('confirm.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
