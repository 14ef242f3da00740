import { describe, expect, it } from 'vitest';
import { ageOn } from './age.ts';
import {
  activityFactorOf,
  allergensIn,
  createsCycle,
  energyShares,
  foodQuantity,
  isMenuDay,
  macroTargets,
  matchesDislike,
  mifflinStJeor,
  recipePerPortion,
  roundNutrients,
  targetStatus,
  weekStart,
  type Nutrients,
  type RecipeForTotals,
} from './dietetics.ts';

// Values per 100 g, as in the Ciqual table, kept round so the totals below can be checked by hand.
const TOMATO: Nutrients = { energyKcal: 18, proteinsG: 0.9, carbohydratesG: 2.6, fatG: 0.2, fibresG: 1.2 };
const OLIVE_OIL: Nutrients = { energyKcal: 900, proteinsG: 0, carbohydratesG: 0, fatG: 100, fibresG: 0 };
const BREAD: Nutrients = { energyKcal: 250, proteinsG: 8, carbohydratesG: 50, fatG: 1, fibresG: 3 };
const foods = new Map<number, Nutrients>([
  [1, TOMATO],
  [2, OLIVE_OIL],
  [3, BREAD],
]);

describe('recipe nutrients per portion', () => {
  // Salade de tomates for 2: 200 g tomato + 20 g oil.
  // Whole dish: 36 + 180 = 216 kcal; proteins 1.8; carbohydrates 5.2; fat 0.4 + 20 = 20.4; fibres 2.4.
  // One portion: 108 kcal, 0.9 g, 2.6 g, 10.2 g, 1.2 g.
  const salade: RecipeForTotals = { id: 'salade', portions: 2, ingredients: [{ foodId: 1, grams: 200 }, { foodId: 2, grams: 20 }] };
  // Assiette for 1: one portion of salade + 100 g bread: 108 + 250 = 358 kcal; 0.9 + 8 = 8.9 g;
  // 2.6 + 50 = 52.6 g; 10.2 + 1 = 11.2 g; 1.2 + 3 = 4.2 g.
  const assiette: RecipeForTotals = { id: 'assiette', portions: 1, ingredients: [{ recipeId: 'salade', portions: 1 }, { foodId: 3, grams: 100 }] };
  const recipes = new Map([
    ['salade', salade],
    ['assiette', assiette],
  ]);

  it('divides the sum of the ingredients by the portions (salade de tomates, checked by hand)', () => {
    expect(roundNutrients(recipePerPortion('salade', recipes, foods))).toEqual({ energyKcal: 108, proteinsG: 0.9, carbohydratesG: 2.6, fatG: 10.2, fibresG: 1.2 });
  });

  it('counts a sub-recipe for its portions (assiette, checked by hand)', () => {
    expect(roundNutrients(recipePerPortion('assiette', recipes, foods))).toEqual({ energyKcal: 358, proteinsG: 8.9, carbohydratesG: 52.6, fatG: 11.2, fibresG: 4.2 });
  });

  it('scales with portions: two portions of salade in a dish for one double it', () => {
    const double = new Map([...recipes, ['double', { id: 'double', portions: 1, ingredients: [{ recipeId: 'salade', portions: 2 }] }]]);
    expect(roundNutrients(recipePerPortion('double', double, foods)).energyKcal).toBe(216);
  });

  it('computes a sub-recipe once however often it repeats (6 levels, 60 lines of the level below each)', () => {
    // R1: 100 g bread for 1 portion = 250 kcal. R2…R6: 60 lines of one portion of the level below,
    // for 50 portions: each level is 60 / 50 = 1.2 times the one below, so R6 = 250 × 1.2^5 kcal.
    const levels = new Map<string, RecipeForTotals>([['r1', { id: 'r1', portions: 1, ingredients: [{ foodId: 3, grams: 100 }] }]]);
    for (let level = 2; level <= 6; level++) levels.set(`r${level}`, { id: `r${level}`, portions: 50, ingredients: Array.from({ length: 60 }, () => ({ recipeId: `r${level - 1}`, portions: 1 })) });
    // The work is counted by the recipe look-ups, and stopped (an error) long before the 60^5
    // of a computation that walks every repeat again.
    let lookups = 0;
    const counted = new (class extends Map<string, RecipeForTotals> {
      override get(id: string) {
        if (++lookups > 1000) throw new Error(`more than 1000 recipe look-ups`);
        return super.get(id);
      }
    })(levels);
    const memo = new Map<string, Nutrients>();
    // As a list does: every recipe of the catalog, with the catalog's memo.
    const all = ['r6', 'r5', 'r4', 'r3', 'r2', 'r1'].map((id) => recipePerPortion(id, counted, foods, memo));
    expect(all[0].energyKcal).toBeCloseTo(250 * 1.2 ** 5, 6);
    expect(all[0].proteinsG).toBeCloseTo(8 * 1.2 ** 5, 6);
    expect(all[5]).toEqual(BREAD);
    // Each recipe looked up twice at most: when it is reached, then when its lines are summed.
    expect(lookups).toBeLessThanOrEqual(2 * 6);
  });

  it('counts as zero a sub-recipe that leads back into the recipe (a cycle stored before the save refused them)', () => {
    const looped = new Map<string, RecipeForTotals>([
      ['a', { id: 'a', portions: 1, ingredients: [{ foodId: 3, grams: 100 }, { recipeId: 'b', portions: 1 }] }],
      ['b', { id: 'b', portions: 1, ingredients: [{ foodId: 1, grams: 100 }, { recipeId: 'a', portions: 1 }] }],
    ]);
    // From a: b counts its tomato only (a is being computed), a is bread + tomato.
    expect(roundNutrients(recipePerPortion('a', looped, foods)).energyKcal).toBe(250 + 18);
    expect(roundNutrients(recipePerPortion('b', looped, foods)).energyKcal).toBe(18 + 250);
  });

  it('a quantity of a food is its values per 100 g scaled', () => {
    expect(roundNutrients(foodQuantity(BREAD, 40))).toEqual({ energyKcal: 100, proteinsG: 3.2, carbohydratesG: 20, fatG: 0.4, fibresG: 1.2 });
  });

  it('gives the share of energy of each macro (4/4/9 kcal per g)', () => {
    // 10 g proteins = 40 kcal, 20 g carbohydrates = 80 kcal, 8.89 g fat = 80 kcal → 20 % / 40 % / 40 %.
    expect(energyShares({ energyKcal: 200, proteinsG: 10, carbohydratesG: 20, fatG: 80 / 9, fibresG: 0 })).toEqual({ proteins: 20, carbohydrates: 40, fat: 40 });
  });
});

