import FullCalendar from '@fullcalendar/react';
import { Box, Button, IconButton, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useRef, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, weekdayOf } from '@wellbe/shared/domain/zoned';
import type { AgendaPractitioner } from '@wellbe/shared/schemas/agenda';
import { Ltr } from '../../../components/ltr.tsx';
import { todayInDisplayZone } from '../../../lib/format.ts';
import { readableOn } from '../lib/calendar-language.tsx';

// The day view with one column per practitioner, for the staff who see several agendas
// (FullCalendar's resource views are premium): one free time grid per practitioner, side by side,
// on the same hours, each with its own bookings; a click books in that practitioner's agenda, and
// an appointment dragged into another column moves to that practitioner (onMoveTo, the server
// decides; a refusal puts it back in its column).

type CalendarProps = ComponentProps<typeof FullCalendar>;

export function DayColumns({
  date,
  practitioners,
  colourOf,
  calendar,
  eventsOf,
  onSelect,
  onMoveTo,
  onDate,
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
  onDate: (day: string) => void;
  label: string;
}) {
  const { t } = useTranslation('agenda');
  const [y, m, d] = date.split('-');
  const today = todayInDisplayZone();
  // FullCalendar tells the column left (eventLeave) before the one reached (eventReceive): a
  // refused move undoes both.
  const left = useRef<{ revert: () => void } | null>(null);
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <IconButton aria-label={t('columns.previous')} onClick={() => onDate(addDays(date, -1))}>
          <ChevronLeftIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
        </IconButton>
        <IconButton aria-label={t('columns.next')} onClick={() => onDate(addDays(date, 1))}>
          <ChevronRightIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
        </IconButton>
        <Button size="small" onClick={() => onDate(today)} disabled={date === today}>
          {t('columns.today')}
        </Button>
        <Typography variant="h2" sx={{ fontSize: '1.2rem', flex: 1, textAlign: 'center' }}>
          {t(`days.${weekdayOf(date)}`)} <Ltr>{`${d}/${m}/${y}`}</Ltr>
        </Typography>
      </Box>
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
    </Box>
  );
}
