import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { ExerciseSearchQuery } from '@wellbe/shared/schemas/sport';
import { catalogFilter, type CatalogScope } from '../../access/catalogs.ts';
import { orgFilter, type OrgScope } from '../../access/scope.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { exercises } from '../../db/schema/sport.ts';
import { escapeLike, escapeRegExp, typoDistance } from '../../lib/text.ts';

// The only code of the exercise library that touches the database. A caller sees the shared library
// (organization_id null) and their organisation's own exercises, never another organisation's: every
// read takes the caller's catalog scope (access/catalogs.ts), every change the caller's OrgScope.

export type ExerciseRow = typeof exercises.$inferSelect;

function visible(scope: CatalogScope): SQL {
  return and(isNull(exercises.archivedAt), catalogFilter(scope, exercises.organizationId))!;
}

/** What a list of exercises needs (the search statement's columns): no search key, and one language of instructions (French when written). */
export type ExerciseListRow = Pick<
  ExerciseRow,
  'id' | 'organizationId' | 'nameFr' | 'nameEn' | 'instructionsFr' | 'categoryId' | 'levelId' | 'equipmentId' | 'primaryBodyPartIds' | 'secondaryBodyPartIds' | 'mediaSha256' | 'mediaMime'
> & { instructionsEn: string[] };

/**
 * Every folded word must appear in the French or English name; names starting with the first word
 * first. When nothing holds the words as typed, each word of 3 letters or more may also be one of
 * the closest words of the exercise names (typing mistakes: 'sqaut' finds Squat), see closestWords.
 */
export async function search(pool: Queryable, scope: CatalogScope, folded: string, query: ExerciseSearchQuery): Promise<{ rows: ExerciseListRow[]; total: number }> {
  const words = [...new Set(folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean))].slice(0, 6);
  const typos = words.some((w) => w.length >= 3);
  // The nearest words come back with the search as typed, read only when it finds nothing.
  const found = await searchPage(pool, scope, words.map((w) => [w]), query, typos ? words : null);
  if (found.total > 0 || !typos) return found;
  const near = closestWords(words, found.nearest);
  if (near.every((alts) => alts.length === 0)) return found;
  return searchPage(pool, scope, words.map((w, i) => [w, ...near[i]!]), query, null);
}

/**
 * The search in one statement of a fixed shape, prepared once per connection (issue 19: p95 ≤ 20 ms
 * through HTTP). Built by Drizzle per request, the same search spent ~3 ms being planned and ~1.5 ms
 * being built and mapped for ~1.5 ms of execution. The folded names must hold every typed word: a
 * LIKE pattern each (`$2`), or, for a word with alternatives, a regular expression of them
 * (`(squat|sqaut)`, `$11`: a regular expression costs ~3× a LIKE per row, so only the typo pass pays
 * it). The filters are null when unused. The library is small (under a thousand rows): a scan of it costs
 * less than the index probes of six words would. The matches are narrow (no instructions, which are
 * often TOASTed jsonb: reading them for every match cost ~13 ms for a one-letter search), counted once,
 * and only the page's rows are read whole. `$10`, the typed words whose nearest words of the exercise
 * names (see closestWords) are read when nothing matches: a sub-query PostgreSQL runs only then.
 */
