import { aliasedTable, and, asc, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { orgFilter, type OrgScope, type OneOrgScope } from '../../access/scope.ts';
import { organisations, patients, users } from '../../access/views.ts';
import type { Database } from '../../db/client.ts';
import { appointmentTypes, appointments } from '../../db/schema/agenda.ts';

// SQL of the appointments: every query carries the caller's scope (a row of another organisation
// is a row that does not exist for the caller); the job's two statements over every organisation
// say so in their names. The no-double-booking rule lives in PostgreSQL itself
// (appointments_no_overlap, an exclusion constraint): the repository maps its refusal to a value.

/** A scope that names one organisation (ownScope, actingScope, systemScope): what a write needs. */

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

/** The appointments inside the scope, names joined: every read starts here. */
function selectAppointments(db: Database, scope: OrgScope, where: SQL | undefined, live?: LiveAt) {
  return db
    .select(columnsAt(live))
    .from(appointments)
    .innerJoin(practitioner, eq(practitioner.id, appointments.practitionerId))
    .leftJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
    .where(and(orgFilter(scope, appointments.organizationId), where));
}

/** An exclusion violation (23P01) on the no-overlap constraint, through Drizzle's wrapping. */
function isOverlap(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23P01') return true;
  }
  return false;
}

/** The organisation's settings and name (read-only view: its own area writes them). */
export async function organisationSettings(db: Database, scope: OneOrgScope) {
  const [row] = await db.select({ settings: organisations.settings, name: organisations.name }).from(organisations).where(orgFilter(scope, organisations.id));
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
  scope: OrgScope,
  practitionerIds: string[],
  from: Date,
  to: Date,
  options: { includeCancelled?: boolean; live?: LiveAt } = {},
) {
  if (!practitionerIds.length) return [];
  return selectAppointments(
    db,
    scope,
    and(
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
export async function feedAppointments(db: Database, scope: OrgScope, practitionerId: string, range: { from: Date; to: Date; cancelledSince: Date }, live: LiveAt) {
  return selectAppointments(
    db,
    scope,
    and(
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

export async function findAppointment(db: Database, scope: OrgScope, id: string): Promise<AppointmentRow | null> {
  const [row] = await selectAppointments(db, scope, eq(appointments.id, id));
  return (row as AppointmentRow | undefined) ?? null;
}

export async function patientAppointments(db: Database, scope: OrgScope, patientId: string, live?: LiveAt) {
  return selectAppointments(db, scope, and(eq(appointments.patientId, patientId), ne(appointments.status, 'provisoire')), live)
    .orderBy(asc(appointments.startsAt))
    .limit(500) as Promise<AppointmentRow[]>;
}

/** Staff view of /appointment: requests to confirm, and one day's appointments. */
export async function requestsAndDay(db: Database, scope: OrgScope, from: Date, to: Date, live: LiveAt) {
  return selectAppointments(db, scope, or(and(eq(appointments.status, 'demandé'), sql`not ${expiredRequest(live)}`), and(lt(appointments.startsAt, to), gt(appointments.endsAt, from))), live)
    .orderBy(asc(appointments.startsAt))
    .limit(1000) as Promise<AppointmentRow[]>;
}

/** A new appointment's values: its organisation is the scope's, never the caller's input. */
export type NewAppointment = Omit<typeof appointments.$inferInsert, 'organizationId'>;

/** The slot a write takes: its expired holds and requests are released in the write's transaction. */
export interface SlotRelease {
  now: Date;
  practitionerId: string;
  startsAt: Date;
  endsAt: Date;
}

export type Released = { id: string; organizationId: string; practitionerId: string }[];

/** The caller's hold a booking completes: cancelled with `reason` in the booking's transaction. */
export interface HoldToFinalise {
  id: string;
  createdBy: string;
  reason: string;
  now: Date;
}

/** Thrown inside the insert's transaction to roll it back when the hold is no longer live. */
class HoldGone extends Error {}

/**
 * Inserts, or answers 'overlap' when the slot is taken (the exclusion constraint decides races).
 * With `release`, the expired holds and requests overlapping the slot (still counted by the
 * constraint until the job releases them) are released first, in the same transaction: an expired
 * hold never blocks a booking, and a refused insert releases nothing. With `hold`, the caller's
 * hold is given up in that transaction too, so that a refused booking keeps it ('hold_expired'
 * when it expired or was completed meanwhile).
 */
export async function insertAppointment(db: Database, scope: OneOrgScope, values: NewAppointment, release?: SlotRelease, hold?: HoldToFinalise): Promise<{ id: string; released: Released } | 'overlap' | 'hold_expired'> {
  const run = async (tx: Database) => {
    const released = release ? await releaseExpiredIn(tx, scope, release) : [];
    if (hold && !(await finaliseHold(tx, scope, hold))) throw new HoldGone();
    const [row] = await tx
      .insert(appointments)
      .values({ ...values, organizationId: scope.organizationId })
      .returning({ id: appointments.id });
    return { id: row!.id, released };
  };
  try {
    return release || hold ? await db.transaction(run) : await run(db);
  } catch (err) {
    if (err instanceof HoldGone) return 'hold_expired';
    if (isOverlap(err)) return 'overlap';
    throw err;
  }
}

/** Cancels the caller's hold if it is still live (the row lock makes two completions of it queue). */
async function finaliseHold(tx: Database, scope: OneOrgScope, hold: HoldToFinalise): Promise<boolean> {
  const rows = await tx
    .update(appointments)
    .set({ status: 'annulé', cancelReason: hold.reason, cancelledAt: hold.now, updatedAt: hold.now })
    .where(and(eq(appointments.id, hold.id), orgFilter(scope, appointments.organizationId), eq(appointments.status, 'provisoire'), eq(appointments.createdBy, hold.createdBy)))
    .returning({ id: appointments.id });
  return rows.length > 0;
}

/**
 * Updates one appointment of the scope; 'overlap' when the new slot is taken. With `expectedStatus`
 * (the status the caller read and checked), a row another request changed meanwhile is left alone
 * and `found` is false: a cancellation committed first is never undone by a change read before it.
 */
export async function updateAppointment(db: Database, scope: OrgScope, id: string, set: Partial<NewAppointment>, release?: SlotRelease, expectedStatus?: string): Promise<{ found: boolean; released: Released } | 'overlap'> {
  const run = async (tx: Database) => {
    const released = release ? await releaseExpiredIn(tx, scope, release) : [];
    const rows = await tx
      .update(appointments)
      .set(set)
      .where(and(eq(appointments.id, id), orgFilter(scope, appointments.organizationId), expectedStatus === undefined ? undefined : eq(appointments.status, expectedStatus)))
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
async function releaseExpiredIn(tx: Database, scope: OrgScope, slot: SlotRelease): Promise<Released> {
  const where = and(
    orgFilter(scope, appointments.organizationId),
    eq(appointments.practitionerId, slot.practitionerId),
    lt(appointments.startsAt, slot.endsAt),
    gt(appointments.endsAt, slot.startsAt),
  );
  const { holds, requests } = await release(tx, slot.now, where);
  return [...holds, ...requests];
}

/**
 * The job's release, over every organisation (one statement each for holds and requests, each row
 * with its own organisation's delay): what follows it acts per row, with the row's organisation.
 */
export async function releaseExpiredEverywhere(db: Database, now: Date) {
  return release(db, now, undefined);
}

/**
 * Frees the slots of holds past their 15 minutes and of requests past the organisation's validity
 * delay: they become 'annulé' with the reason. Returns what was released (for the events).
 */
async function release(db: Database, now: Date, where: SQL | undefined) {
  // Both statements go through appointments_pending_idx (the few rows still 'provisoire' or 'demandé').
  const holds = await db
    .update(appointments)
    .set({ status: 'annulé', cancelReason: HOLD_EXPIRED_REASON, cancelledAt: now, updatedAt: now })
    .where(and(eq(appointments.status, 'provisoire'), lte(appointments.holdExpiresAt, now), where))
    .returning({ id: appointments.id, organizationId: appointments.organizationId, practitionerId: appointments.practitionerId });
  const requests = await db
    .update(appointments)
    .set({ status: 'annulé', cancelReason: REQUEST_EXPIRED_REASON, cancelledAt: now, updatedAt: now })
    .where(
      and(
        eq(appointments.status, 'demandé'),
        where,
        sql`${appointments.createdAt} + make_interval(hours => coalesce((select (o.settings->>'appointmentValidityHours')::int from organisations o where o.id = ${appointments.organizationId}), 48)) <= ${now}`,
      ),
    )
    .returning({ id: appointments.id, organizationId: appointments.organizationId, practitionerId: appointments.practitionerId, startsAt: appointments.startsAt, endsAt: appointments.endsAt });
  return { holds, requests };
}

/**
 * The job's reminders, over every organisation: confirmed appointments whose reminder is due,
 * taken once (marked in the same statement); each comes with its organisation for what follows.
 */
export async function takeDueRemindersEverywhere(db: Database, now: Date, limit = 200) {
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
