// The one date rule of server and web (issue 30): calendar days and wall-clock times live in the
// organisation's time zone, instants are UTC. An instant → its day and time in a zone: here, with
// Intl (the platform's zone data, nothing to ship), "today" being `todayIn(zone, now)` with "now"
// from the clock; a day and time in a zone → its instant: `zoned-instant.ts`, on Temporal.

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

/** Today's calendar day (YYYY-MM-DD) in a zone: the one way to say "today" (server and web). */
export function todayIn(timeZone: string, now: Date | number): string {
  return localParts(new Date(now), timeZone).day;
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
