import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { WithLtr } from '../../../components/ltr.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { addAddendum, signConsultation } from '../api/record.ts';
import { openConsultation, useConsultationPanel } from '../consultation-store.ts';

// Issue 32, in the panel's edit mode: 'Signer' for the author of an unsigned consultation; a signed
// or locked one opens read-only with its addenda and 'Ajouter un complément'.

/** Reloads the consultation in the panel and the patient file that shows it. */
async function reload(id: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.patients.all });
  await openConsultation(id);
}

export function ConsultationRecordBar({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('history');
  const { user } = useSession();
  const { editing, mode } = useConsultationPanel();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (mode !== 'edit' || !editing) return null;
  const id = editing.idConsultation;
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      setText('');
      await reload(id);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const maySign = canWrite && !editing.signedAt && !!user && editing.authorId === user.id;
  return (
    <Box sx={{ mb: 2 }} data-testid="consultation-record">
      {editing.lockedAt && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('panel.locked')}
        </Alert>
      )}
      {editing.signedAt && (
        <Typography variant="body2" sx={{ color: 'success.dark', mb: 1 }}>
          <WithLtr text={(date) => t('signed', { date, by: editing.signedByName ?? '' })} value={formatDateTime(editing.signedAt)} />
        </Typography>
      )}
      {(editing.addenda ?? []).map((a) => (
        <Box key={a.id} sx={{ borderLeft: 3, borderColor: 'warning.main', pl: 1.5, mb: 1 }}>
          <Typography variant="caption" color="textSecondary">
            <WithLtr text={(date) => t('addendumBy', { date, by: a.authorName })} value={formatDateTime(a.at)} />
          </Typography>
          <Typography variant="body2">{new DOMParser().parseFromString(a.text, 'text/html').body.textContent}</Typography>
        </Box>
      ))}
      {editing.lockedAt && canWrite && (
        <Stack spacing={1}>
          <TextField label={t('panel.addendum')} value={text} onChange={(e) => setText(e.target.value)} multiline minRows={2} fullWidth />
          <Button variant="contained" disabled={busy || !text.trim()} onClick={() => void run(() => addAddendum(id, `<p>${escapeHtml(text.trim())}</p>`))} sx={{ alignSelf: 'flex-start' }}>
            {t('panel.addAddendum')}
          </Button>
        </Stack>
      )}
      {maySign && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button variant="outlined" color="success" disabled={busy} onClick={() => void run(() => signConsultation(id))}>
            {t('panel.sign')}
          </Button>
          <Typography variant="caption" color="textSecondary">
            {t('panel.signHelp')}
          </Typography>
        </Stack>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}

/** The complement is typed as plain text: its characters stay characters in the stored rich text. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>');
}
