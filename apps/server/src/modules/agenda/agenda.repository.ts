import { aliasedTable, and, asc, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { AgendaPeriod, AppointmentStatus } from '@wellbe/shared/schemas/agenda';
import type { Database, Queryable } from '../../db/client.ts';
import { orgFilter, type OrgScope } from '../../access/scope.ts';
import { agendaExceptions, agendaSettings, appointmentTypes, appointmentWaitlist, appointments, consultations, organisations, patients, users } from '../../db/tables.ts';

// SQL of the agenda: every query carries the organisation (a row of another organisation is a row
// that does not exist for the caller). The no-double-booking rule lives in PostgreSQL itself
// (appointments_no_overlap, an exclusion constraint): the repository maps its refusal to a value.

export const PRACTITIONER_ROLES = ['PA', 'PR', 'PG', 'DE'] as const;

/** No appointment lasts 24 hours (checkTimes, and the appointments_max_duration check). */
const MAX_DURATION_MS = 24 * 3600_000;

const practitioner = aliasedTable(users, 'practitioner');

const appointmentColumns = {
  id: appointments.id,
  organizationId: appointments.organizationId,
  practitionerId: appointments.practitionerId,
  practitionerName: practitioner.displayName,
  patientId: appointments.patientId,
  // Looked up per row by the primary key: a join let the planner hash the whole patients table for
  // a week's page (10,000 patients read for 900 appointments).
  patientName: sql<string | null>`(select ${patients.fullName} from ${patients} where ${patients.id} = ${appointments.patientId})`,
  patientEmail: sql<string | null>`(select ${patients.email} from ${patients} where ${patients.id} = ${appointments.patientId})`,
  title: appointments.title,
  typeId: appointments.typeId,
  typeLabel: appointmentTypes.label,
  colour: appointmentTypes.colour,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  location: appointments.location,
  teleconsultation: appointments.teleconsultation,
  note: appointments.note,
  status: appointments.status,
  cancelReason: appointments.cancelReason,
  holdExpiresAt: appointments.holdExpiresAt,
  consultationId: appointments.consultationId,
  createdVia: appointments.createdVia,
  createdBy: appointments.createdBy,
  createdAt: appointments.createdAt,
  updatedAt: appointments.updatedAt,
  sequence: appointments.sequence,
};

export type AppointmentRow = {
  id: string;
  organizationId: string;
  practitionerId: string;
  practitionerName: string | null;
  patientId: string | null;
  patientName: string | null;
  patientEmail: string | null;
  title: string | null;
  typeId: string | null;
  typeLabel: string | null;
  colour: string | null;
  startsAt: Date;
  endsAt: Date;
  location: string | null;
  teleconsultation: boolean;
  note: string;
  status: string;
  cancelReason: string | null;
  holdExpiresAt: Date | null;
  consultationId: string | null;
  createdVia: string;
  createdBy: string | null;
  createdAt: Date;
  /** The last change: the DTSTAMP of the feed and of the mailed .ics. */
  updatedAt: Date;
  /** The iCalendar SEQUENCE (bumped by a trigger on every revision a calendar must apply). */
  sequence: number;
};

/** What a read compares the holds' and requests' expiry to: now and the organisation's validity delay. */
export interface LiveAt {
  now: Date;
  validityHours: number;
}

export const HOLD_EXPIRED_REASON = 'Réservation provisoire expirée';
export const REQUEST_EXPIRED_REASON = 'Demande non confirmée dans le délai';

const expiredHold = (live: LiveAt) => sql`(${appointments.status} = 'provisoire' and ${appointments.holdExpiresAt} <= ${live.now})`;
const expiredRequest = (live: LiveAt) => sql`(${appointments.status} = 'demandé' and ${appointments.createdAt} <= ${new Date(live.now.getTime() - live.validityHours * 3600_000)})`;

/**
 * The columns as a read at `live` shows them: a hold or request past its expiry, not yet released
 * by the job, reads as released (status and reason), so that a read writes nothing.
 */
function columnsAt(live?: LiveAt) {
  if (!live) return appointmentColumns;
  return {
    ...appointmentColumns,
    status: sql<string>`case when ${expiredHold(live)} or ${expiredRequest(live)} then 'annulé' else ${appointments.status} end`,
    cancelReason: sql<string | null>`case when ${expiredHold(live)} then ${HOLD_EXPIRED_REASON} when ${expiredRequest(live)} then ${REQUEST_EXPIRED_REASON} else ${appointments.cancelReason} end`,
  };
}

function selectAppointments(db: Database, live?: LiveAt) {
  return db
    .select(columnsAt(live))
    .from(appointments)
    .innerJoin(practitioner, eq(practitioner.id, appointments.practitionerId))
    .leftJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId));
}

