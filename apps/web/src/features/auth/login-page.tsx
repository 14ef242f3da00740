import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { OutlinedField } from '../../components/outlined-field.tsx';
import { PlainIcon } from '../../components/plain-icon.tsx';
import { prefetchMui } from '../../lib/mui.ts';
import { mfaChallengeOf, setSession, signIn, type MfaChallenge } from '../../lib/session.ts';
import { AuthForm, AuthLink, AuthShell, authStyles as styles, errorText } from './auth-shell.tsx';
import { enforcedProviderOf, type OidcButton } from './oidc-api.ts';
import { OidcButtons } from './oidc-buttons.tsx';

// The second step and passkeys are loaded only when needed: the first load of /login stays small.
const MfaStep = lazy(() => import('./mfa-step.tsx').then((m) => ({ default: m.MfaStep })));
// /login/oidc, where an identity provider sends the browser back: same area, its own chunk.
const OidcLoginPage = lazy(() => import('./oidc-login-page.tsx').then((m) => ({ default: m.OidcLoginPage })));

/** /login, or /login/oidc (the return from Pro Santé Connect or an organisation's provider). */
export function LoginPage() {
  const { pathname } = useLocation();
  if (pathname === '/login/oidc') {
    return (
      <Suspense fallback={null}>
        <OidcLoginPage />
      </Suspense>
    );
  }
  return <PasswordLogin />;
}

/**
 * /login (guest-only, no chrome). Plain elements and the frame's CSS module: its first load carries
 * no MUI and no emotion (issue 13); MUI comes with the second step (mfa-step.tsx) or after sign-in. Sign-in by username and password; a failure shows the server's
 * message (SPEC §8). On success the route guard sends the user to the stored redirect URL or /.
 */
function PasswordLogin() {
  const { t } = useTranslation('auth');
  // The page loads the oidc texts with its own (app/pages.ts): the enforced provider's refusal is one.
  const { t: tOidc } = useTranslation('oidc');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  // An organisation that enforces its identity provider names its button when it refuses a password or a passkey.
  const [enforced, setEnforced] = useState<OidcButton | null>(null);

  // The server's oidc_required text is French: the reader's language names the provider's button instead.
  function refuse(err: unknown) {
    const provider = enforcedProviderOf(err);
    setEnforced(provider);
    setError(provider ? tOidc('errors.enforced', { label: provider.label }) : errorText(err));
  }

  async function withPasskey() {
    setBusy(true);
    setError(null);
    try {
      const { passkeySignIn } = await import('../../lib/passkeys.ts');
      const answer = await passkeySignIn();
      setSession(answer.user, answer.data.access_token);
    } catch (err) {
      refuse(err);
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
    prefetchMui();
    try {
      await signIn(username.trim(), password);
    } catch (err) {
      const mfa = mfaChallengeOf(err);
      if (mfa) {
        setEnforced(null);
        setChallenge(mfa);
      } else refuse(err);
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
            <button type="button" className={styles.iconButton} aria-label={t(show ? 'hidePassword' : 'showPassword')} onClick={() => setShow((v) => !v)}>
              <PlainIcon name={show ? 'visibilityOff' : 'visibility'} />
            </button>
          }
        />
        <div className={styles.forgotRow}>
          <AuthLink to="/forgot-password" small>
            {t('login.forgot')}
          </AuthLink>
        </div>
        <button type="submit" className={`${styles.button} ${styles.contained}`} disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
        <button type="button" className={`${styles.button} ${styles.outlined}`} disabled={busy} onClick={() => void withPasskey()}>
          {t('login.passkey')}
        </button>
        <OidcButtons extra={enforced} />
        <div className={styles.note}>
          {t('login.noAccount')} <AuthLink to="/register">{t('login.register')}</AuthLink>
        </div>
      </AuthForm>
    </AuthShell>
  );
}
