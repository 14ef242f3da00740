import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orgWhere, patientFilter, type PatientScope, type OneOrgScope } from '../../access/index.ts';
import { orgScopeParams, orgScopeShape, preparedOrgScope, preparedScope, preparedScopeShape, scopeParams } from '../../access/filters.ts';
import { preparedSql } from '../../lib/prepared.ts';
import { patients } from '../../access/views.ts';
import { DASHBOARD_FOLLOW_UP, type DashboardAdministration, type DashboardFollowUp, type DashboardPatient, type DashboardPractitioner, type DashboardWellbe } from '@wellbe/shared/schemas/dashboard';

// SQL of GET /api/dashboard: counts over indexed columns, one round trip per section. An aggregate
// over other areas' tables, so raw SQL, but every organisation condition is the caller's scope
// through orgWhere (patientFilter for the patient's own section); "today" is the calendar day in the
// organisation's time zone ('Paramètres', Europe/Paris by default).

/** One organisation, named: the dashboard's sections are of the caller's own organisation. */

/**
 * A section's statement, prepared once under `name` (issue 31, lib/prepared): `build` writes it
 * with the scope, the user and the other values as placeholders, bound per call from `values`; a
 * statement shared by every organisation holds nothing of a caller.
 */
async function query<T>(db: Database, name: string, values: Record<string, unknown>, build: () => SQL): Promise<T[]> {
  return (await preparedSql<T>(db, name, build).execute(values)).rows;
}

/** The organisation's calendar day and time zone ('Paramètres', Europe/Paris by default). */
const todayOf = (scope: OneOrgScope) =>
  sql`(select (now() at time zone tz)::date as day, tz from (select coalesce((select settings->>'timeZone' from organisations where ${orgWhere(scope, sql`id`)}), 'Europe/Paris') as tz) z)`;

const userName = (u: string) => sql.raw(`trim(coalesce(nullif(trim(coalesce(${u}.first_name, '') || ' ' || coalesce(${u}.last_name, '')), ''), ${u}.display_name, ${u}.username))`);

export async function administration(db: Database, own: OneOrgScope, days: number | null): Promise<Omit<DashboardAdministration, 'refusals'> & { refusalCount: number; refusals: { at: Date; action: string; username: string | null }[] }> {
  const [row] = await query<{
    active: number;
    inactive: number;
    pending: number;
    requests: number;
    load: { idUser: string; name: string; appointments: number }[] | null;
    refusal_count: number;
    refusals: { at: string; action: string; username: string | null }[] | null;
  }>(db, `dashboard_administration_${orgScopeShape(own)}_${days == null ? 'plain' : 'refusals'}`, { ...orgScopeParams(own), refusal_days: days }, () => {
    const scope = preparedOrgScope(own);
    const refusalDays = days == null ? null : sql.placeholder('refusal_days');
    return sql`
    with t as ${todayOf(scope)}
    select (select count(*) from users where ${orgWhere(scope, sql`organization_id`)} and active and password_hash is not null)::int as active,
           (select count(*) from users where ${orgWhere(scope, sql`organization_id`)} and not active)::int as inactive,
           (select count(*) from users where ${orgWhere(scope, sql`organization_id`)} and active and password_hash is null)::int as pending,
           (select count(*) from appointments where ${orgWhere(scope, sql`organization_id`)} and status = 'demandé' and starts_at >= now())::int as requests,
           (select json_agg(json_build_object('idUser', l.id, 'name', l.name, 'appointments', l.n) order by l.n desc, l.name)
              from (select u.id, trim(coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.display_name, u.username)) as name, count(*)::int as n
                      from appointments a join users u on u.id = a.practitioner_id and ${orgWhere(scope, sql`u.organization_id`)}, t
                     where ${orgWhere(scope, sql`a.organization_id`)}
                       and a.status not in ('provisoire', 'annulé')
                       and a.starts_at >= (t.day::timestamp at time zone t.tz) and a.starts_at < ((t.day + 1)::timestamp at time zone t.tz)
                     group by u.id, name) l) as load,
           ${refusalDays == null ? sql`0` : sql`(select count(*) from audit_events where ${orgWhere(scope, sql`organization_id`)} and outcome = 'denied' and at >= now() - make_interval(days => ${refusalDays}))`}::int as refusal_count,
           ${
             refusalDays == null
               ? sql`null::json`
               : sql`(select json_agg(json_build_object('at', r.at, 'action', r.action, 'username', r.username) order by r.at desc)
              from (select e.at, e.action, u.username from audit_events e left join users u on u.id = e.user_id
                     where ${orgWhere(scope, sql`e.organization_id`)} and e.outcome = 'denied' and e.at >= now() - make_interval(days => ${refusalDays})
                     order by e.at desc limit 5) r)`
           } as refusals`;
  });
  return {
    users: { active: row.active, inactive: row.inactive, pendingInvitations: row.pending },
    todayLoad: row.load ?? [],
    requests: row.requests,
    refusalCount: row.refusal_count,
    refusals: (row.refusals ?? []).map((r) => ({ at: new Date(r.at), action: r.action, username: r.username })),
  };
}

