import {
  ageOn,
  allergensIn,
  createsCycle,
  DEFAULT_SPLIT,
  DIETETICS_MESSAGES,
  energyShares,
  foodQuantity,
  isMenuDay,
  macroTargets,
  matchesDislike,
  MEALS,
  mifflinStJeor,
  activityFactorOf,
  recipePerPortion,
  roundNutrients,
  scaleNutrients,
  sumNutrients,
  targetStatus,
  weekStart,
  ZERO,
  type Meal,
  type Nutrients,
  type RecipeForTotals,
} from '@wellbe/shared/domain/dietetics';
import { addDays } from '@wellbe/shared/domain/zoned';
import { fold } from '@wellbe/shared/domain/text';
import { can } from '@wellbe/shared/permissions';
import { isPlatformRole } from '@wellbe/shared/roles';
import {
  CONSULTATION_DIETETIC_KEYS,
  type DieteticProfile,
  type DieteticProfileWrite,
  type Food,
  type FoodCreate,
  type Line,
  type MenuDay,
  type MenuLine,
  type MenuWeek,
  type MyMenuToday,
  type PatientDietOverview,
  type PractitionerPreferences,
  type ProgramDetail,
  type ProgramSummary,
  type ProgramWrite,
  type RecipeDetail,
  type RecipeSummary,
  type RecipeWrite,
  type ResolvedLine,
  type Targets,
} from '@wellbe/shared/schemas/dietetics';
import { hidden, NO_ORGANISATION, requireActingOrganisation, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import { OrganisationsService } from '../organisations/organisations.service.ts';
import { patientForCaller } from '../patients/patients.service.ts';
import * as repo from './dietetics.repository.ts';

// The dietetics area: Ciqual and organisation foods, recipes (the WellBe library and each
// organisation's), patients' daily menus with totals against the Mifflin-St Jeor target, programs
// of menus and the dietetic preferences. Patients are found through the patients service (scope,
// 404, journal); every read or write of a patient's menus or profile writes a journal row.

const TIME_ZONE = 'Europe/Paris';

/** Today's calendar day in the practice's time zone. */
export function today(ctx: AppContext): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ctx.clock.now()));
}

/** The organisation whose private foods and recipes the caller sees (none for a platform account without one). */
function orgOf(caller: Caller): string | null {
  return caller.organizationId;
}

function toNutrients(r: { energyKcal: number; proteinsG: number; carbohydratesG: number; fatG: number; fibresG: number }): Nutrients {
  return { energyKcal: Number(r.energyKcal), proteinsG: Number(r.proteinsG), carbohydratesG: Number(r.carbohydratesG), fatG: Number(r.fatG), fibresG: Number(r.fibresG) };
}

function toFood(r: repo.FoodDbRow): Food {
  return { id: r.id, nameFr: r.nameFr, groupCode: r.groupCode, source: r.organizationId ? 'organisation' : 'ciqual', ciqualCode: r.ciqualCode, ...toNutrients(r) };
}

// ---- Foods ----

export async function searchFoods(ctx: AppContext, caller: Caller, query: { q?: string; group?: string; limit: number }): Promise<Food[]> {
  const rows = await repo.searchFoods(ctx.pool, orgOf(caller), fold(query.q ?? '').slice(0, 100), query.group, query.limit);
  return rows.map(toFood);
}

export async function createFood(ctx: AppContext, caller: Caller, input: FoodCreate): Promise<Food> {
  const organizationId = requireActingOrganisation(caller, null);
  const id = await repo.insertFood(ctx.db, { ...input, organizationId, searchKey: fold(input.nameFr) });
  await recordAudit(ctx, caller, { action: 'dietetics.food.create', outcome: 'success', recordType: 'food', recordId: String(id) });
  const [row] = await repo.foodsByIds(ctx.db, organizationId, [id]);
  return toFood(row);
}

/** An organisation's own food is archived, unless a recipe, menu or program uses it (409). */
export async function deleteFood(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  const found = caller.organizationId ? await repo.findOwnFood(ctx.db, caller.organizationId, id) : null;
  if (!found) throw hidden(DIETETICS_MESSAGES.foodNotFound, 'food_not_found');
  if (await repo.foodIsUsed(ctx.db, found.id)) throw conflict(DIETETICS_MESSAGES.foodInUse, 'food_in_use');
  await repo.archiveFood(ctx.db, found.id, caller.id, new Date(ctx.clock.now()));
  await recordAudit(ctx, caller, { action: 'dietetics.food.archive', outcome: 'success', recordType: 'food', recordId: String(found.id) });
}

