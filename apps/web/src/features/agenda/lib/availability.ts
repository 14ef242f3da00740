import type { AvailabilityRule } from '@wellbe/shared/schemas/agenda';

// The recurring availability editor writes RRULE bodies (RFC 5545, read on the server by the
// `rrule` package) from three simple choices, and reads back the rules it wrote. A rule written
// otherwise (through the API) is shown as its RRULE text.

export const RRULE_DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type RuleFrequency = 'weekly' | 'biweekly' | 'monthly';
/** Monthly: the 1st..4th such weekday of the month, or the last one (-1). */
export type MonthRank = 1 | 2 | 3 | 4 | -1;

export interface RuleChoice {
  frequency: RuleFrequency;
  /** ISO weekday 1..7 (Monday first). */
  weekday: number;
  rank: MonthRank;
}

export function toRrule(c: RuleChoice): string {
  const day = RRULE_DAYS[c.weekday - 1]!;
  if (c.frequency === 'monthly') return `FREQ=MONTHLY;BYDAY=${c.rank}${day}`;
  return c.frequency === 'biweekly' ? `FREQ=WEEKLY;INTERVAL=2;BYDAY=${day}` : `FREQ=WEEKLY;BYDAY=${day}`;
}

/** The choices behind a rule this editor wrote, or null for any other RRULE. */
export function fromRrule(rrule: string): RuleChoice | null {
  const parts = Object.fromEntries(
    rrule
      .replace(/^RRULE:/i, '')
      .toUpperCase()
      .split(';')
      .map((p) => p.split('=') as [string, string]),
  );
  const keys = Object.keys(parts).sort().join(',');
  if (parts.FREQ === 'WEEKLY' && (keys === 'BYDAY,FREQ' || (keys === 'BYDAY,FREQ,INTERVAL' && parts.INTERVAL === '2'))) {
    const weekday = RRULE_DAYS.indexOf(parts.BYDAY as (typeof RRULE_DAYS)[number]) + 1;
    if (weekday < 1) return null;
    return { frequency: parts.INTERVAL === '2' ? 'biweekly' : 'weekly', weekday, rank: 1 };
  }
  const m = parts.FREQ === 'MONTHLY' && keys === 'BYDAY,FREQ' ? /^(-1|[1-4])(MO|TU|WE|TH|FR|SA|SU)$/.exec(parts.BYDAY ?? '') : null;
  if (!m) return null;
  return { frequency: 'monthly', weekday: RRULE_DAYS.indexOf(m[2] as (typeof RRULE_DAYS)[number]) + 1, rank: Number(m[1]) as MonthRank };
}

/** i18n keys and values describing a rule ('Toutes les deux semaines, le samedi, 09:00–12:00'). */
export function describeRule(rule: AvailabilityRule): { key: string; values: Record<string, string | number> } {
  const c = fromRrule(rule.rrule);
  const [y, m, d] = rule.since.split('-');
  const base = { start: rule.start, end: rule.end, since: `${d}/${m}/${y}` };
  if (!c) return { key: 'availability.describe.raw', values: { ...base, rrule: rule.rrule } };
  return { key: `availability.describe.${c.frequency}`, values: { ...base, weekday: c.weekday, rank: c.rank } };
}
