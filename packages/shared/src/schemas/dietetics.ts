import { z } from 'zod';
import {
  DIETETICS_MESSAGES,
  DIETS,
  EU_ALLERGENS,
  FOOD_GROUP_CODES,
  isMenuDay,
  MAX_GRAMS,
  MAX_PORTIONS,
  MAX_PROGRAM_WEEKS,
  MEALS,
  PROGRAM_GOALS,
  RECIPE_CATEGORIES,
  type Nutrients,
  type TargetStatus,
} from '../domain/dietetics.ts';
import { boundedText, intId } from './fields.ts';

// Request and answer shapes of the dietetics area (foods, formules, menus, programs, preferences),
// validated identically by the screens and the server.

const gramsSchema = z.number({ error: DIETETICS_MESSAGES.grams }).gt(0, DIETETICS_MESSAGES.grams).lte(MAX_GRAMS, DIETETICS_MESSAGES.grams);
const portionsSchema = z.number({ error: DIETETICS_MESSAGES.portions }).gt(0, DIETETICS_MESSAGES.portions).lte(MAX_PORTIONS, DIETETICS_MESSAGES.portions);
export const daySchema = z.string().refine(isMenuDay, DIETETICS_MESSAGES.date);
const nutrient = z.number().min(0, 'Valeur nutritionnelle invalide.').max(1000, 'Valeur nutritionnelle invalide.');