// ---- The catalog a computation needs: visible recipes and the foods below them ----

interface Catalog {
  organizationId: string | null;
  recipes: Map<string, RecipeForTotals & { row: repo.RecipeRow; lines: repo.LineRow[] }>;
  foods: Map<number, repo.FoodDbRow>;
  nutrients: Map<number, Nutrients>;
}

function lineOf(l: repo.LineRow): Line {
  return l.foodId != null ? { foodId: l.foodId, grams: Number(l.grams) } : { recipeId: l.recipeId!, portions: Number(l.portions) };
}

async function loadCatalog(ctx: AppContext, organizationId: string | null, extraFoodIds: number[] = []): Promise<Catalog> {
  const graph = await repo.visibleRecipeGraph(ctx.db, organizationId);
  const byParent = new Map<string, repo.LineRow[]>();
  for (const l of graph.lines) byParent.set(l.parentId, [...(byParent.get(l.parentId) ?? []), l]);
  const recipes = new Map<string, RecipeForTotals & { row: repo.RecipeRow; lines: repo.LineRow[] }>();
  for (const r of graph.recipes) {
    const lines = byParent.get(r.id) ?? [];
    recipes.set(r.id, { id: r.id, portions: r.portions, ingredients: lines.map(lineOf), row: r, lines });
  }
  const foodIds = [...graph.lines.filter((l) => l.foodId != null).map((l) => l.foodId!), ...extraFoodIds];
  const foodRows = await repo.foodsByIds(ctx.db, organizationId, foodIds);
  const foods = new Map(foodRows.map((f) => [f.id, f]));
  const nutrients = new Map(foodRows.map((f) => [f.id, toNutrients(f)]));
  return { organizationId, recipes, foods, nutrients };
}

function perPortion(catalog: Catalog, recipeId: string): Nutrients {
  return recipePerPortion(recipeId, catalog.recipes, catalog.nutrients);
}

