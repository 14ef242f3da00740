import { Alert, Box, Link, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, Switch, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { NOTE_LIMITS, type Note, type NoteLabel } from '@wellbe/shared/schemas/notes';
import { can } from '@wellbe/shared/permissions';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { isApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useNoteMutations } from '../api/save-note.ts';
import { NOTE_BACKGROUNDS } from './note-colours.ts';
import { draftOf, draftProblem, payloadOf, type Draft } from './note-draft.ts';
import { ChecklistEditor, ColourPicker, LabelsSelect, PatientLinkField, ReminderFields } from './note-fields.tsx';

/** Creates or edits a note: text or checklist, colour, labels, pin, reminder; archive and delete for an existing one. */
export function NoteDialog({ note, labels, defaults = {}, onClose }: { note: Note | null; labels: NoteLabel[]; defaults?: Partial<Draft>; onClose: () => void }) {
  const { t } = useTranslation('notes');
  const titleId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(note, defaults));
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Linking a note to a patient file is for the practitioners of the file (dps roles), not for a patient.
  const { role } = useSession();
  const mayLink = can(role, 'dps') && role !== 'PT';
  const { create, update, remove } = useNoteMutations();
  const busy = create.isPending || update.isPending || remove.isPending;
  // A message about what the user typed goes as soon as they change it (the 'note vide' one stayed
  // on a note filled since).
  const set = (patch: Partial<Draft>) => {
    setError(null);
    setDraft((d) => ({ ...d, ...patch }));
  };

  const fail = (err: unknown) => setError(isApiError(err) ? err.message : t('errors.save'));

  async function save() {
    const body = payloadOf(draft, mayLink);
    const problem = draftProblem(draft, body, t);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      if (note) await update.mutateAsync({ id: note.id, patch: body });
      else await create.mutateAsync(body);
      notify(t(note ? 'toast.saved' : 'toast.created'), 'success');
      onClose();
    } catch (err) {
      fail(err);
    }
  }

  async function archive() {
    if (!note) return;
    try {
      await update.mutateAsync({ id: note.id, patch: { archived: !note.archived } });
      notify(t(note.archived ? 'toast.unarchived' : 'toast.archived'), 'success');
      onClose();
    } catch (err) {
      fail(err);
    }
  }

  async function destroy() {
    if (!note) return;
    try {
      await remove.mutateAsync(note.id);
      notify(t('toast.deleted'), 'success');
      setConfirmDelete(false);
      onClose();
    } catch (err) {
      setConfirmDelete(false);
      fail(err);
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth slotProps={{ paper: { sx: { bgcolor: NOTE_BACKGROUNDS[draft.colour], color: 'rgba(0,0,0,0.87)' } } }}>
      <DialogTitle id={titleId}>{note ? t('dialog.editTitle') : t('dialog.newTitle')}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Stack spacing={2} sx={{ pt: 1 }}>
          {/* No maxLength: it cut a pasted title silently; the count shows the limit and saving refuses beyond it. */}
          <TextField
            label={t('dialog.title')}
            value={draft.title}
            onChange={(e) => set({ title: e.target.value })}
            error={draft.title.trim().length > NOTE_LIMITS.titleMax}
            helperText={`${draft.title.length.toLocaleString()} / ${NOTE_LIMITS.titleMax}`}
            fullWidth
            autoFocus
          />
          <ToggleButtonGroup exclusive size="small" value={draft.kind} onChange={(_e, kind) => kind && set({ kind })} aria-label={t('dialog.kind')}>
            <ToggleButton value="text">{t('dialog.text')}</ToggleButton>
            <ToggleButton value="checklist">{t('dialog.checklist')}</ToggleButton>
          </ToggleButtonGroup>
          {draft.kind === 'text' ? (
            <TextField
              label={t('dialog.content')}
              value={draft.content}
              onChange={(e) => set({ content: e.target.value })}
              multiline
              minRows={4}
              fullWidth
              helperText={`${draft.content.length.toLocaleString()} / ${NOTE_LIMITS.contentMax.toLocaleString()}`}
            />
          ) : (
            <ChecklistEditor items={draft.items} onChange={(items) => set({ items })} />
          )}
          <LabelsSelect labels={labels} value={draft.labelIds} onChange={(labelIds) => set({ labelIds })} />
          <ColourPicker id={titleId} value={draft.colour} onChange={(colour) => set({ colour })} />
          <ReminderFields reminder={draft.reminder} mail={draft.reminderMail} onChange={set} />
          <FormControlLabel control={<Switch checked={draft.pinned} onChange={(e) => set({ pinned: e.target.checked })} />} label={t('dialog.pinned')} />
          {mayLink && <PatientLinkField value={draft.patient} onChange={(patient) => set({ patient })} />}
          {note?.patient && (
            <Alert severity="info">
              {t('dialog.patient', { name: note.patient.fullName })}
              {mayLink && (
                <>
                  {' — '}
                  <Link component={RouterLink} to={`/patient/dossier/${encodeURIComponent(note.patient.id)}`}>
                    {t('dialog.openFile')}
                  </Link>
                </>
              )}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {note && (
          <>
            <Button onClick={() => setConfirmDelete(true)} color="error" disabled={busy}>
              {t('dialog.delete')}
            </Button>
            <Button onClick={archive} disabled={busy}>
              {note.archived ? t('dialog.unarchive') : t('dialog.archive')}
            </Button>
          </>
        )}
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose} disabled={busy}>
          {t('dialog.cancel')}
        </Button>
        <Button variant="contained" onClick={save} disabled={busy}>
          {t('dialog.save')}
        </Button>
      </DialogActions>
      <ConfirmDialog open={confirmDelete} busy={remove.isPending} onCancel={() => setConfirmDelete(false)} onConfirm={destroy} />
    </Dialog>
  );
}
