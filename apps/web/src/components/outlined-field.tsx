import { useId, type ReactNode } from 'react';
import { FormControl, FormHelperText, InputLabel, OutlinedInput, type OutlinedInputProps } from '@mui/material';

export interface OutlinedFieldProps extends Omit<OutlinedInputProps, 'label'> {
  label: ReactNode;
  helperText?: ReactNode;
}

/**
 * MUI's outlined TextField, for the first screens (sign-in): TextField imports Select, and with it
 * Menu, Popover, Modal and the focus trap (20 KB gzipped) that a text field never uses. Same look.
 * `required` marks the input (the browser checks it) without an asterisk on the label.
 */
export function OutlinedField({ label, helperText, id, fullWidth = true, error, size, ...input }: OutlinedFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} error={error} size={size}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput id={inputId} label={label} aria-describedby={helperId} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
