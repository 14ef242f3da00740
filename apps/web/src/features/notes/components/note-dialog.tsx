import {
  Alert,
  Autocomplete,
  Box,
  Link,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  InputBase,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { NOTE_COLOURS, NOTE_LIMITS, isEmptyNote, type Note, type NoteColour, type NoteItem, type NoteLabel } from '@wellbe/shared/schemas/notes';
import { can } from '@wellbe/shared/permissions';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DateLocalization } from '../../../components/date-localization.tsx';
import { isApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useNoteMutations } from '../api/save-note.ts';
import { usePatientSearch } from '../../../lib/patient-search.ts';
import { NOTE_BACKGROUNDS } from './note-colours.ts';

interface Draft {
  title: string;
  kind: 'text' | 'checklist';
  content: string;
  items: NoteItem[];
  colour: NoteColour;
  labelIds: string[];
  pinned: boolean;
  /** The agenda's picker (DD/MM/YYYY HH:mm): a native datetime-local field showed the browser's mm/dd/yyyy. */
  reminder: Dayjs | null;
  reminderMail: boolean;
  patient: { id: string; fullName: string } | null;
}

function draftOf(note: Note | null, defaults: Partial<Draft>): Draft {
  return {
    title: note?.title ?? '',
    kind: note?.kind ?? 'text',
    content: note?.content ?? '',
    items: note?.items.length ? note.items : [{ text: '', done: false }],
    colour: note?.colour ?? 'default',
    labelIds: note?.labels.map((l) => l.id) ?? [],
    pinned: note?.pinned ?? false,
    reminder: note?.reminderAt ? dayjs(note.reminderAt) : null,
    reminderMail: note?.reminderMail ?? false,
    patient: note?.patient ?? null,
    ...(note ? {} : defaults),
  };
}

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
  const [patientSearch, setPatientSearch] = useState('');
  const patientQuery = useDebouncedValue(patientSearch.trim(), 300);
  const patients = usePatientSearch(patientQuery, 'patients', { enabled: mayLink && patientQuery.length >= 2 });
  const { create, update, remove } = useNoteMutations();
  const busy = create.isPending || update.isPending || remove.isPending;
  // A message about what the user typed goes as soon as they change it (the 'note vide' one stayed
  // on a note filled since).
  const set = (patch: Partial<Draft>) => {
    setError(null);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const setItem = (i: number, patch: Partial<NoteItem>) => set({ items: draft.items.map((it, j) => (j === i ? { ...it, ...patch } : it)) });

  const payload = () => ({
    title: draft.title,
    kind: draft.kind,
    content: draft.kind === 'text' ? draft.content : '',
    items: draft.kind === 'checklist' ? draft.items.filter((i) => i.text.trim()) : [],
    colour: draft.colour,
    labelIds: draft.labelIds,
    pinned: draft.pinned,
    reminderAt: draft.reminder?.isValid() ? draft.reminder.toISOString() : null,
    reminderMail: draft.reminderMail,
    ...(mayLink ? { patientId: draft.patient?.id ?? null } : {}),
  });

  const fail = (err: unknown) => setError(isApiError(err) ? err.message : t('errors.save'));

  async function save() {
    const body = payload();
    if (isEmptyNote(body)) {
      setError(t('errors.empty'));
      return;
    }
    if (draft.reminder && !draft.reminder.isValid()) {
      setError(t('errors.reminder'));
      return;
    }
    if (body.title.trim().length > NOTE_LIMITS.titleMax) {
      setError(t('errors.titleTooLong', { max: NOTE_LIMITS.titleMax }));
      return;
    }
    if (body.content.length > NOTE_LIMITS.contentMax) {
      setError(t('errors.tooLong', { max: NOTE_LIMITS.contentMax.toLocaleString() }));
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
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('dialog.checklist')}>
              {draft.items.map((item, i) => (
                <Box component="li" key={i} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Checkbox checked={item.done} onChange={(e) => setItem(i, { done: e.target.checked })} slotProps={{ input: { 'aria-label': t('dialog.itemDone', { n: i + 1 }) } }} />
                  <InputBase
                    value={item.text}
                    onChange={(e) => setItem(i, { text: e.target.value })}
                    placeholder={t('dialog.itemPlaceholder')}
                    inputProps={{ 'aria-label': t('dialog.item', { n: i + 1 }), maxLength: NOTE_LIMITS.itemMax }}
                    sx={{ flex: 1, textDecoration: item.done ? 'line-through' : 'none' }}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        set({ items: [...draft.items.slice(0, i + 1), { text: '', done: false }, ...draft.items.slice(i + 1)] });
                      }
                    }}
                  />
                  <IconButton size="small" aria-label={t('dialog.removeItem', { n: i + 1 })} onClick={() => set({ items: draft.items.filter((_x, j) => j !== i) })}>
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </Box>
              ))}
              <Button startIcon={<AddIcon />} size="small" onClick={() => set({ items: [...draft.items, { text: '', done: false }] })} disabled={draft.items.length >= NOTE_LIMITS.itemsMax}>
                {t('dialog.addItem')}
              </Button>
            </Box>
          )}
          <TextField
            select
            label={t('dialog.labels')}
            value={draft.labelIds}
            onChange={(e) => set({ labelIds: typeof e.target.value === 'string' ? e.target.value.split(',') : (e.target.value as unknown as string[]) })}
            slotProps={{ select: { multiple: true, renderValue: (ids) => labels.filter((l) => (ids as string[]).includes(l.id)).map((l) => l.name).join(', ') } }}
            fullWidth
            helperText={labels.length ? undefined : t('dialog.noLabels')}
          >
            {labels.map((l) => (
              <MenuItem key={l.id} value={l.id}>
                <Checkbox checked={draft.labelIds.includes(l.id)} size="small" sx={{ p: 0, mr: 1 }} tabIndex={-1} />
                {l.name}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Box component="span" id={`${titleId}-colour`} sx={{ fontSize: '0.875rem' }}>
              {t('dialog.colour')}
            </Box>
            <RadioGroup row aria-labelledby={`${titleId}-colour`} value={draft.colour} onChange={(e) => set({ colour: e.target.value as NoteColour })}>
              {NOTE_COLOURS.map((c) => (
                <Tooltip key={c} title={t(`colours.${c}`)}>
                  <Radio
                    value={c}
                    slotProps={{ input: { 'aria-label': t(`colours.${c}`) } }}
                    icon={<Box sx={{ width: 24, height: 24, borderRadius: '50%', bgcolor: NOTE_BACKGROUNDS[c], border: '1px solid rgba(0,0,0,0.3)' }} />}
                    checkedIcon={<Box sx={{ width: 24, height: 24, borderRadius: '50%', bgcolor: NOTE_BACKGROUNDS[c], border: '3px solid rgba(0,0,0,0.75)' }} />}
                  />
                </Tooltip>
              ))}
            </RadioGroup>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <DateLocalization>
              <DateTimePicker
                label={t('dialog.reminder')}
                format="DD/MM/YYYY HH:mm"
                ampm={false}
                value={draft.reminder}
                onChange={(reminder) => set({ reminder })}
                slotProps={{ textField: { sx: { minWidth: 240 } }, field: { clearable: true } }}
              />
            </DateLocalization>
            <FormControlLabel control={<Checkbox checked={draft.reminderMail} onChange={(e) => set({ reminderMail: e.target.checked })} disabled={!draft.reminder} />} label={t('dialog.reminderMail')} />
          </Stack>
          <FormControlLabel control={<Switch checked={draft.pinned} onChange={(e) => set({ pinned: e.target.checked })} />} label={t('dialog.pinned')} />
          {mayLink && (
            <Autocomplete
              value={draft.patient}
              options={patients.data?.map((p) => ({ id: p.idPatient, fullName: p.FullName })) ?? (draft.patient ? [draft.patient] : [])}
              getOptionLabel={(p) => p.fullName}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              filterOptions={(x) => x}
              onChange={(_e, patient) => set({ patient })}
              onInputChange={(_e, value) => setPatientSearch(value)}
              noOptionsText={t('dialog.patientNone')}
              renderInput={(params) => <TextField {...params} label={t('dialog.patientLink')} helperText={t('dialog.patientHelp')} />}
            />
          )}
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
