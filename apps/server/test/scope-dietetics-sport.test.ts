import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold } from '@wellbe/shared/domain/text';
import { addDays } from '@wellbe/shared/domain/zoned';
import { recordCatalog } from '../src/access/catalogs.ts';
import type { PatientScope } from '../src/access/patients.ts';
import { systemScope } from '../src/access/scope.ts';
import { exercises, foods, patients, recipes, users } from '../src/db/tables.ts';
import * as measures from '../src/modules/consultations/consultations.measures.repository.ts';
import * as foodsRepo from '../src/modules/dietetics/dietetics.foods.repository.ts';
import * as dietRepo from '../src/modules/dietetics/dietetics.repository.ts';
import { today } from '../src/modules/dietetics/dietetics.service.ts';
import * as exercisesRepo from '../src/modules/exercises/exercises.repository.ts';
import * as sportRepo from '../src/modules/sport-programs/sport-programs.repository.ts';
import { createTestApp, json, type Session, type TestApp } from './helpers.ts';

// The scope of the dietetics and sport areas, checked below the services: every repository
// function of those areas is run with the scope of the other organisation (Centre Santé Nord)
// against Cabinet Démo's data, and must read nothing and change nothing of it; the same call with
// Cabinet Démo's scope reads the data (so the check is not vacuous). Then the one rule for an
// account without organisation: the area's 404, nothing written.

let t: TestApp;
let di: Session;
let pr: Session;
let lucas: string;
let day: string;
let own: { food: number; recipe: string; exercise: string };

const get = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: s.auth });
const send = (s: Session, method: 'POST' | 'PUT', url: string, payload: unknown) => t.app.inject({ method, url, headers: s.auth, payload: payload as object });
const catalogId = async (name: string, code: string) => (json(await get(pr, `/api/sport-catalogs/${name}`)).data as { id: number; code: string }[]).find((c) => c.code === code)!.id;

beforeAll(async () => {
  t = await createTestApp();
  [di, pr] = await Promise.all([t.login('di'), t.login('pr')]);
  [{ id: lucas }] = await t.ctx.db.select({ id: patients.id }).from(patients).where(eq(patients.fullName, 'Lucas Bernard'));
  day = today(t.ctx);
  // Cabinet Démo's own food (on Lucas's menu of today only), recipe (of a Ciqual food) and exercise.
  const food = json(await send(di, 'POST', '/api/dietetics/foods', { nameFr: 'Compote maison du cabinet', groupCode: 'cereal products', energyKcal: 70, proteinsG: 0.3, carbohydratesG: 16, fatG: 0.1, fibresG: 1.5 })).data.id;
  expect((await send(di, 'PUT', `/api/dietetics/patients/${lucas}/menus/${day}`, { items: [{ meal: 'snack', foodId: food, grams: 120 }] })).statusCode).toBe(200);
  const [ciqual] = await t.ctx.db.select({ id: foods.id }).from(foods).where(isNull(foods.organizationId)).limit(1);
  const recipe = json(await send(di, 'POST', '/api/dietetics/recipes', { name: 'Goûter du cabinet', category: 'collation', portions: 1, ingredients: [{ foodId: ciqual.id, grams: 50 }] })).data.id;
  const exercise = json(
    await send(pr, 'POST', '/api/exercises', {
      nameFr: 'Montée de marche du cabinet',
      instructionsFr: ['Montez la marche, redescendez.'],
      categoryId: await catalogId('categories', 'strength'),
      levelId: await catalogId('levels', 'beginner'),
      equipmentId: null,
      primaryBodyPartIds: [await catalogId('bodyparts', 'quadriceps')],
    }),
  ).data.id;
  own = { food, recipe, exercise };
});
afterAll(async () => {
  await t.close();
});

