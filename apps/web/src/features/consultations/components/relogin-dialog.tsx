import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getSession, signIn } from '../../../lib/session.ts';
import { consultationStore } from '../consultation-store.ts';
import { cancelResume, resumeSave, useSaveState } from '../save-flow.ts';

/**
 * The token expired while the practitioner was writing: the save got a 401. The draft stays; they
 * sign in again here (the same account) and the save goes on.
 */
export function ReloginDialog() {
  const { t } = useTranslation('consultations');
  const save = useSaveState();
  const [username, setUsername] = useState(() => getSession().user?.data.username ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const owner = consultationStore.get().owner ?? getSession().user?.id;
    try {
      const user = await signIn(username, password);
      if (owner && user.id !== owner) {
        // Another account never receives this draft (the store dropped it when they signed in).
        setError(t('relogin.otherUser'));
        cancelResume();
        return;
      }
      setPassword('');
      await resumeSave();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={save.needsLogin} maxWidth="xs" fullWidth aria-labelledby="relogin-title">
      <form onSubmit={(e) => void submit(e)}>
        <DialogTitle id="relogin-title">{t('relogin.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('relogin.text')}</DialogContentText>
          <Stack spacing={2}>
            <TextField label={t('relogin.username')} value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" required fullWidth />
            <TextField label={t('relogin.password')} type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required fullWidth autoFocus />
          </Stack>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={cancelResume} disabled={busy}>
            {t('relogin.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !username || !password}>
            {busy ? t('panel.loading') : t('relogin.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
