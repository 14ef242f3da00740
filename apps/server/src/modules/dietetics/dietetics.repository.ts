import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../../db/client.ts';
import {
  consultations,
  dieteticProfiles,
  dietProgramAssignments,
  dietProgramItems,
  dietPrograms,
  foods,
  jobSpecialists,
  menuItems,
  practitionerPreferences,
  recipeIngredients,
  recipes,
} from '../../db/tables.ts';
import { escapeLike, escapeRegExp } from '../../lib/text.ts';

// The only code of the dietetics area that touches Drizzle. Every read is scoped: foods and
// recipes to the shared table/library plus the caller's organisation, menus and profiles to a
// patient the service found inside the caller's scope, programs to the caller's organisation.

type Tx = Database;

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
 * words, a group or not), so the searches as typed are prepared statements, planned once per
 * connection; the searches with typo alternatives (their points in the text) are not.
 */
export async function searchFoods(pool: Queryable, organizationId: string | null, folded: string, group: string | undefined, limit: number): Promise<FoodDbRow[]> {
  const scope = { organizationId, group: group ?? null, limit };
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
    where.push(...alternatives.map((alts) => holdsOneOf(alts, param)));
    const rank = ranking(alternatives, param);
    order = `${rank.exact} desc, ${rank.close} desc, length(f.search_key), f.id`;
    rankColumns = `, ${rank.exact} as rank_exact, ${rank.close} as rank_close, length(f.search_key) as rank_length`;
  }
  // The ranking's columns only for the outer statement's order (the close words' join), never in the rows.
  const found = `select ${FOOD_COLUMNS}${nearFor.length ? rankColumns : ''} from foods f where ${where.join(' and ')} order by ${order} limit ${param(scope.limit, 'int')}`;
  let text = found;
  if (nearFor.length) {
    text = `select close.near, found.id, found."nameFr", found."groupCode", found."organizationId", found."ciqualCode", found."energyKcal", found."proteinsG", found."carbohydratesG", found."fatG", found."fibresG"
from (select coalesce(json_agg(json_build_array(c.i, c.word, c.similarity)), '[]'::json) as near from (${closeWordsQuery(param(nearFor, 'text[]'))}) c) as close
left join (${found}) found on true
order by found.rank_exact desc, found.rank_close desc, found.rank_length, found.id`;
  }
  // Prepared only when the text is one of the few shapes (no typo points in it).
  const typed = !alternatives || alternatives.every((alts) => alts.length === 1);
  return { name: typed ? `foods_${createHash('sha1').update(text).digest('hex').slice(0, 16)}` : undefined, text, values, nearFor };
}

/** The ranking: its two scores as SQL expressions over `f`. */
function ranking(alternatives: Alternative[][], param: (value: unknown, type: string) => string): { exact: string; close: string } {
  const like = (column: string, pattern: string) => `${column} like ${param(pattern, 'text')}`;
  const contains = (w: string) => like('f.search_key', `%${escapeLike(w)}%`);
  // How well the words are met, summed: for each typed word its best alternative, a whole word 3,
  // a word's start 2, inside a word 1; and 1.5 more when the name starts with the first word — each
  // times the alternative's similarity (1 for the word as typed). So 'pomme' puts 'Pomme, crue'
  // before 'Compote de pomme' and 'Pommes de terre', and 'pome crue' puts 'Pomme, chair et peau,
  // crue' before 'Pomelo …, cru'. Integers written in the SQL (computed here, never typed by anyone).
  const points = (n: number, a: Alternative) => String(Math.round(n * a.similarity * 1000));
  const best = (cases: string[]) => (cases.length === 1 ? cases[0]! : `greatest(${cases.join(', ')})`);
  const met = (alts: Alternative[]) =>
    best(
      alts.map(
        (a) =>
          `case when ${like('f.search_words', `% ${escapeLike(a.word)} %`)} then ${points(3, a)} when ${like('f.search_words', `% ${escapeLike(a.word)}%`)} then ${points(2, a)} when ${contains(a.word)} then ${points(1, a)} else 0 end`,
      ),
    );
  const startsWithFirst = best(alternatives[0]!.map((a) => `case when ${like('f.search_key', `${escapeLike(a.word)}%`)} then ${points(1.5, a)} else 0 end`));
  const exact = `(${alternatives.map((alts) => `(${contains(alts[0]!.word)})::int`).join(' + ')})`;
  const close = `(${[startsWithFirst, ...alternatives.map(met)].join(' + ')})`;
  return { exact, close };
}

