import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { patientFilter } from '../../access/filters.ts';
import type { PatientScope } from '../../access/patients.ts';
import { chatAttachments, documents, patients } from '../../db/tables.ts';

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

/** Whether another live row still points at a stored file (files are shared by content: documents and chat attachments). */
export async function isFileReferenced(db: Database, sha256: string): Promise<boolean> {
  const rows = await db.select({ id: documents.id }).from(documents).where(eq(documents.sha256, sha256)).limit(1);
  if (rows.length > 0) return true;
  const attached = await db.select({ id: chatAttachments.id }).from(chatAttachments).where(eq(chatAttachments.sha256, sha256)).limit(1);
  return attached.length > 0;
}
