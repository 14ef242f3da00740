import { useState } from 'react';
import { TextField } from '@mui/material';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MESSAGES } from '@wellbe/shared/domain/password';
import { PasswordStrengthMeter } from '../../components/password-strength-meter.tsx';
import { translateMessage, type MessageKeys } from '../../lib/messages.ts';

export interface NewPasswordValues {
  password: string;
  passwordConfirm: string;
}

// The shared zod schemas carry SPEC §5's French messages; each is shown through its i18n key.
const MESSAGE_KEYS: MessageKeys = {
  [PASSWORD_MESSAGES.newRequired]: 'password.newRequired',
  [PASSWORD_MESSAGES.rule]: 'password.rule',
  [PASSWORD_MESSAGES.mismatch]: 'password.mismatch',
};

export function useValidationMessage() {
  const { t } = useTranslation('auth');
  return (message: string | undefined) => translateMessage(t, MESSAGE_KEYS, message);
}

/** New password and its confirmation (register, reset, invitation), SPEC §5 rule. */
export function PasswordFields<T extends NewPasswordValues>({ register, errors }: { register: UseFormRegister<T>; errors: FieldErrors<T> }) {
  const { t } = useTranslation('auth');
  const message = useValidationMessage();
  const reg = register as unknown as UseFormRegister<NewPasswordValues>;
  const errs = errors as FieldErrors<NewPasswordValues>;
  const field = reg('password');
  const [value, setValue] = useState('');
  return (
    <>
      <TextField
        label={t('password.new')}
        type="password"
        autoComplete="new-password"
        required
        {...field}
        onChange={(e) => {
          setValue(e.target.value);
          return field.onChange(e);
        }}
        error={!!errs.password}
        helperText={message(errs.password?.message) ?? t('password.hint')}
      />
      <PasswordStrengthMeter value={value} />
      <TextField
        label={t('password.confirm')}
        type="password"
        autoComplete="new-password"
        required
        {...reg('passwordConfirm')}
        error={!!errs.passwordConfirm}
        helperText={message(errs.passwordConfirm?.message)}
      />
    </>
  );
}
