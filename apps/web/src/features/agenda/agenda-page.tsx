import { Box, Button, Paper, useMediaQuery } from '@mui/material';
import SettingsIcon from '@mui/icons-material/Settings';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { can } from '@wellbe/shared/permissions';
import type { AgendaEvent, AgendaPractitioner } from '@wellbe/shared/schemas/agenda';
import { AfterFirstPaint } from '../../components/after-first-paint.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { getDisplayTimeZone, todayInDisplayZone } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useStableHandler } from '../../lib/stable-handler.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import { useSession } from '../../lib/session.ts';
import { useAgendaRange, usePractitioners } from './api/agenda-data.ts';
import { useAppointmentMutations } from './api/agenda-mutations.ts';
import { AgendaToolbar } from './components/agenda-toolbar.tsx';
import { PeriodBar } from './components/period-bar.tsx';
import { reportsAddress, type ViewName } from './lib/period.ts';
import { PHONE_MEDIA } from './lib/period-request.ts';
import { readAddress, useAgendaAddress } from './lib/agenda-address.ts';
import { gridHours } from './lib/grid-hours.ts';
import { CALENDAR_GRID, useAddressRange, usePaintedWhenSettled, useCalendarEvents } from './lib/calendar-events.ts';
import { useMoveAppointment } from './lib/move-appointment.ts';
import { useShownPractitioners } from './lib/shown-practitioners.ts';

// The dialogs (a booking, an appointment, the settings: forms, zod, MUI X's date-time picker and its
// localisation, ~90 KB) are chunks of their own, asked for once the calendar is painted with its
// events so that they are there for the first click; the agenda's first load fetched them before
// its calendar (issue 31).
const loadBooking = () => import('./components/booking-dialog.tsx');
const loadAppointment = () => import('./components/appointment-dialog.tsx');
const loadSettings = () => import('./components/settings-dialog.tsx');
const BookingDialog = lazy(() => loadBooking().then((m) => ({ default: m.BookingDialog })));
const AppointmentDialog = lazy(() => loadAppointment().then((m) => ({ default: m.AppointmentDialog })));
const SettingsDialog = lazy(() => loadSettings().then((m) => ({ default: m.SettingsDialog })));
const AgendaCalendar = lazy(() => import('./components/calendar.tsx').then((m) => ({ default: m.AgendaCalendar })));
const loadDialogs = () => void Promise.all([loadBooking(), loadAppointment(), loadSettings()]).catch(() => undefined);

/**
 * The dialogs' chunks once the calendar and its first events are painted (the first screen's largest
 * text is there): asked for at the first paint, they competed with its answers and FullCalendar.
 */
function useDialogChunks(painted: boolean) {
  useEffect(() => {
    if (painted) loadDialogs();
  }, [painted]);
}

// /agenda (SPEC §2): FullCalendar day/week/month/list in the interface language, Monday first, the
// organisation's time zone whatever the browser's. URL /agenda/{username|moi}/{jour|semaine|mois|liste}/{YYYY-MM-DD}
// reloads on the same view. Management roles pick one or several practitioners: the day view then
// shows one column per practitioner (DayColumns), the other views one calendar in their colours.