describe('recipe cycles', () => {
  const stored: Record<string, string[]> = { a: ['b'], b: ['c'], c: [], d: [] };
  const children = (id: string) => stored[id] ?? [];

  it('refuses a recipe that includes itself directly', () => {
    expect(createsCycle('a', ['a'], children)).toBe(true);
  });

  it('refuses a recipe that includes itself through others (c → a → b → c)', () => {
    expect(createsCycle('c', ['a'], children)).toBe(true);
  });

  it('accepts shared sub-recipes that make no loop', () => {
    expect(createsCycle('d', ['a', 'b', 'c'], children)).toBe(false);
  });
});

describe('energy need', () => {
  it('Mifflin-St Jeor for a woman: 60 kg, 165 cm, 30 years → 600 + 1031.25 − 150 − 161 = 1320.25 kcal', () => {
    expect(mifflinStJeor({ sex: 'F', weightKg: 60, heightCm: 165, age: 30 })).toBe(1320.25);
  });

  it('Mifflin-St Jeor for a man: 80 kg, 180 cm, 40 years → 800 + 1125 − 200 + 5 = 1730 kcal', () => {
    expect(mifflinStJeor({ sex: 'M', weightKg: 80, heightCm: 180, age: 40 })).toBe(1730);
  });

  it('age counts a birthday on its day, and 29 February on 1 March', () => {
    expect(ageOn('1988-04-12', '2026-04-11')).toBe(37);
    expect(ageOn('1988-04-12', '2026-04-12')).toBe(38);
    expect(ageOn('2000-02-29', '2025-02-28')).toBe(24);
    expect(ageOn('2000-02-29', '2025-03-01')).toBe(25);
  });

  it('reads the activity factor from the consultation text', () => {
    expect(activityFactorOf('Sédentaire, travail de bureau')).toBe(1.2);
    expect(activityFactorOf('Activité modérée (marche)')).toBe(1.55);
    expect(activityFactorOf('Sportif, intense')).toBe(1.725);
    expect(activityFactorOf(null)).toBe(1.375);
  });

  it('splits an energy target into grams: 2000 kcal at 15/50/35 → 75 g, 250 g, 77.8 g', () => {
    expect(macroTargets(2000, { proteinsPct: 15, carbohydratesPct: 50, fatPct: 35 })).toMatchObject({ energyKcal: 2000, proteinsG: 75, carbohydratesG: 250, fatG: 77.8 });
  });

  it('colours a total: within 10 % green, 20 % orange, beyond red', () => {
    expect(targetStatus(2150, 2000)).toBe('green');
    expect(targetStatus(1650, 2000)).toBe('orange');
    expect(targetStatus(2500, 2000)).toBe('red');
  });
});

describe('days and flags', () => {
  it('accepts real days between 1900 and 2100 only', () => {
    expect(isMenuDay('2026-11-23')).toBe(true);
    expect(isMenuDay('2024-02-29')).toBe(true);
    expect(isMenuDay('2025-02-29')).toBe(false);
    expect(isMenuDay('1899-12-31')).toBe(false);
    expect(isMenuDay('2101-01-01')).toBe(false);
    expect(isMenuDay('23/11/2026')).toBe(false);
  });

  it('finds the Monday of a week', () => {
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
  });

  it('flags dislikes and allergens by whole words, accents ignored', () => {
    expect(matchesDislike('Brocolis, cuits', ['brocoli'])).toBe('brocoli');
    expect(matchesDislike('Laitue, crue', ['lait'])).toBeNull();
    expect(allergensIn('Lait demi-écrémé, UHT', ['lait', 'gluten'])).toEqual(['lait']);
    expect(allergensIn('Pain de mie', ['gluten'])).toEqual(['gluten']);
  });
});

describe('the Diététique menu entry', () => {
  it('shows to developers (SPEC §2) and, deliberately, to dietitians whose role is in the dietetics group', async () => {
    const { menuFor } = await import('../navigation.ts');
    const ids = (role: Parameters<typeof menuFor>[0], speciality: number | null) => menuFor(role, undefined, speciality).map((i) => i.id);
    expect(ids('DE', null)).toContain('dietetics');
    expect(ids('PR', 2)).toContain('dietetics');
    expect(ids('PG', 2)).toContain('dietetics');
    expect(ids('PR', 1)).not.toContain('dietetics');
    expect(ids('AD', 2)).not.toContain('dietetics');
    expect(ids('PT', 2)).not.toContain('dietetics');
  });
});
