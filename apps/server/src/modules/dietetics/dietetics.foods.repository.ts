import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { catalogFilter, type CatalogScope } from '../../access/catalogs.ts';
import { orgFilter, orgWhere, type OrgScope } from '../../access/scope.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { foods } from '../../db/schema/dietetics.ts';
import { escapeLike } from '../../lib/text.ts';

// The foods of the dietetics area: the Ciqual table and each organisation's own, read inside the
// caller's catalog scope (access/catalogs.ts), changed inside its OrgScope; and the food search.

const foodColumns = {
  id: foods.id,
  nameFr: foods.nameFr,
  groupCode: foods.groupCode,
  organizationId: foods.organizationId,
  ciqualCode: foods.ciqualCode,
  energyKcal: foods.energyKcal,
  proteinsG: foods.proteinsG,
  carbohydratesG: foods.carbohydratesG,
  fatG: foods.fatG,
  fibresG: foods.fibresG,
};
export type FoodDbRow = { id: number; nameFr: string; groupCode: string; organizationId: string | null; ciqualCode: string | null; energyKcal: number; proteinsG: number; carbohydratesG: number; fatG: number; fibresG: number };

/**
 * Ranked, accent-insensitive, typo-tolerant search on the folded name (the same folding as the
 * patient search): every typed word held by the name (a substring, served by the trigram GIN
 * index), or, when that finds too few, one of its closest words (pg_trgm); ranked below.
 *
 * The statements are written here rather than built by Drizzle: built per request, the ranking SQL
 * (several LIKEs per typed word) cost ~2.5 ms to build and map, more than PostgreSQL took to run
 * it (issue 18: p95 ≤ 20 ms through HTTP). Their text depends only on the search's shape (how many
 * words, a group or not, the limit), every other value bound, so that each is a prepared statement
 * PostgreSQL plans once per connection (its generic plan, see foodsStatement), the searches with
 * typo alternatives included (their words and points bound, in a fixed number of slots per word).
 */
export async function searchFoods(pool: Queryable, catalog: CatalogScope, folded: string, group: string | undefined, limit: number): Promise<FoodDbRow[]> {
  const scope = { organizationId: catalog.owner, group: group ?? null, limit };
  if (!folded) return (await run(pool, foodsStatement(scope, null, []))).rows;
  // Every word must match. First exactly (a substring: cheap, and what nearly every search is);
  // only when that finds fewer than `limit` foods, nearly too (the closest words of the food names,
  // pg_trgm), so 'pome crue' still finds 'Pomme, chair et peau, crue'. Ranking: more of the typed
  // words as typed, then how well the words are met (see ranking), shorter names first. Only
  // LIKEs on each matching row: a one-letter search matches half the table, and word_similarity on
  // each of those names cost ~100 ms.
  const words = [...new Set(folded.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0))].slice(0, 6);
  if (!words.length) return [];
  const asTyped = words.map((word) => [{ word, similarity: 1 }]);
  // One or two letters: the names starting with them rank before every other (1.5 for the start
  // and 2 for a word's start, against 3 at most elsewhere, see ranking), so when there are
  // `limit` of them they are the answer, read through the prefix index instead of ranking the
  // half of the table holding the letter (~1,750 names for 'p', ~20 ms).
  if (words.length === 1 && words[0]!.length <= 2) {
    const starting = await run(pool, foodsStatement(scope, asTyped, [], words[0]));
    if (starting.rows.length >= limit) return starting.rows;
  }
  // The closest words are looked up in the same statement as the search as typed (one round trip),
  // whenever a word could have them (3 letters or more).
  const nearFor = words.some((w) => w.length >= 3) ? words : [];
  const { rows: found, near } = await run(pool, foodsStatement(scope, asTyped, nearFor));
  if (found.length >= limit || !nearFor.length) return found;
  // Nearly: each word may also be one of the closest words of the food names ('pome' → 'pomme').
  // A close word holding the typed one ('pommes' for 'pomme') finds no other food: when no close
  // word is left, the foods found as typed are every food there is (no second statement).
  if (near.every((alts, i) => alts.every((a) => a.word.includes(words[i]!)))) return found;
  return (await run(pool, foodsStatement(scope, words.map((word, i) => [{ word, similarity: 1 }, ...near[i]!]), []))).rows;
}

