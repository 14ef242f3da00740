import type { OneOrgScope } from '../../access/scope.ts';
import { sql } from 'drizzle-orm';
import { todayIn } from '@wellbe/shared/domain/zoned';
import { maskCount, STAT_MASK_BELOW, type ResolvedPeriod, type StatPrograms } from '@wellbe/shared/schemas/statistics';
import { orgWhere } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';

// The sport figures of /statistics (issue 21), registered with registerProgramStatistics: patients'
// programs (the assigned copies, not the library's templates) assigned in the period, patients with
// one running in it, and the adherence over the program weeks that began in the period and are
// already lived: sessions done (a partial one counts half, at most the planned number a week) over
// sessions planned — the rule of the patient file's adherence chart, as one SQL aggregate: a session
// recorded in the diary and not logged that day counts as done (sport-programs.adherence.ts).

export async function sportStatistics(ctx: Pick<AppContext, 'db' | 'clock'>, scope: OneOrgScope, period: ResolvedPeriod, timeZone: string): Promise<StatPrograms> {
  const today = todayIn(timeZone, ctx.clock.now());
  const lived = period.to < today ? period.to : today;
  const result = (await ctx.db.execute(sql`
    with p as (
      select id, patient_id, start_date, weeks, sessions_per_week
        from sport_programs
       where ${orgWhere(scope, sql`organization_id`)} and patient_id is not null and archived_at is null
         and start_date <= ${period.to}::date and start_date + weeks * 7 - 1 >= ${period.from}::date),
    w as (
      select p.id, p.sessions_per_week as planned, p.start_date + g * 7 as wfrom
        from p cross join lateral generate_series(0, p.weeks - 1) g
       where p.start_date + g * 7 between ${period.from}::date and ${lived}::date),
    r as (
      select l.program_id, l.day, case l.status when 'done' then 1 when 'partial' then 0.5 else 0 end as value
        from sport_session_logs l
       where ${orgWhere(scope, sql`l.organization_id`)} and l.program_id in (select id from p)
      union all
      select s.program_id, d.day, 1
        from (select distinct e.session_id, e.day from diary_entries e
               where ${orgWhere(scope, sql`e.organization_id`)} and e.kind = 'activity' and e.session_id is not null and e.archived_at is null
                 and not exists (select 1 from sport_session_logs l where ${orgWhere(scope, sql`l.organization_id`)} and l.session_id = e.session_id and l.day = e.day)) d
        join sport_sessions s on s.id = d.session_id and s.archived_at is null
       where s.program_id in (select id from p)),
    a as (
      select w.planned, least(w.planned::numeric, coalesce(sum(r.value), 0)) as achieved
        from w left join r on r.program_id = w.id and r.day between w.wfrom and w.wfrom + 6
       group by w.id, w.wfrom, w.planned)
    select (select count(*) from p where start_date between ${period.from}::date and ${period.to}::date)::int as assigned,
           (select count(distinct patient_id) from p)::int as patients,
           (select sum(planned) from a)::float8 as planned,
           (select sum(achieved) from a)::float8 as achieved`)) as unknown as { rows: { assigned: number; patients: number; planned: number | null; achieved: number | null }[] };
  const r = result.rows[0];
  return {
    assigned: maskCount(r.assigned),
    patients: maskCount(r.patients),
    adherenceRate: r.patients >= STAT_MASK_BELOW && r.planned ? Math.round(((r.achieved ?? 0) / r.planned) * 1000) / 10 : null,
  };
}
