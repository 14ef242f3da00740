import { useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from './auth-api.ts';
import { AuthForm, AuthShell, BackToLogin, errorText } from './auth-shell.tsx';

/** /forgot-password (guest-only): the answer is the same whether the email exists or not. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      setError(t('forgot.invalidEmail'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthShell title={t('forgot.title')} subtitle={sent ? undefined : t('forgot.subtitle')}>
      {sent ? (
        <Alert severity="success">{t('forgot.sent')}</Alert>
      ) : (
        <AuthForm error={error} onSubmit={(e) => void submit(e)}>
          <TextField label={t('forgot.email')} type="email" name="email" autoComplete="email" autoFocus required value={email} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {t('forgot.submit')}
          </Button>
        </AuthForm>
      )}
      <BackToLogin />
    </AuthShell>
  );
}
