import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { documents } from '../../db/tables.ts';

export type NewDocument = typeof documents.$inferInsert;
export type DocumentRow = typeof documents.$inferSelect;

export async function insertDocument(db: Database, values: NewDocument): Promise<string> {
  const [row] = await db.insert(documents).values(values).returning({ id: documents.id });
  return row.id;
}

export async function findDocument(db: Database, id: string): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), isNull(documents.archivedAt)))
    .limit(1);
  return row ?? null;
}

/** Whether another live row still points at a stored file (files are shared by content). */
export async function isFileReferenced(db: Database, sha256: string): Promise<boolean> {
  const rows = await db.select({ id: documents.id }).from(documents).where(eq(documents.sha256, sha256)).limit(1);
  return rows.length > 0;
}
