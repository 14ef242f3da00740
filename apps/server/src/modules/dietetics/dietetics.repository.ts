import { and, asc, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { catalogFilter, type CatalogScope } from '../../access/catalogs.ts';
import { orgFilter, type OrgScope, type OneOrgScope } from '../../access/scope.ts';
import type { Database } from '../../db/client.ts';
import { dieteticProfiles, dietProgramAssignments, dietProgramItems, dietPrograms, menuItems, practitionerPreferences, recipeIngredients, recipes } from '../../db/schema/dietetics.ts';

// The dietetics area's recipes, menus, profiles and programs (the foods: dietetics.foods.repository.ts).
// Every read is scoped: recipes to the WellBe library plus the caller's organisation (a
// CatalogScope), menus, profiles and programs to an OrgScope (the caller's organisation, or that of
// a patient the service found inside the caller's scope), applied with orgFilter in each query.

type Tx = Database;

// ---- Recipes ----

function visibleRecipes(scope: CatalogScope): SQL {
  return and(isNull(recipes.archivedAt), catalogFilter(scope, recipes.organizationId))!;
}

export type RecipeRow = typeof recipes.$inferSelect;
export type LineRow = { foodId: number | null; recipeId: string | null; grams: number | null; portions: number | null };

export type RecipeGraph = { recipes: RecipeRow[]; lines: (LineRow & { parentId: string; id: string })[] };

const graphLineColumns = { id: recipeIngredients.id, parentId: recipeIngredients.parentId, foodId: recipeIngredients.foodId, recipeId: recipeIngredients.recipeId, grams: recipeIngredients.grams, portions: recipeIngredients.portions };

/** Every recipe the caller sees with its ingredients: the totals need the whole graph below a recipe. */
export async function visibleRecipeGraph(db: Database, scope: CatalogScope): Promise<RecipeGraph> {
  const rows = await db.select().from(recipes).where(visibleRecipes(scope)).orderBy(asc(recipes.name), asc(recipes.id));
  if (!rows.length) return { recipes: [], lines: [] };
  const lines = await db
    .select(graphLineColumns)
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

/**
 * The recipes `rootIds` name that the caller sees, the visible recipes below them at any depth, and
 * their ingredients: what a menu or program's lines need, in one round trip (the two reads run
 * together), however large the library. A recipe the caller does not see is left out with what is
 * below it, as visibleRecipeGraph leaves it out.
 */
export async function recipeGraphFrom(db: Database, scope: CatalogScope, rootIds: string[]): Promise<RecipeGraph> {
  if (!rootIds.length) return { recipes: [], lines: [] };
  // `union`, not `union all`: a recipe reached twice (or a cycle) is walked once.
  const closure = sql`(with recursive below(id) as (
      select ${recipes.id} from ${recipes} where ${inArray(recipes.id, [...new Set(rootIds)])} and ${visibleRecipes(scope)}
      union
      select ${recipes.id} from ${recipeIngredients} join below on ${recipeIngredients.parentId} = below.id join ${recipes} on ${recipes.id} = ${recipeIngredients.recipeId} where ${visibleRecipes(scope)}
    ) select id from below)`;
  const [rows, lines] = await Promise.all([
    db.select().from(recipes).where(sql`${recipes.id} in ${closure}`).orderBy(asc(recipes.name), asc(recipes.id)),
    db.select(graphLineColumns).from(recipeIngredients).where(sql`${recipeIngredients.parentId} in ${closure}`).orderBy(asc(recipeIngredients.parentId), asc(recipeIngredients.position)),
  ]);
  return { recipes: rows, lines };
}

/**
 * Creates or replaces a recipe; an existing one only inside the scope (SA and DE: the library too):
 * outside it nothing is written and the answer is null. `check` runs first in the transaction, under
 * the lock of the recipes of the recipe's owner, and what it throws rolls everything back.
 */
export async function saveRecipe(db: Database, scope: OrgScope, id: string | null, values: Omit<typeof recipes.$inferInsert, 'id'>, lines: LineRow[], check: (tx: Database) => Promise<void> = async () => {}): Promise<string | null> {
  return db.transaction(async (tx: Tx) => {
    // One save at a time per owner (an organisation, or the library): a check made on a snapshot
    // let two saves (A includes B, B includes A) both pass. Under the lock `check` reads what the
    // saves committed before it; a cycle never crosses owners (the library uses only the library).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('wellbe.recipes'), hashtext(${values.organizationId ?? 'library'}))`);
    await check(tx);
    let recipeId = id;
    if (recipeId) {
      const updated = await tx
        .update(recipes)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(recipes.id, recipeId), orgFilter(scope, recipes.organizationId)))
        .returning({ id: recipes.id });
      if (!updated.length) return null;
      await tx.delete(recipeIngredients).where(eq(recipeIngredients.parentId, recipeId));
    } else {
      const [r] = await tx.insert(recipes).values(values).returning({ id: recipes.id });
      recipeId = r.id;
    }
    if (lines.length) await tx.insert(recipeIngredients).values(lines.map((l, position) => ({ ...l, parentId: recipeId!, position })));
    return recipeId!;
  });
}

