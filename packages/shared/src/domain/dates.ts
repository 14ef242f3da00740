// SPEC §1: dates display as DD/MM/YYYY. Pure formatting on the calendar date in a time zone.
export const DEFAULT_TIME_ZONE = 'Europe/Paris';

// One formatter per time zone, made once: building an Intl.DateTimeFormat costs ~40 µs, about
// forty times a formatToParts call. Made per call, it was the largest single cost of the patient
// CSV export (two dates a row: 13 % of the server's busy time, ~8 ms of event loop per 200-row
// batch) and held /api/health behind it (issue 31).
const formatters = new Map<string, Intl.DateTimeFormat>();

function parts(date: Date, timeZone: string) {
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, fmt);
  }
  const out: Record<string, string> = {};
  for (const p of fmt.formatToParts(date)) out[p.type] = p.value;
  return out;
}

export function formatDate(value: Date | string | number | null | undefined, timeZone = DEFAULT_TIME_ZONE): string {
  if (value == null || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  // A bare day (YYYY-MM-DD) is a calendar date, not an instant: never shift it by a time zone.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    return `${d}/${m}/${y}`;
  }
  const p = parts(date, timeZone);
  return `${p.day}/${p.month}/${p.year}`;
}

export function formatDateTime(value: Date | string | number | null | undefined, timeZone = DEFAULT_TIME_ZONE): string {
  if (value == null || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const p = parts(date, timeZone);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}
