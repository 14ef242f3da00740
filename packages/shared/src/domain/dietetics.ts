// Dietetics rules shared by the menu screen and the server: nutrients of foods, recipes and days,
// the Mifflin-St Jeor energy need, the green/orange/red status against a target, and the recipe
// cycle rule. Pure functions: no I/O, no dates taken from the clock.
import { foldLetters } from './text.ts';
import { addDays } from './zoned.ts';

/** The five values of the Ciqual extract, per 100 g for a food, absolute for a quantity. */
export interface Nutrients {
  energyKcal: number;
  proteinsG: number;
  carbohydratesG: number;
  fatG: number;
  fibresG: number;
}

export const NUTRIENT_KEYS = ['energyKcal', 'proteinsG', 'carbohydratesG', 'fatG', 'fibresG'] as const;

export const ZERO: Nutrients = { energyKcal: 0, proteinsG: 0, carbohydratesG: 0, fatG: 0, fibresG: 0 };

/** The first-level Ciqual groups (11), with the names the product shows. */
export const FOOD_GROUPS = [
  { code: 'starters and dishes', fr: 'Entrées et plats composés', en: 'Starters and dishes', tr: 'Başlangıçlar ve yemekler', ar: 'المقبلات والأطباق' },
  { code: 'fruits, vegetables, legumes and nuts', fr: 'Fruits, légumes, légumineuses et oléagineux', en: 'Fruits, vegetables, legumes and nuts', tr: 'Meyve, sebze, baklagil ve kuruyemiş', ar: 'الفواكه والخضروات والبقوليات والمكسرات' },
  { code: 'cereal products', fr: 'Produits céréaliers', en: 'Cereal products', tr: 'Tahıl ürünleri', ar: 'منتجات الحبوب' },
  { code: 'meat, egg and fish', fr: 'Viandes, œufs, poissons', en: 'Meat, egg and fish', tr: 'Et, yumurta ve balık', ar: 'اللحوم والبيض والأسماك' },
  { code: 'milk and milk products', fr: 'Lait et produits laitiers', en: 'Milk and milk products', tr: 'Süt ve süt ürünleri', ar: 'الحليب ومنتجاته' },
  { code: 'beverages', fr: 'Boissons', en: 'Beverages', tr: 'İçecekler', ar: 'المشروبات' },
  { code: 'sugar and confectionery', fr: 'Produits sucrés', en: 'Sugar and confectionery', tr: 'Şekerli ürünler', ar: 'المنتجات السكرية' },
  { code: 'ice cream and sorbet', fr: 'Glaces et sorbets', en: 'Ice cream and sorbet', tr: 'Dondurma ve sorbe', ar: 'المثلجات والسوربيه' },
  { code: 'fats and oils', fr: 'Matières grasses', en: 'Fats and oils', tr: 'Yağlar', ar: 'الدهون والزيوت' },
  { code: 'miscellaneous', fr: 'Aides culinaires et ingrédients divers', en: 'Miscellaneous', tr: 'Çeşitli', ar: 'متفرقات' },
  { code: 'baby food', fr: 'Aliments infantiles', en: 'Baby food', tr: 'Bebek mamaları', ar: 'أغذية الأطفال' },
] as const;

export type FoodGroupCode = (typeof FOOD_GROUPS)[number]['code'];
export const FOOD_GROUP_CODES = FOOD_GROUPS.map((g) => g.code) as unknown as readonly [FoodGroupCode, ...FoodGroupCode[]];

export function foodGroupLabel(code: string, language = 'fr'): string {
  const group = FOOD_GROUPS.find((g) => g.code === code);
  if (!group) return code;
  return (group as Record<string, string>)[language] ?? group.fr;
}

/** SPEC §3 breakfast/lunch/dinner/snack, in the order of the day. */
export const MEALS = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
export type Meal = (typeof MEALS)[number];
export const MEAL_LABELS: Record<Meal, string> = { breakfast: 'Petit-déjeuner', lunch: 'Déjeuner', dinner: 'Dîner', snack: 'Collation' };

export const RECIPE_CATEGORIES = ['petit-déjeuner', 'entrée', 'plat', 'dessert', 'collation', 'boisson'] as const;
export const RECIPE_TAGS = ['végétarien', 'végétalien', 'sans gluten', 'sans lactose', 'sans porc', 'riche en fibres', 'rapide'] as const;
export const PROGRAM_GOALS = ['perte de poids', 'rééquilibrage', 'prise de masse', 'diabète', 'cholestérol', 'grossesse', 'sport'] as const;
export const DIETS = ['omnivore', 'végétarien', 'végétalien', 'sans porc', 'halal', 'casher', 'sans gluten', 'sans lactose'] as const;
/** The 14 allergens of EU regulation 1169/2011, annex II. */
export const EU_ALLERGENS = [
  'gluten',
  'crustacés',
  'œufs',
  'poissons',
  'arachides',
  'soja',
  'lait',
  'fruits à coque',
  'céleri',
  'moutarde',
  'sésame',
  'sulfites',
  'lupin',
  'mollusques',
] as const;

