import { useEffect, useRef, useState } from 'react';
import { Alert, Box, CircularProgress, Link as MuiLink } from '@mui/material';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session.ts';
import { confirmEmail } from './auth-api.ts';
import { AuthShell, errorText } from './auth-shell.tsx';

/** /mail-confirm?token=… : confirms the email of a self-registered account (link valid 7 days, once). */
export function MailConfirmPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { role } = useSession();
  const [state, setState] = useState<{ kind: 'pending' } | { kind: 'done' } | { kind: 'error'; message: string }>(
    token ? { kind: 'pending' } : { kind: 'error', message: t('mailConfirm.missingToken') },
  );
  const sent = useRef(false);

  useEffect(() => {
    // Once, even under strict mode: the link is single-use.
    if (!token || sent.current) return;
    sent.current = true;
    confirmEmail(token).then(
      () => setState({ kind: 'done' }),
      (err: unknown) => setState({ kind: 'error', message: errorText(err) }),
    );
  }, [token]);

  return (
    <AuthShell title={t('mailConfirm.title')}>
      {state.kind === 'pending' && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress aria-label={t('mailConfirm.pending')} />
        </Box>
      )}
      {state.kind === 'done' && <Alert severity="success">{t('mailConfirm.done')}</Alert>}
      {state.kind === 'error' && <Alert severity="error">{state.message}</Alert>}
      <Box sx={{ textAlign: 'center', mt: 3 }}>
        <MuiLink component={Link} to={role ? '/dashboard' : '/login'}>
          {role ? t('toDashboard') : t('backToLogin')}
        </MuiLink>
      </Box>
    </AuthShell>
  );
}