function resolveLine(catalog: Catalog, l: repo.LineRow & { id?: string }, flagsOf: (name: string) => string[] = () => []): ResolvedLine {
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
async function checkLines(ctx: AppContext, catalog: Catalog, lines: readonly Line[], options: { libraryOnly?: boolean } = {}): Promise<repo.LineRow[]> {
  const foodIds = lines.filter((l): l is { foodId: number; grams: number } => 'foodId' in l).map((l) => l.foodId);
  const known = new Map((await repo.foodsByIds(ctx.db, options.libraryOnly ? null : catalog.organizationId, foodIds)).map((f) => [f.id, f]));
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

// ---- Recipes ----

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
  const catalog = await loadCatalog(ctx, orgOf(caller));
  const q = fold(query.q ?? '');
  return [...catalog.recipes.keys()].filter((id) => !q || fold(catalog.recipes.get(id)!.row.name).includes(q)).map((id) => toRecipeSummary(caller, catalog, id));
}

export async function readRecipe(ctx: AppContext, caller: Caller, id: string): Promise<RecipeDetail> {
  const catalog = await loadCatalog(ctx, orgOf(caller));
  const recipe = catalog.recipes.get(id);
  if (!recipe) throw hidden(DIETETICS_MESSAGES.recipeNotFound, 'recipe_not_found');
  return { ...toRecipeSummary(caller, catalog, id), steps: recipe.row.steps, ingredients: recipe.lines.map((l) => resolveLine(catalog, l)) };
}

/**
 * Creates (id null) or replaces a recipe. The WellBe library (`library: true`, or editing a
 * library recipe) is written by SA and DE only and may use only Ciqual foods and library recipes;
 * a recipe that would include itself, directly or through another, is refused.
 */
export async function writeRecipe(ctx: AppContext, caller: Caller, id: string | null, input: RecipeWrite): Promise<RecipeDetail> {
  const catalog = await loadCatalog(ctx, orgOf(caller));
  let library = input.library;
  if (id) {
    const existing = catalog.recipes.get(id);
    if (!existing) throw hidden(DIETETICS_MESSAGES.recipeNotFound, 'recipe_not_found');
    if (!mayEditRecipe(caller, existing.row)) throw forbidden(DIETETICS_MESSAGES.libraryReadOnly, 'library_read_only');
    library = !existing.row.organizationId;
  } else if (library && !isPlatformRole(caller.role)) throw forbidden(DIETETICS_MESSAGES.libraryReadOnly, 'library_read_only');
  const organizationId = library ? null : requireActingOrganisation(caller, null);
  const lines = await checkLines(ctx, catalog, input.ingredients, { libraryOnly: library });
  const subRecipes = lines.filter((l) => l.recipeId).map((l) => l.recipeId!);
  const selfId = id ?? 'new';
  if (createsCycle(selfId, subRecipes, (rid) => (catalog.recipes.get(rid)?.lines ?? []).filter((l) => l.recipeId).map((l) => l.recipeId!))) {
    throw badRequest(DIETETICS_MESSAGES.cycle, 'recipe_cycle');
  }
  const savedId = await repo.saveRecipe(
    ctx.db,
    id,
    { organizationId, name: input.name, category: input.category, portions: input.portions, steps: input.steps, tags: [...new Set(input.tags)], createdBy: caller.id },
    lines,
  );
  await recordAudit(ctx, caller, { action: id ? 'dietetics.recipe.update' : 'dietetics.recipe.create', outcome: 'success', recordType: 'recipe', recordId: savedId });
  return readRecipe(ctx, caller, savedId);
}

export async function deleteRecipe(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  const catalog = await loadCatalog(ctx, orgOf(caller));
  const existing = catalog.recipes.get(id);
  if (!existing) throw hidden(DIETETICS_MESSAGES.recipeNotFound, 'recipe_not_found');
  if (!mayEditRecipe(caller, existing.row)) throw forbidden(DIETETICS_MESSAGES.libraryReadOnly, 'library_read_only');
  // Archived, not deleted: menus and recipes using it keep their history (their totals count it as 0).
  await repo.archiveRecipe(ctx.db, id, caller.id, new Date(ctx.clock.now()));
  await recordAudit(ctx, caller, { action: 'dietetics.recipe.archive', outcome: 'success', recordType: 'recipe', recordId: id });
}

// ---- Targets ----

async function practitionerSplit(ctx: AppContext, caller: Caller) {
  const prefs = await repo.findPractitionerPreferences(ctx.db, caller.id);
  return prefs ? { proteinsPct: prefs.proteinsPct, carbohydratesPct: prefs.carbohydratesPct, fatPct: prefs.fatPct } : DEFAULT_SPLIT;
}

async function targetsOf(ctx: AppContext, caller: Caller, patient: { id: string; sex: string | null; birthDate: string | null }): Promise<Targets> {
  const [measures, consultation, profile] = await Promise.all([repo.latestMeasures(ctx.db, patient.id), repo.latestDieteticConsultation(ctx.db, patient.id), repo.findProfile(ctx.db, patient.id)]);
  const split = profile?.proteinsPct != null ? { proteinsPct: profile.proteinsPct, carbohydratesPct: profile.carbohydratesPct!, fatPct: profile.fatPct! } : await practitionerSplit(ctx, caller);
  const physicalCapacity = consultation?.physicalCapacity ?? null;
  const activityFactor = profile?.activityFactor != null ? Number(profile.activityFactor) : activityFactorOf(physicalCapacity);
  const age = patient.birthDate ? ageOn(patient.birthDate, today(ctx)) : null;
  const weightKg = measures.weight != null ? Number(measures.weight) : null;
  const heightCm = measures.size != null ? Number(measures.size) : null;
  const sex = patient.sex === 'F' || patient.sex === 'M' ? patient.sex : null;
  const bmr = sex && age != null && weightKg && heightCm ? mifflinStJeor({ sex, weightKg, heightCm, age }) : null;
  const inputs = { sex, age, weightKg, heightCm, physicalCapacity };
  if (profile?.energyKcal) return { ...macroTargets(profile.energyKcal, split), basis: 'adjusted', bmr: bmr && Math.round(bmr), activityFactor, split, inputs };
  if (bmr == null) return { ...ZERO, basis: 'missing', bmr: null, activityFactor, split, inputs };
  return { ...macroTargets(Math.round((bmr * activityFactor) / 10) * 10, split), basis: 'computed', bmr: Math.round(bmr), activityFactor, split, inputs };
}

// ---- Menus ----

function flagger(profile: Awaited<ReturnType<typeof repo.findProfile>>, consultationDislikes: string | null) {
  const dislikes = [...(profile?.dislikes ?? []), ...(consultationDislikes ?? '').split(/[,;\n]/).map((s) => s.trim())].filter((s) => s.length >= 3);
  const allergens = profile?.allergens ?? [];
  return (name: string) => {
    const flags: string[] = [];
    const d = matchesDislike(name, dislikes);
    if (d) flags.push(`N’aime pas : ${d}`);
    for (const a of allergensIn(name, allergens)) flags.push(`Allergène possible : ${a}`);
    return flags;
  };
}

function buildDay(catalog: Catalog, day: string, items: repo.MenuItemRow[], targets: Targets, flagsOf: (name: string) => string[]): MenuDay {
  const meals = {} as MenuDay['meals'];
  for (const meal of MEALS) {
    const lines = items.filter((i) => i.day === day && i.meal === meal).map((i) => resolveLine(catalog, i, flagsOf));
    meals[meal] = { items: lines, totals: roundNutrients(sumNutrients(lines.map((l) => l.nutrients))) };
  }
  const totals = roundNutrients(sumNutrients(MEALS.map((m) => meals[m].totals)));
  const known = targets.basis !== 'missing';
  return {
    day,
    meals,
    totals,
    status: {
      energyKcal: targetStatus(totals.energyKcal, known ? targets.energyKcal : null),
      proteinsG: targetStatus(totals.proteinsG, known ? targets.proteinsG : null),
      carbohydratesG: targetStatus(totals.carbohydratesG, known ? targets.carbohydratesG : null),
      fatG: targetStatus(totals.fatG, known ? targets.fatG : null),
    },
  };
}

function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to && out.length < 31; d = addDays(d, 1)) out.push(d);
  return out;
}