/** An exclusion violation (23P01) on the no-overlap constraint, through Drizzle's wrapping. */
function isOverlap(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23P01') return true;
  }
  return false;
}

export async function organisationSettings(db: Database, organizationId: string) {
  const [row] = await db.select({ settings: organisations.settings, name: organisations.name }).from(organisations).where(eq(organisations.id, organizationId));
  return row ?? null;
}

/** Merges keys into the organisation's settings (jsonb ||): the other settings stay as they are. */
export async function mergeOrganisationSettings(db: Database, organizationId: string, values: Record<string, unknown>, at: Date) {
  await db
    .update(organisations)
    .set({ settings: sql`coalesce(${organisations.settings}, '{}'::jsonb) || ${JSON.stringify(values)}::jsonb`, updatedAt: at })
    .where(eq(organisations.id, organizationId));
}

export async function livePatientIn(db: Database, organizationId: string, patientId: string) {
  const [row] = await db
    .select({ id: patients.id, fullName: patients.fullName, email: patients.email })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.organizationId, organizationId), isNull(patients.archivedAt)));
  return row ?? null;
}

export async function listPractitioners(db: Database, organizationId: string) {
  return db
    .select({ id: users.id, username: users.username, displayName: users.displayName, job: users.job, jobSpecialistId: users.jobSpecialistId, email: users.email })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.active, true), inArray(users.role, [...PRACTITIONER_ROLES])))
    .orderBy(asc(users.displayName));
}

export async function findPractitioner(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, displayName: users.displayName, email: users.email, jobSpecialistId: users.jobSpecialistId })
    .from(users)
    .where(and(eq(users.id, id), eq(users.organizationId, organizationId), eq(users.active, true), inArray(users.role, [...PRACTITIONER_ROLES])));
  return row ?? null;
}

export async function findByUsername(db: Database, organizationId: string, username: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, eq(users.organizationId, organizationId), inArray(users.role, [...PRACTITIONER_ROLES])));
  return row ?? null;
}

/**
 * Holds past their 15 minutes and requests past the organisation's validity delay, not yet
 * released by the job (it runs every minute): a read treats them as released (cancelled), so
 * that reading an agenda writes nothing.
 */
function pending(now: Date, validityHours: number) {
  return sql`(${appointments.status} <> 'provisoire' or ${appointments.holdExpiresAt} > ${now}) and (${appointments.status} <> 'demandé' or ${appointments.createdAt} > ${new Date(now.getTime() - validityHours * 3600_000)})`;
}

/**
 * The appointments of some practitioners overlapping [from, to): one query, names joined. The
 * lower bound on starts_at (no appointment lasts a day, AGENDA_LIMITS and the table's check)
 * keeps the scan of (practitioner_id, starts_at) to the period instead of the whole history.
 * `live` (now and the validity delay) leaves out the expired holds and requests.
 */
