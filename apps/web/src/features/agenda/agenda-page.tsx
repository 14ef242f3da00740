import FullCalendar from '@fullcalendar/react';
import { localParts } from '@wellbe/shared/domain/zoned';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { Box, Button, Paper, useMediaQuery, useTheme } from '@mui/material';
import SettingsIcon from '@mui/icons-material/Settings';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { can } from '@wellbe/shared/permissions';
import type { AgendaEvent } from '@wellbe/shared/schemas/agenda';
import { PageHeader } from '../../components/page-header.tsx';
import { getDisplayTimeZone, todayInDisplayZone } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import { useSession } from '../../lib/session.ts';
import { useAgendaRange, usePractitioners } from './api/agenda-data.ts';
import { useAppointmentMutations } from './api/agenda-mutations.ts';
import { AgendaToolbar, VIEWS, type ViewName } from './components/agenda-toolbar.tsx';
import { DayColumns } from './components/day-columns.tsx';
import { useAgendaAddress } from './lib/agenda-address.ts';
import { gridHours } from './lib/grid-hours.ts';
import { CALENDAR_GRID, useColumnsRange, usePaintedWhenSettled, useCalendarEvents } from './lib/calendar-events.ts';
import { useMoveAppointment } from './lib/move-appointment.ts';
import { useShownPractitioners } from './lib/shown-practitioners.ts';
import { useCalendarOptions } from './lib/calendar-options.ts';
import { useStableHandler } from '../../lib/stable-handler.ts';

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

type CalendarProps = ComponentProps<typeof FullCalendar>;

const VIEW_BY_FC = Object.fromEntries(Object.entries(VIEWS).map(([k, v]) => [v, k])) as Record<string, ViewName>;
// Options FullCalendar reads as objects: made once, not at each render of the page, where each new
// object was a new formatter that built its Intl formats again (165 ms of a phone's first load at 4×, issue 31).
const HEADER_TOOLBAR = { start: 'prev,next today', center: 'title', end: '' };
const WEEK_DAY_HEADER = { weekday: 'short', day: '2-digit', month: '2-digit' } as const;

export function AgendaPage() {
  const { t } = useTranslation('agenda');
  const params = useParams();
  const { user, role } = useSession();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const client = useQueryClient();
  const manager = can(role, 'agendaManagement');
  const handle = params.agendaHandle ?? 'moi';
  const view: ViewName = (params.agendaUri && params.agendaUri in VIEWS ? params.agendaUri : phone ? 'jour' : 'semaine') as ViewName;
  // Today in the practice's calendar (from 00:00 to 01:00 in Paris, UTC still says yesterday).
  const date = params.agendaDate && /^\d{4}-\d{2}-\d{2}$/.test(params.agendaDate) ? params.agendaDate : todayInDisplayZone();

  const practitioners = usePractitioners();
  const list = useMemo(() => practitioners.data ?? [], [practitioners.data]);
  const { current, extra, setExtra, shownIds, colourOf } = useShownPractitioners(list, handle, user?.id);

  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const agenda = useAgendaRange(range ? { ...range, practitioners: shownIds.join(',') } : null);
  const mutations = useAppointmentMutations();
  const [booking, setBooking] = useState<{ start: Date; end: Date; practitionerId: string } | null>(null);
  const [opened, setOpened] = useState<AgendaEvent | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);

  // Live updates (DESIGN §8): another user's change refetches the open period.
  useRealtimeEvent('agenda.changed', () => void client.invalidateQueries({ queryKey: queryKeys.agenda.all }));

  const go = useAgendaAddress(handle, view, date, !!params.agendaUri && !!params.agendaDate);

  const columns = view === 'jour' && shownIds.length > 1;

  // The grid is painted once its first period is laid out (see usePaintedWhenSettled).
  const painted = usePaintedWhenSettled(practitioners.isFetched && (shownIds.length === 0 || agenda.data !== undefined || agenda.isError));
  useDialogChunks(painted);
  const events = useCalendarEvents(agenda.data, shownIds.length > 1 && !columns, list, colourOf);

  const onMove = useMoveAppointment();

  const mayBook = can(role, 'agendaWrite') || manager;

  useColumnsRange(columns, date, range, setRange);

  const timeZone = agenda.data?.timeZone ?? getDisplayTimeZone();
  const hours = useMemo(() => gridHours(agenda.data?.appointments ?? [], timeZone), [agenda.data, timeZone]);

  const shared = useCalendarOptions({ timeZone, hours, mayBook, onOpen: setOpened, onMove: (info) => void onMove(info) });

  // FullCalendar's own handlers, of one identity: a new function is a new option, and a redraw.
  const datesSet = useStableHandler((info: Parameters<NonNullable<CalendarProps['datesSet']>>[0]) => {
    const from = info.start.toISOString();
    const to = info.end.toISOString();
    if (!range || range.from !== from || range.to !== to) setRange({ from, to });
    const fcView = VIEW_BY_FC[info.view.type] ?? view;
    // The period's first day in the practice's calendar: its midnight is still the day
    // before in UTC (Paris is ahead), so never the ISO string's date.
    const start = localParts(info.view.currentStart, timeZone).day;
    if (fcView !== view || start !== date) go(handle, fcView, start);
  });
  const select = useStableHandler((info: { start: Date; end: Date }) => shownIds[0] && setBooking({ start: info.start, end: info.end, practitionerId: shownIds[0] }));

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
        onPick={(p) => go(p.id === user?.id ? 'moi' : p.username, view, date)}
        onExtra={setExtra}
        onView={(v) => go(handle, v, date)}
      />
      <Paper
        // The toolbar (the title, the screen's largest text) painted at once, the grid once settled (usePaintedWhenSettled).
        // An absence's label is drawn at full strength: FullCalendar's theme halves it (about 3:1 on the grey).
        sx={{ p: { xs: 0.5, sm: 2 }, [`& .${CALENDAR_GRID}`]: { visibility: painted ? 'visible' : 'hidden' }, '--fc-classic-background-event-foreground-opacity': 1 }}
        aria-label={t('calendarLabel')}
        role="region"
        aria-busy={!painted}
      >
        {columns ? (
          <DayColumns
            date={date}
            practitioners={shownIds.map((id) => list.find((p) => p.id === id)).filter((p) => !!p)}
            colourOf={colourOf}
            calendar={shared}
            eventsOf={(id) => events.filter((e) => e.practitionerId === id)}
            onSelect={(practitionerId, start, end) => setBooking({ start, end, practitionerId })}
            onMoveTo={(practitionerId, move) => void onMove(move, practitionerId)}
            onDate={(day) => go(handle, view, day)}
            label={t('columns.label')}
          />
        ) : (
          <FullCalendar
            key={view}
            {...shared}
            initialView={VIEWS[view]}
            initialDate={date}
            headerToolbar={HEADER_TOOLBAR}
            dayHeaderFormat={view === 'semaine' ? WEEK_DAY_HEADER : undefined}
            events={events}
            datesSet={datesSet}
            select={select}
          />
        )}
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