export async function archiveRecipe(db: Database, scope: OrgScope, id: string, userId: string, at: Date) {
  await db
    .update(recipes)
    .set({ archivedAt: at, archivedBy: userId })
    .where(and(eq(recipes.id, id), orgFilter(scope, recipes.organizationId)));
}

// ---- Menus ----

export type MenuItemRow = LineRow & { id: string; day: string; meal: string };

export async function menuItemsBetween(db: Database, scope: OrgScope, patientId: string, from: string, to: string): Promise<MenuItemRow[]> {
  return db
    .select({ id: menuItems.id, day: menuItems.day, meal: menuItems.meal, foodId: menuItems.foodId, recipeId: menuItems.recipeId, grams: menuItems.grams, portions: menuItems.portions })
    .from(menuItems)
    .where(and(orgFilter(scope, menuItems.organizationId), eq(menuItems.patientId, patientId), gte(menuItems.day, from), lte(menuItems.day, to)))
    .orderBy(asc(menuItems.day), asc(menuItems.meal), asc(menuItems.position), asc(menuItems.id));
}

/** Replaces the lines of some days of a patient (one transaction: a day is never half-written). */
export async function replaceDays(db: Database, scope: OneOrgScope, ids: { patientId: string; userId: string }, days: { day: string; items: (LineRow & { meal: string })[] }[]) {
  await db.transaction(async (tx: Tx) => {
    for (const d of days) {
      await tx.delete(menuItems).where(and(orgFilter(scope, menuItems.organizationId), eq(menuItems.patientId, ids.patientId), eq(menuItems.day, d.day)));
      if (d.items.length)
        await tx.insert(menuItems).values(
          d.items.map((l, position) => ({ organizationId: scope.organizationId, patientId: ids.patientId, createdBy: ids.userId, day: d.day, meal: l.meal, foodId: l.foodId, recipeId: l.recipeId, grams: l.grams, portions: l.portions, position })),
        );
    }
  });
}

// ---- Profiles and preferences ----

export async function findProfile(db: Database, scope: OrgScope, patientId: string) {
  const [row] = await db
    .select()
    .from(dieteticProfiles)
    .where(and(eq(dieteticProfiles.patientId, patientId), orgFilter(scope, dieteticProfiles.organizationId)))
    .limit(1);
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

export async function listPrograms(db: Database, scope: OrgScope) {
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
    .where(and(orgFilter(scope, dietPrograms.organizationId), isNull(dietPrograms.archivedAt)))
    .orderBy(asc(dietPrograms.name), asc(dietPrograms.id))
    .limit(500);
}

export async function findProgram(db: Database, scope: OrgScope, id: string) {
  const [row] = await db
    .select()
    .from(dietPrograms)
    .where(and(eq(dietPrograms.id, id), orgFilter(scope, dietPrograms.organizationId), isNull(dietPrograms.archivedAt)))
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

/** Creates or replaces a program with its items; an existing one only inside the scope (else null, nothing written). */
export async function saveProgram(db: Database, scope: OrgScope, id: string | null, values: Omit<typeof dietPrograms.$inferInsert, 'id'>, items: (LineRow & { dayIndex: number; meal: string })[]): Promise<string | null> {
  return db.transaction(async (tx: Tx) => {
    let programId = id;
    if (programId) {
      const updated = await tx
        .update(dietPrograms)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(dietPrograms.id, programId), orgFilter(scope, dietPrograms.organizationId)))
        .returning({ id: dietPrograms.id });
      if (!updated.length) return null;
      await tx.delete(dietProgramItems).where(eq(dietProgramItems.programId, programId));
    } else {
      const [r] = await tx.insert(dietPrograms).values(values).returning({ id: dietPrograms.id });
      programId = r.id;
    }
    if (items.length) await tx.insert(dietProgramItems).values(items.map((l, position) => ({ ...l, programId: programId!, position })));
    return programId!;
  });
}

export async function archiveProgram(db: Database, scope: OrgScope, id: string, userId: string, at: Date) {
  await db
    .update(dietPrograms)
    .set({ archivedAt: at, archivedBy: userId })
    .where(and(eq(dietPrograms.id, id), orgFilter(scope, dietPrograms.organizationId)));
}

export async function insertAssignment(db: Database, values: typeof dietProgramAssignments.$inferInsert) {
  const [r] = await db.insert(dietProgramAssignments).values(values).returning({ id: dietProgramAssignments.id });
  return r.id;
}

/** The program running on a day for a patient (the latest assigned when two overlap). */
export async function currentAssignment(db: Database, scope: OrgScope, patientId: string, day: string) {
  const [row] = await db
    .select({ id: dietPrograms.id, name: dietPrograms.name, goal: dietPrograms.goal, startDate: dietProgramAssignments.startDate, endDate: dietProgramAssignments.endDate })
    .from(dietProgramAssignments)
    .innerJoin(dietPrograms, eq(dietPrograms.id, dietProgramAssignments.programId))
    .where(and(orgFilter(scope, dietProgramAssignments.organizationId), eq(dietProgramAssignments.patientId, patientId), lte(dietProgramAssignments.startDate, day), gte(dietProgramAssignments.endDate, day)))
    .orderBy(desc(dietProgramAssignments.createdAt))
    .limit(1);
  return row ?? null;
}