/**
 * The name holds the typed word, or one of its alternatives: a LIKE for one word; for several, one
 * regular expression (`a|b|c`) the trigram GIN index serves in a single scan, ANDed with the other
 * words' in the index. An OR of LIKEs made PostgreSQL read the whole table (a seq scan of the 3,323
 * names, ~10–14 ms for 'pome crue', against ~0.4 ms through the index).
 */
function holdsOneOf(all: Alternative[], param: (value: unknown, type: string) => string): string {
  // A close word holding the typed one ('laitue' for 'lait') finds no other name: ranked, not searched.
  const alts = all.filter((a, i) => i === 0 || !a.word.includes(all[0]!.word));
  if (alts.length === 1) return `f.search_key like ${param(`%${escapeLike(alts[0]!.word)}%`, 'text')}`;
  return `f.search_key ~ ${param(alts.map((a) => escapeRegExp(a.word)).join('|'), 'text')}`;
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

export async function foodsByIds(db: Database, organizationId: string | null, ids: number[]): Promise<FoodDbRow[]> {
  if (!ids.length) return [];
  return db
    .select(foodColumns)
    .from(foods)
    .where(and(inArray(foods.id, [...new Set(ids)]), organizationId ? or(isNull(foods.organizationId), eq(foods.organizationId, organizationId)) : isNull(foods.organizationId)));
}

export async function insertFood(db: Database, row: typeof foods.$inferInsert): Promise<number> {
  const [r] = await db.insert(foods).values(row).returning({ id: foods.id });
  return r.id;
}

/** An organisation's own live food (Ciqual foods are never archived from the app). */
export async function findOwnFood(db: Database, organizationId: string, id: number) {
  const [row] = await db
    .select({ id: foods.id })
    .from(foods)
    .where(and(eq(foods.id, id), eq(foods.organizationId, organizationId), isNull(foods.archivedAt)))
    .limit(1);
  return row ?? null;
}

export async function foodIsUsed(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ used: sql<boolean>`exists (select 1 from recipe_ingredients where food_id = ${id})
      or exists (select 1 from menu_items where food_id = ${id})
      or exists (select 1 from diet_program_items where food_id = ${id})` })
    .from(sql`(select 1) as one`);
  return !!row?.used;
}

export async function archiveFood(db: Database, id: number, userId: string, at: Date) {
  await db.update(foods).set({ archivedAt: at, archivedBy: userId }).where(eq(foods.id, id));
}

// ---- Recipes ----

function visibleRecipes(organizationId: string | null): SQL {
  return and(isNull(recipes.archivedAt), organizationId ? or(isNull(recipes.organizationId), eq(recipes.organizationId, organizationId)) : isNull(recipes.organizationId))!;
}

export type RecipeRow = typeof recipes.$inferSelect;
export type LineRow = { foodId: number | null; recipeId: string | null; grams: number | null; portions: number | null };

/** Every recipe the caller sees with its ingredients: the totals need the whole graph below a recipe. */
export async function visibleRecipeGraph(db: Database, organizationId: string | null): Promise<{ recipes: RecipeRow[]; lines: (LineRow & { parentId: string; id: string })[] }> {
  const rows = await db.select().from(recipes).where(visibleRecipes(organizationId)).orderBy(asc(recipes.name), asc(recipes.id));
  if (!rows.length) return { recipes: [], lines: [] };
  const lines = await db
    .select({ id: recipeIngredients.id, parentId: recipeIngredients.parentId, foodId: recipeIngredients.foodId, recipeId: recipeIngredients.recipeId, grams: recipeIngredients.grams, portions: recipeIngredients.portions })
    .from(recipeIngredients)
    .where(
      inArray(
        recipeIngredients.parentId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(recipeIngredients.parentId), asc(recipeIngredients.position));
  return { recipes: rows, lines };
}

export async function saveRecipe(db: Database, id: string | null, values: Omit<typeof recipes.$inferInsert, 'id'>, lines: LineRow[]): Promise<string> {
  return db.transaction(async (tx: Tx) => {
    let recipeId = id;
    if (recipeId) {
      await tx
        .update(recipes)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(recipes.id, recipeId));
      await tx.delete(recipeIngredients).where(eq(recipeIngredients.parentId, recipeId));
    } else {
      const [r] = await tx.insert(recipes).values(values).returning({ id: recipes.id });
      recipeId = r.id;
    }
    if (lines.length) await tx.insert(recipeIngredients).values(lines.map((l, position) => ({ ...l, parentId: recipeId!, position })));
    return recipeId!;
  });
}

