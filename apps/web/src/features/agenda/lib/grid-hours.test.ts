import { describe, expect, it } from 'vitest';
import { gridHours } from './grid-hours.ts';

const PARIS = 'Europe/Paris';

describe('the agenda grid’s hours', () => {
  it('shows 07:00-21:00 for a period booked within them (or empty)', () => {
    expect(gridHours([], PARIS)).toEqual({ slotMinTime: '07:00:00', slotMaxTime: '21:00:00' });
    expect(gridHours([{ startsAt: '2026-11-30T08:00:00Z', endsAt: '2026-11-30T08:30:00Z' }], PARIS)).toEqual({ slotMinTime: '07:00:00', slotMaxTime: '21:00:00' });
  });

  it('widens to the whole hours of an evening or early appointment, in the practice’s zone', () => {
    // 21:40-22:05 and 06:15-06:45 in Paris (UTC+1 in winter).
    expect(gridHours([{ startsAt: '2026-11-30T20:40:00Z', endsAt: '2026-11-30T21:05:00Z' }], PARIS)).toEqual({ slotMinTime: '07:00:00', slotMaxTime: '23:00:00' });
    expect(gridHours([{ startsAt: '2026-11-30T05:15:00Z', endsAt: '2026-11-30T05:45:00Z' }], PARIS)).toEqual({ slotMinTime: '06:00:00', slotMaxTime: '21:00:00' });
    // The same instants in Nouméa (UTC+11) fall within the day.
    expect(gridHours([{ startsAt: '2026-11-30T20:40:00Z', endsAt: '2026-11-30T21:05:00Z' }], 'Pacific/Noumea')).toEqual({ slotMinTime: '07:00:00', slotMaxTime: '21:00:00' });
  });

  it('ends at 24:00 for one ending at midnight, opens the whole day for one crossing it', () => {
    expect(gridHours([{ startsAt: '2026-11-30T22:20:00Z', endsAt: '2026-11-30T23:00:00Z' }], PARIS)).toEqual({ slotMinTime: '07:00:00', slotMaxTime: '24:00:00' });
    expect(gridHours([{ startsAt: '2026-11-30T22:50:00Z', endsAt: '2026-11-30T23:10:00Z' }], PARIS)).toEqual({ slotMinTime: '00:00:00', slotMaxTime: '24:00:00' });
  });
});
