import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ExerciseSearchQuery } from '@wellbe/shared/schemas/sport';
import type { Database } from '../../db/client.ts';
import { exercises } from '../../db/tables.ts';
import { escapeLike } from '../../lib/text.ts';

// The only code of the exercise library that touches Drizzle. A caller sees the shared library
// (organization_id null) and their organisation's own exercises, never another organisation's.

export type ExerciseRow = typeof exercises.$inferSelect;

function visible(organizationId: string | null): SQL {
  return and(isNull(exercises.archivedAt), organizationId ? or(isNull(exercises.organizationId), eq(exercises.organizationId, organizationId)) : isNull(exercises.organizationId))!;
}

/** What a list of exercises needs: no search key, and one language of instructions (French when written). */
const listColumns = {
  id: exercises.id,
  organizationId: exercises.organizationId,
  nameFr: exercises.nameFr,
  nameEn: exercises.nameEn,
  instructionsFr: exercises.instructionsFr,
  instructionsEn: sql<string[]>`case when jsonb_array_length(coalesce(${exercises.instructionsFr}, '[]'::jsonb)) > 0 then '[]'::jsonb else ${exercises.instructionsEn} end`,
  categoryId: exercises.categoryId,
  levelId: exercises.levelId,
  equipmentId: exercises.equipmentId,
  primaryBodyPartIds: exercises.primaryBodyPartIds,
  secondaryBodyPartIds: exercises.secondaryBodyPartIds,
  mediaSha256: exercises.mediaSha256,
  mediaMime: exercises.mediaMime,
};
export type ExerciseListRow = Pick<ExerciseRow, Exclude<keyof typeof listColumns, 'instructionsEn'>> & { instructionsEn: string[] };

/**
 * Every folded word must appear in the French or English name; names starting with the first word
 * first. One statement: the page's ids and the total (a window count) in one narrow pass over the
 * matches (the words' substrings served by the trigram index when they have 3 letters or more),
 * then the list columns of those rows only: reading the instructions (jsonb, often TOASTed) of
 * every match before the sort cost ~13 ms for a one-letter search (issue 19's 20 ms budget).
 */
export async function search(db: Database, organizationId: string | null, folded: string, query: ExerciseSearchQuery): Promise<{ rows: ExerciseListRow[]; total: number }> {
  const words = [...new Set(folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean))].slice(0, 6);
  const where = and(
    visible(organizationId),
    ...words.map((w) => sql`${exercises.searchKey} like ${`%${escapeLike(w)}%`}`),
    query.bodyPart ? sql`${exercises.primaryBodyPartIds} @> array[${query.bodyPart}]::integer[]` : undefined,
    query.equipment ? eq(exercises.equipmentId, query.equipment) : undefined,
    query.level ? eq(exercises.levelId, query.level) : undefined,
    query.category ? eq(exercises.categoryId, query.category) : undefined,
  );
  const order = [
    ...(words.length ? [sql`(${exercises.searchKey} like ${`${escapeLike(words[0])}%`}) desc`] : []),
    sql`(${exercises.nameFr} is null)`,
    asc(sql`coalesce(${exercises.nameFr}, ${exercises.nameEn})`),
    asc(exercises.id),
  ];
  const page = db.$with('page').as(
    db
      .select({ id: exercises.id, total: sql<number>`count(*) over ()`.as('total') })
      .from(exercises)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
  );
  const found = await db
    .with(page)
    .select({ ...listColumns, total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(exercises, eq(exercises.id, page.id))
    .orderBy(...order);
  // A page past the end has no row to carry the total: count alone (rare, paging only).
  const total = found.length ? found[0]!.total : query.offset ? Number((await db.select({ total: count() }).from(exercises).where(where))[0]!.total) : 0;
  return { rows: found.map(({ total: _t, ...row }) => row), total };
}

export async function find(db: Database, organizationId: string | null, id: string): Promise<ExerciseRow | undefined> {
  const [row] = await db
    .select()
    .from(exercises)
    .where(and(eq(exercises.id, id), visible(organizationId)))
    .limit(1);
  return row;
}

export async function findMany(db: Database, organizationId: string | null, ids: string[]): Promise<ExerciseRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(exercises)
    .where(and(visible(organizationId), inArray(exercises.id, ids)));
}

export async function insert(db: Database, values: typeof exercises.$inferInsert): Promise<ExerciseRow> {
  const [row] = await db.insert(exercises).values(values).returning();
  return row;
}

export async function update(db: Database, id: string, values: Partial<typeof exercises.$inferInsert>): Promise<ExerciseRow> {
  const [row] = await db
    .update(exercises)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(exercises.id, id))
    .returning();
  return row;
}