export async function archiveRecipe(db: Database, id: string, userId: string, at: Date) {
  await db.update(recipes).set({ archivedAt: at, archivedBy: userId }).where(eq(recipes.id, id));
}

// ---- Menus ----

export type MenuItemRow = LineRow & { id: string; day: string; meal: string };

export async function menuItemsBetween(db: Database, patientId: string, from: string, to: string): Promise<MenuItemRow[]> {
  return db
    .select({ id: menuItems.id, day: menuItems.day, meal: menuItems.meal, foodId: menuItems.foodId, recipeId: menuItems.recipeId, grams: menuItems.grams, portions: menuItems.portions })
    .from(menuItems)
    .where(and(eq(menuItems.patientId, patientId), gte(menuItems.day, from), lte(menuItems.day, to)))
    .orderBy(asc(menuItems.day), asc(menuItems.meal), asc(menuItems.position), asc(menuItems.id));
}

/** Replaces the lines of some days of a patient (one transaction: a day is never half-written). */
export async function replaceDays(db: Database, ids: { organizationId: string; patientId: string; userId: string }, days: { day: string; items: (LineRow & { meal: string })[] }[]) {
  await db.transaction(async (tx: Tx) => {
    for (const d of days) {
      await tx.delete(menuItems).where(and(eq(menuItems.patientId, ids.patientId), eq(menuItems.day, d.day)));
      if (d.items.length)
        await tx.insert(menuItems).values(
          d.items.map((l, position) => ({ organizationId: ids.organizationId, patientId: ids.patientId, createdBy: ids.userId, day: d.day, meal: l.meal, foodId: l.foodId, recipeId: l.recipeId, grams: l.grams, portions: l.portions, position })),
        );
    }
  });
}

/** Energy of each day that has lines, for the patient file's last weeks (computed by the service). */
export async function menuDaysBetween(db: Database, patientId: string, from: string, to: string) {
  return menuItemsBetween(db, patientId, from, to);
}

// ---- Patient data the targets need ----

export async function latestMeasures(db: Database, patientId: string) {
  const [weight] = await db
    .select({ weight: consultations.weight, date: consultations.consultationDate })
    .from(consultations)
    .where(and(eq(consultations.patientId, patientId), isNull(consultations.archivedAt), isNotNull(consultations.weight)))
    .orderBy(desc(consultations.consultationDate))
    .limit(1);
  const [size] = await db
    .select({ size: consultations.size })
    .from(consultations)
    .where(and(eq(consultations.patientId, patientId), isNull(consultations.archivedAt), isNotNull(consultations.size)))
    .orderBy(desc(consultations.consultationDate))
    .limit(1);
  return { weight: weight?.weight ?? null, size: size?.size ?? null };
}

export async function weightHistory(db: Database, patientId: string) {
  return db
    .select({ date: consultations.consultationDate, weight: consultations.weight })
    .from(consultations)
    .where(and(eq(consultations.patientId, patientId), isNull(consultations.archivedAt), isNotNull(consultations.weight)))
    .orderBy(asc(consultations.consultationDate));
}

/** The latest consultation of a dietetic speciality (SPEC §3 dietetic fields), or null. */
export async function latestDieteticConsultation(db: Database, patientId: string) {
  const [row] = await db
    .select({
      id: consultations.id,
      consultationDate: consultations.consultationDate,
      version: consultations.version,
      pattern: consultations.pattern,
      physicalCapacity: consultations.physicalCapacity,
      riskyFoodsFrequency: consultations.riskyFoodsFrequency,
      breakfast: consultations.breakfast,
      lunch: consultations.lunch,
      dinner: consultations.dinner,
      snack: consultations.snack,
      dislikes: consultations.dislikes,
    })
    .from(consultations)
    .innerJoin(jobSpecialists, eq(jobSpecialists.id, consultations.jobSpecialistId))
    .where(and(eq(consultations.patientId, patientId), isNull(consultations.archivedAt), eq(jobSpecialists.dietetic, true)))
    .orderBy(desc(consultations.consultationDate))
    .limit(1);
  return row ?? null;
}

