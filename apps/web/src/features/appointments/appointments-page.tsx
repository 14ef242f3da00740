import { Box, Button, Chip, List, ListItem, ListItemText, MenuItem, Paper, Tab, Tabs, TextField, Typography } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Appointment } from '@wellbe/shared/schemas/agenda';
import { DateLocalization } from '../../components/date-localization.tsx';
import { Ltr } from '../../components/ltr.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { formatDate, formatDateTime, todayInDisplayZone } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import { useSession } from '../../lib/session.ts';
import { ReasonConfirmDialog } from '../../components/reason-confirm-dialog.tsx';
import { statusColour } from '../../components/status-tag.tsx';
import { ActionListItem } from '../../components/action-list-item.tsx';
import { BookTab } from './components/book-tab.tsx';
import { errorText, useAppointmentActions, useBookingOptions, useMyAppointments, useOverview, useWaitlist } from './api/appointments.ts';
import { VideoButton } from '../../components/video-button.tsx';

// /appointment (SPEC §6 `appointment`: RH AD PT DE). Staff: requests to confirm and the day's
// list. A patient: 'Prendre rendez-vous', 'Mes rendez-vous', 'Liste d'attente'. Days and times are
// the organisation's (its time zone), whatever the browser's.

function CancelConfirm(props: { open: boolean; reason: string; setReason: (v: string) => void; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('agenda');
  // A patient cancels their own appointment: the mail goes to them.
  const mine = useSession().role === 'PT';
  return <ReasonConfirmDialog {...props} title={t('confirmTitle')} text={t(mine ? 'cancelTextMine' : 'cancelText')} reasonLabel={t('reason')} confirmLabel={t('actions.cancel')} cancelLabel={t('keep')} />;
}

export function AppointmentsPage() {
  const { t } = useTranslation('agenda');
  const { role } = useSession();
  const client = useQueryClient();
  useRealtimeEvent('agenda.changed', () => void client.invalidateQueries({ queryKey: queryKeys.agenda.all }));
  return (
    <Box>
      <PageHeader title={t('appointments.title')} />
      {role === 'PT' ? <PatientView /> : <StaffView />}
    </Box>
  );
}

function Line({ a, actions, showPatient = true }: { a: Appointment; actions?: React.ReactNode; showPatient?: boolean }) {
  const { t } = useTranslation('agenda');
  return (
    <ListItem divider secondaryAction={actions} sx={{ pr: actions ? { xs: 2, sm: 28 } : 2, flexWrap: 'wrap' }}>
      <ListItemText
        primary={
          <>
            <Ltr>{formatDateTime(a.startsAt)}</Ltr> · {showPatient ? (a.patientName ?? a.title ?? '') : a.practitionerName}
          </>
        }
        secondary={[showPatient ? a.practitionerName : null, a.typeLabel].filter(Boolean).join(' · ')}
      />
      <Chip size="small" label={t(`status.${a.status}`)} color={statusColour(a.status)} sx={{ ml: 1 }} />
      {!showPatient && <VideoButton appointment={a} kind="join" />}
    </ListItem>
  );
}

function StaffView() {
  const { t } = useTranslation('agenda');
  const [day, setDay] = useState<Dayjs | null>(() => dayjs(todayInDisplayZone()));
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const iso = day?.isValid() ? day.format('YYYY-MM-DD') : todayInDisplayZone();
  const overview = useOverview(iso, true);
  const actions = useAppointmentActions();
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const [reason, setReason] = useState('');
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
        {overview.data?.requests.length === 0 && <Typography color="text.secondary">{t('appointments.noRequests')}</Typography>}
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
        {filtered.length === 0 && <Typography color="text.secondary">{t('appointments.none')}</Typography>}
        <List>
          {filtered.map((a) => (
            <Line key={a.id} a={a} />
          ))}
        </List>
      </Paper>
      <CancelConfirm
        open={!!cancelling}
        reason={reason}
        setReason={setReason}
        onCancel={() => setCancelling(null)}
        onConfirm={() => {
          void run(actions.cancel.mutateAsync({ id: cancelling!.id, reason }), t('done.cancelled'));
          setCancelling(null);
        }}
      />
    </Box>
  );
}

