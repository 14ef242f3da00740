import { sql } from 'drizzle-orm';
import { maskCount, type ResolvedPeriod, type StatAppointments } from '@wellbe/shared/schemas/statistics';
import type { AppContext } from '../../context.ts';

// The agenda's figures for /statistics (issue 21): appointments of the period by status, the
// no-show and cancellation rates and the booking delay. Only aggregates leave; a count under 5 is
// masked and a rate over fewer than 5 appointments is not given, like the other figures.

const STATUSES = ['demandé', 'confirmé', 'honoré', 'absent', 'annulé'] as const;
const MIN_BASE = 5;
const rate = (part: number, base: number) => (base >= MIN_BASE ? Math.round((part / base) * 1000) / 10 : null);

export async function appointmentStatistics(ctx: Pick<AppContext, 'db'>, organizationId: string, period: ResolvedPeriod, timeZone: string): Promise<StatAppointments> {
  // Days of the period are the organisation's calendar days, as the other figures'; holds (provisoire) are not appointments.
  const result = (await ctx.db.execute(sql`
    select status, count(*)::int as n, coalesce(sum(extract(epoch from (starts_at - created_at)) / 86400), 0)::float8 as delay
      from appointments
     where organization_id = ${organizationId}
       and status <> 'provisoire'
       and starts_at >= (${period.from}::date)::timestamp at time zone ${timeZone}
       and starts_at < ((${period.to}::date + 1)::timestamp at time zone ${timeZone})
     group by status`)) as unknown as { rows: { status: string; n: number; delay: number }[] };
  const count = new Map(result.rows.map((r) => [r.status, r.n]));
  const total = result.rows.reduce((sum, r) => sum + r.n, 0);
  const delay = result.rows.reduce((sum, r) => sum + r.delay, 0);
  const of = (status: string) => count.get(status) ?? 0;
  return {
    byStatus: STATUSES.map((status) => ({ status, count: maskCount(of(status)) })),
    noShowRate: rate(of('absent'), of('honoré') + of('absent')),
    cancellationRate: rate(of('annulé'), total),
    averageBookingDelayDays: total >= MIN_BASE ? Math.round((delay / total) * 10) / 10 : null,
  };
}

