import { Box, Button, List, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '@wellbe/shared/schemas/agenda';
import { DateLocalization } from '../../../components/date-localization.tsx';
import { todayInDisplayZone } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { errorText, useAppointmentActions, useOverview } from '../api/appointments.ts';
import { CancelConfirm, Line } from './appointment-line.tsx';

/**
 * /appointment for the staff: the requests to confirm and the day's list (its date picker). A chunk
 * of its own: a patient's first screen has no date picker (issue 31: MUI X's pickers and dayjs's
 * localisation, 46 KB, came before a phone's first screen was drawn).
 */
export default function StaffView() {
  const { t } = useTranslation('agenda');
  const [day, setDay] = useState<Dayjs | null>(() => dayjs(todayInDisplayZone()));
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const iso = day?.isValid() ? day.format('YYYY-MM-DD') : todayInDisplayZone();
  const overview = useOverview(iso, true);
  const actions = useAppointmentActions();
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const filtered = (overview.data?.appointments ?? []).filter(
    (a) => (!status || a.status === status) && (!q || `${a.patientName ?? ''} ${a.title ?? ''} ${a.practitionerName}`.toLowerCase().includes(q.toLowerCase())),
  );
  const run = (p: Promise<unknown>, done: string) => p.then(() => notify(done, 'success')).catch((err: unknown) => notify(errorText(err), 'error'));
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
          {t('appointments.requests')} ({overview.data?.requests.length ?? 0})
        </Typography>
        {overview.data?.requests.length === 0 && <Typography color="textSecondary">{t('appointments.noRequests')}</Typography>}
        <List>
          {(overview.data?.requests ?? []).map((a) => (
            <Line
              key={a.id}
              a={a}
              actions={
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button size="small" variant="contained" onClick={() => void run(actions.confirm.mutateAsync(a.id), t('done.confirmed'))} aria-label={`${t('actions.confirm')} ${a.patientName ?? ''}`}>
                    {t('actions.confirm')}
                  </Button>
                  <Button size="small" color="error" onClick={() => setCancelling(a)}>
                    {t('actions.refuse')}
                  </Button>
                </Box>
              }
            />
          ))}
        </List>
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 2 }}>
          {t('appointments.day')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 1 }}>
          <DateLocalization>
            <DatePicker label={t('appointments.date')} format="DD/MM/YYYY" value={day} onChange={setDay} />
          </DateLocalization>
          <TextField label={t('appointments.search')} value={q} onChange={(e) => setQ(e.target.value)} />
          <TextField select label={t('appointments.status')} value={status} onChange={(e) => setStatus(e.target.value)} sx={{ minWidth: 160 }}>
            <MenuItem value="">{t('appointments.all')}</MenuItem>
            {['demandé', 'confirmé', 'honoré', 'absent', 'annulé'].map((s) => (
              <MenuItem key={s} value={s}>
                {t(`status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {filtered.length === 0 && <Typography color="textSecondary">{t('appointments.none')}</Typography>}
        <List>
          {filtered.map((a) => (
            <Line key={a.id} a={a} />
          ))}
        </List>
      </Paper>
      <CancelConfirm appointment={cancelling} onClose={() => setCancelling(null)} />
    </Box>
  );
}