function PatientView() {
  const { t } = useTranslation('agenda');
  const [tab, setTab] = useState(0);
  const [params, setParams] = useSearchParams();
  const actions = useAppointmentActions();
  const offer = params.get('offre');
  useEffect(() => {
    if (!offer) return;
    actions.acceptOffer
      .mutateAsync(offer)
      .then(() => {
        notify(t('waitlist.accepted'), 'success');
        setTab(1);
      })
      .catch((err: unknown) => notify(errorText(err), 'error'))
      .finally(() => setParams({}, { replace: true }));
  }, [offer]);
  return (
    <Box>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ mb: 2 }} variant="scrollable" allowScrollButtonsMobile>
        <Tab label={t('patient.book')} />
        <Tab label={t('patient.mine')} />
        <Tab label={t('patient.waitlist')} />
      </Tabs>
      {tab === 0 && <BookTab onBooked={() => setTab(1)} />}
      {tab === 1 && <MineTab />}
      {tab === 2 && <WaitlistTab />}
    </Box>
  );
}

function MineTab() {
  const { t } = useTranslation('agenda');
  const mine = useMyAppointments(true);
  const actions = useAppointmentActions();
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const [reason, setReason] = useState('');
  const now = Date.now();
  const upcoming = (mine.data ?? []).filter((a) => new Date(a.endsAt).getTime() >= now && a.status !== 'annulé');
  const past = (mine.data ?? []).filter((a) => !upcoming.includes(a)).reverse();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h2" sx={{ fontSize: '1.2rem' }}>
          {t('patient.upcoming')}
        </Typography>
        {upcoming.length === 0 && <Typography color="text.secondary">{t('appointments.none')}</Typography>}
        <List>
          {upcoming.map((a) => (
            <Line
              key={a.id}
              a={a}
              showPatient={false}
              actions={
                <Button size="small" color="error" onClick={() => setCancelling(a)}>
                  {t('actions.cancel')}
                </Button>
              }
            />
          ))}
        </List>
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h2" sx={{ fontSize: '1.2rem' }}>
          {t('patient.past')}
        </Typography>
        <List>
          {past.map((a) => (
            <Line key={a.id} a={a} showPatient={false} />
          ))}
        </List>
      </Paper>
      <CancelConfirm
        open={!!cancelling}
        reason={reason}
        setReason={setReason}
        onCancel={() => setCancelling(null)}
        onConfirm={() => {
          void actions.cancel
            .mutateAsync({ id: cancelling!.id, reason })
            .then(() => notify(t('done.cancelled'), 'success'))
            .catch((err: unknown) => notify(errorText(err), 'error'));
          setCancelling(null);
        }}
      />
    </Box>
  );
}

function WaitlistTab() {
  const { t } = useTranslation('agenda');
  const options = useBookingOptions(true);
  const list = useWaitlist(true);
  const actions = useAppointmentActions();
  const [practitionerId, setPractitionerId] = useState('');
  const [from, setFrom] = useState<Dayjs | null>(() => dayjs(todayInDisplayZone()));
  const [to, setTo] = useState<Dayjs | null>(() => dayjs(todayInDisplayZone()).add(14, 'day'));
  return (
    <Paper sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Typography color="text.secondary">{t('waitlist.help')}</Typography>
      <DateLocalization>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr auto' }, alignItems: 'center' }}>
          <TextField select label={t('patient.choosePractitioner')} value={practitionerId} onChange={(e) => setPractitionerId(e.target.value)}>
            {(options.data?.practitioners ?? []).map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.displayName}
              </MenuItem>
            ))}
          </TextField>
          <DatePicker label={t('settings.from')} format="DD/MM/YYYY" value={from} onChange={setFrom} />
          <DatePicker label={t('settings.to')} format="DD/MM/YYYY" value={to} onChange={setTo} />
          <Button
            variant="contained"
            disabled={!practitionerId || !from?.isValid() || !to?.isValid()}
            onClick={() =>
              void actions.joinWaitlist
                .mutateAsync({ practitionerId, fromDay: from!.format('YYYY-MM-DD'), toDay: to!.format('YYYY-MM-DD') })
                .then(() => notify(t('waitlist.joined'), 'success'))
                .catch((err: unknown) => notify(errorText(err), 'error'))
            }
          >
            {t('waitlist.join')}
          </Button>
        </Box>
      </DateLocalization>
      <List>
        {(list.data ?? []).map((w) => (
          <ActionListItem
            key={w.id}
            divider
            action={
              // A refusal is toasted by the query client: caught here, it is not an unhandled rejection.
              <Button size="small" onClick={() => void actions.leaveWaitlist.mutateAsync(w.id).catch(() => undefined)}>
                {t('waitlist.leave')}
              </Button>
            }
          >
            <ListItemText primary={w.practitionerName} secondary={`${formatDate(w.fromDay)} → ${formatDate(w.toDay)} · ${t(`waitlist.status.${w.status}`)}`} />
          </ActionListItem>
        ))}
      </List>
    </Paper>
  );
}
