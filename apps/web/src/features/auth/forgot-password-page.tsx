import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link as MuiLink, TextField } from '@mui/material';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from './auth-api.ts';
import { AuthShell } from './auth-shell.tsx';

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
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthShell title={t('forgot.title')} subtitle={sent ? undefined : t('forgot.subtitle')}>
      {sent ? (
        <Alert severity="success">{t('forgot.sent')}</Alert>
      ) : (
        <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField label={t('forgot.email')} type="email" name="email" autoComplete="email" autoFocus required value={email} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {t('forgot.submit')}
          </Button>
        </Box>
      )}
      <Box sx={{ textAlign: 'center', mt: 3 }}>
        <MuiLink component={Link} to="/login">
          {t('backToLogin')}
        </MuiLink>
      </Box>
    </AuthShell>
  );
}