/** A typed word, or one of the food names' words close to it with its trigram similarity (0–1). */
interface Alternative {
  word: string;
  similarity: number;
}

interface FoodsStatement {
  name?: string;
  text: string;
  values: unknown[];
  /** The typed words the statement looks up close words for (its `near` column). */
  nearFor: string[];
}

type FoodSearchRow = FoodDbRow & { near?: [number, string, number][] | null };

async function run(pool: Queryable, statement: FoodsStatement): Promise<{ rows: FoodDbRow[]; near: Alternative[][] }> {
  const { rows } = await pool.query<FoodSearchRow>({ name: statement.name, text: statement.text, values: statement.values });
  const words = statement.nearFor;
  const near = words.map(() => [] as Alternative[]);
  for (const [i, word, similarity] of rows[0]?.near ?? []) if (word !== words[i - 1]) near[i - 1]!.push({ word, similarity: Number(similarity) });
  return { rows: rows.filter((r) => r.id !== null).map(({ near: _n, ...food }) => food), near };
}

const FOOD_COLUMNS = `f.id, f.name_fr as "nameFr", f.group_code as "groupCode", f.organization_id as "organizationId", f.ciqual_code as "ciqualCode",
  f.energy_kcal::float8 as "energyKcal", f.proteins_g::float8 as "proteinsG", f.carbohydrates_g::float8 as "carbohydratesG", f.fat_g::float8 as "fatG", f.fibres_g::float8 as "fibresG"`;

/**
 * One search statement: the visible foods (the Ciqual table and the organisation's own, the group
 * if asked) that hold, for every typed word, the word or one of its alternatives, ranked; or, with
 * no alternatives, the foods in name order. `prefix`: only the names starting with it (one or two
 * letters, through the prefix index). `nearFor`: the words whose closest words of the food names
 * the same statement reads — aggregated into one row, left joined to the ranked foods so that they
 * come back even when no food matches.
 */
function foodsStatement(scope: { organizationId: string | null; group: string | null; limit: number }, alternatives: Alternative[][] | null, nearFor: string[], prefix?: string): FoodsStatement {
  const values: unknown[] = [];
  const param = (value: unknown, type: string) => {
    values.push(value);
    return `$${values.length}::${type}`;
  };
  // The catalog scope (access/catalogs.ts) in SQL: the Ciqual table and the organisation's own foods.
  const where = [`f.archived_at is null`, `(f.organization_id is null or f.organization_id = ${param(scope.organizationId, 'uuid')})`];
  if (scope.group) where.push(`f.group_code = ${param(scope.group, 'text')}`);
  if (prefix) {
    // A range in byte order (text_pattern_ops), so that the prefix index serves it: a LIKE 'p%'
    // went to the trigram index, which holds every name with a word starting with 'p' (~1,500).
    const after = prefix.slice(0, -1) + String.fromCodePoint(prefix.codePointAt(prefix.length - 1)! + 1);
    where.push(`f.search_key ~>=~ ${param(prefix, 'text')}`, `f.search_key ~<~ ${param(after, 'text')}`);
  }
  let order = 'f.search_key, f.id';
  let rankColumns = '';
  if (alternatives) {
    // As typed (one alternative per word): its few points written in the text; with close words,
    // every word's alternatives in slots, their words and points bound.
    const slots = alternatives.some((alts) => alts.length > 1) ? inSlots(alternatives) : alternatives;
    where.push(...slots.map((alts) => holdsOneOf(alts, param)));
    const rank = ranking(slots, param);
    order = `${rank.exact} desc, ${rank.close} desc, length(f.search_key), f.id`;
    rankColumns = `, ${rank.exact} as rank_exact, ${rank.close} as rank_close, length(f.search_key) as rank_length`;
  }
  // The ranking's columns only for the outer statement's order (the close words' join), never in the rows.
  // The limit written in the text (1–50, checked at the edge): a bound `limit $n` is costed for a
  // tenth of the rows, which made PostgreSQL plan the statement again at every execution (a custom
  // plan each time, ~0.2 ms) instead of keeping its generic plan (issue 31, docs/scaling.md).
  const found = `select ${FOOD_COLUMNS}${nearFor.length ? rankColumns : ''} from foods f where ${where.join(' and ')} order by ${order} limit ${literalLimit(scope.limit)}`;
  let text = found;
  if (nearFor.length) {
    text = `select close.near, found.id, found."nameFr", found."groupCode", found."organizationId", found."ciqualCode", found."energyKcal", found."proteinsG", found."carbohydratesG", found."fatG", found."fibresG"
from (select coalesce(json_agg(json_build_array(c.i, c.word, c.similarity)), '[]'::json) as near from (${closeWordsQuery(`array[${nearFor.map((w) => param(w, 'text')).join(', ')}]`)}) c) as close
left join (${found}) found on true
order by found.rank_exact desc, found.rank_close desc, found.rank_length, found.id`;
  }
  // Every value bound: the text is one of the few shapes (words, group, prefix, limit), prepared.
  return { name: `foods_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`, text, values, nearFor };
}

