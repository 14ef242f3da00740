import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useId } from 'react';

/**
 * The 'Confirmation' dialog (SPEC §2) for an action that needs a reason (cancelling an
 * appointment): the confirm button stays disabled until a reason is typed.
 */
export function ReasonConfirmDialog(props: {
  open: boolean;
  reason: string;
  setReason: (v: string) => void;
  onCancel: () => void;
  onConfirm: () => void;
  title: string;
  text: string;
  reasonLabel: string;
  confirmLabel: string;
  cancelLabel: string;
}) {
  const titleId = useId();
  return (
    <Dialog open={props.open} onClose={props.onCancel} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{props.text}</Typography>
        <TextField autoFocus fullWidth required label={props.reasonLabel} value={props.reason} onChange={(e) => props.setReason(e.target.value)} />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel}>{props.cancelLabel}</Button>
        <Button color="error" variant="contained" disabled={!props.reason.trim()} onClick={props.onConfirm}>
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
