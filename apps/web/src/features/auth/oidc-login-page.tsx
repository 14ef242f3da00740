import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { OutlinedField } from '../../components/outlined-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { setSession } from '../../lib/session.ts';
import { AuthError, AuthForm, AuthShell, BackToLogin, authStyles as styles, errorText } from './auth-shell.tsx';
import { finishOidc, landingOf, linkOidc } from './oidc-api.ts';

type State = { kind: 'working' } | { kind: 'error'; code: string } | { kind: 'link'; email: string; provider: string };

/**
 * /login/oidc: where the server's callback sends the browser back from the identity provider. A
 * ticket is exchanged for the session (then the route guard leaves for the stored page or /); an
 * account not linked yet asks its current password once; a refusal shows in the reader's language.
 */
export function OidcLoginPage() {
  const { t } = useTranslation('oidc');
  const [state, setState] = useState<State>({ kind: 'working' });
  const ticket = useRef<string | null>(null);

  useEffect(() => {
    const landing = landingOf(window.location.hash);
    // The ticket is single-use: out of the address bar and the history at once.
    window.history.replaceState(null, '', window.location.pathname);
    if (!landing.ticket) {
      setState({ kind: 'error', code: landing.error ?? 'unknown' });
      return;
    }
    ticket.current = landing.ticket;
    finishOidc(landing.ticket)
      .then((answer) => {
        if ('linkRequired' in answer) setState({ kind: 'link', email: answer.email, provider: answer.provider });
        else setSession(answer.user, answer.access_token);
      })
      .catch(() => setState({ kind: 'error', code: 'ticket_invalid' }));
  }, []);

  if (state.kind === 'link') return <LinkForm ticket={ticket.current ?? ''} email={state.email} provider={state.provider} />;
  const title = state.kind === 'error' && state.code === 'unknown_professional' ? t('unknownTitle') : t('title');
  return (
    <AuthShell title={title}>
      {state.kind === 'working' ? <p className={styles.pending}>{t('working')}</p> : <AuthError>{t(`errors.${state.code}`, { defaultValue: t('errors.unknown') })}</AuthError>}
      <BackToLogin />
    </AuthShell>
  );
}

// The link's refusals by their code, in oidc.json's words (the server's message is French); a code
// the texts do not know shows that message rather than nothing.
const LINK_CODES: Record<string, string> = { oidc_link_code_required: 'link_refused', oidc_required: 'enforced' };
function linkError(t: TFunction<'oidc'>, err: unknown): string {
  if (!isApiError(err)) return errorText(err);
  return t(`errors.${LINK_CODES[err.code] ?? err.code}` as never, { defaultValue: err.message }) as string;
}

function LinkForm({ ticket, email, provider }: { ticket: string; email: string; provider: string }) {
  const { t } = useTranslation('oidc');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await linkOidc(ticket, password, code.trim() || undefined);
      setSession(answer.user, answer.access_token);
    } catch (err) {
      setError(linkError(t, err));
      setBusy(false);
    }
  }

  return (
    <AuthShell title={t('link.title')} subtitle={t('link.text', { provider, email })}>
      <AuthForm error={error} onSubmit={(e) => void submit(e)}>
        <OutlinedField label={t('link.password')} name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <OutlinedField label={t('link.code')} name="code" autoComplete="one-time-code" inputMode="numeric" value={code} onChange={(e) => setCode(e.target.value)} />
        <button type="submit" className={`${styles.button} ${styles.contained}`} disabled={busy || !password}>
          {t('link.submit')}
        </button>
      </AuthForm>
      <BackToLogin />
    </AuthShell>
  );
}