async function menuRange(ctx: AppContext, caller: Caller, patient: { id: string; fullName: string; sex: string | null; birthDate: string | null; organizationId: string }, from: string, to: string): Promise<MenuWeek> {
  const [items, targets, profile, consultation] = await Promise.all([
    repo.menuItemsBetween(ctx.db, patient.id, from, to),
    targetsOf(ctx, caller, patient),
    repo.findProfile(ctx.db, patient.id),
    repo.latestDieteticConsultation(ctx.db, patient.id),
  ]);
  const catalog = await loadCatalog(
    ctx,
    patient.organizationId,
    items.filter((i) => i.foodId != null).map((i) => i.foodId!),
  );
  const flagsOf = flagger(profile, consultation?.dislikes ?? null);
  return { patient: { idPatient: patient.id, FullName: patient.fullName }, targets, days: daysBetween(from, to).map((d) => buildDay(catalog, d, items, targets, flagsOf)) };
}

function checkRange(from: string, to: string) {
  if (!isMenuDay(from) || !isMenuDay(to) || to < from || addDays(from, 30) < to) throw badRequest(DIETETICS_MESSAGES.date, 'bad_date');
}

/** A range of days (default: the current week); the patient is looked up first, so a foreign id is a 404 whatever the dates. */
export async function readMenus(ctx: AppContext, caller: Caller, idPatient: string, range: { from?: string; to?: string }): Promise<MenuWeek> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'dietetics.menu.read', 'read');
  const from = range.from ?? weekStart(today(ctx));
  const to = range.to ?? addDays(from, 6);
  checkRange(from, to);
  const week = await menuRange(ctx, caller, patient, from, to);
  await recordAudit(ctx, caller, { action: 'dietetics.menu.read', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { from, to } });
  return week;
}

