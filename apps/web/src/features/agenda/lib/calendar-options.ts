import type FullCalendar from '@fullcalendar/react';
import { useMemo, type ComponentProps } from 'react';
import type { AgendaEvent } from '@wellbe/shared/schemas/agenda';
import { useStableHandler } from '../../../lib/stable-handler.ts';
import { CALENDAR_BASE } from './calendar-events.ts';
import { useCalendarLanguage } from './calendar-language.tsx';
import type { CalendarMove } from './move-appointment.ts';

type CalendarProps = ComponentProps<typeof FullCalendar>;

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
