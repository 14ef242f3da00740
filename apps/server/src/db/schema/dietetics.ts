import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { archivable } from './columns.ts';
import { organisations } from './organisations.ts';
import { patients } from './patients.ts';
import { users } from './users.ts';

// Dietetics: foods (the ANSES Ciqual table, shared, plus each organisation's own foods), recipes
// ("formules": the WellBe library when organization_id is null, else an organisation's), the
// patients' daily menus, dietetic programs and their assignments, and the dietetic preferences.

const nutrientColumns = () => ({
  energyKcal: numeric('energy_kcal', { precision: 8, scale: 2, mode: 'number' }).notNull(),
  proteinsG: numeric('proteins_g', { precision: 8, scale: 2, mode: 'number' }).notNull(),
  carbohydratesG: numeric('carbohydrates_g', { precision: 8, scale: 2, mode: 'number' }).notNull(),
  fatG: numeric('fat_g', { precision: 8, scale: 2, mode: 'number' }).notNull(),
  fibresG: numeric('fibres_g', { precision: 8, scale: 2, mode: 'number' }).notNull().default(0),
});

export const foods = pgTable(
  'foods',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** null: a Ciqual food every organisation sees; else the organisation's own food. */
    organizationId: uuid('organization_id').references(() => organisations.id),
    /** The ANSES alim_code, once the official files were imported (the bundled extract has none). */
    ciqualCode: text('ciqual_code'),
    groupCode: text('group_code').notNull(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en'),
    /** Folded French name: accent-insensitive, typo-tolerant search through a trigram index. */
    searchKey: text('search_key').notNull(),
    /**
     * The folded name's words between single spaces (' pomme chair et peau crue '), split as the
     * food_words trigger splits them: whether a typed word is a whole word or a word's start is then
     * a cheap LIKE ('% pomme %', '% pomme%'), which ranks the matches (word_similarity on every
     * matching name cost ~100 ms for a one-letter search; issue 18's 20 ms budget).
     */
    searchWords: text('search_words')
      .notNull()
      .generatedAlwaysAs(sql`' ' || regexp_replace(search_key, '[^a-z0-9œæß]+', ' ', 'g') || ' '`),
    ...nutrientColumns(),
    ...archivable(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('foods_ciqual_code_key').on(t.ciqualCode).where(sql`${t.ciqualCode} is not null`),
    index('foods_search_trgm').using('gin', sql`${t.searchKey} gin_trgm_ops`),
    /** Names starting with a one- or two-letter search, in order of the key (a range of this index). */
    index('foods_search_prefix').using('btree', sql`${t.searchKey} text_pattern_ops`),
    index('foods_org_idx').on(t.organizationId),
  ],
);

/**
 * The distinct words of the food names (kept by a trigger on foods, migration dietetics): a typo in
 * a search is corrected against these few thousand short words through their trigram index, and
 * the foods are then found by the corrected words, instead of comparing every long name.
 */
// GiST rather than GIN: it serves both `%` and the nearest-first order `<->` (KNN), so the closest
// words of a typed word come straight off the index, a few pages read (issue 18's 20 ms budget).
export const foodWords = pgTable('food_words', { word: text('word').primaryKey() }, (t) => [index('food_words_trgm_gist').using('gist', sql`${t.word} gist_trgm_ops`)]);

export const recipes = pgTable(
  'recipes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** null: the WellBe library, visible to every organisation. */
    organizationId: uuid('organization_id').references(() => organisations.id),
    name: text('name').notNull(),
    category: text('category').notNull(),
    portions: integer('portions').notNull(),
    steps: text('steps').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id),
    ...archivable(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recipes_org_name_idx').on(t.organizationId, t.name), check('recipes_portions_check', sql`${t.portions} between 1 and 50`)],
);

/** A line is either grams of a food or portions of another recipe (the CHECK says exactly one). */
const lineColumns = () => ({
  foodId: integer('food_id').references(() => foods.id),
  recipeId: uuid('recipe_id').references(() => recipes.id),
  grams: numeric('grams', { precision: 8, scale: 2, mode: 'number' }),
  portions: numeric('portions', { precision: 6, scale: 2, mode: 'number' }),
  position: integer('position').notNull().default(0),
});
const lineCheck = (name: string, t: { foodId: unknown; recipeId: unknown; grams: unknown; portions: unknown }) =>
  check(
    name,
    sql`(${t.foodId} is not null and ${t.recipeId} is null and ${t.grams} > 0 and ${t.grams} <= 5000) or (${t.recipeId} is not null and ${t.foodId} is null and ${t.portions} > 0 and ${t.portions} <= 50)`,
  );

export const recipeIngredients = pgTable(
  'recipe_ingredients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parentId: uuid('parent_id')
      .notNull()
      .references(() => recipes.id),
    ...lineColumns(),
  },
  (t) => [index('recipe_ingredients_parent_idx').on(t.parentId, t.position), index('recipe_ingredients_food_idx').on(t.foodId), lineCheck('recipe_ingredients_line_check', t)],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organisations.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    day: date('day').notNull(),
    meal: text('meal').notNull(),
    ...lineColumns(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('menu_items_patient_day_idx').on(t.patientId, t.day, t.meal, t.position), index('menu_items_food_idx').on(t.foodId), lineCheck('menu_items_line_check', t)],
);

