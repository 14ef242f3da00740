// Wall-clock times in a time zone ↔ instants, with Intl only (no time-zone database of our own).
// Used by the agenda: working hours are 'HH:MM' in the organisation's zone, appointments instants.

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

export interface LocalParts {
  /** YYYY-MM-DD */
  day: string;
  /** HH:MM */
  time: string;
  /** ISO weekday, 1 = Monday. */
  weekday: number;
  minutes: number;
}

/** The calendar day, time and weekday of an instant in a zone. */
export function localParts(instant: Date, timeZone: string): LocalParts {
  const p: Record<string, string> = {};
  for (const x of formatter(timeZone).formatToParts(instant)) p[x.type] = x.value;
  const time = `${p.hour}:${p.minute}`;
  return { day: `${p.year}-${p.month}-${p.day}`, time, weekday: WEEKDAYS[p.weekday!] ?? 1, minutes: Number(p.hour) * 60 + Number(p.minute) };
}

/** The zone's offset (ms, local − UTC) at an instant. */
function offsetAt(utcMs: number, timeZone: string): number {
  const p: Record<string, string> = {};
  for (const x of formatter(timeZone).formatToParts(new Date(utcMs))) p[x.type] = x.value;
  const asLocal = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return asLocal - Math.floor(utcMs / 1000) * 1000;
}

/**
 * The instant of a wall-clock time on a day in a zone. A time that does not exist (the hour
 * skipped in spring) moves forward by the gap (02:30 → 03:30 in Paris); an ambiguous time (the
 * hour repeated in autumn) is its first occurrence.
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y!, m! - 1, d!, hh!, mm!);
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  // Prefer the earlier valid reading (autumn), else the shifted one (spring gap).
  const earlier = wall - offsetAt(wall - 3 * 3600_000, timeZone);
  const candidates = [first, second, earlier].filter((c) => c + offsetAt(c, timeZone) === wall);
  if (candidates.length) return new Date(Math.min(...candidates));
  return new Date(earlier);
}

/** The next calendar day (YYYY-MM-DD). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + n)).toISOString().slice(0, 10);
}

/** ISO weekday of a calendar day. */
export function weekdayOf(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  const w = new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay();
  return w === 0 ? 7 : w;
}
