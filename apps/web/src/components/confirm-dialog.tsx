import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Defaults to 'Confirmation' (SPEC §2). */
  title?: string;
  /** Defaults to the irreversible-deletion text (SPEC §2). */
  text?: string;
  /** Defaults to 'Supprimer'. */
  confirmLabel?: string;
  /** Defaults to 'Annuler'. */
  cancelLabel?: string;
  /** Disables the buttons while the confirmed action runs. */
  busy?: boolean;
  /** Colour of the confirm button; deletion is an error-coloured action by default. */
  confirmColor?: 'error' | 'primary';
}

/** SPEC §2 generic confirmation dialog, for every deletion in the product (and the panel's clear). */
export function ConfirmDialog({ open, onConfirm, onCancel, title, text, confirmLabel, cancelLabel, busy = false, confirmColor = 'error' }: ConfirmDialogProps) {
  const { t } = useTranslation('consultations');
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title ?? t('confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text ?? t('confirm.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          {cancelLabel ?? t('confirm.cancel')}
        </Button>
        <Button onClick={onConfirm} disabled={busy} color={confirmColor} variant="contained">
          {confirmLabel ?? t('confirm.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