/** Limits of a menu or recipe line (bad-input rules of the dietetics area). */
export const MAX_GRAMS = 5000;
export const MAX_PORTIONS = 50;
export const MAX_PROGRAM_WEEKS = 4;

export const DIETETICS_MESSAGES = {
  grams: 'La quantité doit être comprise entre 0 et 5 000 g (0 exclu).',
  portions: 'Le nombre de portions doit être compris entre 0 et 50 (0 exclu).',
  cycle: 'Cette formule ne peut pas s’inclure elle-même, directement ou par une autre formule.',
  foodNotFound: 'Aliment introuvable.',
  recipeNotFound: 'Formule introuvable.',
  programNotFound: 'Programme introuvable.',
  menuNotFound: 'Menu introuvable.',
  foodInUse: 'Cet aliment est utilisé par une formule ou un menu : il ne peut pas être supprimé.',
  libraryReadOnly: 'La bibliothèque WellBe n’est modifiable que par l’équipe WellBe.',
  date: 'Date invalide : utilisez le format AAAA-MM-JJ entre 1900 et 2100.',
  splitSum: 'La répartition des macronutriments doit faire 100 %.',
  programDay: 'Un jour du programme dépasse sa durée.',
  nutrient: 'Valeur nutritionnelle invalide.',
  foodName: 'Le nom de l’aliment est obligatoire.',
  energy: 'L’énergie doit être comprise entre 0 et 900 kcal pour 100 g.',
  recipeName: 'Le nom de la formule est obligatoire.',
  recipePortions: 'Le nombre de portions doit être compris entre 1 et 50.',
  ingredients: 'Ajoutez au moins un ingrédient.',
  menuDays: 'Choisissez au moins un jour.',
  programName: 'Le nom du programme est obligatoire.',
  programWeeks: 'Un programme dure de 1 à 4 semaines.',
  energyTarget: 'L’objectif énergétique doit être compris entre 800 et 6 000 kcal.',
  activityFactor: 'Facteur d’activité invalide.',
  mealTime: 'Heure invalide (HH:MM).',
} as const;

/** Energy per gram (EU regulation 1169/2011, annex XIV) for the share of energy of each macro. */
export const KCAL_PER_G = { proteins: 4, carbohydrates: 4, fat: 9 } as const;

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

export function roundNutrients(n: Nutrients): Nutrients {
  return {
    energyKcal: Math.round(n.energyKcal),
    proteinsG: round1(n.proteinsG),
    carbohydratesG: round1(n.carbohydratesG),
    fatG: round1(n.fatG),
    fibresG: round1(n.fibresG),
  };
}

export function addNutrients(a: Nutrients, b: Nutrients): Nutrients {
  return {
    energyKcal: a.energyKcal + b.energyKcal,
    proteinsG: a.proteinsG + b.proteinsG,
    carbohydratesG: a.carbohydratesG + b.carbohydratesG,
    fatG: a.fatG + b.fatG,
    fibresG: a.fibresG + b.fibresG,
  };
}

export function scaleNutrients(n: Nutrients, factor: number): Nutrients {
  return {
    energyKcal: n.energyKcal * factor,
    proteinsG: n.proteinsG * factor,
    carbohydratesG: n.carbohydratesG * factor,
    fatG: n.fatG * factor,
    fibresG: n.fibresG * factor,
  };
}

export function sumNutrients(list: readonly Nutrients[]): Nutrients {
  return list.reduce(addNutrients, ZERO);
}

/** A quantity of a food, from its values per 100 g. */
export function foodQuantity(per100g: Nutrients, grams: number): Nutrients {
  return scaleNutrients(per100g, grams / 100);
}

/** One ingredient of a recipe: grams of a food, or portions of another recipe. */
export type Ingredient = { foodId: number; grams: number } | { recipeId: string; portions: number };

export interface RecipeForTotals {
  id: string;
  portions: number;
  ingredients: readonly Ingredient[];
}

