import 'temporal-polyfill/global';
import FullCalendar from '@fullcalendar/react';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import { localParts } from '@wellbe/shared/domain/zoned';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { Autocomplete, Box, Button, Chip, Paper, TextField, ToggleButton, ToggleButtonGroup, useMediaQuery, useTheme } from '@mui/material';
import SettingsIcon from '@mui/icons-material/Settings';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { can } from '@wellbe/shared/permissions';
import type { AgendaEvent } from '@wellbe/shared/schemas/agenda';
import { PageHeader } from '../../components/page-header.tsx';
import { isApiError } from '../../lib/api.ts';
import { getDisplayTimeZone, todayInDisplayZone } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import { useSession } from '../../lib/session.ts';
import { useAgendaRange, usePractitioners } from './api/agenda-data.ts';
import { useAppointmentMutations } from './api/agenda-mutations.ts';
import { AppointmentDialog } from './components/appointment-dialog.tsx';
import { BookingDialog } from './components/booking-dialog.tsx';
import { DayColumns } from './components/day-columns.tsx';
import { SettingsDialog } from './components/settings-dialog.tsx';
import { readableOn, useCalendarLanguage } from './lib/calendar-language.tsx';

// /agenda (SPEC §2): FullCalendar day/week/month/list in the interface language, Monday first, the
// organisation's time zone whatever the browser's. URL /agenda/{username|moi}/{jour|semaine|mois|liste}/{YYYY-MM-DD}
// reloads on the same view. Management roles pick one or several practitioners: the day view then
// shows one column per practitioner (DayColumns), the other views one calendar in their colours.

const VIEWS = { jour: 'timeGridDay', semaine: 'timeGridWeek', mois: 'dayGridMonth', liste: 'listWeek' } as const;
type ViewName = keyof typeof VIEWS;
const VIEW_BY_FC = Object.fromEntries(Object.entries(VIEWS).map(([k, v]) => [v, k])) as Record<string, ViewName>;
const PALETTE = ['#1565c0', '#2e7d32', '#6a1b9a', '#c62828', '#ef6c00', '#00838f', '#4e342e', '#ad1457'];

function errorText(err: unknown): string {
  return isApiError(err) ? err.message : String(err);
}

