import FullCalendar, { type CalendarRef } from '@fullcalendar/react';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { useEffect, useRef, type ComponentProps } from 'react';
import { localParts } from '@wellbe/shared/domain/zoned';
import type { AgendaEvent, AgendaPractitioner } from '@wellbe/shared/schemas/agenda';
import { useStableHandler } from '../../../lib/stable-handler.ts';
import type { useCalendarEvents } from '../lib/calendar-events.ts';
import { useCalendarOptions } from '../lib/calendar-options.ts';
import type { CalendarMove } from '../lib/move-appointment.ts';
import { periodHolds } from '../lib/period.ts';
import { VIEWS, type ViewName } from '../lib/period.ts';
import { DayColumns } from './day-columns.tsx';

// FullCalendar and what only it needs (its plugins, locales, styles): a chunk of its own, asked for
// once the page with its toolbar and period bar is painted (agenda-page.tsx). On a phone the agenda's
// first screen waited for it: its title was FullCalendar's (issue 31).

type CalendarProps = ComponentProps<typeof FullCalendar>;

const VIEW_BY_FC = Object.fromEntries(Object.entries(VIEWS).map(([k, v]) => [v, k])) as Record<string, ViewName>;
// Options FullCalendar reads as objects: made once, not at each render of the page, where each new
// object was a new formatter that built its Intl formats again (165 ms of a phone's first load at 4×, issue 31).
const WEEK_DAY_HEADER = { weekday: 'short', day: '2-digit', month: '2-digit' } as const;

export interface AgendaCalendarProps {
  view: ViewName;
  /** The day the address names: the calendar goes to its period when it changes (the period bar, a link). */
  date: string;
  /** The day view of several practitioners, one column each (DayColumns). */
  columns: boolean;
  practitioners: AgendaPractitioner[];
  colourOf: (id: string) => string;
  events: ReturnType<typeof useCalendarEvents>;
  timeZone: string;
  hours: Partial<CalendarProps>;
  mayBook: boolean;
  label: string;
  onOpen: (appointment: AgendaEvent) => void;
  onMove: (move: CalendarMove, practitionerId?: string) => void;
  onSelect: (start: Date, end: Date, practitionerId?: string) => void;
  /** The period FullCalendar shows (its instants), its view and its first day in the practice's calendar. */
  onDates: (range: { from: string; to: string }, view: ViewName, start: string) => void;
  /** Once the calendar (FullCalendar's grid, or the day's columns) is mounted: its first layout is done. */
  onMounted: () => void;
}

export function AgendaCalendar({ view, date, columns, practitioners, colourOf, events, timeZone, hours, mayBook, label, onOpen, onMove, onSelect, onDates, onMounted }: AgendaCalendarProps) {
  const shared = useCalendarOptions({ timeZone, hours, mayBook, onOpen, onMove: (info) => onMove(info) });
  const ref = useRef<CalendarRef>(null);

  // FullCalendar's own handlers, of one identity: a new function is a new option, and a redraw.
  const datesSet = useStableHandler((info: Parameters<NonNullable<CalendarProps['datesSet']>>[0]) => {
    // The period's first day in the practice's calendar: its midnight is still the day before in
    // UTC (Paris is ahead), so never the ISO string's date.
    onDates({ from: info.start.toISOString(), to: info.end.toISOString() }, VIEW_BY_FC[info.view.type] ?? view, localParts(info.view.currentStart, timeZone).day);
  });
  const select = useStableHandler((info: { start: Date; end: Date }) => onSelect(info.start, info.end));

  // After the calendar's own effects (a parent's run after its children's): its grid is laid out.
  useEffect(() => onMounted(), []);

  // Another day asked for by the address (the period bar's buttons change it): the calendar follows.
  useEffect(() => {
    const api = ref.current?.getApi();
    const shown = api?.view;
    if (api && shown && !periodHolds(view, localParts(shown.currentStart, timeZone).day, date)) api.gotoDate(date);
  }, [date]);

  if (columns) {
    return (
      <DayColumns
        date={date}
        practitioners={practitioners}
        colourOf={colourOf}
        calendar={shared}
        eventsOf={(id) => events.filter((e) => e.practitionerId === id)}
        onSelect={(practitionerId, start, end) => onSelect(start, end, practitionerId)}
        onMoveTo={(practitionerId, move) => onMove(move, practitionerId)}
        label={label}
      />
    );
  }
  return (
    <FullCalendar
      key={view}
      ref={ref}
      {...shared}
      initialView={VIEWS[view]}
      initialDate={date}
      headerToolbar={false}
      dayHeaderFormat={view === 'semaine' ? WEEK_DAY_HEADER : undefined}
      events={events}
      datesSet={datesSet}
      select={select}
    />
  );
}
