import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { patientFilter } from '../../access/filters.ts';
import type { PatientScope } from '../../access/patients.ts';
import { documents, exercises, patients } from '../../db/tables.ts';

export type NewDocument = typeof documents.$inferInsert;
export type DocumentRow = typeof documents.$inferSelect;

export async function insertDocument(db: Database, values: NewDocument): Promise<string> {
  const [row] = await db.insert(documents).values(values).returning({ id: documents.id });
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

/** Whether another live row still points at a stored file (files are shared by content). */
export async function isFileReferenced(db: Database, sha256: string): Promise<boolean> {
  const rows = await db.select({ id: documents.id }).from(documents).where(eq(documents.sha256, sha256)).limit(1);
  if (rows.length) return true;
  // An exercise's image or video lives in the same store (issue 19).
  const media = await db.select({ id: exercises.id }).from(exercises).where(eq(exercises.mediaSha256, sha256)).limit(1);
  return media.length > 0;
}