export async function appointmentsBetween(
  db: Database,
  organizationId: string,
  practitionerIds: string[],
  from: Date,
  to: Date,
  options: { includeCancelled?: boolean; live?: { now: Date; validityHours: number } } = {},
) {
  if (!practitionerIds.length) return [];
  return selectAppointments(db)
    .where(
      and(
        eq(appointments.organizationId, organizationId),
        inArray(appointments.practitionerId, practitionerIds),
        lt(appointments.startsAt, to),
        gt(appointments.startsAt, new Date(from.getTime() - MAX_DURATION_MS)),
        gt(appointments.endsAt, from),
        options.includeCancelled ? undefined : ne(appointments.status, 'annulé'),
        options.live ? pending(options.live.now, options.live.validityHours) : undefined,
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(5000) as Promise<AppointmentRow[]>;
}

/**
 * The private feed of one practitioner: the appointments starting in [from, to), the live ones and
 * those cancelled since `cancelledSince` (the feed sends them as STATUS:CANCELLED, so that a
 * calendar drops them instead of keeping a stale event). Holds are the practice's bookkeeping and
 * never in it, even cancelled (a hold keeps its hold_expires_at; a confirmed one loses it). A read
 * writes nothing: expired holds and requests the job has not released yet are left out (the
 * release, a minute later at most, brings the request back as cancelled).
 */
export async function feedAppointments(db: Database, organizationId: string, practitionerId: string, range: { from: Date; to: Date; cancelledSince: Date }, live: LiveAt) {
  return selectAppointments(db)
    .where(
      and(
        eq(appointments.organizationId, organizationId),
        eq(appointments.practitionerId, practitionerId),
        gte(appointments.startsAt, range.from),
        lt(appointments.startsAt, range.to),
        isNull(appointments.holdExpiresAt),
        ne(appointments.status, 'provisoire'),
        or(ne(appointments.status, 'annulé'), gte(appointments.cancelledAt, range.cancelledSince)),
        pending(live.now, live.validityHours),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .limit(5000) as Promise<AppointmentRow[]>;
}

/**
 * The calendar's period in one prepared statement (issue 15 bench: week view p95 ≤ 30 ms on 50,000
 * appointments): the events as the calendar draws them, the absences and the organisation's time
 * zone, as plain text rows told apart by their first column ('a' an appointment, 'e' an absence,
 * 'o' the organisation; no 'o' row: no such organisation). The same rules as appointmentsBetween:
 * the organisation, the practitioners, the period through appointments_org_practitioner_start_idx
 * (bounded below by the 24 h maximum duration), no cancelled ones, expired holds and requests left
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
  input: { organizationId: string; practitionerIds: string[]; from: Date; to: Date; now: Date; defaultTimeZone: string; defaultValidityHours: number },
): Promise<{ period: AgendaPeriod; patients: number } | null> {
  const { rows } = await pool.query<PeriodRow>({
    ...PERIOD_STATEMENT,
    rowMode: 'array',
    types: asText,
    values: [input.organizationId, input.practitionerIds, input.from, input.to, input.now, input.defaultTimeZone, input.defaultValidityHours],
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

/** Whether a live consultation of this organisation is of this patient (the one an appointment links to). */
export async function consultationOfPatient(db: Database, organizationId: string, patientId: string, consultationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: consultations.id })
    .from(consultations)
    .where(and(eq(consultations.id, consultationId), eq(consultations.organizationId, organizationId), eq(consultations.patientId, patientId), isNull(consultations.archivedAt)))
    .limit(1);
  return !!row;
}

export async function findAppointment(db: Database, organizationId: string, id: string): Promise<AppointmentRow | null> {
  const [row] = await selectAppointments(db).where(and(eq(appointments.id, id), eq(appointments.organizationId, organizationId)));
  return (row as AppointmentRow | undefined) ?? null;
}

export async function patientAppointments(db: Database, organizationId: string, patientId: string, live?: LiveAt) {
  return selectAppointments(db, live)
    .where(and(eq(appointments.organizationId, organizationId), eq(appointments.patientId, patientId), ne(appointments.status, 'provisoire')))
    .orderBy(asc(appointments.startsAt))
    .limit(500) as Promise<AppointmentRow[]>;
}

/** Staff view of /appointment: requests to confirm, and one day's appointments. */
export async function requestsAndDay(db: Database, organizationId: string, from: Date, to: Date, live: LiveAt) {
  return selectAppointments(db, live)
    .where(and(eq(appointments.organizationId, organizationId), or(and(eq(appointments.status, 'demandé'), sql`not ${expiredRequest(live)}`), and(lt(appointments.startsAt, to), gt(appointments.endsAt, from)))))
    .orderBy(asc(appointments.startsAt))
    .limit(1000) as Promise<AppointmentRow[]>;
}

export type NewAppointment = typeof appointments.$inferInsert;

/** The slot a write takes: its expired holds and requests are released in the write's transaction. */
export interface SlotRelease {
  now: Date;
  practitionerId: string;
  startsAt: Date;
  endsAt: Date;
}

export type Released = { id: string; organizationId: string; practitionerId: string }[];

/**
 * Inserts, or answers 'overlap' when the slot is taken (the exclusion constraint decides races).
 * With `release`, the expired holds and requests overlapping the slot (still counted by the
 * constraint until the job releases them) are released first, in the same transaction: an expired
 * hold never blocks a booking, and a refused insert releases nothing.
 */
export async function insertAppointment(db: Database, values: NewAppointment, release?: SlotRelease): Promise<{ id: string; released: Released } | 'overlap'> {
  const run = async (tx: Database) => {
    const released = release ? await releaseExpiredIn(tx, release) : [];
    const [row] = await tx.insert(appointments).values(values).returning({ id: appointments.id });
    return { id: row!.id, released };
  };
  try {
    return release ? await db.transaction(run) : await run(db);
  } catch (err) {
    if (isOverlap(err)) return 'overlap';
    throw err;
  }
}

export async function updateAppointment(db: Database, organizationId: string, id: string, set: Partial<NewAppointment>, release?: SlotRelease): Promise<{ found: boolean; released: Released } | 'overlap'> {
  const run = async (tx: Database) => {
    const released = release ? await releaseExpiredIn(tx, release) : [];
    const rows = await tx
      .update(appointments)
      .set(set)
      .where(and(eq(appointments.id, id), eq(appointments.organizationId, organizationId)))
      .returning({ id: appointments.id });
    return { found: rows.length > 0, released };
  };
  try {
    return release ? await db.transaction(run) : await run(db);
  } catch (err) {
    if (isOverlap(err)) return 'overlap';
    throw err;
  }
}

/** The expired holds and requests overlapping one practitioner's slot, released (a write's transaction). */
async function releaseExpiredIn(tx: Database, slot: SlotRelease): Promise<Released> {
  const { holds, requests } = await releaseExpired(tx, slot.now, { practitionerId: slot.practitionerId, overlapping: { startsAt: slot.startsAt, endsAt: slot.endsAt } });
  return [...holds, ...requests];
}

/**
 * Frees the slots of holds past their 15 minutes and of requests past the organisation's validity
 * delay: they become 'annulé' with the reason. Returns what was released (for the events).
 */
export async function releaseExpired(db: Database, now: Date, where: { organizationId?: string; practitionerId?: string; overlapping?: { startsAt: Date; endsAt: Date } } = {}) {
  // Both statements go through appointments_pending_idx (the few rows still 'provisoire' or 'demandé').
  const scope = and(
    where.organizationId ? eq(appointments.organizationId, where.organizationId) : undefined,
    where.practitionerId ? eq(appointments.practitionerId, where.practitionerId) : undefined,
    where.overlapping ? and(lt(appointments.startsAt, where.overlapping.endsAt), gt(appointments.endsAt, where.overlapping.startsAt)) : undefined,
  );
  const holds = await db
    .update(appointments)
    .set({ status: 'annulé', cancelReason: HOLD_EXPIRED_REASON, cancelledAt: now, updatedAt: now })
    .where(and(eq(appointments.status, 'provisoire'), lte(appointments.holdExpiresAt, now), scope))
    .returning({ id: appointments.id, organizationId: appointments.organizationId, practitionerId: appointments.practitionerId });
  const requests = await db
    .update(appointments)
    .set({ status: 'annulé', cancelReason: REQUEST_EXPIRED_REASON, cancelledAt: now, updatedAt: now })
    .where(
      and(
        eq(appointments.status, 'demandé'),
        scope,
        sql`${appointments.createdAt} + make_interval(hours => coalesce((select (o.settings->>'appointmentValidityHours')::int from organisations o where o.id = ${appointments.organizationId}), 48)) <= ${now}`,
      ),
    )
    .returning({ id: appointments.id, organizationId: appointments.organizationId, practitionerId: appointments.practitionerId, startsAt: appointments.startsAt, endsAt: appointments.endsAt });
  return { holds, requests };
}

/** Confirmed appointments whose reminder is due, taken once (marked in the same statement). */
export async function takeDueReminders(db: Database, now: Date, limit = 200) {
  const due = db
    .select({ id: appointments.id })
    .from(appointments)
    .innerJoin(organisations, eq(organisations.id, appointments.organizationId))
    .where(
      and(
        eq(appointments.status, 'confirmé'),
        isNull(appointments.reminderSentAt),
        gt(appointments.startsAt, now),
        sql`${appointments.startsAt} - make_interval(hours => coalesce((${organisations.settings}->>'reminderHours')::int, 24)) <= ${now}`,
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true, of: appointments });
  return db.update(appointments).set({ reminderSentAt: now }).where(inArray(appointments.id, due)).returning({ id: appointments.id, organizationId: appointments.organizationId });
}

// ---- Settings, exceptions, types ----

export async function readSettings(db: Database, userId: string) {
  const [row] = await db.select().from(agendaSettings).where(eq(agendaSettings.userId, userId));
  return row ?? null;
}

export async function upsertSettings(db: Database, values: typeof agendaSettings.$inferInsert) {
  const { userId: _u, organizationId: _o, ...rest } = values;
  await db.insert(agendaSettings).values(values).onConflictDoUpdate({ target: agendaSettings.userId, set: rest });
}

export async function settingsByIcalHash(db: Database, hash: string) {
  const [row] = await db.select().from(agendaSettings).where(eq(agendaSettings.icalSecretHash, hash));
  return row ?? null;
}

export async function exceptionsBetween(db: Database, organizationId: string, practitionerIds: string[], from: Date, to: Date) {
  if (!practitionerIds.length) return [];
  return db
    .select()
    .from(agendaExceptions)
    .where(and(eq(agendaExceptions.organizationId, organizationId), inArray(agendaExceptions.practitionerId, practitionerIds), lt(agendaExceptions.startsAt, to), gt(agendaExceptions.endsAt, from)))
    .orderBy(asc(agendaExceptions.startsAt));
}

export async function upcomingExceptions(db: Database, organizationId: string, practitionerId: string, from: Date) {
  return db
    .select()
    .from(agendaExceptions)
    .where(and(eq(agendaExceptions.organizationId, organizationId), eq(agendaExceptions.practitionerId, practitionerId), gt(agendaExceptions.endsAt, from)))
    .orderBy(asc(agendaExceptions.startsAt))
    .limit(200);
}

export async function insertException(db: Database, values: typeof agendaExceptions.$inferInsert) {
  const [row] = await db.insert(agendaExceptions).values(values).returning();
  return row!;
}

export async function deleteException(db: Database, organizationId: string, practitionerId: string, id: string) {
  const rows = await db
    .delete(agendaExceptions)
    .where(and(eq(agendaExceptions.id, id), eq(agendaExceptions.organizationId, organizationId), eq(agendaExceptions.practitionerId, practitionerId)))
    .returning({ id: agendaExceptions.id });
  return rows.length > 0;
}

export async function listTypes(db: Database, organizationId: string) {
  return db.select().from(appointmentTypes).where(eq(appointmentTypes.organizationId, organizationId)).orderBy(asc(appointmentTypes.position), asc(appointmentTypes.label));
}

export async function findType(db: Database, organizationId: string, id: string) {
  const [row] = await db.select().from(appointmentTypes).where(and(eq(appointmentTypes.id, id), eq(appointmentTypes.organizationId, organizationId)));
  return row ?? null;
}

export async function insertType(db: Database, values: typeof appointmentTypes.$inferInsert) {
  const [row] = await db.insert(appointmentTypes).values(values).returning();
  return row!;
}

export async function updateType(db: Database, organizationId: string, id: string, set: Partial<typeof appointmentTypes.$inferInsert>) {
  const [row] = await db.update(appointmentTypes).set(set).where(and(eq(appointmentTypes.id, id), eq(appointmentTypes.organizationId, organizationId))).returning();
  return row ?? null;
}

// ---- Waitlist ----

export async function insertWaitlist(db: Database, values: typeof appointmentWaitlist.$inferInsert) {
  const [row] = await db.insert(appointmentWaitlist).values(values).returning();
  return row!;
}

export async function patientWaitlist(db: Database, organizationId: string, patientId: string) {
  return db
    .select({
      id: appointmentWaitlist.id,
      practitionerId: appointmentWaitlist.practitionerId,
      practitionerName: users.displayName,
      fromDay: appointmentWaitlist.fromDay,
      toDay: appointmentWaitlist.toDay,
      status: appointmentWaitlist.status,
      offerStartsAt: appointmentWaitlist.offerStartsAt,
      offerExpiresAt: appointmentWaitlist.offerExpiresAt,
    })
    .from(appointmentWaitlist)
    .innerJoin(users, eq(users.id, appointmentWaitlist.practitionerId))
    .where(and(eq(appointmentWaitlist.organizationId, organizationId), eq(appointmentWaitlist.patientId, patientId), inArray(appointmentWaitlist.status, ['attente', 'proposé'])))
    .orderBy(asc(appointmentWaitlist.createdAt));
}

export async function withdrawWaitlist(db: Database, organizationId: string, patientId: string, id: string) {
  const rows = await db
    .update(appointmentWaitlist)
    .set({ status: 'retiré' })
    .where(and(eq(appointmentWaitlist.id, id), eq(appointmentWaitlist.organizationId, organizationId), eq(appointmentWaitlist.patientId, patientId)))
    .returning({ id: appointmentWaitlist.id });
  return rows.length > 0;
}

/** The first waiting patient whose range covers the day, marked 'proposé' with the offer. */
export async function offerToFirstWaiting(
  db: Database,
  input: { organizationId: string; practitionerId: string; day: string; startsAt: Date; endsAt: Date; tokenHash: string; expiresAt: Date },
) {
  const first = db
    .select({ id: appointmentWaitlist.id })
    .from(appointmentWaitlist)
    .where(
      and(
        eq(appointmentWaitlist.organizationId, input.organizationId),
        eq(appointmentWaitlist.practitionerId, input.practitionerId),
        eq(appointmentWaitlist.status, 'attente'),
        lte(appointmentWaitlist.fromDay, input.day),
        sql`${appointmentWaitlist.toDay} >= ${input.day}`,
      ),
    )
    .orderBy(asc(appointmentWaitlist.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(appointmentWaitlist)
    .set({ status: 'proposé', offerTokenHash: input.tokenHash, offerStartsAt: input.startsAt, offerEndsAt: input.endsAt, offerExpiresAt: input.expiresAt })
    .where(inArray(appointmentWaitlist.id, first))
    .returning();
  if (!row) return null;
  const [patient] = await db.select({ email: patients.email, fullName: patients.fullName }).from(patients).where(eq(patients.id, row.patientId));
  return { entry: row, patient: patient ?? null };
}

export async function offerByToken(db: Database, tokenHash: string) {
  const [row] = await db.select().from(appointmentWaitlist).where(and(eq(appointmentWaitlist.offerTokenHash, tokenHash), eq(appointmentWaitlist.status, 'proposé')));
  return row ?? null;
}

export async function markWaitlist(db: Database, id: string, status: string) {
  await db.update(appointmentWaitlist).set({ status, offerTokenHash: null }).where(eq(appointmentWaitlist.id, id));
}

/** Who is to see whom (chat's followed-practitioner rule): the pairs of the scope's appointments not cancelled. */
export async function carePairs(db: Database, scope: OrgScope, who: { patientId?: string; practitionerId?: string }) {
  const rows = await db
    .selectDistinct({ patientId: appointments.patientId, practitionerId: appointments.practitionerId })
    .from(appointments)
    .where(
      and(
        orgFilter(scope, appointments.organizationId),
        inArray(appointments.status, ['demandé', 'confirmé', 'honoré', 'absent']),
        who.patientId ? eq(appointments.patientId, who.patientId) : sql`${appointments.patientId} is not null`,
        who.practitionerId ? eq(appointments.practitionerId, who.practitionerId) : undefined,
      ),
    );
  return rows.map((r) => ({ patientId: r.patientId!, practitionerId: r.practitionerId }));
}