export function AgendaPage() {
  const { t } = useTranslation('agenda');
  const params = useParams();
  const { user, role } = useSession();
  const phone = useMediaQuery(PHONE_MEDIA);
  const client = useQueryClient();
  const manager = can(role, 'agendaManagement');
  // Today in the practice's calendar (from 00:00 to 01:00 in Paris, UTC still says yesterday).
  const { handle, view, date } = readAddress(params, phone, todayInDisplayZone());

  const practitioners = usePractitioners();
  const list = useMemo(() => practitioners.data ?? [], [practitioners.data]);
  const { current, extra, setExtra, shownIds, colourOf } = useShownPractitioners(list, handle, user?.id);
  const columns = view === 'jour' && shownIds.length > 1;

  // The period read: the address's, or FullCalendar's report once it differs from it (the answer's
  // zone was not the one the page knew). The day columns report nothing: theirs is the address's.
  const [reported, setRange] = useState<{ from: string; to: string } | null>(null);
  const addressRange = useAddressRange(columns, view, date, getDisplayTimeZone());
  const range = columns ? addressRange : (reported ?? addressRange);
  const agenda = useAgendaRange({ ...range, practitioners: shownIds.join(',') });
  const mutations = useAppointmentMutations();
  const [booking, setBooking] = useState<{ start: Date; end: Date; practitionerId: string } | null>(null);
  const [opened, setOpened] = useState<AgendaEvent | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);

  // Live updates (DESIGN §8): another user's change refetches the open period.
  useRealtimeEvent('agenda.changed', () => void client.invalidateQueries({ queryKey: queryKeys.agenda.all }));

  const go = useAgendaAddress(handle, view, date, !!params.agendaUri && !!params.agendaDate);

  // The grid is painted once its first period is laid out (see usePaintedWhenSettled): the calendar
  // mounted and the period's answer there, whichever comes last (the answer is asked for from the
  // address, often before the calendar's chunk has arrived).
  const [calendarMounted, setCalendarMounted] = useState(false);
  const painted = usePaintedWhenSettled(calendarMounted && practitioners.isFetched && (shownIds.length === 0 || agenda.data !== undefined || agenda.isError));
  useDialogChunks(painted);
  const events = useCalendarEvents(agenda.data, shownIds.length > 1 && !columns, list, colourOf);

  const onMove = useMoveAppointment();
  // Of one identity: the toolbar (its practitioner picker, MUI's Autocomplete: 5–17 ms a render on
  // this machine) is drawn again only when what it shows changes, not at each answer the page gets.
  const onPick = useStableHandler((p: AgendaPractitioner) => go(p.id === user?.id ? 'moi' : p.username, view, date));
  const onView = useStableHandler((v: ViewName) => go(handle, v, date));

  const mayBook = can(role, 'agendaWrite') || manager;

  const timeZone = agenda.data?.timeZone ?? getDisplayTimeZone();
  const hours = useMemo(() => gridHours(agenda.data?.appointments ?? [], timeZone), [agenda.data, timeZone]);

  // The period FullCalendar shows: its answer is read, and the address names its first day.
  const onDates = (next: { from: string; to: string }, fcView: ViewName, start: string) => {
    if (!reportsAddress(view, date, { view: fcView, start })) return;
    if (range.from !== next.from || range.to !== next.to) setRange(next);
    if (start !== date) go(handle, view, start);
  };
  const today = todayInDisplayZone();

  return (
    <Box>
      <PageHeader
        title={t('title')}
        // The line is kept while the practitioners load: the calendar below does not move down.
        subtitle={current?.displayName ?? '\u00a0'}
        actions={
          <Button startIcon={<SettingsIcon />} onClick={() => setSettingsOpen(true)} disabled={!shownIds[0]}>
            {t('settings.open')}
          </Button>
        }
      />
      <AgendaToolbar
        list={list}
        current={current}
        extra={extra}
        manager={manager}
        view={view}
        colourOf={colourOf}
        onPick={onPick}
        onExtra={setExtra}
        onView={onView}
      />
      <Paper
        // The period bar (its title, the screen's largest text) painted at once, the grid once settled (usePaintedWhenSettled).
        // An absence's label is drawn at full strength: FullCalendar's theme halves it (about 3:1 on the grey).
        // The month's days of the months around it in the text's secondary grey: the theme's faint
        // grey was 2.5:1 (axe, the month view).
        sx={{ p: { xs: 0.5, sm: 2 }, [`& .${CALENDAR_GRID}`]: { visibility: painted ? 'visible' : 'hidden' }, '--fc-classic-background-event-foreground-opacity': 1, '--fc-classic-faint-foreground': (theme) => theme.palette.text.secondary }}
        aria-label={t('calendarLabel')}
        role="region"
        aria-busy={!painted}
      >
        <PeriodBar view={view} date={date} today={today} columns={columns} onDate={(day) => go(handle, view, day)} />
        {/* After the page's first paint: its title, the screen's largest text, does not wait for FullCalendar. */}
        <AfterFirstPaint>
          <Suspense fallback={null}>
            <AgendaCalendar
              view={view}
              date={date}
              columns={columns}
              practitioners={shownIds.map((id) => list.find((p) => p.id === id)).filter((p) => !!p)}
              colourOf={colourOf}
              events={events}
              timeZone={timeZone}
              hours={hours}
              mayBook={mayBook}
              label={t('columns.label')}
              onOpen={setOpened}
              onMove={(move, practitionerId) => void onMove(move, practitionerId)}
              onSelect={(start, end, practitionerId) => {
                const id = practitionerId ?? shownIds[0];
                if (id) setBooking({ start, end, practitionerId: id });
              }}
              onDates={onDates}
              onMounted={() => setCalendarMounted(true)}
            />
          </Suspense>
        </AfterFirstPaint>
      </Paper>
      <Suspense fallback={null}>
        {booking && (
          <BookingDialog
            start={booking.start}
            end={booking.end}
            timeZone={timeZone}
            practitioners={list}
            practitionerId={booking.practitionerId}
            onClose={() => setBooking(null)}
            onSave={async (input) => {
              const a = await mutations.create.mutateAsync(input);
              notify(a.warning ?? t('booked'), a.warning ? 'warning' : 'success');
              setBooking(null);
            }}
          />
        )}
        {opened && <AppointmentDialog event={opened} onClose={() => setOpened(null)} />}
        {settingsOpen && shownIds[0] && <SettingsDialog practitionerId={shownIds[0]} self={shownIds[0] === user?.id} onClose={() => setSettingsOpen(false)} />}
      </Suspense>
    </Box>
  );
}
