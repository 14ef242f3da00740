import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { exportAfter, type ExportCursor } from '../../lib/keyset.ts';
import { patientFilter } from '../../access/filters.ts';
import type { PatientScope } from '../../access/patients.ts';
import type { OneOrgScope } from '../../access/scope.ts';
import { patients } from '../../access/views.ts';
import { documents } from '../../db/schema/documents.ts';

// The only code of the documents area that touches Drizzle. Every read of a document applies the
// caller's patient scope (access/filters.ts) through its patient.

export type NewDocument = Omit<typeof documents.$inferInsert, 'organizationId'>;
export type DocumentRow = typeof documents.$inferSelect;

/** Inserts a document in the organisation the call acts for. */
export async function insertDocument(db: Database, scope: OneOrgScope, values: NewDocument): Promise<string> {
  const [row] = await db
    .insert(documents)
    .values({ ...values, organizationId: scope.organizationId })
    .returning({ id: documents.id });
  return row.id;
}

/** A live document of a patient inside the caller's scope, or null. */
export async function findDocument(db: Database, scope: PatientScope, id: string): Promise<DocumentRow | null> {
  const [row] = await db
    .select({ d: documents })
    .from(documents)
    .innerJoin(patients, eq(patients.id, documents.patientId))
    .where(and(eq(documents.id, id), isNull(documents.archivedAt), patientFilter(scope)))
    .limit(1);
  return row?.d ?? null;
}

/** The live documents of one consultation inside the scope, oldest first. */
export async function consultationDocumentRows(db: Database, scope: PatientScope, consultationId: string) {
  return db
    .select({ id: documents.id, fileName: documents.fileName, mimeType: documents.mimeType, sizeBytes: documents.sizeBytes, createdAt: documents.createdAt })
    .from(documents)
    .innerJoin(patients, eq(patients.id, documents.patientId))
    .where(and(eq(documents.consultationId, consultationId), isNull(documents.archivedAt), patientFilter(scope)))
    .orderBy(asc(documents.createdAt));
}

/**
 * Every live document of the patient's live consultations inside the scope, newest consultation
 * first. `consultationDate` (the consultations area's expression, null when the consultation is
 * archived) keeps it one statement.
 */
export async function patientDocumentRows(db: Database, scope: PatientScope, patientId: string, consultationDate: (consultationId: PgColumn) => SQL<Date | null>) {
  const date = consultationDate(documents.consultationId);
  const rows = await db
    .select({
      id: documents.id,
      consultationId: documents.consultationId,
      consultationDate: date,
      fileName: documents.fileName,
      mimeType: documents.mimeType,
      sizeBytes: documents.sizeBytes,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .innerJoin(patients, eq(patients.id, documents.patientId))
    .where(and(eq(documents.patientId, patientId), isNull(documents.archivedAt), patientFilter(scope), sql`${date} is not null`))
    .orderBy(sql`${date} desc`, asc(documents.fileName));
  return rows.map((r) => ({ ...r, consultationDate: r.consultationDate! }));
}

/** How many live documents a consultation of the patient holds (a timeline column, one statement). */
export function liveDocumentCount(patientId: string, consultationId: PgColumn): SQL<number> {
  return sql<number>`(select ${count()} from ${documents} where ${documents.consultationId} = ${consultationId} and ${documents.patientId} = ${patientId} and ${documents.archivedAt} is null)`.mapWith(
    Number,
  );
}

/** A page of the patient's live documents (of live consultations: `live`) inside the scope, oldest first. */
export async function exportPage(db: Database, scope: PatientScope, patientId: string, live: (consultationId: PgColumn) => SQL, after: ExportCursor, limit: number) {
  return db
    .select({
      id: documents.id,
      cursorAt: sql<string>`${documents.createdAt}::text`,
      consultationId: documents.consultationId,
      uploadedBy: documents.uploadedBy,
      fileName: documents.fileName,
      mimeType: documents.mimeType,
      sizeBytes: documents.sizeBytes,
      sha256: documents.sha256,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .innerJoin(patients, eq(patients.id, documents.patientId))
    .where(
      and(
        eq(documents.patientId, patientId),
        isNull(documents.archivedAt),
        patientFilter(scope),
        live(documents.consultationId),
        exportAfter(documents.createdAt, documents.id, after),
      ),
    )
    .orderBy(asc(documents.createdAt), asc(documents.id))
    .limit(limit);
}

/** A live document inside the scope (a signed export link's: the patient it names), or null. */
export async function findLinkedDocument(db: Database, scope: PatientScope, documentId: string) {
  const [row] = await db
    .select({ id: documents.id, patientId: documents.patientId, fileName: documents.fileName, mimeType: documents.mimeType, sizeBytes: documents.sizeBytes, sha256: documents.sha256 })
    .from(documents)
    .innerJoin(patients, eq(patients.id, documents.patientId))
    .where(and(eq(documents.id, documentId), isNull(documents.archivedAt), patientFilter(scope)))
    .limit(1);
  return row ?? null;
}

/** Whether a document names this stored file (whatever its organisation: the store is shared by content). */
export async function documentUsesFile(db: Database, sha256: string): Promise<boolean> {
  const [row] = await db.select({ id: documents.id }).from(documents).where(eq(documents.sha256, sha256)).limit(1);
  return !!row;
}