function literalLimit(limit: number): string {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 50) throw new Error(`limite attendue entre 1 et 50 : ${limit}`);
  return String(limit);
}

/**
 * A search's alternatives in a fixed number of slots per word (the typed word, then its close
 * words, closeWordsQuery's 4 at most), the empty slots null: a null pattern matches nothing and
 * scores 0, so the statement's text depends only on how many words were typed.
 */
const SLOTS = 5;
type Slot = Alternative | null;
function inSlots(alternatives: Alternative[][]): Slot[][] {
  return alternatives.map((alts) => [...alts, ...Array<Slot>(SLOTS - alts.length).fill(null)]);
}

/** The ranking: its two scores as SQL expressions over `f`. */
function ranking(alternatives: Slot[][], param: (value: unknown, type: string) => string): { exact: string; close: string } {
  const like = (column: string, pattern: string | null) => `${column} like ${param(pattern, 'text')}`;
  const contains = (w: string | undefined) => like('f.search_key', w === undefined ? null : `%${escapeLike(w)}%`);
  // How well the words are met, summed: for each typed word its best alternative, a whole word 3,
  // a word's start 2, inside a word 1; and 1.5 more when the name starts with the first word — each
  // times the alternative's similarity (1 for the word as typed). So 'pomme' puts 'Pomme, crue'
  // before 'Compote de pomme' and 'Pommes de terre', and 'pome crue' puts 'Pomme, chair et peau,
  // crue' before 'Pomelo …, cru'. Integers computed here (never typed by anyone): written in the
  // text as typed (similarity 1, a few fixed values), bound with close words (their similarities).
  const bound = alternatives.some((alts) => alts.length > 1);
  const points = (n: number, a: Slot) => {
    const value = a ? Math.round(n * a.similarity * 1000) : 0;
    return bound ? param(value, 'int') : String(value);
  };
  const pattern = (a: Slot, make: (w: string) => string) => (a ? make(escapeLike(a.word)) : null);
  const best = (cases: string[]) => (cases.length === 1 ? cases[0]! : `greatest(${cases.join(', ')})`);
  const met = (alts: Slot[]) =>
    best(
      alts.map(
        (a) =>
          `case when ${like('f.search_words', pattern(a, (w) => `% ${w} %`))} then ${points(3, a)} when ${like('f.search_words', pattern(a, (w) => `% ${w}%`))} then ${points(2, a)} when ${contains(a?.word)} then ${points(1, a)} else 0 end`,
      ),
    );
  const startsWithFirst = best(alternatives[0]!.map((a) => `case when ${like('f.search_key', pattern(a, (w) => `${w}%`))} then ${points(1.5, a)} else 0 end`));
  const exact = `(${alternatives.map((alts) => `(${contains(alts[0]!.word)})::int`).join(' + ')})`;
  const close = `(${[startsWithFirst, ...alternatives.map(met)].join(' + ')})`;
  return { exact, close };
}

