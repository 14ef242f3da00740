import { useState } from 'react';
import { Alert, Button } from '@mui/material';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { newPasswordSchema } from '@wellbe/shared/domain/password';
import { resetPassword } from './auth-api.ts';
import { AuthForm, AuthShell, BackToLogin, errorText } from './auth-shell.tsx';
import { PasswordFields, type NewPasswordValues } from './password-fields.tsx';

/** /reset-password?token=… : a new password under the SPEC §5 rule; the link works once, 30 minutes. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : t('reset.missingToken'));
  const { register, handleSubmit, formState } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    mode: 'onChange',
    defaultValues: { password: '', passwordConfirm: '' },
  });

  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      await resetPassword(token, values.password, values.passwordConfirm);
      setDone(true);
    } catch (err) {
      setError(errorText(err));
    }
  });

  return (
    <AuthShell title={t('reset.title')} subtitle={done ? undefined : t('reset.subtitle')}>
      {done ? (
        <Alert severity="success">{t('reset.done')}</Alert>
      ) : (
        <AuthForm error={error} onSubmit={(e) => void submit(e)}>
          <PasswordFields register={register} errors={formState.errors} />
          <Button type="submit" variant="contained" size="large" disabled={!token || formState.isSubmitting}>
            {t('reset.submit')}
          </Button>
        </AuthForm>
      )}
      <BackToLogin />
    </AuthShell>
  );
}