export const foodSearchQuerySchema = z.object({
  q: z.string().max(100).optional(),
  group: z.enum(FOOD_GROUP_CODES).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const foodCreateSchema = z.object({
  nameFr: boundedText(200).min(2, 'Le nom de l’aliment est obligatoire.'),
  groupCode: z.enum(FOOD_GROUP_CODES),
  energyKcal: z.number().min(0).max(900, 'L’énergie doit être comprise entre 0 et 900 kcal pour 100 g.'),
  proteinsG: nutrient.max(100),
  carbohydratesG: nutrient.max(100),
  fatG: nutrient.max(100),
  fibresG: nutrient.max(100).default(0),
});
export type FoodCreate = z.infer<typeof foodCreateSchema>;

export interface Food extends Nutrients {
  id: number;
  nameFr: string;
  groupCode: string;
  /** 'ciqual' (ANSES table) or 'organisation' (the practice's own food). */
  source: 'ciqual' | 'organisation';
  ciqualCode: string | null;
}

/** A line of a recipe, a menu or a program day: grams of a food, or portions of a recipe. */
export const lineSchema = z.union([
  z.object({ foodId: intId(), grams: gramsSchema }),
  z.object({ recipeId: z.uuid('Formule introuvable.'), portions: portionsSchema }),
]);
export type Line = z.infer<typeof lineSchema>;

export const recipeWriteSchema = z.object({
  name: boundedText(200).min(2, 'Le nom de la formule est obligatoire.'),
  category: z.enum(RECIPE_CATEGORIES),
  portions: z.number().int().min(1, 'Le nombre de portions doit être compris entre 1 et 50.').max(50, 'Le nombre de portions doit être compris entre 1 et 50.'),
  steps: boundedText(10_000).default(''),
  tags: z.array(boundedText(40)).max(12).default([]),
  ingredients: z.array(lineSchema).min(1, 'Ajoutez au moins un ingrédient.').max(60),
  /** SA/DE only: write the recipe into the shared WellBe library. */
  library: z.boolean().default(false),
});
export type RecipeWrite = z.infer<typeof recipeWriteSchema>;

export interface ResolvedLine {
  id?: string;
  foodId: number | null;
  recipeId: string | null;
  grams: number | null;
  portions: number | null;
  name: string;
  nutrients: Nutrients;
  /** Dislike words and allergens of the patient the line's name suggests (menus only). */
  flags: string[];
}

export interface RecipeSummary {
  id: string;
  name: string;
  category: string;
  portions: number;
  tags: string[];
  library: boolean;
  perPortion: Nutrients;
  shares: { proteins: number; carbohydrates: number; fat: number };
  editable: boolean;
}

export interface RecipeDetail extends RecipeSummary {
  steps: string;
  ingredients: ResolvedLine[];
}

export const menuLineSchema = z.intersection(z.object({ meal: z.enum(MEALS) }), lineSchema);
export type MenuLine = z.infer<typeof menuLineSchema>;

export const menuDayWriteSchema = z.object({ items: z.array(menuLineSchema).max(80) });
export const menuCopySchema = z.object({ to: z.array(daySchema).min(1, 'Choisissez au moins un jour.').max(31) });
export const menuRangeQuerySchema = z.object({ from: daySchema.optional(), to: daySchema.optional() });

export interface Targets extends Nutrients {
  /** How the energy was found: 'computed' (Mifflin-St Jeor × activity), 'adjusted' (by the dietitian), or 'missing' (sex, birth date, weight or size unknown). */
  basis: 'computed' | 'adjusted' | 'missing';
  bmr: number | null;
  activityFactor: number;
  split: { proteinsPct: number; carbohydratesPct: number; fatPct: number };
  inputs: { sex: string | null; age: number | null; weightKg: number | null; heightCm: number | null; physicalCapacity: string | null };
}

export interface MenuDay {
  day: string;
  meals: Record<(typeof MEALS)[number], { items: ResolvedLine[]; totals: Nutrients }>;
  totals: Nutrients;
  status: Record<'energyKcal' | 'proteinsG' | 'carbohydratesG' | 'fatG', TargetStatus>;
}

export interface MenuWeek {
  patient: { idPatient: string; FullName: string };
  targets: Targets;
  days: MenuDay[];
}

export const programWriteSchema = z.object({
  name: boundedText(200).min(2, 'Le nom du programme est obligatoire.'),
  goal: z.enum(PROGRAM_GOALS),
  weeks: z.number().int().min(1, 'Un programme dure de 1 à 4 semaines.').max(MAX_PROGRAM_WEEKS, 'Un programme dure de 1 à 4 semaines.'),
  description: boundedText(2000).default(''),
  items: z
    .array(z.intersection(z.object({ dayIndex: z.number().int().min(0).max(27), meal: z.enum(MEALS) }), lineSchema))
    .max(600),
});
export type ProgramWrite = z.infer<typeof programWriteSchema>;

export const programAssignSchema = z.object({ idPatient: z.uuid('Patient introuvable.'), startDate: daySchema });

export interface ProgramSummary {
  id: string;
  name: string;
  goal: string;
  weeks: number;
  description: string;
  itemCount: number;
}

export interface ProgramDetail extends ProgramSummary {
  items: (ResolvedLine & { dayIndex: number; meal: string })[];
}

export const dieteticProfileWriteSchema = z
  .object({
    diet: z.enum(DIETS),
    allergens: z.array(z.enum(EU_ALLERGENS)).max(14),
    dislikes: z.array(boundedText(60).min(1)).max(40),
    energyKcal: z.number().int().min(800, 'L’objectif énergétique doit être compris entre 800 et 6 000 kcal.').max(6000, 'L’objectif énergétique doit être compris entre 800 et 6 000 kcal.').nullable(),
    activityFactor: z.number().min(1, 'Facteur d’activité invalide.').max(2.5, 'Facteur d’activité invalide.').nullable(),
    split: z
      .object({ proteinsPct: z.number().int().min(5).max(60), carbohydratesPct: z.number().int().min(5).max(80), fatPct: z.number().int().min(5).max(60) })
      .nullable()
      .refine((s) => !s || s.proteinsPct + s.carbohydratesPct + s.fatPct === 100, DIETETICS_MESSAGES.splitSum),
    /** The latest dietetic consultation's fields (SPEC §3), written back to that consultation. */
    consultation: z
      .object({
        pattern: boundedText(2000).nullable(),
        physicalCapacity: boundedText(2000).nullable(),
        riskyFoodsFrequency: boundedText(2000).nullable(),
        breakfast: boundedText(2000).nullable(),
        lunch: boundedText(2000).nullable(),
        dinner: boundedText(2000).nullable(),
        snack: boundedText(2000).nullable(),
        dislikes: boundedText(2000).nullable(),
      })
      .nullable()
      .default(null),
  })
  .strict();
export type DieteticProfileWrite = z.infer<typeof dieteticProfileWriteSchema>;

export const CONSULTATION_DIETETIC_KEYS = ['pattern', 'physicalCapacity', 'riskyFoodsFrequency', 'breakfast', 'lunch', 'dinner', 'snack', 'dislikes'] as const;

export interface DieteticProfile {
  patient: { idPatient: string; FullName: string; sex: string | null; birthDate: string | null };
  diet: string;
  allergens: string[];
  dislikes: string[];
  energyKcal: number | null;
  activityFactor: number | null;
  split: { proteinsPct: number; carbohydratesPct: number; fatPct: number } | null;
  consultation: ({ idConsultation: string; ConsultationDate: string } & Record<(typeof CONSULTATION_DIETETIC_KEYS)[number], string | null>) | null;
  targets: Targets;
}

export const practitionerPreferencesSchema = z
  .object({
    split: z
      .object({ proteinsPct: z.number().int().min(5).max(60), carbohydratesPct: z.number().int().min(5).max(80), fatPct: z.number().int().min(5).max(60) })
      .refine((s) => s.proteinsPct + s.carbohydratesPct + s.fatPct === 100, DIETETICS_MESSAGES.splitSum),
    mealTimes: z.object(Object.fromEntries(MEALS.map((m) => [m, z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Heure invalide (HH:MM).')])) as Record<(typeof MEALS)[number], z.ZodString>),
    portionUnit: z.enum(['g', 'portion']),
    showFibres: z.boolean(),
  })
  .strict();
export type PractitionerPreferences = z.infer<typeof practitionerPreferencesSchema>;

export interface PatientDietOverview {
  program: { id: string; name: string; goal: string; startDate: string; endDate: string } | null;
  days: { day: string; energyKcal: number }[];
  weights: { date: string; weight: number }[];
  targetKcal: number | null;
}

export interface MyMenuToday {
  patient: { FullName: string };
  program: PatientDietOverview['program'];
  today: MenuDay;
}

export const CIQUAL_ATTRIBUTION = 'Source : ANSES, Table de composition nutritionnelle des aliments Ciqual 2025 (Licence Ouverte / Open Licence Etalab 2.0).';
