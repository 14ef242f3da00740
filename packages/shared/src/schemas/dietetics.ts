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
import { dataAnswer } from './responses.ts';

// Request and answer shapes of the dietetics area (foods, formules, menus, programs, preferences),
// validated identically by the screens and the server.

const gramsSchema = z.number({ error: DIETETICS_MESSAGES.grams }).gt(0, DIETETICS_MESSAGES.grams).lte(MAX_GRAMS, DIETETICS_MESSAGES.grams);
const portionsSchema = z.number({ error: DIETETICS_MESSAGES.portions }).gt(0, DIETETICS_MESSAGES.portions).lte(MAX_PORTIONS, DIETETICS_MESSAGES.portions);
export const daySchema = z.string().refine(isMenuDay, DIETETICS_MESSAGES.date);
const nutrient = z.number().min(0, DIETETICS_MESSAGES.nutrient).max(1000, DIETETICS_MESSAGES.nutrient);

export const foodSearchQuerySchema = z.object({
  q: z.string().max(100).optional(),
  group: z.enum(FOOD_GROUP_CODES).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const foodCreateSchema = z.object({
  nameFr: boundedText(200).min(2, DIETETICS_MESSAGES.foodName),
  groupCode: z.enum(FOOD_GROUP_CODES),
  energyKcal: z.number().min(0).max(900, DIETETICS_MESSAGES.energy),
  proteinsG: nutrient.max(100),
  carbohydratesG: nutrient.max(100),
  fatG: nutrient.max(100),
  fibresG: nutrient.max(100).default(0),
});
export type FoodCreate = z.infer<typeof foodCreateSchema>;

// Answers: numbers and texts as computed (no bounds: they describe what is sent, not what is accepted).
/** The five values of the Ciqual extract (domain/dietetics.ts Nutrients). */
export const nutrientsSchema = z.object({ energyKcal: z.number(), proteinsG: z.number(), carbohydratesG: z.number(), fatG: z.number(), fibresG: z.number() }) satisfies z.ZodType<Nutrients>;

export const foodSchema = nutrientsSchema.extend({
  id: z.number(),
  nameFr: z.string(),
  groupCode: z.string(),
  /** 'ciqual' (ANSES table) or 'organisation' (the practice's own food). */
  source: z.enum(['ciqual', 'organisation']),
  ciqualCode: z.string().nullable(),
});
export type Food = z.infer<typeof foodSchema>;

/** A line of a recipe, a menu or a program day: grams of a food, or portions of a recipe. */
export const lineSchema = z.union([
  z.object({ foodId: intId(), grams: gramsSchema }),
  z.object({ recipeId: z.uuid(DIETETICS_MESSAGES.recipeNotFound), portions: portionsSchema }),
]);
export type Line = z.infer<typeof lineSchema>;

export const recipeWriteSchema = z.object({
  name: boundedText(200).min(2, DIETETICS_MESSAGES.recipeName),
  category: z.enum(RECIPE_CATEGORIES),
  portions: z.number().int().min(1, DIETETICS_MESSAGES.recipePortions).max(50, DIETETICS_MESSAGES.recipePortions),
  steps: boundedText(10_000).default(''),
  tags: z.array(boundedText(40)).max(12).default([]),
  ingredients: z.array(lineSchema).min(1, DIETETICS_MESSAGES.ingredients).max(60),
  /** SA/DE only: write the recipe into the shared WellBe library. */
  library: z.boolean().default(false),
});
export type RecipeWrite = z.infer<typeof recipeWriteSchema>;

export const resolvedLineSchema = z.object({
  id: z.string().optional(),
  foodId: z.number().nullable(),
  recipeId: z.string().nullable(),
  grams: z.number().nullable(),
  portions: z.number().nullable(),
  name: z.string(),
  nutrients: nutrientsSchema,
  /** Dislike words and allergens of the patient the line's name suggests (menus only). */
  flags: z.array(z.string()),
});
export type ResolvedLine = z.infer<typeof resolvedLineSchema>;

export const recipeSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  portions: z.number(),
  tags: z.array(z.string()),
  library: z.boolean(),
  perPortion: nutrientsSchema,
  shares: z.object({ proteins: z.number(), carbohydrates: z.number(), fat: z.number() }),
  editable: z.boolean(),
});
export type RecipeSummary = z.infer<typeof recipeSummarySchema>;

