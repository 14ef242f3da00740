import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { patientFilter } from '../../access/filters.ts';
import type { PatientScope } from '../../access/patients.ts';
import { articles, chatAttachments, documents, exercises, patients } from '../../db/tables.ts';

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

/**
 * Whether a row still points at a stored file. Files are shared by content across the store:
 * patient documents, chat attachments, exercise images or videos (issue 19) and article covers and
 * pictures; the hourly sweep deletes a file none of them names.
 */
export async function isFileReferenced(db: Database, sha256: string): Promise<boolean> {
  const holders = [
    () => db.select({ id: documents.id }).from(documents).where(eq(documents.sha256, sha256)).limit(1),
    () => db.select({ id: chatAttachments.id }).from(chatAttachments).where(eq(chatAttachments.sha256, sha256)).limit(1),
    () => db.select({ id: exercises.id }).from(exercises).where(eq(exercises.mediaSha256, sha256)).limit(1),
    () => db.select({ id: articles.id }).from(articles).where(or(eq(articles.coverHash, sha256), sql`${articles.images} ? ${sha256}`)).limit(1),
  ];
  for (const holder of holders) if ((await holder()).length > 0) return true;
  return false;
}