export const dietPrograms = pgTable(
  'diet_programs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    goal: text('goal').notNull(),
    weeks: integer('weeks').notNull(),
    description: text('description').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id),
    ...archivable(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('diet_programs_org_idx').on(t.organizationId, t.name), check('diet_programs_weeks_check', sql`${t.weeks} between 1 and 4`)],
);

export const dietProgramItems = pgTable(
  'diet_program_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: uuid('program_id')
      .notNull()
      .references(() => dietPrograms.id),
    /** 0 = first day of the program (a Monday when assigned from a Monday). */
    dayIndex: integer('day_index').notNull(),
    meal: text('meal').notNull(),
    ...lineColumns(),
  },
  (t) => [index('diet_program_items_program_idx').on(t.programId, t.dayIndex, t.meal, t.position), index('diet_program_items_food_idx').on(t.foodId), lineCheck('diet_program_items_line_check', t)],
);

export const dietProgramAssignments = pgTable(
  'diet_program_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organisations.id),
    programId: uuid('program_id')
      .notNull()
      .references(() => dietPrograms.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    assignedBy: uuid('assigned_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('diet_program_assignments_patient_idx').on(t.patientId, t.startDate)],
);

/** A patient's dietetic profile (/preferences/{idPatient}): diet, allergens, dislikes, targets. */
export const dieteticProfiles = pgTable('dietetic_profiles', {
  patientId: uuid('patient_id')
    .primaryKey()
    .references(() => patients.id),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organisations.id),
  diet: text('diet').notNull().default('omnivore'),
  allergens: jsonb('allergens').$type<string[]>().notNull().default([]),
  dislikes: jsonb('dislikes').$type<string[]>().notNull().default([]),
  /** The dietitian's adjustments of the computed target (null = computed). */
  energyKcal: integer('energy_kcal'),
  activityFactor: numeric('activity_factor', { precision: 4, scale: 3, mode: 'number' }),
  proteinsPct: integer('proteins_pct'),
  carbohydratesPct: integer('carbohydrates_pct'),
  fatPct: integer('fat_pct'),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** /preferences/0: a practitioner's own dietetic defaults. */
export const practitionerPreferences = pgTable(
  'practitioner_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    proteinsPct: integer('proteins_pct').notNull().default(15),
    carbohydratesPct: integer('carbohydrates_pct').notNull().default(50),
    fatPct: integer('fat_pct').notNull().default(35),
    mealTimes: jsonb('meal_times').$type<Record<string, string>>().notNull().default({ breakfast: '07:30', lunch: '12:30', dinner: '19:30', snack: '16:30' }),
    portionUnit: text('portion_unit').notNull().default('g'),
    showFibres: boolean('show_fibres').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId] })],
);
