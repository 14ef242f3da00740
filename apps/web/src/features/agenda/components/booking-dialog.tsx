import { Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormHelperText, MenuItem, Switch, TextField } from '@mui/material';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@wellbe/shared/permissions';
import type { AgendaPractitioner, AppointmentInput } from '@wellbe/shared/schemas/agenda';
import { DateLocalization } from '../../../components/date-localization.tsx';
import { PatientPicker, type PickedPatient } from '../../../components/patient-picker.tsx';
import { isApiError } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import { useAppointmentTypes } from '../api/agenda-data.ts';
import { createPatient } from '../api/patients.ts';

// 'Nouveau rendez-vous': patient (the booking search, also for AD and RH; or, for the roles that
// create patient files, a new patient with the consultation panel's rules), or a free title for a
// meeting; type (its duration; the practitioner's own types only); start DD/MM/YYYY HH:mm in the
// organisation's time zone (the slot clicked, whatever the browser's zone); note.
// A start in the past is booked only as « Enregistrer une visite passée » (no mail to the patient).

export function BookingDialog({
  start,
  end,
  timeZone,
  practitioners,
  practitionerId,
  onClose,
  onSave,
}: {
  start: Date;
  end: Date;
  /** The organisation's time zone, in which the start is shown and typed. */
  timeZone: string;
  practitioners: AgendaPractitioner[];
  practitionerId: string;
  onClose: () => void;
  onSave: (input: AppointmentInput) => Promise<void>;
}) {
  const { t } = useTranslation('agenda');
  const titleId = useId();
  const { user, role } = useSession();
  const mayCreatePatient = can(role, 'dpsWrite');
  const [who, setWho] = useState(practitionerId);
  const types = useAppointmentTypes(who);
  const [patient, setPatient] = useState<PickedPatient | null>(null);
  const [newPatient, setNewPatient] = useState(false);
  const [np, setNp] = useState({ FullName: '', PhoneNumber: '', Email: '' });
  const [title, setTitle] = useState('');
  const [typeId, setTypeId] = useState('');
  const [startAt, setStartAt] = useState<Dayjs | null>(() => dayjs(start).tz(timeZone));
  const [minutes, setMinutes] = useState(Math.max(5, Math.round((end.getTime() - start.getTime()) / 60_000)));
  const [note, setNote] = useState('');
  const [tele, setTele] = useState(false);
  const [pastVisit, setPastVisit] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inPast = !!startAt?.isValid() && startAt.isBefore(dayjs());
  // Another practitioner: a type that is not theirs is no longer offered, nor kept.
  const ownTypes = (types.data ?? []).filter((x) => x.active);
  const chosenType = ownTypes.some((x) => x.id === typeId) ? typeId : '';

  const newPatientReady = np.FullName.trim() && np.PhoneNumber.trim() && np.Email.trim();
  const ready = !!startAt?.isValid() && (newPatient ? newPatientReady : !!patient || !!title.trim());

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      let patientId = patient?.idPatient ?? null;
      if (newPatient && user) patientId = (await createPatient(user, { FullName: np.FullName.trim(), PhoneNumber: np.PhoneNumber.trim(), Email: np.Email.trim() })).idPatient;
      const s = startAt!.toDate();
      await onSave({
        practitionerId: who,
        patientId,
        title: patientId ? null : title.trim(),
        typeId: chosenType || null,
        startsAt: s.toISOString(),
        endsAt: new Date(s.getTime() + minutes * 60_000).toISOString(),
        note,
        teleconsultation: tele,
        ...(inPast && pastVisit ? { pastVisit: true } : {}),
      });
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('booking.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField select label={t('practitioner')} value={who} onChange={(e) => setWho(e.target.value)}>
            {practitioners.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.displayName}
              </MenuItem>
            ))}
          </TextField>
          {mayCreatePatient && <FormControlLabel control={<Switch checked={newPatient} onChange={(e) => setNewPatient(e.target.checked)} />} label={t('booking.newPatient')} />}
          {newPatient ? (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField label={t('booking.fullName')} required value={np.FullName} onChange={(e) => setNp({ ...np, FullName: e.target.value })} sx={{ gridColumn: '1 / -1' }} />
              <TextField label={t('booking.phone')} required value={np.PhoneNumber} onChange={(e) => setNp({ ...np, PhoneNumber: e.target.value })} />
              <TextField label={t('booking.email')} required type="email" value={np.Email} onChange={(e) => setNp({ ...np, Email: e.target.value })} />
            </Box>
          ) : (
            <>
              <PatientPicker value={patient} onChange={setPatient} source="agenda" fullWidth label={t('booking.patient')} noOptionsText={t('booking.noPatient')} />
              {!patient && <TextField label={t('booking.freeTitle')} value={title} onChange={(e) => setTitle(e.target.value)} helperText={t('booking.freeTitleHelp')} />}
            </>
          )}
          <TextField
            select
            label={t('booking.type')}
            value={chosenType}
            onChange={(e) => {
              setTypeId(e.target.value);
              const type = types.data?.find((x) => x.id === e.target.value);
              if (type) setMinutes(type.durationMinutes);
            }}
          >
            <MenuItem value="">{t('booking.noType')}</MenuItem>
            {ownTypes.map((x) => (
              <MenuItem key={x.id} value={x.id}>
                {x.label} ({t('types.minutes', { count: x.durationMinutes })})
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
            <DateLocalization>
              <DateTimePicker label={t('booking.start')} format="DD/MM/YYYY HH:mm" ampm={false} timezone={timeZone} value={startAt} onChange={(v) => setStartAt(v)} minutesStep={5} />
            </DateLocalization>
            <TextField label={t('booking.duration')} type="number" value={minutes} onChange={(e) => setMinutes(Math.max(1, Number(e.target.value) || 0))} slotProps={{ htmlInput: { min: 5, max: 480, step: 5 } }} />
          </Box>
          {inPast && (
            <Box>
              <FormControlLabel control={<Checkbox checked={pastVisit} onChange={(e) => setPastVisit(e.target.checked)} />} label={t('booking.pastVisit')} />
              <FormHelperText sx={{ mt: 0 }}>{t('booking.pastVisitHelp')}</FormHelperText>
            </Box>
          )}
          <FormControlLabel control={<Switch checked={tele} onChange={(e) => setTele(e.target.checked)} />} label={t('booking.tele')} />
          <TextField label={t('booking.note')} value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={2} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={!ready || busy}>
          {t('booking.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
