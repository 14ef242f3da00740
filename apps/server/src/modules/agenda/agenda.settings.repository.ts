import type { OneOrgScope } from '../../access/scope.ts';
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { patientFilter } from '../../access/filters.ts';
import type { PatientScope } from '../../access/patients.ts';
import { orgFilter, type OrgScope } from '../../access/scope.ts';
import { patients, users } from '../../access/views.ts';
import type { Database } from '../../db/client.ts';
import { agendaExceptions, agendaSettings, appointmentTypes } from '../../db/schema/agenda.ts';
import type { AvailabilityRule, WeeklyHours } from '@wellbe/shared/schemas/agenda';

// SQL of what an agenda is made of: its practitioners, their working hours and absences, the
// organisation's appointment types, and the patient a booking names. Every query carries the scope.

export const PRACTITIONER_ROLES = ['PA', 'PR', 'PG', 'DE'] as const;

/** The patient a booking names, inside the patient scope (live patients of the organisation). */
export async function patientIn(db: Database, scope: PatientScope) {
  const [row] = await db.select({ id: patients.id, fullName: patients.fullName, email: patients.email }).from(patients).where(patientFilter(scope));
  return row ?? null;
}

export async function listPractitioners(db: Database, scope: OrgScope) {
  return db
    .select({ id: users.id, username: users.username, displayName: users.displayName, job: users.job, jobSpecialistId: users.jobSpecialistId, email: users.email })
    .from(users)
    .where(and(orgFilter(scope, users.organizationId), eq(users.active, true), inArray(users.role, [...PRACTITIONER_ROLES])))
    .orderBy(asc(users.displayName));
}

export async function findPractitioner(db: Database, scope: OrgScope, id: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, displayName: users.displayName, email: users.email, jobSpecialistId: users.jobSpecialistId })
    .from(users)
    .where(and(eq(users.id, id), orgFilter(scope, users.organizationId), eq(users.active, true), inArray(users.role, [...PRACTITIONER_ROLES])));
  return row ?? null;
}

export async function findByUsername(db: Database, scope: OrgScope, username: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, orgFilter(scope, users.organizationId), inArray(users.role, [...PRACTITIONER_ROLES])));
  return row ?? null;
}

// ---- Working hours (one row per practitioner) ----

export async function readSettings(db: Database, scope: OrgScope, userId: string) {
  const [row] = await db.select().from(agendaSettings).where(and(eq(agendaSettings.userId, userId), orgFilter(scope, agendaSettings.organizationId)));
  return row ?? null;
}

// Each write sets only the columns its action owns (the hours, or the feed's secret): a settings
// save and a feed revoked at the same time both keep what the other wrote.

/** Saves a practitioner's working hours, creating their row if need be; the feed is left as it is. */
export async function saveHours(db: Database, scope: OneOrgScope, values: { userId: string; weeklyHours: WeeklyHours; availability: AvailabilityRule[]; updatedAt: Date }) {
  const { userId: _u, ...hours } = values;
  await db
    .insert(agendaSettings)
    .values({ ...values, organizationId: scope.organizationId })
    .onConflictDoUpdate({ target: agendaSettings.userId, set: hours, setWhere: orgFilter(scope, agendaSettings.organizationId) });
}

/** Sets a practitioner's feed secret (a new row starts with `hours`); the hours of a row are left as they are. */
export async function saveIcalSecret(db: Database, scope: OneOrgScope, values: { userId: string; icalSecretHash: string; icalCreatedAt: Date }, hours: WeeklyHours) {
  const feed = { icalSecretHash: values.icalSecretHash, icalCreatedAt: values.icalCreatedAt, updatedAt: values.icalCreatedAt };
  await db
    .insert(agendaSettings)
    .values({ userId: values.userId, weeklyHours: hours, ...feed, organizationId: scope.organizationId })
    .onConflictDoUpdate({ target: agendaSettings.userId, set: feed, setWhere: orgFilter(scope, agendaSettings.organizationId) });
}

/** Revokes a practitioner's feed: no row, no feed, nothing to do. */
export async function clearIcalSecret(db: Database, scope: OrgScope, userId: string, now: Date) {
  await db
    .update(agendaSettings)
    .set({ icalSecretHash: null, icalCreatedAt: null, updatedAt: now })
    .where(and(eq(agendaSettings.userId, userId), orgFilter(scope, agendaSettings.organizationId)));
}

/**
 * The settings a private feed's secret names. The secret is the credential (a calendar sends no
 * token): no caller, so no scope; what the feed reads next is scoped on this row's organisation.
 */
export async function settingsByIcalHash(db: Database, hash: string) {
  const [row] = await db.select().from(agendaSettings).where(eq(agendaSettings.icalSecretHash, hash));
  return row ?? null;
}

// ---- Absences ----

export async function exceptionsBetween(db: Database, scope: OrgScope, practitionerIds: string[], from: Date, to: Date) {
  if (!practitionerIds.length) return [];
  return db
    .select()
    .from(agendaExceptions)
    .where(and(orgFilter(scope, agendaExceptions.organizationId), inArray(agendaExceptions.practitionerId, practitionerIds), lt(agendaExceptions.startsAt, to), gt(agendaExceptions.endsAt, from)))
    .orderBy(asc(agendaExceptions.startsAt));
}

export async function upcomingExceptions(db: Database, scope: OrgScope, practitionerId: string, from: Date) {
  return db
    .select()
    .from(agendaExceptions)
    .where(and(orgFilter(scope, agendaExceptions.organizationId), eq(agendaExceptions.practitionerId, practitionerId), gt(agendaExceptions.endsAt, from)))
    .orderBy(asc(agendaExceptions.startsAt))
    .limit(200);
}

export async function insertException(db: Database, scope: OneOrgScope, values: Omit<typeof agendaExceptions.$inferInsert, 'organizationId'>) {
  const [row] = await db
    .insert(agendaExceptions)
    .values({ ...values, organizationId: scope.organizationId })
    .returning();
  return row!;
}

export async function deleteException(db: Database, scope: OrgScope, practitionerId: string, id: string) {
  const rows = await db
    .delete(agendaExceptions)
    .where(and(eq(agendaExceptions.id, id), orgFilter(scope, agendaExceptions.organizationId), eq(agendaExceptions.practitionerId, practitionerId)))
    .returning({ id: agendaExceptions.id });
  return rows.length > 0;
}

// ---- Appointment types ----

export type TypeValues = Omit<typeof appointmentTypes.$inferInsert, 'organizationId'>;

export async function listTypes(db: Database, scope: OrgScope) {
  return db.select().from(appointmentTypes).where(orgFilter(scope, appointmentTypes.organizationId)).orderBy(asc(appointmentTypes.position), asc(appointmentTypes.label));
}

export async function findType(db: Database, scope: OrgScope, id: string) {
  const [row] = await db.select().from(appointmentTypes).where(and(eq(appointmentTypes.id, id), orgFilter(scope, appointmentTypes.organizationId)));
  return row ?? null;
}

export async function insertType(db: Database, scope: OneOrgScope, values: TypeValues) {
  const [row] = await db
    .insert(appointmentTypes)
    .values({ ...values, organizationId: scope.organizationId })
    .returning();
  return row!;
}

export async function updateType(db: Database, scope: OrgScope, id: string, set: Partial<TypeValues>) {
  const [row] = await db.update(appointmentTypes).set(set).where(and(eq(appointmentTypes.id, id), orgFilter(scope, appointmentTypes.organizationId))).returning();
  return row ?? null;
}