export async function wellbe(db: Database): Promise<Omit<DashboardWellbe, 'failedJobs'>> {
  const [row] = await query<{ active: number; total: number; users: number; support: number }>(db, 'dashboard_wellbe', {}, () =>
    sql`select (select count(*) from organisations where active)::int as active,
               (select count(*) from organisations)::int as total,
               (select count(*) from users where active)::int as users,
               (select count(*) from chat_conversations where kind = 'support' and support_status = 'open')::int as support`,
  );
  return { organisations: { active: row.active, total: row.total }, users: row.users, supportOpen: row.support };
}

/**
 * The practitioner's section: their appointments of today, their requests, their due notes, and the
 * organisation's patients to follow up (three reasons, each read through an index):
 * - noVisit: last consultation older than N months while a follow-up was planned (the patient came
 *   back at least once, or an appointment was booked after that consultation) and nothing is booked;
 * - program: a running sport program with no session logged for 7 days;
 * - weight: the latest consultation (of the last N months) moved the weight by more than 5 % from the previous one.
 */
export async function practitioner(db: Database, own: OneOrgScope, user: string): Promise<DashboardPractitioner> {
  const f = DASHBOARD_FOLLOW_UP;
  const [row] = await query<{
    today: (Omit<DashboardPractitioner['today'][number], 'startsAt' | 'endsAt'> & { startsAt: string; endsAt: string })[] | null;
    requests: number;
    follow: (Omit<DashboardFollowUp, 'value'> & { value: string | number | null })[] | null;
    note_count: number;
    notes: { id: string; title: string; reminderAt: string }[] | null;
  }>(db, `dashboard_practitioner_${orgScopeShape(own)}`, { ...orgScopeParams(own), user_id: user }, () => {
    const scope = preparedOrgScope(own);
    const userId = sql.placeholder('user_id');
    return sql`
    with t as ${todayOf(scope)},
    no_visit as (
      select p.id, p.full_name, p.last_consultation_at
        from patients p
       where ${orgWhere(scope, sql`p.organization_id`)} and p.archived_at is null
         and p.last_consultation_at < now() - make_interval(months => ${f.noVisitMonths})
         and (p.consultation_count >= 2
              or exists (select 1 from appointments a where a.patient_id = p.id and ${orgWhere(scope, sql`a.organization_id`)}
                           and a.starts_at > p.last_consultation_at and a.status <> 'provisoire'))
         and not exists (select 1 from appointments a where a.patient_id = p.id and ${orgWhere(scope, sql`a.organization_id`)}
                           and a.starts_at >= now() and a.status in ('demandé', 'confirmé'))
       order by p.last_consultation_at desc
       limit ${f.limit}),
    program as (
      select p.id, p.full_name, l.last_day, ((select day from t) - coalesce(l.last_day, sp.start_date))::int as days
        from sport_programs sp
        join patients p on p.id = sp.patient_id and ${orgWhere(scope, sql`p.organization_id`)} and p.archived_at is null
        left join lateral (select max(day) as last_day from sport_session_logs where program_id = sp.id) l on true
       where ${orgWhere(scope, sql`sp.organization_id`)} and sp.archived_at is null and sp.patient_id is not null
         and sp.start_date <= (select day from t) - ${f.programDays}::int and sp.end_date >= (select day from t)
         and coalesce(l.last_day, sp.start_date) <= (select day from t) - ${f.programDays}::int
       order by days desc, p.full_name
       limit ${f.limit}),
    weight as (
      -- latest_weight, previous_weight and latest_weight_at are kept by the consultations' trigger
      -- (migration s21); the predicate is patients_org_weight_change_idx's, with its 5 % inline.
      select p.id, p.full_name, p.latest_weight_at as at, round(((p.latest_weight - p.previous_weight) / p.previous_weight * 100)::numeric, 1) as pct
        from patients p
       where ${orgWhere(scope, sql`p.organization_id`)} and p.archived_at is null
         and p.last_consultation_at >= now() - make_interval(months => ${f.noVisitMonths})
         and p.previous_weight > 0 and abs(p.latest_weight - p.previous_weight) / p.previous_weight * 100 > ${sql.raw(String(Number(f.weightPct)))}
       order by p.latest_weight_at desc
       limit ${f.limit})
    select (select json_agg(json_build_object('id', a.id, 'startsAt', a.starts_at, 'endsAt', a.ends_at, 'status', a.status, 'idPatient', a.patient_id,
                                              'patientName', p.full_name, 'title', a.title, 'typeLabel', ty.label, 'teleconsultation', a.teleconsultation) order by a.starts_at)
              from appointments a
              left join patients p on p.id = a.patient_id and ${orgWhere(scope, sql`p.organization_id`)}
              left join appointment_types ty on ty.id = a.type_id, t
             where ${orgWhere(scope, sql`a.organization_id`)} and a.practitioner_id = ${userId}
               and a.status not in ('provisoire', 'annulé')
               and a.starts_at >= (t.day::timestamp at time zone t.tz) and a.starts_at < ((t.day + 1)::timestamp at time zone t.tz)) as today,
           (select count(*) from appointments where ${orgWhere(scope, sql`organization_id`)} and practitioner_id = ${userId} and status = 'demandé' and starts_at >= now())::int as requests,
           (select json_agg(x) from (
              select id as "idPatient", full_name as "FullName", 'noVisit' as reason, last_consultation_at as date, null::numeric as value from no_visit
              union all
              select id, full_name, 'program', last_day::timestamp at time zone current_setting('TimeZone'), days from program
              union all
              select id, full_name, 'weight', at, pct from weight) x) as follow,
           (select count(*) from notes, t where user_id = ${userId} and not archived and reminder_at is not null
               and reminder_at < ((t.day + 1)::timestamp at time zone t.tz) and reminder_at >= now() - interval '7 days')::int as note_count,
           (select json_agg(json_build_object('id', n.id, 'title', n.title, 'reminderAt', n.reminder_at) order by n.reminder_at)
              from (select id, title, reminder_at from notes, t where user_id = ${userId} and not archived and reminder_at is not null
                       and reminder_at < ((t.day + 1)::timestamp at time zone t.tz) and reminder_at >= now() - interval '7 days'
                     order by reminder_at limit 5) n) as notes`;
  });
  const iso = (v: string) => new Date(v).toISOString();
  return {
    today: (row.today ?? []).map((a) => ({ ...a, startsAt: iso(a.startsAt), endsAt: iso(a.endsAt) })),
    requests: row.requests,
    followUp: (row.follow ?? []).map((x) => ({
      ...x,
      date: x.date == null ? null : x.reason === 'program' ? x.date.slice(0, 10) : iso(x.date),
      value: x.value == null ? null : Number(x.value),
    })),
    notes: { count: row.note_count, due: (row.notes ?? []).map((n) => ({ ...n, reminderAt: iso(n.reminderAt) })) },
  };
}

/** The patient's section: their latest consultation of the last 30 days without a notice (their own file: the patient scope). */
export async function patient(db: Database, scope: PatientScope & { patientId: string }): Promise<DashboardPatient> {
  const [row] = await query<{ id: string; date: Date | string; name: string }>(db, `dashboard_patient_${preparedScopeShape(scope)}`, scopeParams(scope), () =>
    sql`select c.id, c.consultation_date as date, ${userName('u')} as name
          from consultations c join users u on u.id = c.user_id join ${patients} on ${patients.id} = c.patient_id
         where ${patientFilter(preparedScope(scope))} and c.organization_id = ${patients.organizationId} and c.archived_at is null
           and c.consultation_date <= now() and c.consultation_date >= now() - make_interval(days => ${DASHBOARD_FOLLOW_UP.noticeDays})
           and not exists (select 1 from notices n where n.consultation_id = c.id)
         order by c.consultation_date desc limit 1`,
  );
  return {
    notice: row ? { idPatient: scope.patientId, idConsultation: row.id, consultationDate: new Date(row.date).toISOString(), practitionerName: row.name } : null,
  };
}
