import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime } from './dates.ts';

afterEach(() => vi.restoreAllMocks());

/** The day and time of an instant in a zone, read with a formatter of its own (the reference). */
function reference(instant: Date, timeZone: string) {
  const f = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const p = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, x.value]));
  return { date: `${p.day}/${p.month}/${p.year}`, dateTime: `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` };
}

describe('formatDate / formatDateTime', () => {
  it('give the calendar day and time in the zone, around midnight and the clock changes, zone after zone', () => {
    // 27 Oct 2024 (Paris leaves summer time) and 31 Mar 2024 (enters it), late in the evening UTC:
    // the day differs between Paris, Cayenne and Nouméa.
    const instants = ['2024-10-26T23:30:00Z', '2024-10-27T00:59:59Z', '2024-10-27T01:00:00Z', '2024-03-30T23:30:00Z', '2024-03-31T01:00:00Z', '2024-12-31T23:00:00Z'].map((s) => new Date(s));
    for (const zone of ['Europe/Paris', 'America/Cayenne', 'Pacific/Noumea', 'Europe/Paris']) {
      for (const instant of instants) {
        const expected = reference(instant, zone);
        expect(formatDate(instant, zone)).toBe(expected.date);
        expect(formatDateTime(instant, zone)).toBe(expected.dateTime);
      }
    }
    expect(formatDate(new Date('2024-12-31T23:00:00Z'))).toBe('01/01/2025');
    expect(formatDate(new Date('2024-12-31T23:00:00Z'), 'America/Cayenne')).toBe('31/12/2024');
    // A bare day is a calendar date: never shifted.
    expect(formatDate('1980-02-29')).toBe('29/02/1980');
    expect(formatDate(null)).toBe('');
  });

  it('build their formatter once per time zone, not once per date (the CSV export formats two dates a row)', () => {
    const Original = Intl.DateTimeFormat;
    let made = 0;
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      made++;
      return new Original(...args);
    } as unknown as typeof Intl.DateTimeFormat);
    const zones = ['Europe/Paris', 'Indian/Reunion'];
    for (let i = 0; i < 500; i++) {
      const instant = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000);
      for (const zone of zones) formatDate(instant, zone);
    }
    expect(formatDate(new Date('2020-01-01T12:00:00Z'), 'Indian/Reunion')).toBe('01/01/2020');
    expect(made).toBeLessThanOrEqual(zones.length);
  });
});