const SEARCH_STATEMENT = {
  name: 'exercise_search_v1',
  text: `
with m as materialized (
  select e.id, e.name_fr, e.name_en, e.search_key like any ($3::text[]) as starts
  from exercises e
  where e.archived_at is null and (e.organization_id is null or e.organization_id = $1)
    and e.search_key like all ($2::text[])
    and e.search_key ~ all ($11::text[])
    and ($4::int is null or e.primary_body_part_ids @> array[$4::int])
    and ($5::int is null or e.equipment_id = $5)
    and ($6::int is null or e.level_id = $6)
    and ($7::int is null or e.category_id = $7)
), page as (
  select id, starts, name_fr is null as english, coalesce(name_fr, name_en) collate "C" as name from m
  order by starts desc, english, name, id
  limit $8 offset $9
)
select e.id, e.organization_id as "organizationId", e.name_fr as "nameFr", e.name_en as "nameEn",
  e.instructions_fr as "instructionsFr",
  case when jsonb_array_length(coalesce(e.instructions_fr, '[]'::jsonb)) > 0 then '[]'::jsonb else e.instructions_en end as "instructionsEn",
  e.category_id as "categoryId", e.level_id as "levelId", e.equipment_id as "equipmentId",
  e.primary_body_part_ids as "primaryBodyPartIds", e.secondary_body_part_ids as "secondaryBodyPartIds",
  e.media_sha256 as "mediaSha256", e.media_mime as "mediaMime",
  (select count(*) from m)::int as total,
  case when $10::text[] is not null and not exists (select 1 from m) then (
    select coalesce(json_agg(json_build_array(c.i, c.word)), '[]'::json) from (
      select w.i::int as i, n.word
      from unnest($10::text[]) with ordinality as w(typed, i)
      cross join lateral (
        select x.word from exercise_words x
        where length(w.typed) >= 3
        order by x.word <-> w.typed, x.word
        limit 20
      ) n
    ) c
  ) end as nearest
from (select 1) one left join page p on true left join exercises e on e.id = p.id
order by p.starts desc, p.english, p.name, p.id`,
};

/** A word's alternatives as one regular expression (the words hold letters and digits only; escaped all the same). */
const anyOf = (alts: string[]) => `(${alts.map(escapeRegExp).join('|')})`;

async function searchPage(
  pool: Queryable,
  scope: CatalogScope,
  alternatives: string[][],
  query: ExerciseSearchQuery,
  nearestFor: string[] | null,
): Promise<{ rows: ExerciseListRow[]; total: number; nearest: [number, string][] }> {
  const { rows } = await pool.query<ExerciseListRow & { total: number; nearest: [number, string][] | null }>({
    ...SEARCH_STATEMENT,
    values: [
      // The catalog scope, written in the statement ($1: the library and this organisation's own).
      scope.owner,
      alternatives.filter((alts) => alts.length === 1).map(([w]) => `%${escapeLike(w!)}%`),
      (alternatives[0] ?? ['']).map((w) => `${escapeLike(w)}%`),
      query.bodyPart ?? null,
      query.equipment ?? null,
      query.level ?? null,
      query.category ?? null,
      query.limit,
      query.offset,
      nearestFor,
      alternatives.filter((alts) => alts.length > 1).map(anyOf),
    ],
  });
  // The statement always answers one row at least (the page hangs on a left join): it carries the total.
  const page = rows.filter((r) => r.id !== null).map(({ total: _t, nearest: _n, ...row }) => row);
  return { rows: page, total: rows[0]?.total ?? 0, nearest: rows[0]?.nearest ?? [] };
}

/**
 * For each typed word of 3 letters or more, the words of the exercise names at the fewest typing
 * mistakes from it (1 for words up to 4 letters, 2 beyond; see typoDistance), among its 20 nearest
 * by trigrams (the search statement's last sub-query). Trigrams alone miss swapped letters ('sqaut' and 'squat' share 2 of
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

export async function find(db: Database, scope: CatalogScope, id: string): Promise<ExerciseRow | undefined> {
  const [row] = await db
    .select()
    .from(exercises)
    .where(and(eq(exercises.id, id), visible(scope)))
    .limit(1);
  return row;
}

export async function findMany(db: Database, scope: CatalogScope, ids: string[]): Promise<ExerciseRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(exercises)
    .where(and(visible(scope), inArray(exercises.id, ids)));
}

export async function insert(db: Database, values: typeof exercises.$inferInsert): Promise<ExerciseRow> {
  const [row] = await db.insert(exercises).values(values).returning();
  return row;
}

/** Changes an exercise inside the caller's scope (the service checked it may: a developer the library); outside it, nothing. */
export async function update(db: Database, scope: OrgScope, id: string, values: Partial<typeof exercises.$inferInsert>): Promise<ExerciseRow | undefined> {
  const [row] = await db
    .update(exercises)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(exercises.id, id), orgFilter(scope, exercises.organizationId)))
    .returning();
  return row;
}

/** Whether an exercise shows this stored file (files are shared by content: the documents' sweep asks). */
export async function mediaUsesFile(db: Database, sha256: string): Promise<boolean> {
  const [row] = await db.select({ id: exercises.id }).from(exercises).where(eq(exercises.mediaSha256, sha256)).limit(1);
  return !!row;
}