export async function updateConsultationDietetics(db: Database, patientId: string, id: string, values: Record<string, string | null>) {
  await db
    .update(consultations)
    .set({ ...values, version: sql`${consultations.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(consultations.id, id), eq(consultations.patientId, patientId)));
}

export async function findProfile(db: Database, patientId: string) {
  const [row] = await db.select().from(dieteticProfiles).where(eq(dieteticProfiles.patientId, patientId)).limit(1);
  return row ?? null;
}

export async function upsertProfile(db: Database, values: typeof dieteticProfiles.$inferInsert) {
  await db
    .insert(dieteticProfiles)
    .values(values)
    .onConflictDoUpdate({ target: dieteticProfiles.patientId, set: { ...values, updatedAt: sql`now()` } });
}

export async function findPractitionerPreferences(db: Database, userId: string) {
  const [row] = await db.select().from(practitionerPreferences).where(eq(practitionerPreferences.userId, userId)).limit(1);
  return row ?? null;
}

export async function upsertPractitionerPreferences(db: Database, values: typeof practitionerPreferences.$inferInsert) {
  await db
    .insert(practitionerPreferences)
    .values(values)
    .onConflictDoUpdate({ target: practitionerPreferences.userId, set: { ...values, updatedAt: sql`now()` } });
}

// ---- Programs ----

export async function listPrograms(db: Database, organizationId: string) {
  return db
    .select({
      id: dietPrograms.id,
      name: dietPrograms.name,
      goal: dietPrograms.goal,
      weeks: dietPrograms.weeks,
      description: dietPrograms.description,
      itemCount: sql<number>`(select count(*)::int from diet_program_items i where i.program_id = ${dietPrograms.id})`,
    })
    .from(dietPrograms)
    .where(and(eq(dietPrograms.organizationId, organizationId), isNull(dietPrograms.archivedAt)))
    .orderBy(asc(dietPrograms.name), asc(dietPrograms.id))
    .limit(500);
}

export async function findProgram(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(dietPrograms)
    .where(and(eq(dietPrograms.id, id), eq(dietPrograms.organizationId, organizationId), isNull(dietPrograms.archivedAt)))
    .limit(1);
  return row ?? null;
}

export async function programItems(db: Database, programId: string) {
  return db
    .select({ id: dietProgramItems.id, dayIndex: dietProgramItems.dayIndex, meal: dietProgramItems.meal, foodId: dietProgramItems.foodId, recipeId: dietProgramItems.recipeId, grams: dietProgramItems.grams, portions: dietProgramItems.portions })
    .from(dietProgramItems)
    .where(eq(dietProgramItems.programId, programId))
    .orderBy(asc(dietProgramItems.dayIndex), asc(dietProgramItems.meal), asc(dietProgramItems.position));
}

export async function saveProgram(db: Database, id: string | null, values: Omit<typeof dietPrograms.$inferInsert, 'id'>, items: (LineRow & { dayIndex: number; meal: string })[]): Promise<string> {
  return db.transaction(async (tx: Tx) => {
    let programId = id;
    if (programId) {
      await tx
        .update(dietPrograms)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(dietPrograms.id, programId));
      await tx.delete(dietProgramItems).where(eq(dietProgramItems.programId, programId));
    } else {
      const [r] = await tx.insert(dietPrograms).values(values).returning({ id: dietPrograms.id });
      programId = r.id;
    }
    if (items.length) await tx.insert(dietProgramItems).values(items.map((l, position) => ({ ...l, programId: programId!, position })));
    return programId!;
  });
}

export async function archiveProgram(db: Database, id: string, userId: string, at: Date) {
  await db.update(dietPrograms).set({ archivedAt: at, archivedBy: userId }).where(eq(dietPrograms.id, id));
}

export async function insertAssignment(db: Database, values: typeof dietProgramAssignments.$inferInsert) {
  const [r] = await db.insert(dietProgramAssignments).values(values).returning({ id: dietProgramAssignments.id });
  return r.id;
}

/** The program running on a day for a patient (the latest assigned when two overlap). */
export async function currentAssignment(db: Database, patientId: string, day: string) {
  const [row] = await db
    .select({ id: dietPrograms.id, name: dietPrograms.name, goal: dietPrograms.goal, startDate: dietProgramAssignments.startDate, endDate: dietProgramAssignments.endDate })
    .from(dietProgramAssignments)
    .innerJoin(dietPrograms, eq(dietPrograms.id, dietProgramAssignments.programId))
    .where(and(eq(dietProgramAssignments.patientId, patientId), lte(dietProgramAssignments.startDate, day), gte(dietProgramAssignments.endDate, day)))
    .orderBy(desc(dietProgramAssignments.createdAt))
    .limit(1);
  return row ?? null;
}