export function AgendaPage() {
  const { t } = useTranslation('agenda');
  const params = useParams();
  const navigate = useNavigate();
  const { user, role } = useSession();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const client = useQueryClient();
  const manager = can(role, 'agendaManagement');
  const handle = params.agendaHandle ?? 'moi';
  const view: ViewName = (params.agendaUri && params.agendaUri in VIEWS ? params.agendaUri : phone ? 'jour' : 'semaine') as ViewName;
  // Today in the practice's calendar (from 00:00 to 01:00 in Paris, UTC still says yesterday).
  const date = params.agendaDate && /^\d{4}-\d{2}-\d{2}$/.test(params.agendaDate) ? params.agendaDate : todayInDisplayZone();
  const calendarLanguage = useCalendarLanguage();

  const practitioners = usePractitioners();
  const list = useMemo(() => practitioners.data ?? [], [practitioners.data]);
  const selfIsPractitioner = list.some((p) => p.id === user?.id);
  // 'moi' of someone without an agenda (a manager): the first practitioner, named in the picker.
  const current = handle === 'moi' ? (selfIsPractitioner ? list.find((p) => p.id === user?.id) : list[0]) : list.find((p) => p.username.toLowerCase() === handle.toLowerCase());
  const [extra, setExtra] = useState<string[]>([]);
  const shownIds = useMemo(() => {
    const ids = new Set<string>();
    if (current) ids.add(current.id);
    for (const id of extra) ids.add(id);
    return [...ids];
  }, [current, extra]);
  const colourOf = (id: string) => PALETTE[Math.max(0, list.findIndex((p) => p.id === id)) % PALETTE.length]!;

  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const agenda = useAgendaRange(range ? { ...range, practitioners: shownIds.join(',') } : null);
  const mutations = useAppointmentMutations();
  const [booking, setBooking] = useState<{ start: Date; end: Date; practitionerId: string } | null>(null);
  const [opened, setOpened] = useState<AgendaEvent | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);

  // Live updates (DESIGN §8): another user's change refetches the open period.
  useRealtimeEvent('agenda.changed', () => void client.invalidateQueries({ queryKey: queryKeys.agenda.all }));

  // FullCalendar reports its first period (datesSet) while it mounts, before this page's own effects
  // have run: navigating there is what React Router warns about. The address is asked for here and
  // changed in an effect, after the render that asked.
  const [address, setAddress] = useState<string | null>(null);
  useEffect(() => {
    if (!address) return;
    setAddress(null);
    void navigate(address, { replace: true });
  }, [address]);
  const go = (nextHandle: string, nextView: ViewName, nextDate: string) => setAddress(`/agenda/${nextHandle}/${nextView}/${nextDate}`);

  // /agenda and /agenda/{handle} open on a full, shareable address (reloads on the same view); the
  // calendar, mounted first, may already have asked for its period's first day (a week's Monday).
  useEffect(() => {
    if (!params.agendaUri || !params.agendaDate) setAddress((asked) => asked ?? `/agenda/${handle}/${view}/${date}`);
  }, [params.agendaUri, params.agendaDate]);

  const columns = view === 'jour' && shownIds.length > 1;

  // FullCalendar lays its grid out unmeasured (no time-axis width, short rows) and measures it on the
  // next frames, again when its first events arrive: a 0.37 layout shift when seen. The grid stays
  // invisible (laid out, measured, not painted) until the period's first answer and two frames after.
  const settledData = practitioners.isFetched && (shownIds.length === 0 || agenda.data !== undefined || agenda.isError);
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted || !settledData) return;
    let frame = requestAnimationFrame(() => (frame = requestAnimationFrame(() => setPainted(true))));
    return () => cancelAnimationFrame(frame);
  }, [painted, settledData]);
  const events = useMemo(() => {
    const appts = (agenda.data?.appointments ?? []).map((a) => {
      // FullCalendar 7 reads `color`, `contrastColor` and `className` (version 6's backgroundColor,
      // borderColor and classNames are ignored): the text on the block is chosen for that colour,
      // never below 4.5:1.
      const colour = shownIds.length > 1 && !columns ? colourOf(a.practitionerId) : (a.colour ?? '#1565c0');
      return {
        practitionerId: a.practitionerId,
        id: a.id,
        title: [a.title ?? t('hold'), a.typeLabel, shownIds.length > 1 && !columns ? list.find((p) => p.id === a.practitionerId)?.displayName : null].filter(Boolean).join(' · '),
        start: a.startsAt,
        end: a.endsAt,
        color: colour,
        contrastColor: readableOn(colour),
        editable: a.status !== 'honoré' && a.status !== 'absent',
        className: `rdv-${a.status === 'demandé' ? 'demande' : a.status === 'confirmé' ? 'confirme' : 'autre'}`,
        extendedProps: { appointment: a },
      };
    });
    const absences = (agenda.data?.exceptions ?? []).map((e) => ({ id: `ex-${e.id}`, practitionerId: e.practitionerId, title: e.label || t('absence'), start: e.startsAt, end: e.endsAt, display: 'background', color: '#9e9e9e' }));
    return [...appts, ...absences];
  }, [agenda.data, shownIds.length, columns, list, t]);

  /** A drag or a resize (and, in the day columns, a drop in another practitioner's column). */
  const onMove = async (info: { event: { id: string; start: Date | null; end: Date | null }; revert: () => void; done?: () => void }, practitionerId?: string) => {
    try {
      const a = await mutations.update.mutateAsync({ id: info.event.id, startsAt: info.event.start!.toISOString(), endsAt: (info.event.end ?? info.event.start!).toISOString(), ...(practitionerId ? { practitionerId } : {}) });
      info.done?.();
      notify(a.warning ?? t('moved'), a.warning ? 'warning' : 'success');
    } catch (err) {
      info.revert();
      notify(errorText(err), 'error');
    }
  };

  const mayBook = can(role, 'agendaWrite') || manager;

  // The columns' day: its range is read wide (the day ± one, in UTC) so no time zone is needed first.
  useEffect(() => {
    if (!columns) return;
    const from = new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString();
    const to = new Date(Date.parse(`${date}T00:00:00Z`) + 2 * 86_400_000).toISOString();
    if (!range || range.from !== from || range.to !== to) setRange({ from, to });
  }, [columns, date]);

  const timeZone = agenda.data?.timeZone ?? getDisplayTimeZone();

  /** What every calendar of the page shares (the week, month, list views and each day column). */
  const shared: ComponentProps<typeof FullCalendar> = {
    plugins: [classicThemePlugin, dayGridPlugin, timeGridPlugin, interactionPlugin, listPlugin],
    ...calendarLanguage,
    firstDay: 1,
    timeZone,
    slotMinTime: '07:00:00',
    slotMaxTime: '21:00:00',
    slotDuration: '00:15:00',
    allDaySlot: false,
    nowIndicator: true,
    height: 'auto',
    selectable: mayBook,
    editable: mayBook,
    eventResizableFromStart: false,
    eventClick: (info) => {
      const a = info.event.extendedProps.appointment as AgendaEvent | undefined;
      if (a) setOpened(a);
    },
    eventDrop: (info) => void onMove(info),
    eventResize: (info) => void onMove(info),
  };

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
      <Paper sx={{ p: { xs: 1, sm: 2 }, mb: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Autocomplete
          sx={{ minWidth: 240, flex: '1 1 240px' }}
          options={list}
          value={current ?? null}
          onChange={(_e, p) => p && go(p.id === user?.id ? 'moi' : p.username, view, date)}
          getOptionLabel={(p) => p.displayName}
          renderInput={(p) => <TextField {...p} label={t('practitioner')} size="small" />}
        />
        {manager && (
          <Autocomplete
            multiple
            sx={{ minWidth: 260, flex: '2 1 260px' }}
            options={list.filter((p) => p.id !== current?.id)}
            value={list.filter((p) => extra.includes(p.id))}
            onChange={(_e, ps) => setExtra(ps.map((p) => p.id))}
            getOptionLabel={(p) => p.displayName}
            renderValue={(values, getItemProps) => values.map((p, index) => <Chip {...getItemProps({ index })} key={p.id} label={p.displayName} size="small" sx={{ bgcolor: colourOf(p.id), color: readableOn(colourOf(p.id)) }} />)}
            renderInput={(p) => <TextField {...p} label={t('alsoShow')} size="small" />}
          />
        )}
        <ToggleButtonGroup size="small" exclusive value={view} onChange={(_e, v: ViewName | null) => v && go(handle, v, date)} aria-label={t('view')}>
          {(Object.keys(VIEWS) as ViewName[]).map((v) => (
            <ToggleButton key={v} value={v}>
              {t(`views.${v}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Paper>
      <Paper
        // An absence's label is drawn at full strength: FullCalendar's theme halves it (about 3:1 on the grey).
        sx={{ p: { xs: 0.5, sm: 2 }, visibility: painted ? 'visible' : 'hidden', '--fc-classic-background-event-foreground-opacity': 1 }}
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
            headerToolbar={{ start: 'prev,next today', center: 'title', end: '' }}
            dayHeaderFormat={view === 'semaine' ? { weekday: 'short', day: '2-digit', month: '2-digit' } : undefined}
            events={events}
            datesSet={(info) => {
              const from = info.start.toISOString();
              const to = info.end.toISOString();
              if (!range || range.from !== from || range.to !== to) setRange({ from, to });
              const fcView = VIEW_BY_FC[info.view.type] ?? view;
              // The period's first day in the practice's calendar: its midnight is still the day
              // before in UTC (Paris is ahead), so never the ISO string's date.
              const start = localParts(info.view.currentStart, timeZone).day;
              if (fcView !== view || start !== date) go(handle, fcView, start);
            }}
            select={(info) => shownIds[0] && setBooking({ start: info.start, end: info.end, practitionerId: shownIds[0] })}
          />
        )}
      </Paper>
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
    </Box>
  );
}
