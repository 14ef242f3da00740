import { isIsoDay } from '../schemas/fields.ts';

// The recurring availability of an agenda (RFC 5545 RRULE bodies, DTSTART being the rule's first
// day): a rule says on which days extra working time applies, so only the day frequencies and
// day filters are accepted. Whether a day belongs to a rule is answered from the day itself
// (arithmetic on the period number, no stepping from the first day): the cost of a week's slots
// is the week's days times the rule's parts, whatever the rule's first day. Stepping from DTSTART
// (the `rrule` package) let FREQ=SECONDLY since 2000 run ~8·10^8 iterations per read, and a rule
// whose filters never meet (BYMONTH=2;BYMONTHDAY=30) step on to the year 9999.
// The semantics are those of RFC 5545 and the `rrule` package for this subset (the defaults taken
// from the first day, BYxxx parts intersected, an ordinal BYDAY counted within the month).

const FREQS = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
type Freq = (typeof FREQS)[number];
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

/** The editor's 'every other week' is INTERVAL=2; a rule repeating less often than every 52 periods says nothing useful. */
export const MAX_RULE_INTERVAL = 52;

export interface Recurrence {
  freq: Freq;
  interval: number;
  /** ISO weekday 1..7, with the rank in the month (±1..±5) when given. */
  byDay: { weekday: number; rank: number | null }[];
  byMonthDay: number[];
  byMonth: number[];
  /** Last day (YYYY-MM-DD) the rule applies, inclusive. */
  until: string | null;
}

const INT = /^[+-]?\d{1,2}$/;

function intList(value: string, ok: (n: number) => boolean): number[] | null {
  const out: number[] = [];
  for (const part of value.split(',')) {
    const n = Number(part);
    if (!INT.test(part) || !ok(n)) return null;
    out.push(n);
  }
  return out;
}

function byDayList(value: string, freq: Freq, hasByMonth: boolean): Recurrence['byDay'] | null {
  const out: Recurrence['byDay'] = [];
  for (const part of value.split(',')) {
    const m = /^([+-]?\d)?(MO|TU|WE|TH|FR|SA|SU)$/.exec(part);
    if (!m) return null;
    const rank = m[1] === undefined ? null : Number(m[1]);
    // A rank counts within a month: a monthly rule, or a yearly one naming its months.
    if (rank !== null && (rank === 0 || Math.abs(rank) > 5 || !(freq === 'MONTHLY' || (freq === 'YEARLY' && hasByMonth)))) return null;
    out.push({ weekday: WEEKDAYS.indexOf(m[2] as (typeof WEEKDAYS)[number]) + 1, rank });
  }
  return out;
}

/** UNTIL as a day: 20261231 or 20261231T235959Z (the time is ignored: the rule's days start at 00:00). */
function untilDay(value: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/.exec(value);
  const day = m ? `${m[1]}-${m[2]}-${m[3]}` : '';
  return isIsoDay(day) ? day : null;
}

/**
 * The rule of an RRULE body ('FREQ=MONTHLY;BYDAY=1SA', with or without 'RRULE:'), or null when it
 * is not one the agenda accepts: another frequency (SECONDLY…HOURLY: an availability is about
 * days), BYHOUR/BYMINUTE/BYSECOND, COUNT (counting needs every occurrence from the first day),
 * BYSETPOS, BYYEARDAY, BYWEEKNO, a WKST other than Monday, a part given twice, a bad value.
 */
export function parseRecurrence(body: string): Recurrence | null {
  const parts = new Map<string, string>();
  for (const p of body.trim().replace(/^RRULE:/i, '').toUpperCase().split(';')) {
    if (p === '') continue;
    const [key, value, ...rest] = p.split('=');
    if (!key || !value || rest.length || parts.has(key)) return null;
    parts.set(key, value);
  }
  const freq = parts.get('FREQ') as Freq | undefined;
  if (!freq || !FREQS.includes(freq)) return null;
  for (const key of parts.keys()) if (!['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'UNTIL', 'WKST'].includes(key)) return null;
  if (parts.has('WKST') && parts.get('WKST') !== 'MO') return null;
  const interval = parts.has('INTERVAL') ? intList(parts.get('INTERVAL')!, (n) => n >= 1 && n <= MAX_RULE_INTERVAL) : [1];
  const byMonth = parts.has('BYMONTH') ? intList(parts.get('BYMONTH')!, (n) => n >= 1 && n <= 12) : [];
  const byMonthDay = parts.has('BYMONTHDAY') ? intList(parts.get('BYMONTHDAY')!, (n) => n !== 0 && Math.abs(n) <= 31) : [];
  const byDay = parts.has('BYDAY') ? byDayList(parts.get('BYDAY')!, freq, byMonth !== null && byMonth.length > 0) : [];
  const until = parts.has('UNTIL') ? untilDay(parts.get('UNTIL')!) : null;
  if (!interval || interval.length !== 1 || !byMonth || !byMonthDay || !byDay || (parts.has('UNTIL') && !until)) return null;
  return { freq, interval: interval[0]!, byDay, byMonthDay, byMonth, until };
}

interface DayParts {
  /** Days since 1970-01-01. */
  n: number;
  year: number;
  month: number;
  day: number;
  weekday: number;
  monthLength: number;
}

function dayParts(iso: string): DayParts {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const n = Date.UTC(year, month - 1, day) / 86_400_000;
  const weekday = ((((n + 3) % 7) + 7) % 7) + 1; // 1970-01-01 was a Thursday
  return { n, year, month, day, weekday, monthLength: new Date(Date.UTC(year, month, 0)).getUTCDate() };
}

/**
 * Whether a rule starting on `since` applies on `day` (both YYYY-MM-DD). Constant work per day:
 * the period of `day` is computed, not reached by steps.
 */
export function recursOn(rule: Recurrence, since: string, day: string): boolean {
  if (day < since || (rule.until !== null && day > rule.until)) return false;
  const s = dayParts(since);
  const d = dayParts(day);
  const periods = {
    DAILY: d.n - s.n,
    WEEKLY: (d.n - d.weekday - (s.n - s.weekday)) / 7,
    MONTHLY: d.year * 12 + d.month - (s.year * 12 + s.month),
    YEARLY: d.year - s.year,
  }[rule.freq];
  if (periods % rule.interval !== 0) return false;
  // Without a day filter the first day gives it (RFC 5545; as `rrule` reads it).
  let { byDay, byMonthDay, byMonth } = rule;
  if (!byDay.length && !byMonthDay.length) {
    if (rule.freq === 'WEEKLY') byDay = [{ weekday: s.weekday, rank: null }];
    if (rule.freq === 'MONTHLY') byMonthDay = [s.day];
    if (rule.freq === 'YEARLY') {
      byMonthDay = [s.day];
      if (!byMonth.length) byMonth = [s.month];
    }
  }
  if (byMonth.length && !byMonth.includes(d.month)) return false;
  if (byMonthDay.length && !byMonthDay.some((m) => m === d.day || m === d.day - d.monthLength - 1)) return false;
  const rankFromStart = Math.ceil(d.day / 7);
  const rankFromEnd = -Math.ceil((d.monthLength - d.day + 1) / 7);
  return !byDay.length || byDay.some((b) => b.weekday === d.weekday && (b.rank === null || b.rank === rankFromStart || b.rank === rankFromEnd));
}
