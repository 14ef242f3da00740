import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Box, Button, IconButton, InputAdornment, Link as MuiLink } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OutlinedField } from '../../components/outlined-field.tsx';
import { mfaChallengeOf, setSession, signIn, type MfaChallenge } from '../../lib/session.ts';
import { AuthForm, AuthShell, errorText } from './auth-shell.tsx';

// The second step and passkeys are loaded only when needed: the first load of /login stays small.
const MfaStep = lazy(() => import('./mfa-step.tsx').then((m) => ({ default: m.MfaStep })));

/**
 * /login (guest-only, no chrome). Sign-in by username and password; a failure shows the server's
 * message (SPEC §8). On success the route guard sends the user to the stored redirect URL or /.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);

  async function withPasskey() {
    setBusy(true);
    setError(null);
    try {
      const { passkeySignIn } = await import('../../lib/passkeys.ts');
      const answer = await passkeySignIn();
      setSession(answer.user, answer.data.access_token);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!username.trim() || !password) {
      setError(t('login.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signIn(username.trim(), password);
    } catch (err) {
      const mfa = mfaChallengeOf(err);
      if (mfa) setChallenge(mfa);
      else setError(errorText(err));
      setBusy(false);
    }
  }

  if (challenge) {
    return (
      <AuthShell title={t(challenge.code === 'mfa_required' ? 'mfa.title' : 'mfa.enrolTitle')}>
        <Suspense fallback={null}>
          <MfaStep
            challenge={challenge}
            onCancel={() => {
              setChallenge(null);
              setPassword('');
            }}
          />
        </Suspense>
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t('login.title')} subtitle={t('login.subtitle')}>
      <AuthForm error={error} onSubmit={(e) => void submit(e)}>
        {/* Both fields are required; the label stays the plain word (no asterisk) as on any sign-in form. */}
        <OutlinedField
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoFocus
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <OutlinedField
          label={t('login.password')}
          name="password"
          type={show ? 'text' : 'password'}
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          endAdornment={
            <InputAdornment position="end">
              <IconButton aria-label={t(show ? 'hidePassword' : 'showPassword')} onClick={() => setShow((v) => !v)} edge="end">
                {show ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          }
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1 }}>
          <MuiLink component={Link} to="/forgot-password" variant="body2">
            {t('login.forgot')}
          </MuiLink>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </Button>
        <Button variant="outlined" size="large" disabled={busy} onClick={() => void withPasskey()}>
          {t('login.passkey')}
        </Button>
        <Box sx={{ textAlign: 'center', color: 'text.secondary', fontSize: 14 }}>
          {t('login.noAccount')}{' '}
          <MuiLink component={Link} to="/register">
            {t('login.register')}
          </MuiLink>
        </Box>
      </AuthForm>
    </AuthShell>
  );
}
