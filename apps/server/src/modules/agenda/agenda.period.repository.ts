import type { OneOrgScope } from '../../access/scope.ts';
import type { AgendaPeriod, AppointmentStatus } from '@wellbe/shared/schemas/agenda';
import type { Queryable } from '../../db/client.ts';
import { AUDIT_COLUMNS_SQL, auditValues, type AuditRow } from '../../lib/audit.ts';

/**
 * The calendar's period in one prepared statement, its journal row included (issue 15 bench: week
 * view p95 ≤ 30 ms on 50,000 appointments; issue 31: a read and its journal row in one round trip):
 * the events as the calendar draws them, the absences and the organisation's time zone, as plain
 * text rows told apart by their first column ('a' an appointment, 'e' an absence, 'o' the
 * organisation; no 'o' row: no such organisation). The same rules as appointmentsBetween: the
 * scope's organisation ($1, bound from the OrgScope: a named prepared statement takes no Drizzle
 * fragment, so each table of it is filtered on $1), the practitioners, the period through
 * appointments_org_practitioner_start_idx (bounded below by the 24 h maximum duration), no
 * cancelled ones, expired holds and requests left out (a read writes nothing but its journal row;
 * the job releases them). The patient's name is looked up per row by id, an index-only
 * scan of patients_id_full_name_idx (migration 0048: the name beside the id, no patients row read).
 * The journal row (lib/audit's auditRow, bound $8–$18 by auditValues) is a data-modifying CTE: PostgreSQL writes
 * it in the read's own statement and commit whether or not the rest reads it, with the counts of
 * what the period shows, and only when it shows a patient (a read of patient data); a refused row
 * fails the read. Rows rather than a JSON text built by PostgreSQL: json_build_object and json_agg
 * cost PostgreSQL twice what sending the same fields costs it. Instants are sent as to_json of the
 * UTC time ("2026-11-23T07:00:00", ISO whatever the session's DateStyle) and finished in Node
 * (isoOf): to_char cost PostgreSQL ~1 ms of the 3.6 ms of a 900-appointment week (bench of 29 Nov);
 * rows are sorted by that text in the C collation (the same ISO shape everywhere: it sorts as the
 * instant, without a locale's rules).
 */
const PERIOD_STATEMENT = {
  name: 'agenda_period_v3',
  text: `
with org as (
  select case when jsonb_typeof(o.settings->'timeZone') = 'string' then o.settings->>'timeZone' else $6 end as time_zone,
         case when jsonb_typeof(o.settings->'appointmentValidityHours') = 'number' then (o.settings->>'appointmentValidityHours')::float8 else $7::float8 end as validity_hours
  from organisations o where o.id = $1
), shown as (
  select a.id, a.practitioner_id, a.patient_id, a.title, a.type_id, a.starts_at, a.ends_at, a.status
  from appointments a, org
  where a.organization_id = $1 and a.practitioner_id = any($2::uuid[])
    and a.starts_at < $4 and a.starts_at > $3::timestamptz - interval '24 hours' and a.ends_at > $3
    and a.status <> 'annulé'
    and (a.status <> 'provisoire' or a.hold_expires_at > $5)
    and (a.status <> 'demandé' or a.created_at > $5::timestamptz - org.validity_hours * interval '1 hour')
  order by a.starts_at
  limit 5000
), journal as (
  insert into audit_events (${AUDIT_COLUMNS_SQL})
  select $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
    coalesce($18::jsonb, '{}'::jsonb) || jsonb_build_object('appointments', count(*), 'patients', count(distinct s.patient_id))
  from shown s
  having count(s.patient_id) > 0
  returning 1
)
select 'a' as kind, r.id::text, r.practitioner_id::text,
  coalesce((select p.full_name from patients p where p.id = r.patient_id), r.title),
  t.label, t.colour,
  to_json(r.starts_at at time zone 'UTC')::text collate "C",
  to_json(r.ends_at at time zone 'UTC')::text,
  r.status
from shown r left join appointment_types t on t.id = r.type_id
union all
select 'e', e.id::text, e.practitioner_id::text, e.label, null, null,
  to_json(e.starts_at at time zone 'UTC')::text,
  to_json(e.ends_at at time zone 'UTC')::text,
  null
from agenda_exceptions e
where e.organization_id = $1 and e.practitioner_id = any($2::uuid[]) and e.starts_at < $4 and e.ends_at > $3
union all
select 'o', null, null, org.time_zone, null, null, null, null, null from org
order by 1, 7`,
};

/** Every column as the text PostgreSQL sends (ids, instants): nothing to parse per row. */
const asText = { getTypeParser: () => (value: string) => value };

type PeriodRow = [kind: 'a' | 'e' | 'o', id: string, practitionerId: string, text: string | null, typeLabel: string | null, colour: string | null, startsAt: string, endsAt: string, status: string];

/**
 * Date#toISOString of a UTC instant from its to_json text: "2026-11-23T07:00:00" (21 characters
 * with its quotes) or with up to 6 decimals, cut to the millisecond as to_char's MS and a Date did.
 */
export function isoOf(json: string): string {
  if (json.length === 21) return `${json.slice(1, 20)}.000Z`;
  if (json.length > 22 && json.length <= 28 && json[20] === '.') return `${json.slice(1, 20)}.${`${json.slice(21, -1)}00`.slice(0, 3)}Z`;
  // Another shape (a year past 9999): what a Date makes of it.
  return new Date(`${json.slice(1, -1)}Z`).toISOString();
}

/** The journal row of the read (lib/audit's auditRow), its counts added by the statement. */
export type PeriodJournal = AuditRow;

export async function period(
  pool: Queryable,
  scope: OneOrgScope,
  input: { practitionerIds: string[]; from: Date; to: Date; now: Date; defaultTimeZone: string; defaultValidityHours: number; journal: PeriodJournal },
): Promise<AgendaPeriod | null> {
  const { rows } = await pool.query<PeriodRow>({
    ...PERIOD_STATEMENT,
    rowMode: 'array',
    types: asText,
    values: [scope.organizationId, input.practitionerIds, input.from, input.to, input.now, input.defaultTimeZone, input.defaultValidityHours, ...auditValues(input.journal)],
  });
  const result: AgendaPeriod = { timeZone: '', appointments: [], exceptions: [] };
  let found = false;
  for (const [kind, id, practitionerId, text, typeLabel, colour, startsAt, endsAt, status] of rows) {
    if (kind === 'a') {
      result.appointments.push({ id, practitionerId, title: text, typeLabel, colour, startsAt: isoOf(startsAt), endsAt: isoOf(endsAt), status: status as AppointmentStatus });
    } else if (kind === 'e') {
      result.exceptions.push({ id, practitionerId, startsAt: isoOf(startsAt), endsAt: isoOf(endsAt), label: text ?? '' });
    } else {
      result.timeZone = text ?? input.defaultTimeZone;
      found = true;
    }
  }
  return found ? result : null;
}
