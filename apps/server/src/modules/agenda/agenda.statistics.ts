import { isShown, maskCount, type ResolvedPeriod, type StatAppointments } from '@wellbe/shared/schemas/statistics';

// The agenda's figures for /statistics (issue 21): appointments of the period by status, the
// no-show and cancellation rates and the booking delay. Only aggregates leave; a count under 5 is
// masked and a rate over fewer than 5 appointments is not given, like the other figures.

const STATUSES = ['demandé', 'confirmé', 'honoré', 'absent', 'annulé'] as const;
const MIN_BASE = 5;
const rate = (part: number, base: number) => (base >= MIN_BASE ? Math.round((part / base) * 1000) / 10 : null);

/**
 * From the period's counters (statistics_daily, kept by the appointments' triggers of migration
 * i21-stats-more on the organisation's days): appointments per status and their booking delay in
 * minutes, so that a year costs no scan of the appointments.
 */
export async function appointmentStatistics(_ctx: unknown, _scope: unknown, _period: ResolvedPeriod, _timeZone: string, counters: (dimension: string) => Map<string, number>): Promise<StatAppointments> {
  const count = counters('appointments');
  count.delete('provisoire');
  const minutes = [...counters('booking_minutes').entries()].filter(([status]) => status !== 'provisoire').reduce((sum, [, n]) => sum + n, 0);
  const total = [...count.values()].reduce((sum, n) => sum + n, 0);
  const of = (status: string) => count.get(status) ?? 0;
  // A rate is a count over a base: beside a hidden count it would give that count back (honoré 20,
  // absent "< 5", 13 % absent: 3), so it is given only when every count it rests on is shown.
  const shown = (...statuses: string[]) => statuses.every((status) => isShown(maskCount(of(status))));
  return {
    byStatus: STATUSES.map((status) => ({ status, count: maskCount(of(status)) })),
    noShowRate: shown('honoré', 'absent') ? rate(of('absent'), of('honoré') + of('absent')) : null,
    cancellationRate: shown(...count.keys(), ...STATUSES) ? rate(of('annulé'), total) : null,
    averageBookingDelayDays: total >= MIN_BASE ? Math.round((minutes / 1440 / total) * 10) / 10 : null,
  };
}