export async function writeMenuDay(ctx: AppContext, caller: Caller, idPatient: string, day: string, items: MenuLine[]): Promise<MenuWeek> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'dietetics.menu.write', 'write');
  if (!isMenuDay(day)) throw badRequest(DIETETICS_MESSAGES.date, 'bad_date');
  const catalog = await loadCatalog(ctx, patient.organizationId);
  const lines = await checkLines(ctx, catalog, items);
  await repo.replaceDays(ctx.db, { organizationId: patient.organizationId, patientId: patient.id, userId: caller.id }, [{ day, items: lines.map((l, i) => ({ ...l, meal: items[i].meal })) }]);
  await recordAudit(ctx, caller, { action: 'dietetics.menu.write', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { day, lines: lines.length } });
  return menuRange(ctx, caller, patient, day, day);
}

/** Copies a day's lines onto other days (their lines are replaced). */
export async function copyMenuDay(ctx: AppContext, caller: Caller, idPatient: string, day: string, to: string[]): Promise<{ copied: number }> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'dietetics.menu.copy', 'write');
  if (!isMenuDay(day)) throw badRequest(DIETETICS_MESSAGES.date, 'bad_date');
  const source = await repo.menuItemsBetween(ctx.db, patient.id, day, day);
  const targets = [...new Set(to)].filter((d) => d !== day);
  await repo.replaceDays(
    ctx.db,
    { organizationId: patient.organizationId, patientId: patient.id, userId: caller.id },
    targets.map((d) => ({ day: d, items: source.map((s) => ({ meal: s.meal, foodId: s.foodId, recipeId: s.recipeId, grams: s.grams, portions: s.portions })) })),
  );
  await recordAudit(ctx, caller, { action: 'dietetics.menu.copy', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { from: day, to: targets } });
  return { copied: targets.length };
}

// ---- Programs ----

function programOrg(caller: Caller): string {
  return requireActingOrganisation(caller, null);
}

export async function listPrograms(ctx: AppContext, caller: Caller): Promise<ProgramSummary[]> {
  return repo.listPrograms(ctx.db, caller.organizationId ?? NO_ORGANISATION);
}

async function programFor(ctx: AppContext, caller: Caller, id: string) {
  const program = caller.organizationId ? await repo.findProgram(ctx.db, caller.organizationId, id) : null;
  if (!program) throw hidden(DIETETICS_MESSAGES.programNotFound, 'program_not_found');
  return program;
}

export async function readProgram(ctx: AppContext, caller: Caller, id: string): Promise<ProgramDetail> {
  const program = await programFor(ctx, caller, id);
  const items = await repo.programItems(ctx.db, id);
  const catalog = await loadCatalog(
    ctx,
    program.organizationId,
    items.filter((i) => i.foodId != null).map((i) => i.foodId!),
  );
  return {
    id: program.id,
    name: program.name,
    goal: program.goal,
    weeks: program.weeks,
    description: program.description,
    itemCount: items.length,
    items: items.map((i) => ({ ...resolveLine(catalog, i), dayIndex: i.dayIndex, meal: i.meal })),
  };
}

export async function writeProgram(ctx: AppContext, caller: Caller, id: string | null, input: ProgramWrite): Promise<ProgramDetail> {
  const organizationId = id ? (await programFor(ctx, caller, id)).organizationId : programOrg(caller);
  if (input.items.some((i) => i.dayIndex >= input.weeks * 7)) throw badRequest('Un jour du programme dépasse sa durée.', 'program_day');
  const catalog = await loadCatalog(ctx, organizationId);
  const lines = await checkLines(ctx, catalog, input.items);
  const savedId = await repo.saveProgram(
    ctx.db,
    id,
    { organizationId, name: input.name, goal: input.goal, weeks: input.weeks, description: input.description, createdBy: caller.id },
    lines.map((l, i) => ({ ...l, dayIndex: input.items[i].dayIndex, meal: input.items[i].meal })),
  );
  await recordAudit(ctx, caller, { action: id ? 'dietetics.program.update' : 'dietetics.program.create', outcome: 'success', recordType: 'diet_program', recordId: savedId });
  return readProgram(ctx, caller, savedId);
}

export async function deleteProgram(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  await programFor(ctx, caller, id);
  await repo.archiveProgram(ctx.db, id, caller.id, new Date(ctx.clock.now()));
  await recordAudit(ctx, caller, { action: 'dietetics.program.archive', outcome: 'success', recordType: 'diet_program', recordId: id });
}

