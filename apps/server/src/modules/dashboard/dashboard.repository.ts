import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { DashboardAdministration, DashboardWellbe } from '@wellbe/shared/schemas/dashboard';

// SQL of GET /api/dashboard: counts over indexed columns, one round trip per section. Every
// administration query takes the caller's organisation; "today" is the calendar day in the
// organisation's time zone ('Paramètres', Europe/Paris by default).

async function query<T>(db: Database, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

export async function administration(db: Database, organizationId: string, refusalDays: number | null): Promise<Omit<DashboardAdministration, 'refusals'> & { refusalCount: number; refusals: { at: Date; action: string; username: string | null }[] }> {
  const today = sql`(select (now() at time zone tz)::date as day, tz from (select coalesce((select settings->>'timeZone' from organisations where id = ${organizationId}), 'Europe/Paris') as tz) z)`;
  const [row] = await query<{
    active: number;
    inactive: number;
    pending: number;
    requests: number;
    load: { idUser: string; name: string; appointments: number }[] | null;
    refusal_count: number;
    refusals: { at: string; action: string; username: string | null }[] | null;
  }>(
    db,
    sql`
    with t as ${today}
    select (select count(*) from users where organization_id = ${organizationId} and active and password_hash is not null)::int as active,
           (select count(*) from users where organization_id = ${organizationId} and not active)::int as inactive,
           (select count(*) from users where organization_id = ${organizationId} and active and password_hash is null)::int as pending,
           (select count(*) from appointments where organization_id = ${organizationId} and status = 'demandé' and starts_at >= now())::int as requests,
           (select json_agg(json_build_object('idUser', l.id, 'name', l.name, 'appointments', l.n) order by l.n desc, l.name)
              from (select u.id, trim(coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.display_name, u.username)) as name, count(*)::int as n
                      from appointments a join users u on u.id = a.practitioner_id and u.organization_id = ${organizationId}, t
                     where a.organization_id = ${organizationId}
                       and a.status not in ('provisoire', 'annulé')
                       and a.starts_at >= (t.day::timestamp at time zone t.tz) and a.starts_at < ((t.day + 1)::timestamp at time zone t.tz)
                     group by u.id, name) l) as load,
           ${refusalDays == null ? sql`0` : sql`(select count(*) from audit_events where organization_id = ${organizationId} and outcome = 'denied' and at >= now() - make_interval(days => ${refusalDays}))`}::int as refusal_count,
           ${
             refusalDays == null
               ? sql`null::json`
               : sql`(select json_agg(json_build_object('at', r.at, 'action', r.action, 'username', r.username) order by r.at desc)
              from (select e.at, e.action, u.username from audit_events e left join users u on u.id = e.user_id
                     where e.organization_id = ${organizationId} and e.outcome = 'denied' and e.at >= now() - make_interval(days => ${refusalDays})
                     order by e.at desc limit 5) r)`
           } as refusals`,
  );
  return {
    users: { active: row.active, inactive: row.inactive, pendingInvitations: row.pending },
    todayLoad: row.load ?? [],
    requests: row.requests,
    refusalCount: row.refusal_count,
    refusals: (row.refusals ?? []).map((r) => ({ at: new Date(r.at), action: r.action, username: r.username })),
  };
}

export async function wellbe(db: Database): Promise<Omit<DashboardWellbe, 'failedJobs'>> {
  const [row] = await query<{ active: number; total: number; users: number; support: number }>(
    db,
    sql`select (select count(*) from organisations where active)::int as active,
               (select count(*) from organisations)::int as total,
               (select count(*) from users where active)::int as users,
               (select count(*) from chat_conversations where kind = 'support' and support_status = 'open')::int as support`,
  );
  return { organisations: { active: row.active, total: row.total }, users: row.users, supportOpen: row.support };
}
