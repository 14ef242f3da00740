import { describe, expect, it } from 'vitest';
import { addDays, localParts, todayIn, weekdayOf } from './zoned.ts';
import { dayBounds, instantIn, zonedInstant } from './zoned-instant.ts';

describe('the one date rule (days and times in a zone ↔ instants)', () => {
  it('reads an ordinary wall-clock time in summer and in winter', () => {
    expect(zonedInstant('2026-07-14', '09:00', 'Europe/Paris').toISOString()).toBe('2026-07-14T07:00:00.000Z');
    expect(zonedInstant('2026-11-28', '09:00', 'Europe/Paris').toISOString()).toBe('2026-11-28T08:00:00.000Z');
    expect(zonedInstant('2026-11-28', '09:00', 'America/New_York').toISOString()).toBe('2026-11-28T14:00:00.000Z');
  });

  it('moves a time skipped in spring forward by the gap, and takes the first of a repeated autumn time', () => {
    expect(zonedInstant('2027-03-28', '02:30', 'Europe/Paris').toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(zonedInstant('2026-10-25', '02:30', 'Europe/Paris').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('reads an instant typed without an offset in the zone, to the millisecond, and one with an offset as itself', () => {
    expect(instantIn('2026-02-28T10:00', 'Europe/Paris').toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(instantIn('2026-07-01T10:00:30.5', 'Europe/Paris').toISOString()).toBe('2026-07-01T08:00:30.500Z');
    expect(instantIn('2026-07-01T10:00:30.123456', 'America/New_York').toISOString()).toBe('2026-07-01T14:00:30.123Z');
    expect(instantIn('2026-02-28T10:00Z', 'Europe/Paris').toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(instantIn('2026-02-28T10:00:00+0530', 'Europe/Paris').toISOString()).toBe('2026-02-28T04:30:00.000Z');
  });

  it('gives the day and time of an instant in the zone, not in UTC', () => {
    const lateEvening = new Date('2026-11-28T23:30:00Z');
    expect(localParts(lateEvening, 'Europe/Paris')).toEqual({ day: '2026-11-29', time: '00:30', weekday: 7, minutes: 30 });
    expect(todayIn('Europe/Paris', lateEvening)).toBe('2026-11-29');
    expect(todayIn('America/New_York', lateEvening.getTime())).toBe('2026-11-28');
  });

  it('bounds a day from midnight to midnight, 23 and 25 hours on the change days', () => {
    const hours = (day: string) => {
      const [from, to] = dayBounds(day, 'Europe/Paris');
      return (to.getTime() - from.getTime()) / 3600_000;
    };
    expect(dayBounds('2026-11-28', 'Europe/Paris').map((d) => d.toISOString())).toEqual(['2026-11-27T23:00:00.000Z', '2026-11-28T23:00:00.000Z']);
    expect(hours('2027-03-28')).toBe(23);
    expect(hours('2026-10-25')).toBe(25);
  });

  it('counts calendar days and weekdays without a zone', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(weekdayOf('2026-11-28')).toBe(6);
    expect(weekdayOf('2026-11-29')).toBe(7);
  });
});