/**
 * The name holds the typed word, or one of its alternatives: a LIKE for the word as typed; with
 * close words, `like any` of their patterns (an array of one parameter per slot). PostgreSQL reads
 * the 3,323 names either way (a seq scan of 114 pages: the trigram index, 320 pages for 'pome
 * crue', costs more); `like any` runs it in ~1.1 ms where one regular expression (`a|b|c`) took ~2.0.
 * Its column written `f.search_key || ''` (the same text) so that the trigram index cannot serve
 * it: seeing the null slots, a custom plan priced that index cheaper and ran in 2.7 ms ('épinard
 * cuit'), and its cost kept PostgreSQL off the generic plan (the seq scan, 1.3 ms).
 */
function holdsOneOf(all: Slot[], param: (value: unknown, type: string) => string): string {
  const typed = all[0]!;
  if (all.length === 1) return `f.search_key like ${param(`%${escapeLike(typed.word)}%`, 'text')}`;
  // A close word holding the typed one ('laitue' for 'lait') finds no other name: ranked, not searched
  // (its slot null, as the empty ones: a null pattern matches nothing).
  const patterns = all.map((a, i) => (a && (i === 0 || !a.word.includes(typed.word)) ? `%${escapeLike(a.word)}%` : null));
  return `(f.search_key || '') like any(array[${patterns.map((p) => param(p, 'text')).join(', ')}])`;
}

/**
 * The words of the food names closest to each typed word, with their similarity (rows i, word,
 * similarity; i from 1): pg_trgm's `%` and its nearest-first order `<->`, both served by the GiST
 * index (a KNN index scan, no pass over the 1,900 words). Words under 3 letters get none.
 */
function closeWordsQuery(words: string): string {
  return `
    select w.i::int as i, n.word, n.similarity
    from unnest(${words}) with ordinality as w(typed, i)
    cross join lateral (
      select x.word, similarity(x.word, w.typed)::float8 as similarity from food_words x
      where length(w.typed) >= 3 and x.word % w.typed
      order by x.word <-> w.typed, x.word
      limit 4
    ) n`;
}

export async function foodsByIds(db: Database, scope: CatalogScope, ids: number[]): Promise<FoodDbRow[]> {
  if (!ids.length) return [];
  return db
    .select(foodColumns)
    .from(foods)
    .where(and(inArray(foods.id, [...new Set(ids)]), catalogFilter(scope, foods.organizationId)));
}

export async function insertFood(db: Database, row: typeof foods.$inferInsert): Promise<number> {
  const [r] = await db.insert(foods).values(row).returning({ id: foods.id });
  return r.id;
}

/** An organisation's own live food (Ciqual foods are never archived from the app). */
export async function findOwnFood(db: Database, scope: OrgScope, id: number) {
  const [row] = await db
    .select({ id: foods.id })
    .from(foods)
    .where(and(eq(foods.id, id), isNotNull(foods.organizationId), orgFilter(scope, foods.organizationId), isNull(foods.archivedAt)))
    .limit(1);
  return row ?? null;
}

/** Whether a recipe, a menu or a program uses an organisation's food (its menus: the scope's). */
export async function foodIsUsed(db: Database, scope: OrgScope, id: number): Promise<boolean> {
  const [row] = await db
    .select({ used: sql<boolean>`exists (select 1 from recipe_ingredients where food_id = ${id})
      or exists (select 1 from menu_items m where m.food_id = ${id} and ${orgWhere(scope, sql`m.organization_id`)})
      or exists (select 1 from diet_program_items where food_id = ${id})` })
    .from(sql`(select 1) as one`);
  return !!row?.used;
}

export async function archiveFood(db: Database, scope: OrgScope, id: number, userId: string, at: Date) {
  await db
    .update(foods)
    .set({ archivedAt: at, archivedBy: userId })
    .where(and(eq(foods.id, id), orgFilter(scope, foods.organizationId)));
}
