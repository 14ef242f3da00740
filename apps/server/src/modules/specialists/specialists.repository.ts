import { asc, eq } from 'drizzle-orm';
import type { JobSpecialist, SpecialistLabels } from '@wellbe/shared/schemas/specialists';
import type { Database } from '../../db/client.ts';
import { jobSpecialists } from '../../db/tables.ts';

type Row = typeof jobSpecialists.$inferSelect;

function toDto(row: Row): JobSpecialist {
  return { id: row.id, idJobSpecialist: row.id, label: row.label, labels: row.labels, dietetic: row.dietetic, active: row.active };
}

/** A reference table of a handful of rows: read whole, ordered by id. */
export async function listSpecialists(db: Database, { activeOnly }: { activeOnly: boolean }): Promise<JobSpecialist[]> {
  const rows = await db
    .select()
    .from(jobSpecialists)
    .where(activeOnly ? eq(jobSpecialists.active, true) : undefined)
    .orderBy(asc(jobSpecialists.id));
  return rows.map(toDto);
}

export async function findSpecialist(db: Database, id: number): Promise<JobSpecialist | undefined> {
  const [row] = await db.select().from(jobSpecialists).where(eq(jobSpecialists.id, id)).limit(1);
  return row ? toDto(row) : undefined;
}

export async function insertSpecialist(db: Database, values: { labels: SpecialistLabels; dietetic: boolean }): Promise<JobSpecialist> {
  const [row] = await db
    .insert(jobSpecialists)
    .values({ label: values.labels.fr, labels: values.labels, dietetic: values.dietetic })
    .returning();
  return toDto(row);
}

export async function updateSpecialist(
  db: Database,
  id: number,
  values: { labels?: SpecialistLabels; dietetic?: boolean; active?: boolean },
): Promise<JobSpecialist | undefined> {
  const [row] = await db
    .update(jobSpecialists)
    .set({ ...values, ...(values.labels ? { label: values.labels.fr } : {}) })
    .where(eq(jobSpecialists.id, id))
    .returning();
  return row ? toDto(row) : undefined;
}
