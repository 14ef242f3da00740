import type FullCalendar from '@fullcalendar/react';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import { useMemo, type ComponentProps } from 'react';
import type { AgendaEvent } from '@wellbe/shared/schemas/agenda';
import { useStableHandler } from '../../../lib/stable-handler.ts';
import { CALENDAR_GRID } from './calendar-events.ts';
import { useCalendarLanguage } from './calendar-language.tsx';
import type { CalendarMove } from './move-appointment.ts';

type CalendarProps = ComponentProps<typeof FullCalendar>;

/** What every calendar of the agenda shares whoever looks: Monday first, by quarters (the hours: grid-hours.ts). */
const CALENDAR_BASE: CalendarProps = {
  plugins: [classicThemePlugin, dayGridPlugin, timeGridPlugin, interactionPlugin, listPlugin],
  firstDay: 1,
  slotDuration: '00:15:00',
  allDaySlot: false,
  nowIndicator: true,
  height: 'auto',
  eventResizableFromStart: false,
  // The grid, which the page keeps unpainted until its first period is laid out (usePaintedWhenSettled).
  viewClass: CALENDAR_GRID,
};

/**
 * What every calendar of the agenda shares (the week, month, list views and each day column): its
 * plugins, language, hours and zone, and its handlers. One object while none of these change: a new
 * one at each render of the page made FullCalendar take its options again and redraw its grid.
 */
export function useCalendarOptions({ timeZone, hours, mayBook, onOpen, onMove }: { timeZone: string; hours: Partial<CalendarProps>; mayBook: boolean; onOpen: (appointment: AgendaEvent) => void; onMove: (move: CalendarMove) => void }): CalendarProps {
  const language = useCalendarLanguage();
  const eventClick = useStableHandler((info: { event: { extendedProps: Record<string, unknown> } }) => {
    const a = info.event.extendedProps.appointment as AgendaEvent | undefined;
    if (a) onOpen(a);
  });
  const moved = useStableHandler((info: CalendarMove) => onMove(info));
  return useMemo(
    () => ({ ...CALENDAR_BASE, ...language, ...hours, timeZone, selectable: mayBook, editable: mayBook, eventClick, eventDrop: moved, eventResize: moved }),
    [language, hours, timeZone, mayBook, eventClick, moved],
  );
}
