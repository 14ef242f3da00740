import type { OneOrgScope } from '../../access/scope.ts';
import { sql } from 'drizzle-orm';
import { maskCount, type ResolvedPeriod, type StatPrograms } from '@wellbe/shared/schemas/statistics';
import { orgWhere } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';

// The dietetics figures of /statistics (issue 21), registered with registerProgramStatistics:
// programs assigned in the period and patients following one during it. Dietetics keeps no log of
// what a patient ate, so it gives no adherence rate (null: the screen says so).

export async function dieteticsStatistics(ctx: Pick<AppContext, 'db'>, scope: OneOrgScope, period: ResolvedPeriod): Promise<StatPrograms> {
  const result = (await ctx.db.execute(sql`
    select count(*) filter (where start_date between ${period.from}::date and ${period.to}::date)::int as assigned,
           count(distinct patient_id)::int as patients
      from diet_program_assignments
     where ${orgWhere(scope, sql`organization_id`)} and start_date <= ${period.to}::date and end_date >= ${period.from}::date`)) as unknown as {
    rows: { assigned: number; patients: number }[];
  };
  const r = result.rows[0];
  return { assigned: maskCount(r.assigned), patients: maskCount(r.patients), adherenceRate: null };
}
