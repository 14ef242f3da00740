import rrulePkg from 'rrule';
import type * as RRuleModule from 'rrule';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseRecurrence, recursOn } from '@wellbe/shared/domain/recurrence';
import { addDays } from '@wellbe/shared/domain/zoned';
import { AGENDA_MESSAGES } from '@wellbe/shared/schemas/agenda';
import { systemScope } from '../../access/index.ts';
import { json } from '../../../test/helpers.ts';
import { workingIntervals } from './agenda.hours.ts';
import { freeSlotsFor } from './agenda.settings.ts';
import { agendaKit, TZ, type AgendaKit } from './agenda.test-kit.ts';

// The recurring availability (RRULE) is about days: a rule on seconds, minutes or hours is refused
// with the French message and nothing is saved, and a rule's days are computed for the days asked
// only, whatever its first day (FREQ=SECONDLY since 2000 used to step ~8·10^8 times per read).

const { rrulestr } = rrulePkg as unknown as typeof RRuleModule;

const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
/** What the availability editor writes (apps/web/src/features/agenda/lib/availability.ts). */
const EDITOR_RULES = DAYS.flatMap((d) => [`FREQ=WEEKLY;BYDAY=${d}`, `FREQ=WEEKLY;INTERVAL=2;BYDAY=${d}`, ...['1', '2', '3', '4', '-1'].map((r) => `FREQ=MONTHLY;BYDAY=${r}${d}`)]);

describe('which rules the agenda accepts', () => {
  it('accepts every rule the editor writes, and the other day rules', () => {
    for (const r of [...EDITOR_RULES, 'FREQ=DAILY', 'RRULE:FREQ=DAILY;INTERVAL=3', 'FREQ=MONTHLY;BYMONTHDAY=15', 'FREQ=YEARLY;BYMONTH=12;BYDAY=-1FR', 'FREQ=WEEKLY;BYDAY=MO,TH;UNTIL=20270301T000000Z;WKST=MO', 'freq=weekly;byday=sa']) {
      expect(parseRecurrence(r), r).not.toBeNull();
    }
  });

  it('refuses sub-day frequencies, hours, counts, bad values', () => {
    for (const r of ['FREQ=SECONDLY', 'FREQ=MINUTELY', 'FREQ=HOURLY', 'FREQ=DAILY;BYHOUR=9', 'FREQ=DAILY;BYMINUTE=0', 'FREQ=DAILY;BYSECOND=0', 'FREQ=DAILY;COUNT=3', 'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1', 'FREQ=NEVER', 'FREQ=DAILY;INTERVAL=0', 'FREQ=DAILY;INTERVAL=1000', 'FREQ=WEEKLY;BYDAY=1MO', 'FREQ=WEEKLY;WKST=SU', 'FREQ=DAILY;UNTIL=20260231', 'FREQ=DAILY;FREQ=WEEKLY', 'BYDAY=MO']) {
      expect(parseRecurrence(r), r).toBeNull();
    }
  });

  it('gives the days the rrule package gives, over three years from the first day', () => {
    const since = '2026-01-14';
    const from = '2026-01-01';
    const to = '2028-12-31';
    const rules = [...EDITOR_RULES, 'FREQ=DAILY;INTERVAL=3', 'FREQ=WEEKLY;INTERVAL=3', 'FREQ=MONTHLY', 'FREQ=MONTHLY;BYMONTHDAY=-1,31', 'FREQ=MONTHLY;BYDAY=MO;BYMONTHDAY=1,2,3,4,5,6,7', 'FREQ=YEARLY', 'FREQ=YEARLY;BYMONTH=12;BYDAY=-1FR', 'FREQ=YEARLY;BYMONTH=3', 'FREQ=WEEKLY;BYDAY=MO,TH;UNTIL=20270301', 'FREQ=MONTHLY;INTERVAL=2;BYDAY=2TU;BYMONTH=1,4,5'];
    for (const r of rules) {
      const set = rrulestr(`DTSTART:${since.replaceAll('-', '')}T000000Z\nRRULE:${r}`);
      const expected = set.between(new Date(`${from}T00:00:00Z`), new Date(`${to}T23:59:59Z`), true).map((d) => d.toISOString().slice(0, 10));
      const recurrence = parseRecurrence(r)!;
      const days: string[] = [];
      for (let day = from; day <= to; day = addDays(day, 1)) if (recursOn(recurrence, since, day)) days.push(day);
      expect(days, r).toEqual(expected);
    }
  });
});

describe('a rule started long ago', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A week of 2026 with one rule, counting the calendar computations (Date.UTC) it takes. */
  const week = (rrule: string) => {
    const utc = vi.spyOn(Date, 'UTC');
    const intervals = workingIntervals({ weeklyHours: {}, availability: [{ rrule, since: '2000-01-01', start: '09:00', end: '10:00' }], exceptions: [], fromDay: '2026-03-02', toDay: '2026-03-08', timeZone: TZ });
    return { intervals: intervals.map((i) => i.start.toISOString()), work: utc.mock.calls.length };
  };

  it('a daily rule since 2000 gives every day of a week of 2026, computing that week only', () => {
    const { intervals, work } = week('FREQ=DAILY');
    expect(intervals).toEqual(['02', '03', '04', '05', '06', '07', '08'].map((d) => `2026-03-${d}T08:00:00.000Z`));
    // Seven days, a few calendar computations each; stepping from 2000 takes one per day since then (~9 500).
    expect(work).toBeLessThan(200);
  });

  it('a second-by-second rule stored before the check gives no time, at once', () => {
    const { intervals, work } = week('FREQ=SECONDLY');
    expect(intervals).toEqual([]);
    expect(work).toBeLessThan(200);
  });
});

describe('PUT /api/agenda/settings with a recurring availability', () => {
  let k: AgendaKit;
  beforeAll(async () => {
    k = await agendaKit(['pr']);
  });
  afterAll(async () => {
    await k.t.close();
  });
  const put = (availability: unknown[]) => k.t.app.inject({ method: 'PUT', url: `/api/agenda/settings/${k.s.pr!.id}`, headers: k.s.pr!.auth, payload: { weeklyHours: {}, availability } });

  it('refuses FREQ=SECONDLY with the French message and saves nothing', async () => {
    const before = json(await k.get('pr', `/api/agenda/settings/${k.s.pr!.id}`)).data;
    const res = await put([{ rrule: 'FREQ=SECONDLY', since: '2000-01-01', start: '09:00', end: '10:00' }]);
    expect(res.statusCode, res.body).toBe(400);
    expect(json(res).error.message).toBe(AGENDA_MESSAGES.badRrule);
    expect(json(await k.get('pr', `/api/agenda/settings/${k.s.pr!.id}`)).data).toEqual(before);
  });

  it('keeps a daily rule since 2000: a week of 2026 has its 09:00–10:00 slots every day', async () => {
    const res = await put([{ rrule: 'FREQ=DAILY', since: '2000-01-01', start: '09:00', end: '10:00' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.availability).toEqual([{ rrule: 'FREQ=DAILY', since: '2000-01-01', start: '09:00', end: '10:00' }]);
    const slots = await freeSlotsFor(k.t.ctx, systemScope(k.s.pr!.idOrganization!), k.s.pr!.id, 30, '2026-03-02', 7, new Date(0));
    const starts = slots.map((s) => s.startsAt);
    for (const d of ['02', '03', '04', '05', '06', '07', '08']) expect(starts).toEqual(expect.arrayContaining([`2026-03-${d}T08:00:00.000Z`]));
    expect(starts.every((s) => /T08:(00|30):00/.test(s))).toBe(true);
  });
});
