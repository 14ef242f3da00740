import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, TextField, Typography } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import { useTranslation } from 'react-i18next';
import { passkeySignIn } from '../../lib/passkeys.ts';
import { loginAction, setSession, type LoginAnswer, type MfaChallenge } from '../../lib/session.ts';
import { RecoveryCodes } from '../../components/recovery-codes.tsx';
import { MuiProviders } from '../../components/mui-providers.tsx';
import { AuthForm, errorText } from './auth-shell.tsx';

/**
 * The second step of /login when the account has a second factor (a TOTP code, a recovery code or
 * a passkey), or the enrolment its organisation requires before any patient data is reached.
 */
export function MfaStep({ challenge, onCancel }: { challenge: MfaChallenge; onCancel: () => void }) {
  // /login draws its first step without MUI (issue 13): this step brings MUI's theme with it.
  return <MuiProviders scope>{challenge.code === 'mfa_required' ? <VerifyStep challenge={challenge} onCancel={onCancel} /> : <EnrolStep challenge={challenge} onCancel={onCancel} />}</MuiProviders>;
}

function VerifyStep({ challenge, onCancel }: { challenge: MfaChallenge; onCancel: () => void }) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hasCode = challenge.methods.includes('totp');

  async function run(work: () => Promise<LoginAnswer>) {
    setBusy(true);
    setError(null);
    try {
      const answer = await work();
      setSession(answer.user, answer.data.access_token);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) {
      setError(t('mfa.codeRequired'));
      return;
    }
    void run(() => loginAction('mfaVerify', { mfa_token: challenge.token, code: code.trim(), remember }));
  }

  return (
    <AuthForm error={error} onSubmit={submit}>
      <Typography>{t(hasCode ? 'mfa.intro' : 'mfa.introPasskey')}</Typography>
      {hasCode && (
        <TextField
          label={t('mfa.code')}
          name="code"
          autoComplete="one-time-code"
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
          helperText={t('mfa.codeHelp')}
          slotProps={{ htmlInput: { inputMode: 'text', dir: 'ltr', maxLength: 32 } }}
        />
      )}
      <FormControlLabel control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />} label={t('mfa.remember')} />
      {hasCode && (
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {t('mfa.verify')}
        </Button>
      )}
      {challenge.methods.includes('passkey') && (
        <Button variant={hasCode ? 'outlined' : 'contained'} size="large" startIcon={<KeyIcon />} disabled={busy} onClick={() => void run(() => passkeySignIn(challenge.token, remember))}>
          {t('mfa.usePasskey')}
        </Button>
      )}
      <Button onClick={onCancel} disabled={busy}>
        {t('mfa.cancel')}
      </Button>
    </AuthForm>
  );
}

function EnrolStep({ challenge, onCancel }: { challenge: MfaChallenge; onCancel: () => void }) {
  const { t } = useTranslation('auth');
  const [setup, setSetup] = useState<{ secret: string; qrCode: string } | null>(null);
  const [code, setCode] = useState('');
  const [done, setDone] = useState<LoginAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    loginAction('mfaEnrolStart', { mfa_token: challenge.token })
      .then((answer) => setSetup((answer as unknown as { data: { secret: string; qrCode: string } }).data))
      .catch((err: unknown) => setError(errorText(err)));
  }, [challenge.token]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setDone(await loginAction('mfaEnrolConfirm', { mfa_token: challenge.token, code: code.trim() }));
    } catch (err) {
      setError(errorText(err));
    }
    setBusy(false);
  }

  if (done) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <RecoveryCodes codes={done.recoveryCodes ?? []} />
        <Button variant="contained" size="large" onClick={() => setSession(done.user, done.data.access_token)}>
          {t('mfa.continue')}
        </Button>
      </Box>
    );
  }
  return (
    <AuthForm error={error} onSubmit={(e) => void submit(e)}>
      <Alert severity="info">{challenge.message}</Alert>
      <Typography>{t('mfa.enrolIntro')}</Typography>
      {setup && (
        <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1 }}>
          <img src={setup.qrCode} alt={t('mfa.qrAlt')} width={180} height={180} />
          <Typography variant="body2" color="textSecondary">
            {t('mfa.manualKey')}
          </Typography>
          <Typography component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', userSelect: 'all' }} dir="ltr">
            {setup.secret}
          </Typography>
        </Box>
      )}
      <TextField label={t('mfa.firstCode')} name="code" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', maxLength: 6 } }} />
      <Button type="submit" variant="contained" size="large" disabled={busy || !setup || code.trim().length !== 6}>
        {t('mfa.activate')}
      </Button>
      <Button onClick={onCancel} disabled={busy}>
        {t('mfa.cancel')}
      </Button>
    </AuthForm>
  );
}
