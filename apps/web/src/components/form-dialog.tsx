import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid } from '@mui/material';
import { useId, type FormEvent, type ReactNode } from 'react';
import { get, type FieldErrors, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';

export interface FormDialogProps {
  title: string;
  /** While saving: the dialog cannot be closed and both buttons wait. */
  busy: boolean;
  /** The server's answer when the save failed, shown above the fields. */
  error?: string | null;
  cancelLabel: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  /** The fields, as Grid items. */
  children: ReactNode;
}

/** A create/edit form in a dialog (organisation, speciality, user): title, error, fields, Cancel and Save. */
export function FormDialog({ title, busy, error, cancelLabel, submitLabel, onClose, onSubmit, children }: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <Grid container spacing={2} sx={{ pt: 1 }}>
            {children}
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** TextField props of a react-hook-form field: registered, full width, its error message below it. */
export function fieldProps<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return (name: Path<T>) => {
    const error = get(errors, name) as { message?: string } | undefined;
    return { ...register(name), error: !!error, helperText: error?.message, fullWidth: true };
  };
}