/**
 * Assigns a program to a patient from a start day: day k of the program becomes the patient's
 * menu of startDate + k (those days' lines are replaced), editable day by day afterwards.
 */
export async function assignProgram(ctx: AppContext, caller: Caller, id: string, input: { idPatient: string; startDate: string }): Promise<{ days: string[] }> {
  const program = await programFor(ctx, caller, id);
  const patient = await patientForCaller(ctx, caller, input.idPatient, 'dietetics.program.assign', 'write');
  if (patient.organizationId !== program.organizationId) throw hidden(DIETETICS_MESSAGES.programNotFound, 'program_not_found');
  const items = await repo.programItems(ctx.db, id);
  const length = program.weeks * 7;
  const days = Array.from({ length }, (_, k) => addDays(input.startDate, k));
  if (!isMenuDay(days[days.length - 1])) throw badRequest(DIETETICS_MESSAGES.date, 'bad_date');
  await repo.replaceDays(
    ctx.db,
    { organizationId: patient.organizationId, patientId: patient.id, userId: caller.id },
    days.map((day, k) => ({ day, items: items.filter((i) => i.dayIndex === k).map((i) => ({ meal: i.meal, foodId: i.foodId, recipeId: i.recipeId, grams: i.grams, portions: i.portions })) })),
  );
  await repo.insertAssignment(ctx.db, { organizationId: patient.organizationId, programId: id, patientId: patient.id, startDate: input.startDate, endDate: days[days.length - 1], assignedBy: caller.id });
  await recordAudit(ctx, caller, { action: 'dietetics.program.assign', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { programId: id, startDate: input.startDate } });
  return { days };
}

// ---- Preferences ----

export async function readProfile(ctx: AppContext, caller: Caller, idPatient: string): Promise<DieteticProfile> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'dietetics.profile.read', 'read');
  const [profile, consultation, targets] = await Promise.all([repo.findProfile(ctx.db, patient.id), repo.latestDieteticConsultation(ctx.db, patient.id), targetsOf(ctx, caller, patient)]);
  await recordAudit(ctx, caller, { action: 'dietetics.profile.read', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id });
  return {
    patient: { idPatient: patient.id, FullName: patient.fullName, sex: patient.sex, birthDate: patient.birthDate },
    diet: profile?.diet ?? 'omnivore',
    allergens: profile?.allergens ?? [],
    dislikes: profile?.dislikes ?? [],
    energyKcal: profile?.energyKcal ?? null,
    activityFactor: profile?.activityFactor != null ? Number(profile.activityFactor) : null,
    split: profile?.proteinsPct != null ? { proteinsPct: profile.proteinsPct, carbohydratesPct: profile.carbohydratesPct!, fatPct: profile.fatPct! } : null,
    consultation: consultation
      ? {
          idConsultation: consultation.id,
          ConsultationDate: consultation.consultationDate.toISOString(),
          ...Object.fromEntries(CONSULTATION_DIETETIC_KEYS.map((k) => [k, consultation[k]])),
        } as NonNullable<DieteticProfile['consultation']>
      : null,
    targets,
  };
}

export async function writeProfile(ctx: AppContext, caller: Caller, idPatient: string, input: DieteticProfileWrite): Promise<DieteticProfile> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'dietetics.profile.write', 'write');
  await repo.upsertProfile(ctx.db, {
    patientId: patient.id,
    organizationId: patient.organizationId,
    diet: input.diet,
    allergens: [...new Set(input.allergens)],
    dislikes: [...new Set(input.dislikes)],
    energyKcal: input.energyKcal,
    activityFactor: input.activityFactor,
    proteinsPct: input.split?.proteinsPct ?? null,
    carbohydratesPct: input.split?.carbohydratesPct ?? null,
    fatPct: input.split?.fatPct ?? null,
    updatedBy: caller.id,
  });
  const changed: string[] = ['profile'];
  if (input.consultation) {
    const latest = await repo.latestDieteticConsultation(ctx.db, patient.id);
    if (latest) {
      await repo.updateConsultationDietetics(ctx.db, patient.id, latest.id, input.consultation);
      changed.push(...CONSULTATION_DIETETIC_KEYS.filter((k) => input.consultation![k] !== latest[k]));
    }
  }
  await recordAudit(ctx, caller, { action: 'dietetics.profile.write', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { fields: changed } });
  return readProfile(ctx, caller, idPatient);
}

