import { describe, expect, it } from 'vitest';
import { describeRule, fromRrule, toRrule } from './availability.ts';

describe('recurring availability (RRULE) of the agenda settings', () => {
  it('writes the RRULE of each choice and reads it back', () => {
    expect(toRrule({ frequency: 'weekly', weekday: 6, rank: 1 })).toBe('FREQ=WEEKLY;BYDAY=SA');
    expect(toRrule({ frequency: 'biweekly', weekday: 3, rank: 1 })).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=WE');
    expect(toRrule({ frequency: 'monthly', weekday: 6, rank: 1 })).toBe('FREQ=MONTHLY;BYDAY=1SA');
    expect(toRrule({ frequency: 'monthly', weekday: 5, rank: -1 })).toBe('FREQ=MONTHLY;BYDAY=-1FR');
    for (const rule of ['FREQ=WEEKLY;BYDAY=SA', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE', 'FREQ=MONTHLY;BYDAY=1SA', 'FREQ=MONTHLY;BYDAY=-1FR']) expect(toRrule(fromRrule(rule)!)).toBe(rule);
  });

  it('shows any other rule as its text, dates as DD/MM/YYYY', () => {
    expect(fromRrule('FREQ=DAILY;COUNT=3')).toBeNull();
    expect(fromRrule('FREQ=WEEKLY;INTERVAL=3;BYDAY=MO')).toBeNull();
    expect(describeRule({ rrule: 'FREQ=DAILY;COUNT=3', since: '2026-12-07', start: '09:00', end: '10:00' })).toEqual({
      key: 'availability.describe.raw',
      values: { rrule: 'FREQ=DAILY;COUNT=3', since: '07/12/2026', start: '09:00', end: '10:00' },
    });
    expect(describeRule({ rrule: 'FREQ=MONTHLY;BYDAY=-1FR', since: '2026-12-01', start: '14:00', end: '18:00' }).values).toMatchObject({ weekday: 5, rank: -1 });
  });
});
