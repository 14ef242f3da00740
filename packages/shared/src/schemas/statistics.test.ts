import { describe, expect, it } from 'vitest';
import { changePercent, maskCount, resolvePeriod, STAT_MESSAGES } from './statistics.ts';

describe('statistics periods', () => {
  it('resolves the calendar period holding today and the one before', () => {
    // Thursday 26/11/2026.
    expect(resolvePeriod({ period: 'week' }, '2026-11-26')).toEqual({
      ok: true,
      value: { period: 'week', from: '2026-11-23', to: '2026-11-29', bucket: 'day', previous: { from: '2026-11-16', to: '2026-11-22' } },
    });
    expect(resolvePeriod({ period: 'month' }, '2026-03-15')).toMatchObject({ value: { from: '2026-03-01', to: '2026-03-31', previous: { from: '2026-02-01', to: '2026-02-28' } } });
    expect(resolvePeriod({ period: 'quarter' }, '2026-11-26')).toMatchObject({ value: { from: '2026-10-01', to: '2026-12-31', bucket: 'week', previous: { from: '2026-07-01', to: '2026-09-30' } } });
    expect(resolvePeriod({ period: 'year' }, '2026-11-26')).toMatchObject({ value: { from: '2026-01-01', to: '2026-12-31', bucket: 'month', previous: { from: '2025-01-01', to: '2025-12-31' } } });
  });

  it('compares a custom range with as many days just before it, and refuses bad ranges', () => {
    expect(resolvePeriod({ period: 'custom', from: '2026-03-10', to: '2026-03-19' }, '2026-11-26')).toMatchObject({ value: { previous: { from: '2026-02-28', to: '2026-03-09' } } });
    expect(resolvePeriod({ period: 'custom', from: '2026-03-10', to: '2026-03-09' }, '2026-11-26')).toEqual({ ok: false, message: STAT_MESSAGES.endBeforeStart });
    expect(resolvePeriod({ period: 'custom', from: '2021-03-10', to: '2026-03-10' }, '2026-11-26')).toEqual({ ok: false, message: STAT_MESSAGES.tooLong });
  });

  it('hides counts of 1 to 4 and their changes', () => {
    expect([0, 1, 4, 5].map(maskCount)).toEqual([0, '< 5', '< 5', 5]);
    expect(changePercent(8, 5)).toBe(60);
    expect(changePercent(8, 3)).toBeNull();
    expect(changePercent(8, 0)).toBeNull();
  });
});
