import { Autocomplete, Box, Button, Checkbox, FormControlLabel, IconButton, InputBase, MenuItem, Radio, RadioGroup, Stack, TextField, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import type { Dayjs } from 'dayjs';
import { NOTE_COLOURS, NOTE_LIMITS, type NoteColour, type NoteItem, type NoteLabel } from '@wellbe/shared/schemas/notes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateLocalization } from '../../../components/date-localization.tsx';
import { usePatientSearch } from '../../../lib/patient-search.ts';
import { answerOf, useTypedSearch } from '../../../lib/typed-search.ts';
import { NOTE_BACKGROUNDS } from './note-colours.ts';

// The fields of the note dialog (note-dialog.tsx holds the draft, its checks and its saves).

/** A checklist's lines: done box, text (Enter adds a line below), remove; then 'add a line'. */
export function ChecklistEditor({ items, onChange }: { items: NoteItem[]; onChange: (items: NoteItem[]) => void }) {
  const { t } = useTranslation('notes');
  const setItem = (i: number, patch: Partial<NoteItem>) => onChange(items.map((it, j) => (j === i ? { ...it, ...patch } : it)));
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('dialog.checklist')}>
      {items.map((item, i) => (
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
                onChange([...items.slice(0, i + 1), { text: '', done: false }, ...items.slice(i + 1)]);
              }
            }}
          />
          <IconButton size="small" aria-label={t('dialog.removeItem', { n: i + 1 })} onClick={() => onChange(items.filter((_x, j) => j !== i))}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Button startIcon={<AddIcon />} size="small" onClick={() => onChange([...items, { text: '', done: false }])} disabled={items.length >= NOTE_LIMITS.itemsMax}>
        {t('dialog.addItem')}
      </Button>
    </Box>
  );
}

export function LabelsSelect({ labels, value, onChange }: { labels: NoteLabel[]; value: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation('notes');
  return (
    <TextField
      select
      label={t('dialog.labels')}
      value={value}
      onChange={(e) => onChange(typeof e.target.value === 'string' ? e.target.value.split(',') : (e.target.value as unknown as string[]))}
      slotProps={{ select: { multiple: true, renderValue: (ids) => labels.filter((l) => (ids as string[]).includes(l.id)).map((l) => l.name).join(', ') } }}
      fullWidth
      helperText={labels.length ? undefined : t('dialog.noLabels')}
    >
      {labels.map((l) => (
        <MenuItem key={l.id} value={l.id}>
          <Checkbox checked={value.includes(l.id)} size="small" sx={{ p: 0, mr: 1 }} tabIndex={-1} />
          {l.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The colour as round swatches, a radio group labelled by its heading (`id` makes the heading's id). */
export function ColourPicker({ id, value, onChange }: { id: string; value: NoteColour; onChange: (colour: NoteColour) => void }) {
  const { t } = useTranslation('notes');
  return (
    <Box>
      <Box component="span" id={`${id}-colour`} sx={{ fontSize: '0.875rem' }}>
        {t('dialog.colour')}
      </Box>
      <RadioGroup row aria-labelledby={`${id}-colour`} value={value} onChange={(e) => onChange(e.target.value as NoteColour)}>
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
  );
}

export function ReminderFields({ reminder, mail, onChange }: { reminder: Dayjs | null; mail: boolean; onChange: (patch: { reminder?: Dayjs | null; reminderMail?: boolean }) => void }) {
  const { t } = useTranslation('notes');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <DateLocalization>
        <DateTimePicker
          label={t('dialog.reminder')}
          format="DD/MM/YYYY HH:mm"
          ampm={false}
          value={reminder}
          onChange={(value) => onChange({ reminder: value })}
          slotProps={{ textField: { sx: { minWidth: 240 } }, field: { clearable: true } }}
        />
      </DateLocalization>
      <FormControlLabel control={<Checkbox checked={mail} onChange={(e) => onChange({ reminderMail: e.target.checked })} disabled={!reminder} />} label={t('dialog.reminderMail')} />
    </Stack>
  );
}

export interface LinkedPatient {
  id: string;
  fullName: string;
}

/** The letters typed before the patient files are searched. */
const PATIENT_QUERY_MIN = 2;

/** The patient file a note is linked to, searched on the server after two letters (dps roles). */
export function PatientLinkField({ value, onChange }: { value: LinkedPatient | null; onChange: (patient: LinkedPatient | null) => void }) {
  const { t } = useTranslation('notes');
  const [search, setSearch] = useState('');
  const { q, settled, waiting } = useTypedSearch(search, 300, PATIENT_QUERY_MIN);
  const patients = usePatientSearch(q, 'patients', { enabled: q.length >= PATIENT_QUERY_MIN });
  const found = answerOf(settled, patients);
  return (
    <Autocomplete
      value={value}
      options={found?.map((p) => ({ id: p.idPatient, fullName: p.FullName })) ?? (value ? [value] : [])}
      loading={waiting || patients.isFetching}
      getOptionLabel={(p) => p.fullName}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      onChange={(_e, patient) => onChange(patient)}
      onInputChange={(_e, text) => setSearch(text)}
      noOptionsText={t('dialog.patientNone')}
      renderInput={(params) => <TextField {...params} label={t('dialog.patientLink')} helperText={t('dialog.patientHelp')} />}
    />
  );
}
