import { Alert, Box, Button, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, weekdayOf } from '@wellbe/shared/domain/zoned';
import { WithLtr } from '../../../components/ltr.tsx';
import { formatDate, formatDateTime, formatTime, todayInDisplayZone } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { errorText, useAppointmentActions, useBookingOptions, useFreeSlots } from '../api/appointments.ts';

// 'Prendre rendez-vous' (the patient's first tab of /appointment): a practitioner, a type, a week
// of free slots, one chosen and confirmed.

/** The Monday of a day's week (YYYY-MM-DD). */
function mondayOf(day: string): string {
  return addDays(day, 1 - weekdayOf(day));
}

export function BookTab({ onBooked }: { onBooked: () => void }) {
  const { t } = useTranslation('agenda');
  const options = useBookingOptions(true);
  const actions = useAppointmentActions();
  const [practitionerId, setPractitionerId] = useState('');
  const [typeId, setTypeId] = useState('');
  const thisWeek = mondayOf(todayInDisplayZone());
  // null: the first week from this one that has a free slot (the server finds it), so the screen
  // never opens on an empty week (a Saturday, a week the practitioner is away); then the week the
  // patient moved to.
  const [week, setWeek] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const slots = useFreeSlots(practitionerId && typeId ? { practitionerId, typeId, from: week ?? thisWeek, ...(week ? {} : { firstFree: 'true' as const }) } : null);
  const shown = week ?? slots.data?.from ?? thisWeek;
  const choose = (set: (v: string) => void) => (v: string) => {
    set(v);
    setWeek(null);
    setChosen(null);
  };
  // The chosen practitioner's own types (a general practitioner offers no 'Bilan diététique').
  const ownTypeIds = options.data?.practitioners.find((p) => p.id === practitionerId)?.typeIds ?? [];
  const ownTypes = (options.data?.types ?? []).filter((x) => ownTypeIds.includes(x.id));
  useEffect(() => {
    if (typeId && options.data && !ownTypeIds.includes(typeId)) setTypeId('');
  }, [practitionerId, typeId, options.data]);
  const byDay = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const s of slots.data?.slots ?? []) {
      const key = formatDate(s.startsAt);
      map.set(key, [...(map.get(key) ?? []), s.startsAt]);
    }
    return [...map.entries()];
  }, [slots.data]);
  return (
    <Paper sx={{ p: 2, display: 'grid', gap: 2 }}>
      {error && <Alert severity="error">{error}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField select label={t('patient.choosePractitioner')} value={practitionerId} onChange={(e) => choose(setPractitionerId)(e.target.value)}>
          {(options.data?.practitioners ?? []).map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.displayName}
              {p.job ? ` — ${p.job}` : ''}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t('patient.chooseType')} value={ownTypes.some((x) => x.id === typeId) ? typeId : ''} onChange={(e) => choose(setTypeId)(e.target.value)}>
          {ownTypes.map((x) => (
            <MenuItem key={x.id} value={x.id}>
              {x.label} ({t('types.minutes', { count: x.durationMinutes })})
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {practitionerId && typeId && (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Button onClick={() => setWeek(addDays(shown, -7))} disabled={shown <= thisWeek}>
              {t('patient.previousWeek')}
            </Button>
            <Typography>{t('patient.weekOf', { date: formatDate(shown) })}</Typography>
            <Button onClick={() => setWeek(addDays(shown, 7))}>{t('patient.nextWeek')}</Button>
          </Box>
          {slots.data?.slots.length === 0 && <Typography color="textSecondary">{t('patient.noSlot')}</Typography>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(150px, 1fr))' } }}>
            {byDay.map(([day, starts]) => (
              <Box key={day} role="group" aria-label={day}>
                <Typography sx={{ fontWeight: 600, mb: 1 }}>{day}</Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {starts.map((s) => (
                    <Button key={s} size="small" variant={chosen === s ? 'contained' : 'outlined'} onClick={() => setChosen(s)} aria-label={`${day} ${formatTime(s)}`}>
                      {formatTime(s)}
                    </Button>
                  ))}
                </Box>
              </Box>
            ))}
          </Box>
          <Box>
            <Button
              variant="contained"
              disabled={!chosen}
              onClick={() =>
                void actions.book
                  .mutateAsync({ practitionerId, typeId, startsAt: chosen! })
                  .then(() => {
                    notify(t('patient.booked'), 'success');
                    setChosen(null);
                    onBooked();
                  })
                  .catch((err: unknown) => setError(errorText(err)))
              }
            >
              {chosen ? <WithLtr text={(date) => t('patient.confirmAt', { date })} value={formatDateTime(chosen)} /> : t('patient.pickSlot')}
            </Button>
          </Box>
        </>
      )}
    </Paper>
  );
}