/**
 * Nutrients of ONE portion of a recipe: the sum of its ingredients divided by its portions. A
 * sub-recipe counts for its portions times its own per-portion values. Unknown foods or recipes
 * count as zero (they were archived or are out of reach).
 *
 * `memo` keeps each recipe's values once computed: a catalog passes the same map to every call, so
 * a sub-recipe repeated at every level (60 lines of R1 in R2, 60 of R2 in R3…) is computed once,
 * not 60^depth times, and the work stays linear in the number of recipes and lines. The walk keeps
 * its own stack rather than recursing, so a very deep nesting cannot overflow the call stack. A
 * sub-recipe that leads back into the recipe being computed counts as zero: saves refuse cycles
 * (dietetics.recipes.ts), so only data written before that rule can hold one, and a read must
 * still answer rather than fail.
 */
export function recipePerPortion(recipeId: string, recipes: ReadonlyMap<string, RecipeForTotals>, foods: ReadonlyMap<number, Nutrients>, memo: Map<string, Nutrients> = new Map()): Nutrients {
  const onPath = new Set<string>();
  const stack = [recipeId];
  while (stack.length) {
    const id = stack[stack.length - 1];
    if (memo.has(id)) {
      stack.pop();
      continue;
    }
    const recipe = recipes.get(id);
    if (!recipe) {
      memo.set(id, ZERO);
      stack.pop();
      continue;
    }
    if (!onPath.has(id)) {
      // First visit: the sub-recipes not computed yet go first; this one stays below them.
      onPath.add(id);
      for (const ing of recipe.ingredients) if ('recipeId' in ing && !memo.has(ing.recipeId) && !onPath.has(ing.recipeId)) stack.push(ing.recipeId);
      continue;
    }
    // Second visit: every sub-recipe is in the memo, or on the path (a cycle: zero).
    const total = sumNutrients(recipe.ingredients.map((ing) => ('foodId' in ing ? foodQuantity(foods.get(ing.foodId) ?? ZERO, ing.grams) : scaleNutrients(memo.get(ing.recipeId) ?? ZERO, ing.portions))));
    memo.set(id, scaleNutrients(total, 1 / Math.max(recipe.portions, 1)));
    onPath.delete(id);
    stack.pop();
  }
  return memo.get(recipeId)!;
}

/**
 * Whether saving `recipeId` with these sub-recipes would make it include itself, directly or
 * through other recipes. `children(id)` gives the sub-recipe ids currently stored for a recipe.
 */
export function createsCycle(recipeId: string, subRecipeIds: readonly string[], children: (id: string) => readonly string[]): boolean {
  const stack = [...subRecipeIds];
  const visited = new Set<string>();
  while (stack.length) {
    const id = stack.pop()!;
    if (id === recipeId) return true;
    if (visited.has(id)) continue;
    visited.add(id);
    stack.push(...children(id));
  }
  return false;
}

/** Share of the energy given by proteins, carbohydrates and fat, in whole percent. */
export function energyShares(n: Nutrients): { proteins: number; carbohydrates: number; fat: number } {
  const p = n.proteinsG * KCAL_PER_G.proteins;
  const c = n.carbohydratesG * KCAL_PER_G.carbohydrates;
  const f = n.fatG * KCAL_PER_G.fat;
  const total = p + c + f;
  if (total <= 0) return { proteins: 0, carbohydrates: 0, fat: 0 };
  return { proteins: Math.round((p / total) * 100), carbohydrates: Math.round((c / total) * 100), fat: Math.round((f / total) * 100) };
}

/**
 * Basal metabolic rate by Mifflin-St Jeor (1990), kcal/day:
 * 10 × weight (kg) + 6.25 × height (cm) − 5 × age (y) + 5 for a man, − 161 for a woman.
 */
export function mifflinStJeor(input: { sex: 'F' | 'M'; weightKg: number; heightCm: number; age: number }): number {
  const base = 10 * input.weightKg + 6.25 * input.heightCm - 5 * input.age;
  return input.sex === 'M' ? base + 5 : base - 161;
}

/** Physical-activity levels (FAO/WHO style factors) the dietitian picks from or the consultation suggests. */
export const ACTIVITY_FACTORS = [
  { value: 1.2, label: 'Sédentaire' },
  { value: 1.375, label: 'Activité légère' },
  { value: 1.55, label: 'Activité modérée' },
  { value: 1.725, label: 'Activité intense' },
  { value: 1.9, label: 'Activité très intense' },
] as const;

/**
 * The factor suggested by the consultation's free-text `physicalCapacity`: its words decide
 * ('sédentaire', 'légère'/'faible', 'modérée', 'intense'/'élevée'/'sportif', 'très'), else light.
 */
