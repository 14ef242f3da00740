import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgendaPeriod, AgendaPractitioner } from '@wellbe/shared/schemas/agenda';
import { readableOn } from './colours.ts';
import type { ViewName } from './period.ts';
import { periodRange } from './period-request.ts';

/** The class of a calendar's grid (FullCalendar's view, below the agenda's own toolbar). */
export const CALENDAR_GRID = 'wb-calendar-grid';

/**
 * The period's appointments and absences as FullCalendar events: in several practitioners' colours
 * when several share one calendar (`mixed`, their names in the titles), each in its type's colour
 * otherwise.
 */
export function useCalendarEvents(data: AgendaPeriod | undefined, mixed: boolean, list: AgendaPractitioner[], colourOf: (id: string) => string) {
  const { t } = useTranslation('agenda');
  return useMemo(() => {
    const appts = (data?.appointments ?? []).map((a) => {
      // FullCalendar 7 reads `color`, `contrastColor` and `className` (version 6's backgroundColor,
      // borderColor and classNames are ignored): the text on the block is chosen for that colour,
      // never below 4.5:1.
      const colour = mixed ? colourOf(a.practitionerId) : (a.colour ?? '#1565c0');
      return {
        practitionerId: a.practitionerId,
        id: a.id,
        title: [a.title ?? t('hold'), a.typeLabel, mixed ? list.find((p) => p.id === a.practitionerId)?.displayName : null].filter(Boolean).join(' · '),
        start: a.startsAt,
        end: a.endsAt,
        color: colour,
        contrastColor: readableOn(colour),
        editable: a.status !== 'honoré' && a.status !== 'absent',
        className: `rdv-${a.status === 'demandé' ? 'demande' : a.status === 'confirmé' ? 'confirme' : 'autre'}`,
        extendedProps: { appointment: a },
      };
    });
    const absences = (data?.exceptions ?? []).map((e) => ({ id: `ex-${e.id}`, practitionerId: e.practitionerId, title: e.label || t('absence'), start: e.startsAt, end: e.endsAt, display: 'background', color: '#9e9e9e' }));
    return [...appts, ...absences];
  }, [data, mixed, list, t]);
}

/**
 * FullCalendar lays its grid out unmeasured (no time-axis width, short rows) and measures it on the
 * next frames, again when its first events arrive: a 0.37 layout shift when seen. The grid stays
 * invisible (laid out, measured, not painted) until the period's first answer and two frames after.
 */
export function usePaintedWhenSettled(settledData: boolean) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted || !settledData) return;
    let frame = requestAnimationFrame(() => (frame = requestAnimationFrame(() => setPainted(true))));
    return () => cancelAnimationFrame(frame);
  }, [painted, settledData]);
  return painted;
}

type Range = { from: string; to: string } | null;

/** The period read for the address (period-request.ts `periodRange`), known before the calendar's chunk has run. */
export function useAddressRange(columns: boolean, view: ViewName, date: string, timeZone: string): NonNullable<Range> {
  return useMemo(() => periodRange(columns, view, date, timeZone), [columns, view, date, timeZone]);
}
