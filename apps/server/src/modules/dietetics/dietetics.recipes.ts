import { createsCycle, energyShares, roundNutrients, DIETETICS_MESSAGES } from '@wellbe/shared/domain/dietetics';
import { fold } from '@wellbe/shared/domain/text';
import { can } from '@wellbe/shared/permissions';
import { isPlatformRole } from '@wellbe/shared/roles';
import { type RecipeDetail, type RecipeSummary, type RecipeWrite } from '@wellbe/shared/schemas/dietetics';
import { callerScope, catalogScope, hidden, ownScope, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { checkLines, loadCatalog, perPortion, resolveLine, type Catalog } from './dietetics.catalog.ts';
import * as repo from './dietetics.repository.ts';

// Recipes (/formules): the WellBe library, written by SA and DE, and each organisation's own. A
// recipe's totals come from the whole graph of foods and recipes below it (dietetics.catalog.ts).

function mayEditRecipe(caller: Caller, row: repo.RecipeRow): boolean {
  if (!row.organizationId) return isPlatformRole(caller.role);
  return can(caller.role, 'dietetics') && row.organizationId === caller.organizationId;
}

function toRecipeSummary(caller: Caller, catalog: Catalog, id: string): RecipeSummary {
  const r = catalog.recipes.get(id)!;
  const per = perPortion(catalog, id);
  return {
    id,
    name: r.row.name,
    category: r.row.category,
    portions: r.row.portions,
    tags: r.row.tags,
    library: !r.row.organizationId,
    perPortion: roundNutrients(per),
    shares: energyShares(per),
    editable: mayEditRecipe(caller, r.row),
  };
}

export async function listRecipes(ctx: AppContext, caller: Caller, query: { q?: string }): Promise<RecipeSummary[]> {
  const catalog = await loadCatalog(ctx, catalogScope(caller));
  const q = fold(query.q ?? '');
  return [...catalog.recipes.keys()].filter((id) => !q || fold(catalog.recipes.get(id)!.row.name).includes(q)).map((id) => toRecipeSummary(caller, catalog, id));
}

export async function readRecipe(ctx: AppContext, caller: Caller, id: string): Promise<RecipeDetail> {
  const catalog = await loadCatalog(ctx, catalogScope(caller));
  const recipe = catalog.recipes.get(id);
  if (!recipe) throw hidden(DIETETICS_MESSAGES.recipeNotFound, 'recipe_not_found');
  return { ...toRecipeSummary(caller, catalog, id), steps: recipe.row.steps, ingredients: recipe.lines.map((l) => resolveLine(catalog, l)) };
}

/**
 * Refuses (400) a save that would make recipe `id` include itself, read in the save's transaction
 * under its lock (repo.saveRecipe): the graph below the new sub-recipes as the saves committed
 * before this one left it, not the catalog read before the lock. A new recipe (id null) is named by
 * no other yet: it cannot close a cycle.
 */
async function refuseCycle(tx: AppContext['db'], caller: Caller, id: string | null, subRecipes: string[]): Promise<void> {
  if (!id || !subRecipes.length) return;
  const below = await repo.recipeGraphFrom(tx, catalogScope(caller), subRecipes);
  const children = new Map<string, string[]>();
  for (const l of below.lines) {
    if (!l.recipeId) continue;
    const siblings = children.get(l.parentId);
    if (siblings) siblings.push(l.recipeId);
    else children.set(l.parentId, [l.recipeId]);
  }
  if (createsCycle(id, subRecipes, (rid) => children.get(rid) ?? [])) throw badRequest(DIETETICS_MESSAGES.cycle, 'recipe_cycle');
}

/**
 * Creates (id null) or replaces a recipe. The WellBe library (`library: true`, or editing a
 * library recipe) is written by SA and DE only and may use only Ciqual foods and library recipes;
 * a recipe that would include itself, directly or through another, is refused.
 */
export async function writeRecipe(ctx: AppContext, caller: Caller, id: string | null, input: RecipeWrite): Promise<RecipeDetail> {
  const catalog = await loadCatalog(ctx, catalogScope(caller));
  let library = input.library;
  if (id) {
    const existing = catalog.recipes.get(id);
    if (!existing) throw hidden(DIETETICS_MESSAGES.recipeNotFound, 'recipe_not_found');
    if (!mayEditRecipe(caller, existing.row)) throw forbidden(DIETETICS_MESSAGES.libraryReadOnly, 'library_read_only');
    library = !existing.row.organizationId;
  } else if (library && !isPlatformRole(caller.role)) throw forbidden(DIETETICS_MESSAGES.libraryReadOnly, 'library_read_only');
  const organizationId = library ? null : ownScope(caller, DIETETICS_MESSAGES.recipeNotFound, 'recipe_not_found').organizationId;
  const lines = await checkLines(ctx, catalog, input.ingredients, { libraryOnly: library });
  const subRecipes = lines.filter((l) => l.recipeId).map((l) => l.recipeId!);
  const savedId = await repo.saveRecipe(
    ctx.db,
    callerScope(caller),
    id,
    { organizationId, name: input.name, category: input.category, portions: input.portions, steps: input.steps, tags: [...new Set(input.tags)], createdBy: caller.id },
    lines,
    (tx) => refuseCycle(tx, caller, id, subRecipes),
  );
  if (!savedId) throw hidden(DIETETICS_MESSAGES.recipeNotFound, 'recipe_not_found');
  await recordAudit(ctx, caller, { action: id ? 'dietetics.recipe.update' : 'dietetics.recipe.create', outcome: 'success', recordType: 'recipe', recordId: savedId });
  return readRecipe(ctx, caller, savedId);
}

export async function deleteRecipe(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  const catalog = await loadCatalog(ctx, catalogScope(caller));
  const existing = catalog.recipes.get(id);
  if (!existing) throw hidden(DIETETICS_MESSAGES.recipeNotFound, 'recipe_not_found');
  if (!mayEditRecipe(caller, existing.row)) throw forbidden(DIETETICS_MESSAGES.libraryReadOnly, 'library_read_only');
  // Archived, not deleted: menus and recipes using it keep their history (their totals count it as 0).
  await repo.archiveRecipe(ctx.db, callerScope(caller), id, caller.id, new Date(ctx.clock.now()));
  await recordAudit(ctx, caller, { action: 'dietetics.recipe.archive', outcome: 'success', recordType: 'recipe', recordId: id });
}
