import type { OneOrgScope } from '../../access/scope.ts';
import type { Queryable } from '../../db/client.ts';
import { AUDIT_COLUMNS_SQL, auditValues, type AuditRow } from '../../lib/audit.ts';

/** The SQL of an instant as Date#toISOString's JSON string, `json` being to_json of its UTC time. */
function isoSql(json: string, column: string): string {
  const utc = `${column} at time zone 'UTC'`;
  return `case when octet_length(${json}) = 21 then left(${json}, 20) || '.000Z"'
    else '"' || to_char(${utc}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"' end`;
}

/** Each instant's to_json once per row (the test of its length and its text). */
const utcJson = (alias: string) => `cross join lateral (select to_json(${alias}.starts_at at time zone 'UTC')::text as s, to_json(${alias}.ends_at at time zone 'UTC')::text as e) j`;

/**
 * The calendar's period in one prepared statement, its journal row included (issue 15 bench: week
 * view p95 ≤ 30 ms on 50,000 appointments; issue 31: a read and its journal row in one round trip),
 * and its answer's JSON text written by PostgreSQL: two rows ('a' the appointments, 'e' the
 * absences, each the inside of its JSON array) and the organisation's time zone as a JSON string
 * ('o'; no 'o' row: no such organisation). Node then sends that text as it is (JsonText): no row
 * parsed field by field, no object built, no JSON.stringify of 240 kB (bench of 29 Nov, 10
 * practitioners' week: Node −1.5 ms per request; docs/scaling.md). The same rules as
 * appointmentsBetween: the scope's organisation ($1, bound from the OrgScope: a named prepared
 * statement takes no Drizzle fragment, so each table of it is filtered on $1), the practitioners,
 * the period through appointments_org_practitioner_start_idx (bounded below by the 24 h maximum
 * duration), no cancelled ones, expired holds and requests left out (a read writes nothing but its
 * journal row; the job releases them). The patient's name is looked up per row by primary key.
 * The journal row (lib/audit's auditRow, bound $8–$18 by auditValues) is a data-modifying CTE: PostgreSQL writes
 * it in the read's own statement and commit whether or not the rest reads it, with the counts of
 * what the period shows, and only when it shows a patient (a read of patient data); a refused row
 * fails the read.
 * The JSON is the one JSON.stringify wrote from the former rows, byte for byte (agenda.period.test.ts):
 * the same field order; text through to_json (it escapes as JSON.stringify does: ", \ and the
 * control characters, \u00XX in lower case); plain concatenation, not json_build_object nor
 * concat() (each cost PostgreSQL more than the Node work it saves). Instants: to_json of the UTC
 * time ("2026-11-23T07:00:00", ISO whatever the DateStyle) with ".000Z" when it has no fraction
 * (nearly always); otherwise to_char's MS cuts to the millisecond as a Date did (years have four
 * digits: instants enter as ISO dates, z.iso.datetime). Each array in start order
 * (string_agg's order by the timestamp: cheaper than sorting the text).
 */
const PERIOD_STATEMENT = {
  name: 'agenda_period_v4',
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
select 'a' as kind, string_agg('{"id":"' || r.id || '","practitionerId":"' || r.practitioner_id
    || '","title":' || coalesce(to_json(coalesce((select p.full_name from patients p where p.id = r.patient_id), r.title))::text, 'null')
    || ',"typeLabel":' || coalesce(to_json(t.label)::text, 'null') || ',"colour":' || coalesce(to_json(t.colour)::text, 'null')
    || ',"startsAt":' || ${isoSql('j.s', 'r.starts_at')} || ',"endsAt":' || ${isoSql('j.e', 'r.ends_at')}
    || ',"status":' || to_json(r.status)::text || '}', ',' order by r.starts_at)
from shown r left join appointment_types t on t.id = r.type_id ${utcJson('r')}
union all
select 'e', string_agg('{"id":"' || e.id || '","practitionerId":"' || e.practitioner_id
    || '","startsAt":' || ${isoSql('j.s', 'e.starts_at')} || ',"endsAt":' || ${isoSql('j.e', 'e.ends_at')}
    || ',"label":' || to_json(coalesce(e.label, ''))::text || '}', ',' order by e.starts_at)
from agenda_exceptions e ${utcJson('e')}
where e.organization_id = $1 and e.practitioner_id = any($2::uuid[]) and e.starts_at < $4 and e.ends_at > $3
union all
select 'o', to_json(org.time_zone)::text from org`,
};

/** Every column as the text PostgreSQL sends: nothing to parse. */
const asText = { getTypeParser: () => (value: string) => value };

type PeriodRow = [kind: 'a' | 'e' | 'o', json: string | null];

/** The journal row of the read (lib/audit's auditRow), its counts added by the statement. */
export type PeriodJournal = AuditRow;

/** The period's answer (an AgendaPeriod) as its JSON text; null: no such organisation. */
export async function period(
  pool: Queryable,
  scope: OneOrgScope,
  input: { practitionerIds: string[]; from: Date; to: Date; now: Date; defaultTimeZone: string; defaultValidityHours: number; journal: PeriodJournal },
): Promise<string | null> {
  const { rows } = await pool.query<PeriodRow>({
    ...PERIOD_STATEMENT,
    rowMode: 'array',
    types: asText,
    values: [scope.organizationId, input.practitionerIds, input.from, input.to, input.now, input.defaultTimeZone, input.defaultValidityHours, ...auditValues(input.journal)],
  });
  const part: Partial<Record<PeriodRow[0], string | null>> = {};
  for (const [kind, json] of rows) part[kind] = json;
  if (!('o' in part)) return null;
  // An empty period: string_agg of no row is null, an empty array here.
  return `{"timeZone":${part.o ?? JSON.stringify(input.defaultTimeZone)},"appointments":[${part.a ?? ''}],"exceptions":[${part.e ?? ''}]}`;
}
