import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { WithSubquery } from 'drizzle-orm/subquery';
import type { Database } from '../../db/client.ts';
import { exportAfter, type ExportCursor } from '../../lib/keyset.ts';
import { patientFilter } from '../../access/filters.ts';
import type { PatientScope } from '../../access/patients.ts';
import { orgFilter, type OrgScope, type OneOrgScope } from '../../access/scope.ts';
import { jobSpecialists, patients, users } from '../../access/views.ts';
import { consultations } from '../../db/schema/consultations.ts';

// The only code of the consultations area that touches Drizzle. Every query applies the caller's
// patient scope (access/filters.ts); other areas read consultations through the service.

export type ConsultationValues = Omit<
  typeof consultations.$inferInsert,
  'id' | 'organizationId' | 'patientId' | 'userId' | 'version' | 'createdAt' | 'updatedAt' | 'archivedAt' | 'archivedBy' | 'signedAt' | 'signedBy' | 'lockedAt'
>;
export type ConsultationRow = typeof consultations.$inferSelect & { patientFullName: string; signedByName: string | null };

/** The consultations of the patients inside a scope, as a condition on `consultations`. */
function inPatientScope(db: Database, scope: PatientScope): SQL {
  return inArray(consultations.patientId, db.select({ id: patients.id }).from(patients).where(patientFilter(scope)));
}

/**
 * Inserts the consultation unless its client-generated id exists already (a retried save), in the
 * organisation the call acts for. Answers whether a row was created.
 */
export async function insertConsultation(
  db: Database,
  scope: OneOrgScope,
  ids: { id: string; patientId: string; userId: string },
  values: ConsultationValues,
): Promise<boolean> {
  const rows = await db
    .insert(consultations)
    .values({ ...ids, organizationId: scope.organizationId, ...values })
    .onConflictDoNothing({ target: consultations.id })
    .returning({ id: consultations.id });
  return rows.length === 1;
}

/** A live consultation of a patient inside the caller's scope, or null. */
export async function findConsultation(db: Database, scope: PatientScope, id: string): Promise<ConsultationRow | null> {
  const [row] = await db
    .select({ c: consultations, patientFullName: patients.fullName, signedByName: sql<string | null>`(select ${users.displayName} from ${users} where ${users.id} = ${consultations.signedBy})` })
    .from(consultations)
    .innerJoin(patients, eq(patients.id, consultations.patientId))
    .where(and(eq(consultations.id, id), isNull(consultations.archivedAt), patientFilter(scope)))
    .limit(1);
  return row ? { ...row.c, patientFullName: row.patientFullName, signedByName: row.signedByName } : null;
}

/**
 * Optimistic update: only when the version read is still the current one and the consultation is
 * not locked (issue 32: the lock is checked in this same statement, never read first). Answers the
 * new version, null when either refused it.
 */
export async function updateConsultation(db: Database, scope: PatientScope, id: string, version: number, values: ConsultationValues, now: Date): Promise<number | null> {
  const rows = await db
    .update(consultations)
    .set({ ...values, version: sql`${consultations.version} + 1`, updatedAt: now })
    .where(and(eq(consultations.id, id), eq(consultations.version, version), isNull(consultations.lockedAt), isNull(consultations.archivedAt), inPatientScope(db, scope)))
    .returning({ version: consultations.version });
  return rows[0]?.version ?? null;
}

// Other areas' rows hang from consultations (documents, notices): their queries ask these
// correlated expressions, keyed on their consultation id column, so that a list stays one statement
// without their repository reading this table.

/** Whether the consultation named by `consultationId` is live (not archived). */
export function liveConsultationCondition(consultationId: PgColumn): SQL {
  return sql`exists (select 1 from ${consultations} where ${consultations.id} = ${consultationId} and ${consultations.archivedAt} is null)`;
}

/** The date of the live consultation named by `consultationId` (null when archived). */
export function liveConsultationDate(consultationId: PgColumn): SQL<Date | null> {
  return sql<Date | null>`(select ${consultations.consultationDate} from ${consultations} where ${consultations.id} = ${consultationId} and ${consultations.archivedAt} is null)`.mapWith(
    consultations.consultationDate,
  );
}

/** What other areas add to each consultation of the timeline (documents, notice), keyed on its id and its patient (a placeholder when prepared). */
export type TimelineExtras<N> = (consultationId: PgColumn, patientId: string) => { documentCount: SQL<number>; notice: SQL<N>; lastChange: SQL<{ at: string; name: string | null } | null> };

