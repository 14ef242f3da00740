import { Box, Button, List, Paper, Tab, Tabs, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Appointment } from '@wellbe/shared/schemas/agenda';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import { useSession } from '../../lib/session.ts';
import { BookTab } from './components/book-tab.tsx';
import { CancelConfirm, Line } from './components/appointment-line.tsx';
import { errorText, useAppointmentActions, useMyAppointments } from './api/appointments.ts';

// /appointment (SPEC §6 `appointment`: RH AD PT DE). Staff: requests to confirm and the day's
// list. A patient: 'Prendre rendez-vous', 'Mes rendez-vous', 'Liste d'attente'. Days and times are
// the organisation's (its time zone), whatever the browser's.

// The views with date pickers (the staff's day, the patient's waiting list) are chunks of their own.
const StaffView = lazy(() => import('./components/staff-view.tsx'));
const WaitlistTab = lazy(() => import('./components/waitlist-tab.tsx'));

export function AppointmentsPage() {
  const { t } = useTranslation('agenda');
  const { role } = useSession();
  const client = useQueryClient();
  useRealtimeEvent('agenda.changed', () => void client.invalidateQueries({ queryKey: queryKeys.agenda.all }));
  return (
    <Box>
      <PageHeader title={t('appointments.title')} />
      {role === 'PT' ? (
        <PatientView />
      ) : (
        <Suspense fallback={<PageLoader />}>
          <StaffView />
        </Suspense>
      )}
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
      {tab === 2 && (
        <Suspense fallback={<PageLoader />}>
          <WaitlistTab />
        </Suspense>
      )}
    </Box>
  );
}

function MineTab() {
  const { t } = useTranslation('agenda');
  const mine = useMyAppointments(true);
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const now = Date.now();
  const upcoming = (mine.data ?? []).filter((a) => new Date(a.endsAt).getTime() >= now && a.status !== 'annulé');
  const past = (mine.data ?? []).filter((a) => !upcoming.includes(a)).reverse();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h2" sx={{ fontSize: '1.2rem' }}>
          {t('patient.upcoming')}
        </Typography>
        {upcoming.length === 0 && <Typography color="textSecondary">{t('appointments.none')}</Typography>}
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
      <CancelConfirm appointment={cancelling} onClose={() => setCancelling(null)} />
    </Box>
  );
}

