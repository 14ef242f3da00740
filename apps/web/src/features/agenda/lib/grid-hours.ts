import { addDays, localParts } from '@wellbe/shared/domain/zoned';

/** The hours the day and week grids show when nothing is booked outside them. */
const DAY_START = 7 * 60;
const DAY_END = 21 * 60;

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

/**
 * The time grid's first and last hour for a period: 07:00-21:00, widened to the whole hours of any
 * appointment that starts earlier or ends later in the practice's zone (an evening video visit, an
 * early home visit) — a grid cut at fixed hours hid them. One that crosses midnight opens the whole
 * day.
 */
export function gridHours(appointments: readonly { startsAt: string; endsAt: string }[], timeZone: string) {
  let first = DAY_START;
  let last = DAY_END;
  for (const a of appointments) {
    const start = localParts(new Date(a.startsAt), timeZone);
    const end = localParts(new Date(a.endsAt), timeZone);
    const endMinutes = end.day === start.day ? end.minutes : end.minutes === 0 && end.day === addDays(start.day, 1) ? 24 * 60 : null;
    if (endMinutes === null) return { slotMinTime: hhmm(0), slotMaxTime: hhmm(24 * 60) };
    first = Math.min(first, Math.floor(start.minutes / 60) * 60);
    last = Math.max(last, Math.ceil(endMinutes / 60) * 60);
  }
  return { slotMinTime: hhmm(first), slotMaxTime: hhmm(last) };
}

