import type { OneOrgScope } from '../../access/scope.ts';
import type { AgendaPeriod, AppointmentStatus } from '@wellbe/shared/schemas/agenda';
import type { Queryable } from '../../db/client.ts';
import { AUDIT_COLUMNS_SQL, auditValues, type AuditRow } from '../../lib/audit.ts';

/**
 * The calendar's period in one prepared statement, its journal row included (issue 15 bench: week
 * view p95 ≤ 30 ms on 50,000 appointments; issue 31: a read and its journal row in one round trip):
 * the events as the calendar draws them, the absences and the organisation's time zone, as plain
 * text rows told apart by the first letter of their key ('a' an appointment, 'e' an absence, 'o'
 * the organisation; no 'o' row: no such organisation). The same rules as appointmentsBetween: the
 * scope's organisation ($1, bound from the OrgScope: a named prepared statement takes no Drizzle
 * fragment, so each table of it is filtered on $1), the practitioners, the period through
 * appointments_org_practitioner_start_idx (bounded below by the 24 h maximum duration), no
 * cancelled ones, expired holds and requests left out (a read writes nothing but its journal row;
 * the job releases them). The patient's name is the appointment's own patient_name, kept by
 * PostgreSQL's triggers (migration agenda-patient-name-triggers: never stale, null without patient):
 * looked up per row by id (patients_id_full_name_idx, migration 0048) it was ~0.7 ms of PostgreSQL's
 * ~3.2 ms for a week of 900 appointments (issue 31, docs/scaling.md).
 * The journal row (lib/audit's auditRow, bound $8–$18 by auditValues) is a data-modifying CTE: PostgreSQL writes
 * it in the read's own statement and commit whether or not the rest reads it, with the counts of
 * what the period shows, and only when it shows a patient (a read of patient data); a refused row
 * fails the read. Rows rather than a JSON text built by PostgreSQL: json_build_object and json_agg
 * cost PostgreSQL twice what sending the same fields costs it. Instants are sent as to_json of the
 * UTC time ("2026-11-23T07:00:00", ISO whatever the session's DateStyle) and finished in Node
 * (isoOf): to_char cost PostgreSQL ~1 ms of the 3.6 ms of a 900-appointment week (bench of 29 Nov).
 * The fields of a fixed shape (the kind, the instants, the ids, the status) travel as one text, the
 * row's key (PeriodRow), the free texts beside it: node-postgres decodes each field with a call of
 * its own, and 4 fields a row instead of 9 cost Node ~0.4 ms and PostgreSQL ~0.15 ms less per
 * 900-appointment week (issue 31, fourth pass, docs/scaling.md). Rows are sorted by that key in the
 * C collation: the kind, then the start (the same ISO shape everywhere: it sorts as the instant,
 * without a locale's rules; a closing quote sorts before a fraction's dot), then the end and the id.
 */
const PERIOD_STATEMENT = {
  name: 'agenda_period_v5',
  text: `
with org as (
  select case when jsonb_typeof(o.settings->'timeZone') = 'string' then o.settings->>'timeZone' else $6 end as time_zone,
         case when jsonb_typeof(o.settings->'appointmentValidityHours') = 'number' then (o.settings->>'appointmentValidityHours')::float8 else $7::float8 end as validity_hours
  from organisations o where o.id = $1
), shown as (
  select a.id, a.practitioner_id, a.patient_id, a.patient_name, a.title, a.type_id, a.starts_at, a.ends_at, a.status
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
select 'a' || to_json(r.starts_at at time zone 'UTC')::text || to_json(r.ends_at at time zone 'UTC')::text || r.id::text || r.practitioner_id::text || r.status collate "C",
  coalesce(r.patient_name, r.title),
  t.label, t.colour
from shown r left join appointment_types t on t.id = r.type_id
union all
select 'e' || to_json(e.starts_at at time zone 'UTC')::text || to_json(e.ends_at at time zone 'UTC')::text || e.id::text || e.practitioner_id::text,
  e.label, null, null
from agenda_exceptions e
where e.organization_id = $1 and e.practitioner_id = any($2::uuid[]) and e.starts_at < $4 and e.ends_at > $3
union all
select 'o', org.time_zone, null, null from org
order by 1`,
};

/** Every column as the text PostgreSQL sends (ids, instants): nothing to parse per row. */
const asText = { getTypeParser: () => (value: string) => value };

/**
 * A row: its key, the kind ('a', 'e', 'o') then, for an appointment or an absence, its instants as
 * to_json texts (each between its quotes), its id and its practitioner's (36 characters each) and
 * an appointment's status (the rest); then the free texts: the title (the patient's name, the
 * absence's label, the organisation's time zone), the type's label and colour.
 */
type PeriodRow = [key: string, text: string | null, typeLabel: string | null, colour: string | null];

/** The fixed-shape fields of a key (PeriodRow), cut where the quotes of the instants end. */
function keyParts(key: string): { startsAt: string; endsAt: string; id: string; practitionerId: string; rest: string } {
  const startEnd = key.indexOf('"', 2) + 1;
  const endEnd = key.indexOf('"', startEnd + 1) + 1;
  return {
    startsAt: isoOf(key.slice(1, startEnd)),
    endsAt: isoOf(key.slice(startEnd, endEnd)),
    id: key.slice(endEnd, endEnd + 36),
    practitionerId: key.slice(endEnd + 36, endEnd + 72),
    rest: key.slice(endEnd + 72),
  };
}

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
  for (const [key, text, typeLabel, colour] of rows) {
    const kind = key[0];
    if (kind === 'a') {
      const { startsAt, endsAt, id, practitionerId, rest } = keyParts(key);
      result.appointments.push({ id, practitionerId, title: text, typeLabel, colour, startsAt, endsAt, status: rest as AppointmentStatus });
    } else if (kind === 'e') {
      const { startsAt, endsAt, id, practitionerId } = keyParts(key);
      result.exceptions.push({ id, practitionerId, startsAt, endsAt, label: text ?? '' });
    } else {
      result.timeZone = text ?? input.defaultTimeZone;
      found = true;
    }
  }
  return found ? result : null;
}