export async function readPractitionerPreferences(ctx: AppContext, caller: Caller): Promise<PractitionerPreferences> {
  const row = await repo.findPractitionerPreferences(ctx.db, caller.id);
  return {
    split: row ? { proteinsPct: row.proteinsPct, carbohydratesPct: row.carbohydratesPct, fatPct: row.fatPct } : DEFAULT_SPLIT,
    mealTimes: (row?.mealTimes ?? { breakfast: '07:30', lunch: '12:30', dinner: '19:30', snack: '16:30' }) as PractitionerPreferences['mealTimes'],
    portionUnit: (row?.portionUnit ?? 'g') as 'g' | 'portion',
    showFibres: row?.showFibres ?? true,
  };
}

export async function writePractitionerPreferences(ctx: AppContext, caller: Caller, input: PractitionerPreferences): Promise<PractitionerPreferences> {
  await repo.upsertPractitionerPreferences(ctx.db, { userId: caller.id, ...input.split, mealTimes: input.mealTimes, portionUnit: input.portionUnit, showFibres: input.showFibres });
  await recordAudit(ctx, caller, { action: 'dietetics.preferences.write', outcome: 'success', recordType: 'user', recordId: caller.id });
  return readPractitionerPreferences(ctx, caller);
}

// ---- The patient file tab and the patient's own space ----

async function overviewOf(ctx: AppContext, caller: Caller, patient: Awaited<ReturnType<typeof patientForCaller>>): Promise<PatientDietOverview> {
  const end = today(ctx);
  const from = addDays(end, -27);
  const [program, items, weights, targets] = await Promise.all([
    repo.currentAssignment(ctx.db, patient.id, end),
    repo.menuDaysBetween(ctx.db, patient.id, from, end),
    repo.weightHistory(ctx.db, patient.id),
    targetsOf(ctx, caller, patient),
  ]);
  const catalog = await loadCatalog(
    ctx,
    patient.organizationId,
    items.filter((i) => i.foodId != null).map((i) => i.foodId!),
  );
  const days = daysBetween(from, end)
    .map((day) => ({ day, energyKcal: Math.round(sumNutrients(items.filter((i) => i.day === day).map((i) => resolveLine(catalog, i).nutrients)).energyKcal) }))
    .filter((d) => items.some((i) => i.day === d.day));
  return {
    program,
    days,
    weights: weights.map((w) => ({ date: w.date.toISOString(), weight: Number(w.weight) })),
    targetKcal: targets.basis === 'missing' ? null : targets.energyKcal,
  };
}

export async function patientOverview(ctx: AppContext, caller: Caller, idPatient: string): Promise<PatientDietOverview> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'dietetics.overview.read', 'read');
  const overview = await overviewOf(ctx, caller, patient);
  await recordAudit(ctx, caller, { action: 'dietetics.overview.read', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id });
  return overview;
}

/** A PT's current program and today's menu: only their own file, read-only. */
export async function myToday(ctx: AppContext, caller: Caller): Promise<MyMenuToday> {
  if (caller.role !== 'PT' || !caller.patientId) throw hidden(DIETETICS_MESSAGES.noPatientLink, 'no_patient_link');
  const patient = await patientForCaller(ctx, caller, caller.patientId, 'dietetics.my_menu.read', 'read');
  const day = today(ctx);
  const [week, program] = await Promise.all([menuRange(ctx, caller, patient, day, day), repo.currentAssignment(ctx.db, patient.id, day)]);
  await recordAudit(ctx, caller, { action: 'dietetics.my_menu.read', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id });
  return { patient: { FullName: patient.fullName }, program, today: week.days[0] };
}

export type { Meal };

/** The practice's letterhead for the printed week (name and public contact only). */
export async function letterhead(ctx: AppContext, caller: Caller): Promise<{ name: string; address: string | null; phone: string | null; email: string | null }> {
  if (!caller.organizationId) throw hidden('Organisation introuvable.', 'organisation_not_found');
  const { name, address, phone, email } = await new OrganisationsService(ctx).get(caller.organizationId);
  return { name, address, phone, email };
}