describe('the dietetics and sport repositories, run with the other organisation’s scope', () => {
  const demo = () => systemScope(di.idOrganization!);
  const nord = async () => {
    const [row] = await t.ctx.db.select({ organizationId: users.organizationId }).from(users).where(eq(users.username, 'pr2'));
    return systemScope(row.organizationId!);
  };
  const patientScope = (organizationId: string): PatientScope => ({ organizationId, patientId: null, archived: false });

  it('dietetics: foods, recipes, menus, profile, programs and assignments of Cabinet Démo are neither read nor changed', async () => {
    const db = t.ctx.db;
    const [a, b] = [demo(), await nord()];
    const [ca, cb] = [recordCatalog(a.organizationId), recordCatalog(b.organizationId)];
    const named = async (scope: typeof ca) => (await foodsRepo.searchFoods(t.ctx.pool, scope, fold('compote maison du cabinet'), undefined, 10)).map((f) => f.id);
    expect(await named(ca)).toContain(own.food);
    expect(await named(cb)).not.toContain(own.food);
    expect(await foodsRepo.foodsByIds(db, ca, [own.food])).toHaveLength(1);
    expect(await foodsRepo.foodsByIds(db, cb, [own.food])).toEqual([]);
    expect(await foodsRepo.findOwnFood(db, a, own.food)).not.toBeNull();
    expect(await foodsRepo.findOwnFood(db, b, own.food)).toBeNull();
    // The food is on Lucas's menu only (Cabinet Démo's): used in A's scope, not in B's.
    expect(await foodsRepo.foodIsUsed(db, a, own.food)).toBe(true);
    expect(await foodsRepo.foodIsUsed(db, b, own.food)).toBe(false);
    await foodsRepo.archiveFood(db, b, own.food, pr.id, new Date());
    expect((await db.select({ archivedAt: foods.archivedAt }).from(foods).where(eq(foods.id, own.food)))[0].archivedAt).toBeNull();

    const recipeIds = async (scope: typeof ca) => (await dietRepo.visibleRecipeGraph(db, scope)).recipes.map((r) => r.id);
    expect(await recipeIds(ca)).toContain(own.recipe);
    expect(await recipeIds(cb)).not.toContain(own.recipe);
    const values = { organizationId: a.organizationId, name: 'Repris', category: 'collation', portions: 1, steps: '', tags: [], createdBy: pr.id };
    expect(await dietRepo.saveRecipe(db, b, own.recipe, values, [])).toBeNull();
    await dietRepo.archiveRecipe(db, b, own.recipe, pr.id, new Date());
    const [recipe] = await db.select().from(recipes).where(eq(recipes.id, own.recipe));
    expect(recipe).toMatchObject({ name: 'Goûter du cabinet', archivedAt: null });

    const week = [addDays(day, -7), addDays(day, 7)] as const;
    expect((await dietRepo.menuItemsBetween(db, a, lucas, ...week)).length).toBeGreaterThan(0);
    expect(await dietRepo.menuItemsBetween(db, b, lucas, ...week)).toEqual([]);
    await dietRepo.replaceDays(db, b, { patientId: lucas, userId: pr.id }, [{ day, items: [] }]);
    expect((await dietRepo.menuItemsBetween(db, a, lucas, day, day)).map((i) => i.foodId)).toEqual([own.food]);
    expect(await dietRepo.findProfile(db, a, lucas)).not.toBeNull();
    expect(await dietRepo.findProfile(db, b, lucas)).toBeNull();

    const [program] = await dietRepo.listPrograms(db, a);
    expect(program).toBeDefined();
    expect((await dietRepo.listPrograms(db, b)).map((p) => p.id)).not.toContain(program.id);
    expect(await dietRepo.findProgram(db, b, program.id)).toBeNull();
    expect(await dietRepo.saveProgram(db, b, program.id, { organizationId: a.organizationId, name: 'Repris', goal: 'x', weeks: 1, description: '', createdBy: pr.id }, [])).toBeNull();
    await dietRepo.archiveProgram(db, b, program.id, pr.id, new Date());
    expect(await dietRepo.findProgram(db, a, program.id)).toMatchObject({ name: program.name, archivedAt: null });
    expect((await dietRepo.programItems(db, program.id)).length).toBeGreaterThan(0);
    expect(await dietRepo.currentAssignment(db, a, lucas, day)).not.toBeNull();
    expect(await dietRepo.currentAssignment(db, b, lucas, day)).toBeNull();
  });

  it('consultations read for dietetics and sport stay inside the patient scope', async () => {
    const db = t.ctx.db;
    const [a, b] = [patientScope(di.idOrganization!), patientScope((await nord()).organizationId)];
    expect((await measures.latestMeasures(db, a, lucas)).weight).not.toBeNull();
    expect(await measures.latestMeasures(db, b, lucas)).toEqual({ weight: null, size: null });
    expect((await measures.weightHistory(db, a, lucas)).length).toBeGreaterThan(0);
    expect(await measures.weightHistory(db, b, lucas)).toEqual([]);
    const latest = await measures.latestDieteticConsultation(db, a, lucas);
    expect(latest).not.toBeNull();
    expect(await measures.latestDieteticConsultation(db, b, lucas)).toBeNull();
    await measures.updateDieteticFields(db, b, lucas, latest!.id, { dislikes: 'changé par une autre organisation' });
    expect((await measures.latestDieteticConsultation(db, a, lucas))!.dislikes).toBe(latest!.dislikes);
    expect(await measures.painBetween(db, b, lucas, addDays(day, -365), day)).toEqual([]);
  });

  it('sport: templates, patient programs, sessions, logs, inactive patients, accounts and exercises of Cabinet Démo', async () => {
    const db = t.ctx.db;
    const [a, b] = [demo(), await nord()];
    const [template] = await sportRepo.listTemplates(db, a);
    expect(template).toBeDefined();
    expect((await sportRepo.listTemplates(db, b)).map((p) => p.id)).not.toContain(template.id);
    expect(await sportRepo.findProgram(db, b, template.id)).toBeUndefined();
    const [mine] = await sportRepo.listForPatient(db, a, lucas);
    expect(mine).toBeDefined();
    expect(await sportRepo.listForPatient(db, b, lucas)).toEqual([]);
    expect(await sportRepo.currentForPatient(db, a, lucas, day)).toBeDefined();
    expect(await sportRepo.currentForPatient(db, b, lucas, day)).toBeUndefined();
    const sessions = await sportRepo.sessionsOf(db, a, [template.id, mine.id]);
    expect(sessions.lines.length).toBeGreaterThan(0);
    expect(await sportRepo.sessionsOf(db, b, [template.id, mine.id])).toEqual({ sessions: [], lines: [] });
    const session = sessions.sessions.find((s) => s.programId === mine.id)!;
    expect(await sportRepo.sessionOfPatient(db, a, lucas, session.id)).toBeDefined();
    expect(await sportRepo.sessionOfPatient(db, b, lucas, session.id)).toBeUndefined();
    expect((await sportRepo.logsOf(db, a, [mine.id])).length).toBeGreaterThan(0);
    expect(await sportRepo.logsOf(db, b, [mine.id])).toEqual([]);
    const since = addDays(day, -7);
    expect((await sportRepo.inactive(db, a, day, since)).length).toBeGreaterThan(0);
    expect(await sportRepo.inactive(db, b, day, since)).toEqual([]);
    expect(await sportRepo.patientAccounts(db, a, lucas)).not.toEqual([]);
    expect(await sportRepo.patientAccounts(db, b, lucas)).toEqual([]);
    const { id: _id, createdAt: _c, updatedAt: _u, archivedAt: _a, archivedBy: _b, ...values } = template;
    expect(await sportRepo.saveProgram(db, b, template.id, { ...values, name: 'Repris' }, [])).toBeNull();
    await sportRepo.archiveProgram(db, b, template.id, pr.id, new Date());
    expect(await sportRepo.findProgram(db, a, template.id)).toMatchObject({ name: template.name, archivedAt: null });
    expect((await sportRepo.sessionsOf(db, a, [template.id])).sessions.length).toBe(sessions.sessions.filter((s) => s.programId === template.id).length);

    const [ca, cb] = [recordCatalog(a.organizationId), recordCatalog(b.organizationId)];
    expect(await exercisesRepo.find(db, ca, own.exercise)).toBeDefined();
    expect(await exercisesRepo.find(db, cb, own.exercise)).toBeUndefined();
    expect(await exercisesRepo.findMany(db, cb, [own.exercise])).toEqual([]);
    const query = { q: 'marche du cabinet', limit: 10, offset: 0 };
    const searched = async (scope: typeof ca) => (await exercisesRepo.search(t.ctx.pool, scope, fold(query.q), query)).rows.map((r) => r.id);
    expect(await searched(ca)).toContain(own.exercise);
    expect(await searched(cb)).not.toContain(own.exercise);
    expect(await exercisesRepo.update(db, b, own.exercise, { nameFr: 'Repris' })).toBeUndefined();
    expect((await db.select({ nameFr: exercises.nameFr }).from(exercises).where(eq(exercises.id, own.exercise)))[0].nameFr).toBe('Montée de marche du cabinet');
  });
});