/**
 * The live consultations of a patient inside the scope, newest first, with who, speciality and
 * what `extras` adds (one statement; with `journal`, the read's journal row written by that same
 * statement). The query itself, not run: the service prepares it with placeholders for its values.
 */
export function timelineRows<N>(db: Database, scope: PatientScope, patientId: string, extras: TimelineExtras<N>, journal?: WithSubquery) {
  return db
    .with(...(journal ? [journal] : []))
    .select({
      id: consultations.id,
      consultationDate: consultations.consultationDate,
      userId: consultations.userId,
      practitioner: users.displayName,
      jobSpecialistId: consultations.jobSpecialistId,
      speciality: jobSpecialists.label,
      size: consultations.size,
      weight: consultations.weight,
      dolorLocation: consultations.dolorLocation,
      dolorIntensity: consultations.dolorIntensity,
      note: consultations.consultationNote,
      ...extras(consultations.id, patientId),
    })
    .from(consultations)
    .innerJoin(patients, eq(patients.id, consultations.patientId))
    .innerJoin(users, eq(users.id, consultations.userId))
    .innerJoin(jobSpecialists, eq(jobSpecialists.id, consultations.jobSpecialistId))
    .where(and(eq(consultations.patientId, patientId), isNull(consultations.archivedAt), patientFilter(scope)))
    .orderBy(desc(consultations.consultationDate), desc(consultations.id));
}

/** Measures of every live consultation of a patient inside the scope, oldest first; with the read's journal row when given (the statement writes it). */
export function measureRows(db: Database, scope: PatientScope, patientId: string, journal?: WithSubquery) {
  return db
    .with(...(journal ? [journal] : []))
    .select({
      id: consultations.id,
      consultationDate: consultations.consultationDate,
      size: consultations.size,
      weight: consultations.weight,
      dolorLocation: consultations.dolorLocation,
      dolorIntensity: consultations.dolorIntensity,
    })
    .from(consultations)
    .innerJoin(patients, eq(patients.id, consultations.patientId))
    .where(and(eq(consultations.patientId, patientId), isNull(consultations.archivedAt), patientFilter(scope)))
    .orderBy(asc(consultations.consultationDate), asc(consultations.id));
}

/** A page of a patient's live consultations inside the scope, oldest first, after (date, id). */
export async function exportPage(db: Database, scope: PatientScope, patientId: string, after: ExportCursor, limit: number) {
  return db
    .select({
      id: consultations.id,
      cursorAt: sql<string>`${consultations.consultationDate}::text`,
      userId: consultations.userId,
      speciality: jobSpecialists.label,
      consultationDate: consultations.consultationDate,
      consultationNote: consultations.consultationNote,
      diagnostic: consultations.diagnostic,
      healthCareCategory: consultations.healthCareCategory,
      size: consultations.size,
      weight: consultations.weight,
      dolorLocation: consultations.dolorLocation,
      dolorIntensity: consultations.dolorIntensity,
      eradiation: consultations.eradiation,
      triggeringFactor: consultations.triggeringFactor,
      antalgesicTreatment: consultations.antalgesicTreatment,
      treatmentName: consultations.treatmentName,
      treatmentEfficacy: consultations.treatmentEfficacy,
      prevention1: consultations.prevention1,
      prevention2: consultations.prevention2,
      prevention3: consultations.prevention3,
    })
    .from(consultations)
    .innerJoin(patients, eq(patients.id, consultations.patientId))
    .leftJoin(jobSpecialists, eq(jobSpecialists.id, consultations.jobSpecialistId))
    .where(
      and(
        eq(consultations.patientId, patientId),
        isNull(consultations.archivedAt),
        patientFilter(scope),
        exportAfter(consultations.consultationDate, consultations.id, after),
      ),
    )
    .orderBy(asc(consultations.consultationDate), asc(consultations.id))
    .limit(limit);
}

/** Who saw whom (chat's followed-practitioner rule): the pairs of the scope's live consultations. */
export async function carePairs(db: Database, scope: OrgScope, who: { patientId?: string; practitionerId?: string }) {
  return db
    .selectDistinct({ patientId: consultations.patientId, practitionerId: consultations.userId })
    .from(consultations)
    .where(
      and(
        orgFilter(scope, consultations.organizationId),
        isNull(consultations.archivedAt),
        who.patientId ? eq(consultations.patientId, who.patientId) : undefined,
        who.practitionerId ? eq(consultations.userId, who.practitionerId) : undefined,
      ),
    );
}
