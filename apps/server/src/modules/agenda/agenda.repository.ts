import { aliasedTable, and, asc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
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
};

function selectAppointments(db: Database) {
  return db
    .select(appointmentColumns)
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
    .select({ id: users.id, username: users.username, displayName: users.displayName, email: users.email })
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

export async function patientAppointments(db: Database, organizationId: string, patientId: string) {
  return selectAppointments(db)
    .where(and(eq(appointments.organizationId, organizationId), eq(appointments.patientId, patientId), ne(appointments.status, 'provisoire')))
    .orderBy(asc(appointments.startsAt))
    .limit(500) as Promise<AppointmentRow[]>;
}

/** Staff view of /appointment: requests to confirm, and one day's appointments. */
export async function requestsAndDay(db: Database, organizationId: string, from: Date, to: Date) {
  return selectAppointments(db)
    .where(and(eq(appointments.organizationId, organizationId), or(eq(appointments.status, 'demandé'), and(lt(appointments.startsAt, to), gt(appointments.endsAt, from)))))
    .orderBy(asc(appointments.startsAt))
    .limit(1000) as Promise<AppointmentRow[]>;
}

export type NewAppointment = typeof appointments.$inferInsert;

/** Inserts, or answers 'overlap' when the slot is taken (the exclusion constraint decides races). */
export async function insertAppointment(db: Database, values: NewAppointment): Promise<{ id: string } | 'overlap'> {
  try {
    const [row] = await db.insert(appointments).values(values).returning({ id: appointments.id });
    return row!;
  } catch (err) {
    if (isOverlap(err)) return 'overlap';
    throw err;
  }
}

export async function updateAppointment(db: Database, organizationId: string, id: string, set: Partial<NewAppointment>): Promise<boolean | 'overlap'> {
  try {
    const rows = await db
      .update(appointments)
      .set(set)
      .where(and(eq(appointments.id, id), eq(appointments.organizationId, organizationId)))
      .returning({ id: appointments.id });
    return rows.length > 0;
  } catch (err) {
    if (isOverlap(err)) return 'overlap';
    throw err;
  }
}

/**
 * Frees the slots of holds past their 15 minutes and of requests past the organisation's validity
 * delay: they become 'annulé' with the reason. Returns what was released (for the events).
 */
export async function releaseExpired(db: Database, now: Date, where: { organizationId?: string; practitionerId?: string } = {}) {
  // Both statements go through appointments_pending_idx (the few rows still 'provisoire' or 'demandé').
  const scope = and(where.organizationId ? eq(appointments.organizationId, where.organizationId) : undefined, where.practitionerId ? eq(appointments.practitionerId, where.practitionerId) : undefined);
  const holds = await db
    .update(appointments)
    .set({ status: 'annulé', cancelReason: 'Réservation provisoire expirée', cancelledAt: now, updatedAt: now })
    .where(and(eq(appointments.status, 'provisoire'), lte(appointments.holdExpiresAt, now), scope))
    .returning({ id: appointments.id, organizationId: appointments.organizationId, practitionerId: appointments.practitionerId });
  const requests = await db
    .update(appointments)
    .set({ status: 'annulé', cancelReason: 'Demande non confirmée dans le délai', cancelledAt: now, updatedAt: now })
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
