import { useState, type Ref } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';

export interface PasswordFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  disabled: boolean;
  error?: string;
  autoComplete: 'current-password' | 'new-password';
  describedBy?: string;
}

/** A password input with its show/hide toggle (SPEC §5). */
export function PasswordField({ name, label, value, onChange, onBlur, inputRef, disabled, error, autoComplete, describedBy }: PasswordFieldProps) {
  const { t } = useTranslation('profile');
  const [shown, setShown] = useState(false);
  return (
    <TextField
      id={`profile-${name}`}
      name={name}
      label={label}
      type={shown ? 'text' : 'password'}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      inputRef={inputRef}
      disabled={disabled}
      error={!!error}
      helperText={error ?? ' '}
      autoComplete={autoComplete}
      fullWidth
      slotProps={{
        htmlInput: {
          // Passwords are typed left to right, in Arabic too (SPEC §5 classes are Latin).
          dir: 'ltr',
          // The helper text (the message) and, for the new password, the strength checklist.
          ...(describedBy ? { 'aria-describedby': `profile-${name}-helper-text ${describedBy}` } : {}),
        },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={t(shown ? 'hidePassword' : 'showPassword')} onClick={() => setShown((v) => !v)} edge="end" disabled={disabled}>
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
