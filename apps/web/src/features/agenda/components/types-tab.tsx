import { Box, Button, Checkbox, FormControlLabel, Grid, IconButton, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentType, AppointmentTypeInput } from '@wellbe/shared/schemas/agenda';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { isApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useSpecialists } from '../../../lib/specialists.ts';
import { useAppointmentTypes } from '../api/agenda-data.ts';
import { useSaveAppointmentType } from '../api/appointment-types.ts';

// 'Types de rendez-vous' (agenda management): label, duration, colour, job speciality, whether
// patients may book it online, active. The server checks every field again.

const EMPTY: AppointmentTypeInput = { label: '', durationMinutes: 30, colour: '#1565c0', jobSpecialistId: null, bookable: true, active: true };

export function TypesTab() {
  const { t } = useTranslation('agenda');
  const types = useAppointmentTypes();
  const specialists = useSpecialists();
  const [editing, setEditing] = useState<(AppointmentTypeInput & { id?: string }) | null>(null);
  const specialityOf = (id: number | null) => (id ? (specialists.data?.find((s) => s.id === id)?.label ?? '') : t('types.anySpeciality'));
  return (
    <Box>
      <Table size="small" aria-label={t('types.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('types.label')}</TableCell>
            <TableCell>{t('types.duration')}</TableCell>
            <TableCell>{t('types.speciality')}</TableCell>
            <TableCell>{t('types.bookable')}</TableCell>
            <TableCell>{t('types.active')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {(types.data ?? []).map((x: AppointmentType) => (
            <TableRow key={x.id}>
              <TableCell>
                <Box component="span" sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', bgcolor: x.colour, me: 1 }} aria-hidden />
                {x.label}
              </TableCell>
              <TableCell>{t('types.minutes', { count: x.durationMinutes })}</TableCell>
              <TableCell>{specialityOf(x.jobSpecialistId)}</TableCell>
              <TableCell>{x.bookable ? t('yes') : t('no')}</TableCell>
              <TableCell>{x.active ? t('yes') : t('no')}</TableCell>
              <TableCell align="right">
                <IconButton aria-label={t('types.edit', { label: x.label })} onClick={() => setEditing({ ...x })}>
                  <EditIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Button startIcon={<AddIcon />} sx={{ mt: 2 }} onClick={() => setEditing({ ...EMPTY })}>
        {t('types.add')}
      </Button>
      {editing && <TypeDialog initial={editing} specialists={specialists.data ?? []} onClose={() => setEditing(null)} />}
    </Box>
  );
}

function TypeDialog({ initial, specialists, onClose }: { initial: AppointmentTypeInput & { id?: string }; specialists: { id: number; label: string; active: boolean }[]; onClose: () => void }) {
  const { t } = useTranslation('agenda');
  const save = useSaveAppointmentType();
  const [v, setV] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!v.label.trim()) return setError(t('types.labelRequired'));
    if (!Number.isInteger(v.durationMinutes) || v.durationMinutes < 5 || v.durationMinutes > 480) return setError(t('types.badDuration'));
    try {
      await save.mutateAsync({ ...v, label: v.label.trim() });
      notify(t('types.saved'), 'success');
      onClose();
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    }
  };
  return (
    <FormDialog title={initial.id ? t('types.editTitle') : t('types.addTitle')} busy={save.isPending} error={error} cancelLabel={t('cancel')} submitLabel={t('types.save')} onClose={onClose} onSubmit={(e) => void submit(e)}>
      <Grid size={12}>
        <TextField fullWidth required label={t('types.label')} value={v.label} onChange={(e) => setV({ ...v, label: e.target.value })} slotProps={{ htmlInput: { maxLength: 100 } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField fullWidth required type="number" label={t('types.duration')} value={v.durationMinutes} onChange={(e) => setV({ ...v, durationMinutes: Number(e.target.value) })} slotProps={{ htmlInput: { min: 5, max: 480, step: 5 } }} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField fullWidth type="color" label={t('types.colour')} value={v.colour} onChange={(e) => setV({ ...v, colour: e.target.value })} />
      </Grid>
      <Grid size={12}>
        <TextField select fullWidth label={t('types.speciality')} value={v.jobSpecialistId ?? ''} onChange={(e) => setV({ ...v, jobSpecialistId: e.target.value === '' ? null : Number(e.target.value) })}>
          <MenuItem value="">{t('types.anySpeciality')}</MenuItem>
          {specialists
            .filter((s) => s.active || s.id === v.jobSpecialistId)
            .map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.label}
              </MenuItem>
            ))}
        </TextField>
      </Grid>
      <Grid size={12}>
        <FormControlLabel control={<Checkbox checked={v.bookable} onChange={(e) => setV({ ...v, bookable: e.target.checked })} />} label={t('types.bookableLong')} />
        <FormControlLabel control={<Checkbox checked={v.active ?? true} onChange={(e) => setV({ ...v, active: e.target.checked })} />} label={t('types.active')} />
      </Grid>
    </FormDialog>
  );
}
