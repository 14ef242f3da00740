import FullCalendar from '@fullcalendar/react';
import { Box, Typography } from '@mui/material';
import { useRef, type ComponentProps } from 'react';
import type { AgendaPractitioner } from '@wellbe/shared/schemas/agenda';
import { readableOn } from '../lib/colours.ts';

// The day view with one column per practitioner, for the staff who see several agendas
// (FullCalendar's resource views are premium): one free time grid per practitioner, side by side,
// on the same hours, each with its own bookings; a click books in that practitioner's agenda, and
// an appointment dragged into another column moves to that practitioner (onMoveTo, the server
// decides; a refusal puts it back in its column). The day is chosen in the page's period bar.

type CalendarProps = ComponentProps<typeof FullCalendar>;

export function DayColumns({
  date,
  practitioners,
  colourOf,
  calendar,
  eventsOf,
  onSelect,
  onMoveTo,
  label,
}: {
  date: string;
  practitioners: AgendaPractitioner[];
  colourOf: (id: string) => string;
  /** The props every column shares (plugins, locale, time zone, hours, handlers). */
  calendar: CalendarProps;
  eventsOf: (practitionerId: string) => NonNullable<CalendarProps['events']>;
  onSelect: (practitionerId: string, start: Date, end: Date) => void;
  /**
   * An appointment dropped in another practitioner's column: `revert` puts it back where it was,
   * `done` drops the column's provisional copy once the period is read again.
   */
  onMoveTo: (practitionerId: string, move: { event: { id: string; start: Date | null; end: Date | null }; revert: () => void; done: () => void }) => void;
  label: string;
}) {
  // FullCalendar tells the column left (eventLeave) before the one reached (eventReceive): a
  // refused move undoes both.
  const left = useRef<{ revert: () => void } | null>(null);
  return (
    <Box role="group" aria-label={label} sx={{ display: 'grid', gridTemplateColumns: `repeat(${practitioners.length}, minmax(220px, 1fr))`, gap: 1, overflowX: 'auto' }}>
      {practitioners.map((p) => (
        <Box key={p.id} data-practitioner={p.username} role="region" aria-label={p.displayName} sx={{ minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: 600, p: 0.5, mb: 0.5, borderRadius: 1, color: readableOn(colourOf(p.id)), bgcolor: colourOf(p.id), textAlign: 'center' }}>
            {p.displayName}
          </Typography>
          <FullCalendar
            key={`${p.id}-${date}`}
            {...calendar}
            initialView="timeGridDay"
            initialDate={date}
            headerToolbar={false}
            dayHeaders={false}
            events={eventsOf(p.id)}
            select={(info) => onSelect(p.id, info.start, info.end)}
            droppable={!!calendar.editable}
            eventLeave={(info) => {
              left.current = info;
            }}
            eventReceive={(info) => {
              const from = left.current;
              left.current = null;
              onMoveTo(p.id, {
                event: info.event,
                revert: () => {
                  info.revert();
                  from?.revert();
                },
                done: () => info.revert(),
              });
            }}
          />
        </Box>
      ))}
    </Box>
  );
}
