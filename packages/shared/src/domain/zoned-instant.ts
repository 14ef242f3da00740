// A day and wall-clock time in a zone → its instant, on Temporal's functional API (no offset
// search of our own). Apart from zoned.ts only so that screens which never convert that way (the
// first screen) do not load Temporal: the two files are one rule (see zoned.ts).
import * as PlainDateTime from 'temporal-polyfill/fns/PlainDateTime';
import { addDays } from './zoned.ts';

/**
 * The instant of a wall-clock time on a day in a zone (Temporal's 'compatible' reading, as
 * calendars do): a time that does not exist (the hour skipped in spring) moves forward by the gap
 * (02:30 → 03:30 in Paris); an ambiguous time (the hour repeated in autumn) is its first occurrence.
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const [year, month, d] = day.split('-').map(Number);
  // HH:MM, or HH:MM:SS[.fff…] as an instant types it (its fraction read to the millisecond).
  const [hour, minute, seconds = '0'] = time.split(':');
  const [second, fraction = ''] = seconds.split('.');
  const wall = PlainDateTime.fromFields({ year: year!, month: month!, day: d!, hour: Number(hour), minute: Number(minute), second: Number(second), millisecond: Number(fraction.slice(0, 3).padEnd(3, '0')) });
  return new Date(PlainDateTime.toZonedDateTime(wall, timeZone, { disambiguation: 'compatible' }).epochMilliseconds);
}

const OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/;

/** Whether an instant 'YYYY-MM-DDTHH:MM…' says its offset ('Z', '+01:00'). */
export const hasOffset = (instant: string) => OFFSET.test(instant);

/**
 * An instant as typed (isIsoInstant): with an offset, itself; without one, the wall-clock time it
 * says in `timeZone` (the practice's), never in the server process's zone, which `new Date()`
 * would use.
 */
export function instantIn(instant: string, timeZone: string): Date {
  return hasOffset(instant) ? new Date(instant) : zonedInstant(instant.slice(0, 10), instant.slice(11), timeZone);
}

/** Midnight to midnight of a calendar day in a zone, as instants (23 or 25 hours on change days). */
export function dayBounds(day: string, timeZone: string): [Date, Date] {
  return [zonedInstant(day, '00:00', timeZone), zonedInstant(addDays(day, 1), '00:00', timeZone)];
}