export function activityFactorOf(physicalCapacity: string | null | undefined): number {
  const text = foldLetters(physicalCapacity ?? '');
  if (/sedentaire|alite|aucune|nulle/.test(text)) return 1.2;
  if (/tres (intense|elevee|active|sportif)|athlete|extreme/.test(text)) return 1.9;
  if (/intense|elevee|sporti|forte|active/.test(text)) return 1.725;
  if (/moderee|moyenne|reguliere/.test(text)) return 1.55;
  return 1.375;
}

export interface MacroSplit {
  proteinsPct: number;
  carbohydratesPct: number;
  fatPct: number;
}

export const DEFAULT_SPLIT: MacroSplit = { proteinsPct: 15, carbohydratesPct: 50, fatPct: 35 };

/** Grams of each macro for an energy target and a split of the energy in percent. */
export function macroTargets(energyKcal: number, split: MacroSplit): Nutrients {
  return {
    energyKcal: Math.round(energyKcal),
    proteinsG: round1((energyKcal * split.proteinsPct) / 100 / KCAL_PER_G.proteins),
    carbohydratesG: round1((energyKcal * split.carbohydratesPct) / 100 / KCAL_PER_G.carbohydrates),
    fatG: round1((energyKcal * split.fatPct) / 100 / KCAL_PER_G.fat),
    fibresG: 30,
  };
}

export type TargetStatus = 'green' | 'orange' | 'red';

/** Within 10 % of the target: green; within 20 %: orange; further: red. No target: green. */
export function targetStatus(actual: number, target: number | null | undefined): TargetStatus {
  if (!target || target <= 0) return 'green';
  const gap = Math.abs(actual - target) / target;
  if (gap <= 0.1) return 'green';
  if (gap <= 0.2) return 'orange';
  return 'red';
}

/** YYYY-MM-DD between 1900-01-01 and 2100-12-31 that is a real calendar day. */
export function isMenuDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  if (y < 1900 || y > 2100) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The Monday of the week of a day. */
export function weekStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The first dislike word found in a food or recipe name (accent-insensitive, whole word, plural allowed). */
export function matchesDislike(name: string, dislikes: readonly string[]): string | null {
  const n = ' ' + foldLetters(name).replace(/[^\p{L}\p{N}]+/gu, ' ') + ' ';
  for (const word of dislikes) {
    const w = foldLetters(word).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    if (w.length < 3) continue;
    if (n.includes(' ' + w + ' ') || n.includes(' ' + w + 's ') || n.includes(' ' + w + 'x ')) return word;
  }
  return null;
}

/**
 * Words of food names that suggest an allergen. The Ciqual extract carries no allergen data, so a
 * menu line is flagged as "peut contenir" from its name: a warning for the dietitian, never a guarantee.
 */
export const ALLERGEN_KEYWORDS: Record<(typeof EU_ALLERGENS)[number], readonly string[]> = {
  gluten: ['blé', 'pain', 'pâtes', 'farine', 'semoule', 'seigle', 'orge', 'biscuit', 'brioche', 'croissant', 'pizza', 'quiche', 'couscous', 'boulgour'],
  crustacés: ['crevette', 'crabe', 'homard', 'langoustine', 'écrevisse', 'crustacé'],
  œufs: ['œuf', 'oeuf', 'omelette', 'mayonnaise'],
  poissons: ['poisson', 'saumon', 'thon', 'cabillaud', 'sardine', 'maquereau', 'colin', 'truite', 'merlu', 'anchois'],
  arachides: ['arachide', 'cacahuète'],
  soja: ['soja', 'tofu'],
  lait: ['lait', 'fromage', 'yaourt', 'beurre', 'crème', 'emmental', 'camembert', 'comté', 'mozzarella', 'fromage blanc'],
  'fruits à coque': ['amande', 'noisette', 'noix', 'pistache', 'cajou'],
  céleri: ['céleri'],
  moutarde: ['moutarde'],
  sésame: ['sésame', 'tahin'],
  sulfites: ['vin', 'fruits secs'],
  lupin: ['lupin'],
  mollusques: ['moule', 'huître', 'calmar', 'seiche', 'poulpe', 'escargot', 'coquille saint-jacques'],
};

/** The patient's allergens a food or recipe name suggests. */
export function allergensIn(name: string, allergens: readonly string[]): string[] {
  const found: string[] = [];
  for (const allergen of allergens) {
    const words = ALLERGEN_KEYWORDS[allergen as keyof typeof ALLERGEN_KEYWORDS] ?? [];
    if (matchesDislike(name, words)) found.push(allergen);
  }
  return found;
}
