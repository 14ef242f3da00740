import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { patientFilter } from '../../access/filters.ts';
import type { PatientScope } from '../../access/patients.ts';
import { orgFilter, type OrgScope } from '../../access/scope.ts';
import { consultations, documents, patients } from '../../db/tables.ts';

// The only code of the consultations area that touches Drizzle.

export type ConsultationValues = Omit<typeof consultations.$inferInsert, 'id' | 'organizationId' | 'patientId' | 'userId' | 'version' | 'createdAt' | 'updatedAt' | 'archivedAt' | 'archivedBy'>;
export type ConsultationRow = typeof consultations.$inferSelect & { patientFullName: string };

/**
 * Inserts the consultation unless its client-generated id exists already (a retried save).
 * Answers whether a row was created.
 */
export async function insertConsultation(
  db: Database,
  ids: { id: string; organizationId: string; patientId: string; userId: string },
  values: ConsultationValues,
): Promise<boolean> {
  const rows = await db
    .insert(consultations)
    .values({ ...ids, ...values })
    .onConflictDoNothing({ target: consultations.id })
    .returning({ id: consultations.id });
  return rows.length === 1;
}

/** A live consultation of a patient inside the caller's scope, or null. */
export async function findConsultation(db: Database, scope: PatientScope, id: string): Promise<ConsultationRow | null> {
  const [row] = await db
    .select({ c: consultations, patientFullName: patients.fullName })
    .from(consultations)
    .innerJoin(patients, eq(patients.id, consultations.patientId))
    .where(and(eq(consultations.id, id), isNull(consultations.archivedAt), patientFilter(scope)))
    .limit(1);
  return row ? { ...row.c, patientFullName: row.patientFullName } : null;
}

/** Optimistic update: only when the version read is still the current one. Answers the new version. */
export async function updateConsultation(db: Database, id: string, version: number, values: ConsultationValues, now: Date): Promise<number | null> {
  const rows = await db
    .update(consultations)
    .set({ ...values, version: sql`${consultations.version} + 1`, updatedAt: now })
    .where(and(eq(consultations.id, id), eq(consultations.version, version), isNull(consultations.archivedAt)))
    .returning({ version: consultations.version });
  return rows[0]?.version ?? null;
}

export async function listConsultationDocuments(db: Database, consultationId: string) {
  return db
    .select({ id: documents.id, fileName: documents.fileName, mimeType: documents.mimeType, sizeBytes: documents.sizeBytes, createdAt: documents.createdAt })
    .from(documents)
    .where(and(eq(documents.consultationId, consultationId), isNull(documents.archivedAt)))
    .orderBy(asc(documents.createdAt));
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
