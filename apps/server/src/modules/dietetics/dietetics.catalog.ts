import { foodQuantity, recipePerPortion, roundNutrients, scaleNutrients, ZERO, type Nutrients, type RecipeForTotals, DIETETICS_MESSAGES } from '@wellbe/shared/domain/dietetics';
import { type Food, type Line, type ResolvedLine } from '@wellbe/shared/schemas/dietetics';
import { hidden, recordCatalog, type CatalogScope } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import * as foodsRepo from './dietetics.foods.repository.ts';
import * as repo from './dietetics.repository.ts';

// What every dietetic computation reads first: the recipes its owner sees with the foods below
// them (the Ciqual table, the WellBe library and the organisation's own: a CatalogScope), and the
// lines of a menu, recipe or program resolved against them.

export function toNutrients(r: { energyKcal: number; proteinsG: number; carbohydratesG: number; fatG: number; fibresG: number }): Nutrients {
  return { energyKcal: Number(r.energyKcal), proteinsG: Number(r.proteinsG), carbohydratesG: Number(r.carbohydratesG), fatG: Number(r.fatG), fibresG: Number(r.fibresG) };
}

export function toFood(r: foodsRepo.FoodDbRow): Food {
  return { id: r.id, nameFr: r.nameFr, groupCode: r.groupCode, source: r.organizationId ? 'organisation' : 'ciqual', ciqualCode: r.ciqualCode, ...toNutrients(r) };
}

// ---- The catalog a computation needs: visible recipes and the foods below them ----

export interface Catalog {
  /** The foods and recipes the computation may use: the platform's and its organisation's. */
  scope: CatalogScope;
  recipes: Map<string, RecipeForTotals & { row: repo.RecipeRow; lines: repo.LineRow[] }>;
  foods: Map<number, foodsRepo.FoodDbRow>;
  nutrients: Map<number, Nutrients>;
  /** Each recipe's nutrients per portion once computed: a list or a menu asks for many that share sub-recipes. */
  perPortion: Map<string, Nutrients>;
}

export function lineOf(l: repo.LineRow): Line {
  return l.foodId != null ? { foodId: l.foodId, grams: Number(l.grams) } : { recipeId: l.recipeId!, portions: Number(l.portions) };
}

export async function loadCatalog(ctx: AppContext, scope: CatalogScope, extraFoodIds: number[] = []): Promise<Catalog> {
  return catalogOf(ctx, scope, await repo.visibleRecipeGraph(ctx.db, scope), extraFoodIds);
}

/**
 * The catalog `lines` need to be resolved (resolveLine): their recipes with what is below them and
 * their foods, not the whole library (a menu's day read every visible recipe).
 */
export async function loadCatalogFor(ctx: AppContext, scope: CatalogScope, lines: readonly repo.LineRow[]): Promise<Catalog> {
  const recipeIds = lines.filter((l) => l.recipeId != null).map((l) => l.recipeId!);
  const foodIds = lines.filter((l) => l.foodId != null).map((l) => l.foodId!);
  return catalogOf(ctx, scope, await repo.recipeGraphFrom(ctx.db, scope, recipeIds), foodIds);
}

async function catalogOf(ctx: AppContext, scope: CatalogScope, graph: repo.RecipeGraph, extraFoodIds: number[]): Promise<Catalog> {
  const byParent = new Map<string, repo.LineRow[]>();
  for (const l of graph.lines) {
    const siblings = byParent.get(l.parentId);
    if (siblings) siblings.push(l);
    else byParent.set(l.parentId, [l]);
  }
  const recipes = new Map<string, RecipeForTotals & { row: repo.RecipeRow; lines: repo.LineRow[] }>();
  for (const r of graph.recipes) {
    const lines = byParent.get(r.id) ?? [];
    recipes.set(r.id, { id: r.id, portions: r.portions, ingredients: lines.map(lineOf), row: r, lines });
  }
  const foodIds = [...graph.lines.filter((l) => l.foodId != null).map((l) => l.foodId!), ...extraFoodIds];
  const foodRows = await foodsRepo.foodsByIds(ctx.db, scope, foodIds);
  const foods = new Map(foodRows.map((f) => [f.id, f]));
  const nutrients = new Map(foodRows.map((f) => [f.id, toNutrients(f)]));
  return { scope, recipes, foods, nutrients, perPortion: new Map() };
}

export function perPortion(catalog: Catalog, recipeId: string): Nutrients {
  return recipePerPortion(recipeId, catalog.recipes, catalog.nutrients, catalog.perPortion);
}

export function resolveLine(catalog: Catalog, l: repo.LineRow & { id?: string }, flagsOf: (name: string) => string[] = () => []): ResolvedLine {
  let name = '—';
  let nutrients: Nutrients = ZERO;
  if (l.foodId != null) {
    const food = catalog.foods.get(l.foodId);
    name = food?.nameFr ?? 'Aliment retiré';
    nutrients = food ? foodQuantity(toNutrients(food), Number(l.grams)) : ZERO;
  } else if (l.recipeId) {
    const recipe = catalog.recipes.get(l.recipeId);
    name = recipe?.row.name ?? 'Formule retirée';
    nutrients = recipe ? scaleNutrients(perPortion(catalog, l.recipeId), Number(l.portions)) : ZERO;
  }
  return {
    ...(l.id ? { id: l.id } : {}),
    foodId: l.foodId,
    recipeId: l.recipeId,
    grams: l.grams == null ? null : Number(l.grams),
    portions: l.portions == null ? null : Number(l.portions),
    name,
    nutrients: roundNutrients(nutrients),
    flags: flagsOf(name),
  };
}

/** Lines of a write: every food and recipe must be visible to the caller (else 404, nothing saved). */
export async function checkLines(ctx: AppContext, catalog: Catalog, lines: readonly Line[], options: { libraryOnly?: boolean } = {}): Promise<repo.LineRow[]> {
  const foodIds = lines.filter((l): l is { foodId: number; grams: number } => 'foodId' in l).map((l) => l.foodId);
  const known = new Map((await foodsRepo.foodsByIds(ctx.db, options.libraryOnly ? recordCatalog(null) : catalog.scope, foodIds)).map((f) => [f.id, f]));
  return lines.map((l) => {
    if ('foodId' in l) {
      const food = known.get(l.foodId);
      if (!food) throw hidden(DIETETICS_MESSAGES.foodNotFound, 'food_not_found');
      catalog.foods.set(food.id, food);
      catalog.nutrients.set(food.id, toNutrients(food));
      return { foodId: l.foodId, recipeId: null, grams: l.grams, portions: null };
    }
    const recipe = catalog.recipes.get(l.recipeId);
    if (!recipe || (options.libraryOnly && recipe.row.organizationId)) throw hidden(DIETETICS_MESSAGES.recipeNotFound, 'recipe_not_found');
    return { foodId: null, recipeId: l.recipeId, grams: null, portions: l.portions };
  });
}