export const recipeDetailSchema = recipeSummarySchema.extend({ steps: z.string(), ingredients: z.array(resolvedLineSchema) });
export type RecipeDetail = z.infer<typeof recipeDetailSchema>;

export const menuLineSchema = z.intersection(z.object({ meal: z.enum(MEALS) }), lineSchema);
export type MenuLine = z.infer<typeof menuLineSchema>;

export const menuDayWriteSchema = z.object({ items: z.array(menuLineSchema).max(80) });
export const menuCopySchema = z.object({ to: z.array(daySchema).min(1, DIETETICS_MESSAGES.menuDays).max(31) });
export const menuRangeQuerySchema = z.object({ from: daySchema.optional(), to: daySchema.optional() });

const splitAnswer = z.object({ proteinsPct: z.number(), carbohydratesPct: z.number(), fatPct: z.number() });
const targetStatusSchema = z.enum(['green', 'orange', 'red']) satisfies z.ZodType<TargetStatus>;

export const targetsSchema = nutrientsSchema.extend({
  /** How the energy was found: 'computed' (Mifflin-St Jeor × activity), 'adjusted' (by the dietitian), or 'missing' (sex, birth date, weight or size unknown). */
  basis: z.enum(['computed', 'adjusted', 'missing']),
  bmr: z.number().nullable(),
  activityFactor: z.number(),
  split: splitAnswer,
  inputs: z.object({ sex: z.string().nullable(), age: z.number().nullable(), weightKg: z.number().nullable(), heightCm: z.number().nullable(), physicalCapacity: z.string().nullable() }),
});
export type Targets = z.infer<typeof targetsSchema>;

const mealAnswer = z.object({ items: z.array(resolvedLineSchema), totals: nutrientsSchema });
export const menuDaySchema = z.object({
  day: z.string(),
  meals: z.object(Object.fromEntries(MEALS.map((m) => [m, mealAnswer])) as Record<(typeof MEALS)[number], typeof mealAnswer>),
  totals: nutrientsSchema,
  status: z.object({ energyKcal: targetStatusSchema, proteinsG: targetStatusSchema, carbohydratesG: targetStatusSchema, fatG: targetStatusSchema }),
});
export type MenuDay = z.infer<typeof menuDaySchema>;

export const menuWeekSchema = z.object({ patient: z.object({ idPatient: z.string(), FullName: z.string() }), targets: targetsSchema, days: z.array(menuDaySchema) });
export type MenuWeek = z.infer<typeof menuWeekSchema>;

export const programWriteSchema = z.object({
  name: boundedText(200).min(2, DIETETICS_MESSAGES.programName),
  goal: z.enum(PROGRAM_GOALS),
  weeks: z.number().int().min(1, DIETETICS_MESSAGES.programWeeks).max(MAX_PROGRAM_WEEKS, DIETETICS_MESSAGES.programWeeks),
  description: boundedText(2000).default(''),
  items: z
    .array(z.intersection(z.object({ dayIndex: z.number().int().min(0).max(27), meal: z.enum(MEALS) }), lineSchema))
    .max(600),
});
export type ProgramWrite = z.infer<typeof programWriteSchema>;

export const programAssignSchema = z.object({ idPatient: z.uuid('Patient introuvable.'), startDate: daySchema });

export const programSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  goal: z.string(),
  weeks: z.number(),
  description: z.string(),
  itemCount: z.number(),
});
export type ProgramSummary = z.infer<typeof programSummarySchema>;

export const programDetailSchema = programSummarySchema.extend({ items: z.array(resolvedLineSchema.extend({ dayIndex: z.number(), meal: z.string() })) });
export type ProgramDetail = z.infer<typeof programDetailSchema>;

