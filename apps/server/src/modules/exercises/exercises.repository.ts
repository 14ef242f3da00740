import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ExerciseSearchQuery } from '@wellbe/shared/schemas/sport';
import type { Database } from '../../db/client.ts';
import { exerciseWords, exercises } from '../../db/tables.ts';
import { escapeLike, typoDistance } from '../../lib/text.ts';

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
 * first. When nothing holds the words as typed, each word of 3 letters or more may also be one of
 * the closest words of the exercise names (typing mistakes: 'sqaut' finds Squat), see closeWords.
 */
export async function search(db: Database, organizationId: string | null, folded: string, query: ExerciseSearchQuery): Promise<{ rows: ExerciseListRow[]; total: number }> {
  const words = [...new Set(folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean))].slice(0, 6);
  const typos = words.some((w) => w.length >= 3);
  // The nearest words come back with the search as typed, read only when it finds nothing.
  const found = await searchPage(db, organizationId, words.map((w) => [w]), query, typos ? words : null);
  if (found.total > 0 || !typos) return found;
  const near = closestWords(words, found.nearest);
  if (near.every((alts) => alts.length === 0)) return found;
  return searchPage(db, organizationId, words.map((w, i) => [w, ...near[i]!]), query, null);
}

/**
 * One statement: the page's ids in a narrow pass over the matches (each word's substrings served by
 * the trigram index when they have 3 letters or more; a top-N sort, not a sort of every match), the
 * total as a sub-query counted once, then the list columns of the page's rows only: reading the
 * instructions (jsonb, often TOASTed) of every match before the sort cost ~13 ms for a one-letter
 * search (issue 19's 20 ms budget). `alternatives`: for each typed word, the words that may stand
 * for it (itself first). `nearestFor`: the typed words whose nearest words of the exercise names
 * (see closestWords) the same statement reads when nothing matches — a sub-query PostgreSQL runs
 * only then; the page's rows hang on one row (a left join) so that they come back even so.
 */
async function searchPage(
  db: Database,
  organizationId: string | null,
  alternatives: string[][],
  query: ExerciseSearchQuery,
  nearestFor: string[] | null,
): Promise<{ rows: ExerciseListRow[]; total: number; nearest: [number, string][] }> {
  const contains = (w: string) => sql`${exercises.searchKey} like ${`%${escapeLike(w)}%`}`;
  const where = and(
    visible(organizationId),
    ...alternatives.map((alts) => (alts.length === 1 ? contains(alts[0]!) : or(...alts.map(contains)))),
    query.bodyPart ? sql`${exercises.primaryBodyPartIds} @> array[${query.bodyPart}]::integer[]` : undefined,
    query.equipment ? eq(exercises.equipmentId, query.equipment) : undefined,
    query.level ? eq(exercises.levelId, query.level) : undefined,
    query.category ? eq(exercises.categoryId, query.category) : undefined,
  );
  const startsWith = (w: string) => sql`${exercises.searchKey} like ${`${escapeLike(w)}%`}`;
  const order = [
    ...(alternatives.length ? [sql`(${alternatives[0]!.length === 1 ? startsWith(alternatives[0]![0]!) : or(...alternatives[0]!.map(startsWith))}) desc`] : []),
    sql`(${exercises.nameFr} is null)`,
    // Byte order: the database's C.UTF-8 order (code points) without a strcoll per comparison —
    // the one-letter search sorted 680 names in ~8 ms that way, ~1 ms in bytes.
    asc(sql`coalesce(${exercises.nameFr}, ${exercises.nameEn}) collate "C"`),
    asc(exercises.id),
  ];
  const page = db.$with('page').as(
    db
      .select({ id: exercises.id, total: sql<number>`(select count(*) from ${exercises} where ${where})`.as('total') })
      .from(exercises)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
  );
  const nearest = nearestFor
    ? sql<[number, string][] | null>`case when not exists (select 1 from ${page}) then (select coalesce(json_agg(json_build_array(c.i, c.word)), '[]'::json) from (${nearestWords(nearestFor)}) c) end`
    : sql<null>`null`;
  const found = await db
    .with(page)
    .select({ ...listColumns, total: sql<number>`${page.total}`.mapWith(Number), nearest })
    .from(sql`(select 1) as one`)
    .leftJoin(page, sql`true`)
    .leftJoin(exercises, eq(exercises.id, page.id))
    .orderBy(...order);
  const rows = found.filter((r) => r.id !== null);
  // A page past the end has no row to carry the total: count alone (rare, paging only).
  const total = rows.length ? rows[0]!.total : query.offset ? Number((await db.select({ total: count() }).from(exercises).where(where))[0]!.total) : 0;
  return { rows: rows.map(({ total: _t, nearest: _n, ...row }) => row as ExerciseListRow), total, nearest: found[0]?.nearest ?? [] };
}

/**
 * For each typed word of 3 letters or more, the words of the exercise names at the fewest typing
 * mistakes from it (1 for words up to 4 letters, 2 beyond; see typoDistance), among its 20 nearest
 * by trigrams (nearestWords). Trigrams alone miss swapped letters ('sqaut' and 'squat' share 2 of
 * 6) and rank 'haut' nearer.
 */
function closestWords(words: string[], nearest: [number, string][]): string[][] {
  return words.map((typed, index) => {
    const allowed = typed.length <= 4 ? 1 : 2;
    const scored = nearest.filter(([i, word]) => i === index + 1 && word !== typed).map(([, word]) => ({ word, d: typoDistance(typed, word, allowed) }));
    const best = Math.min(allowed + 1, ...scored.map((r) => r.d));
    return best > allowed ? [] : scored.filter((r) => r.d === best).map((r) => r.word);
  });
}

/** Rows (i, word), i from 1: each typed word's 20 nearest words by trigrams (a KNN scan of exercise_words' GiST index). */
function nearestWords(words: string[]): SQL {
  return sql`
    select w.i::int as i, n.word
    from unnest(${sql.param(words)}::text[]) with ordinality as w(typed, i)
    cross join lateral (
      select ${exerciseWords.word} as word from ${exerciseWords}
      where length(w.typed) >= 3
      order by ${exerciseWords.word} <-> w.typed, ${exerciseWords.word}
      limit 20
    ) n`;
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
