import type { OneOrgScope } from '../../access/scope.ts';
import type { AgendaPeriod, AppointmentStatus } from '@wellbe/shared/schemas/agenda';
import type { Queryable } from '../../db/client.ts';

/**
 * The calendar's period in one prepared statement (issue 15 bench: week view p95 ≤ 30 ms on 50,000
 * appointments): the events as the calendar draws them, the absences and the organisation's time
 * zone, as plain text rows told apart by their first column ('a' an appointment, 'e' an absence,
 * 'o' the organisation; no 'o' row: no such organisation). The same rules as appointmentsBetween:
 * the scope's organisation ($1, bound from the OrgScope: a named prepared statement takes no
 * Drizzle fragment, so each table of it is filtered on $1), the practitioners, the period through
 * appointments_org_practitioner_start_idx (bounded below by the 24 h maximum duration), no cancelled ones, expired holds and requests left
 * out (a read writes nothing; the job releases them). The patient's name is looked up per row by
 * primary key. Rows rather than a JSON text built by PostgreSQL: json_build_object and json_agg
 * cost PostgreSQL twice what sending the same fields costs it, and Node's JSON.stringify of 900
 * small objects is well under a millisecond. Dates are formatted by PostgreSQL as Date#toISOString.
 */
const PERIOD_STATEMENT = {
  name: 'agenda_period_v2',
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
)
select 'a' as kind, r.id::text, r.practitioner_id::text,
  coalesce((select p.full_name from patients p where p.id = r.patient_id), r.title),
  t.label, t.colour,
  to_char(r.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  to_char(r.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  r.status, r.patient_id::text, r.starts_at as at
from shown r left join appointment_types t on t.id = r.type_id
union all
select 'e', e.id::text, e.practitioner_id::text, e.label, null, null,
  to_char(e.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  to_char(e.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  null, null, e.starts_at
from agenda_exceptions e
where e.organization_id = $1 and e.practitioner_id = any($2::uuid[]) and e.starts_at < $4 and e.ends_at > $3
union all
select 'o', null, null, org.time_zone, null, null, null, null, null, null, null from org
order by 1, 11`,
};

/** Every column as the text PostgreSQL sends (ids, formatted dates): nothing to parse per row. */
const asText = { getTypeParser: () => (value: string) => value };

type PeriodRow = [kind: 'a' | 'e' | 'o', id: string, practitionerId: string, text: string | null, typeLabel: string | null, colour: string | null, startsAt: string, endsAt: string, status: string, patientId: string | null];

export async function period(
  pool: Queryable,
  scope: OneOrgScope,
  input: { practitionerIds: string[]; from: Date; to: Date; now: Date; defaultTimeZone: string; defaultValidityHours: number },
): Promise<{ period: AgendaPeriod; patients: number } | null> {
  const { rows } = await pool.query<PeriodRow>({
    ...PERIOD_STATEMENT,
    rowMode: 'array',
    types: asText,
    values: [scope.organizationId, input.practitionerIds, input.from, input.to, input.now, input.defaultTimeZone, input.defaultValidityHours],
  });
  const result: AgendaPeriod = { timeZone: '', appointments: [], exceptions: [] };
  const patientIds = new Set<string>();
  let found = false;
  for (const [kind, id, practitionerId, text, typeLabel, colour, startsAt, endsAt, status, patientId] of rows) {
    if (kind === 'a') {
      result.appointments.push({ id, practitionerId, title: text, typeLabel, colour, startsAt, endsAt, status: status as AppointmentStatus });
      if (patientId) patientIds.add(patientId);
    } else if (kind === 'e') {
      result.exceptions.push({ id, practitionerId, startsAt, endsAt, label: text ?? '' });
    } else {
      result.timeZone = text ?? input.defaultTimeZone;
      found = true;
    }
  }
  return found ? { period: result, patients: patientIds.size } : null;
}