describe('an account without organisation', () => {
  it('gets the area’s 404 when it would create or list an organisation’s rows, and nothing is written; it still reads the shared tables', async () => {
    await t.ctx.db.update(users).set({ organizationId: null }).where(eq(users.username, 'de'));
    const de = await t.login('de');
    const refused = async (res: Awaited<ReturnType<typeof get>>, code: string) => {
      expect(res.statusCode, res.body).toBe(404);
      expect(json(res).error.code).toBe(code);
    };
    await refused(await send(de, 'POST', '/api/dietetics/foods', { nameFr: 'Aliment sans organisation', groupCode: 'cereal products', energyKcal: 50, proteinsG: 1, carbohydratesG: 10, fatG: 0, fibresG: 1 }), 'food_not_found');
    expect(await t.ctx.db.select().from(foods).where(eq(foods.nameFr, 'Aliment sans organisation'))).toEqual([]);
    const [ciqual] = await t.ctx.db.select({ id: foods.id }).from(foods).where(isNull(foods.organizationId)).limit(1);
    await refused(await send(de, 'POST', '/api/dietetics/recipes', { name: 'Recette sans organisation', category: 'collation', portions: 1, ingredients: [{ foodId: ciqual.id, grams: 50 }] }), 'recipe_not_found');
    await refused(await get(de, '/api/dietetics/programs'), 'program_not_found');
    await refused(await get(de, '/api/sport-programs'), 'program_not_found');
    const exercise = { nameFr: 'Exercice sans organisation', instructionsFr: [], categoryId: await catalogId('categories', 'strength'), levelId: await catalogId('levels', 'beginner'), equipmentId: null, primaryBodyPartIds: [await catalogId('bodyparts', 'quadriceps')] };
    await refused(await send(de, 'POST', '/api/exercises', exercise), 'exercise_not_found');
    expect(await t.ctx.db.select().from(exercises).where(eq(exercises.nameFr, 'Exercice sans organisation'))).toEqual([]);
    // The Ciqual table and the WellBe library stay readable: only the organisation's own rows are out of reach.
    const found = json(await get(de, '/api/dietetics/foods?q=compote')).data as { source: string }[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((f) => f.source === 'ciqual')).toBe(true);
  });
});