export const dieteticProfileWriteSchema = z
  .object({
    diet: z.enum(DIETS),
    allergens: z.array(z.enum(EU_ALLERGENS)).max(14),
    dislikes: z.array(boundedText(60).min(1)).max(40),
    energyKcal: z.number().int().min(800, DIETETICS_MESSAGES.energyTarget).max(6000, DIETETICS_MESSAGES.energyTarget).nullable(),
    activityFactor: z.number().min(1, DIETETICS_MESSAGES.activityFactor).max(2.5, DIETETICS_MESSAGES.activityFactor).nullable(),
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

export const dieteticProfileSchema = z.object({
  patient: z.object({ idPatient: z.string(), FullName: z.string(), sex: z.string().nullable(), birthDate: z.string().nullable() }),
  diet: z.string(),
  allergens: z.array(z.string()),
  dislikes: z.array(z.string()),
  energyKcal: z.number().nullable(),
  activityFactor: z.number().nullable(),
  split: splitAnswer.nullable(),
  consultation: z
    .object({
      idConsultation: z.string(),
      ConsultationDate: z.string(),
      ...(Object.fromEntries(CONSULTATION_DIETETIC_KEYS.map((k) => [k, z.string().nullable()])) as Record<(typeof CONSULTATION_DIETETIC_KEYS)[number], z.ZodNullable<z.ZodString>>),
    })
    .nullable(),
  targets: targetsSchema,
});
export type DieteticProfile = z.infer<typeof dieteticProfileSchema>;

export const practitionerPreferencesSchema = z
  .object({
    split: z
      .object({ proteinsPct: z.number().int().min(5).max(60), carbohydratesPct: z.number().int().min(5).max(80), fatPct: z.number().int().min(5).max(60) })
      .refine((s) => s.proteinsPct + s.carbohydratesPct + s.fatPct === 100, DIETETICS_MESSAGES.splitSum),
    mealTimes: z.object(Object.fromEntries(MEALS.map((m) => [m, z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, DIETETICS_MESSAGES.mealTime)])) as Record<(typeof MEALS)[number], z.ZodString>),
    portionUnit: z.enum(['g', 'portion']),
    showFibres: z.boolean(),
  })
  .strict();
export type PractitionerPreferences = z.infer<typeof practitionerPreferencesSchema>;

export const practitionerPreferencesAnswerSchema = z.object({
  split: splitAnswer,
  mealTimes: z.object(Object.fromEntries(MEALS.map((m) => [m, z.string()])) as Record<(typeof MEALS)[number], z.ZodString>),
  portionUnit: z.enum(['g', 'portion']),
  showFibres: z.boolean(),
});

export const patientDietOverviewSchema = z.object({
  program: z.object({ id: z.string(), name: z.string(), goal: z.string(), startDate: z.string(), endDate: z.string() }).nullable(),
  days: z.array(z.object({ day: z.string(), energyKcal: z.number() })),
  weights: z.array(z.object({ date: z.string(), weight: z.number() })),
  targetKcal: z.number().nullable(),
});
export type PatientDietOverview = z.infer<typeof patientDietOverviewSchema>;

export const myMenuTodaySchema = z.object({ patient: z.object({ FullName: z.string() }), program: patientDietOverviewSchema.shape.program, today: menuDaySchema });
export type MyMenuToday = z.infer<typeof myMenuTodaySchema>;

// The answers of /api/dietetics.
export const foodAnswer = dataAnswer(foodSchema);
export const foodListAnswer = dataAnswer(z.array(foodSchema));
export const recipeAnswer = dataAnswer(recipeDetailSchema);
export const recipeListAnswer = dataAnswer(z.array(recipeSummarySchema));
export const menuWeekAnswer = dataAnswer(menuWeekSchema);
export const menuCopyAnswer = dataAnswer(z.object({ copied: z.number() }));
export const dieteticProfileAnswer = dataAnswer(dieteticProfileSchema);
export const patientDietOverviewAnswer = dataAnswer(patientDietOverviewSchema);
export const myMenuTodayAnswer = dataAnswer(myMenuTodaySchema);
export const letterheadAnswer = dataAnswer(z.object({ name: z.string(), address: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() }));
export const practitionerPreferencesAnswer = dataAnswer(practitionerPreferencesAnswerSchema);
export const programAnswer = dataAnswer(programDetailSchema);
export const programListAnswer = dataAnswer(z.array(programSummarySchema));
export const programAssignAnswer = dataAnswer(z.object({ days: z.array(z.string()) }));
