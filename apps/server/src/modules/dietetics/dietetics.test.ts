import { DEFAULT_TIME_ZONE } from '@wellbe/shared/domain/dates';
import { fold } from '@wellbe/shared/domain/text';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageOn } from '@wellbe/shared/domain/age';
import { DIETETICS_MESSAGES, mifflinStJeor, weekStart } from '@wellbe/shared/domain/dietetics';
import { addDays, todayIn } from '@wellbe/shared/domain/zoned';
import { auditEvents, foods, patients } from '../../db/tables.ts';
import { libraryFood } from './dietetics.test-kit.ts';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';

// The demo practices keep the default time zone (their 'Paramètres' name none).
const today = (ctx: { clock: { now(): number } }) => todayIn(DEFAULT_TIME_ZONE, ctx.clock.now());

// The dietetics area through the real app on a real database: food search, organisation foods,
// recipes and their computed nutrients, menus against the Mifflin-St Jeor target, programs, the
// dietetic profile, the patient's own menu (the official Ciqual import: foods.import.test.ts). Role-by-route access is
// walked for every route by test/matrix.test.ts and foreign ids by test/records.test.ts.

let t: TestApp;
let di: Session;
let pr2: Session;
let pt: Session;
let lucas: string;
let helene: string;
let mathilde: string;

async function patientIdByName(name: string) {
  const [row] = await t.ctx.db.select({ id: patients.id }).from(patients).where(eq(patients.fullName, name));
  return row.id;
}

const food = (name: string) => libraryFood(t.ctx.db, name);

const get = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: s.auth });
const send = (s: Session, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => t.app.inject({ method, url, headers: s.auth, ...(payload ? { payload: payload as object } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  [di, pr2, pt] = await Promise.all([t.login('di'), t.login('pr2'), t.login('pt')]);
  lucas = await patientIdByName('Lucas Bernard');
  helene = await patientIdByName('Hélène Martin');
  mathilde = await patientIdByName('Mathilde Renaud');
});
afterAll(async () => {
  await t.close();
});

describe('foods', () => {
  const names = async (q: string) => json(await get(di, `/api/dietetics/foods?q=${encodeURIComponent(q)}`)).data.map((f: { nameFr: string }) => f.nameFr) as string[];

  it('loads the 3,323 Ciqual foods at migration time, in the 11 groups', async () => {
    const rows = await t.ctx.db.select({ group: foods.groupCode }).from(foods).where(isNull(foods.organizationId));
    expect(rows.length).toBe(3323);
    expect(new Set(rows.map((r) => r.group)).size).toBe(11);
  });

  it('finds "pomme" with or without accents and with a typo, names starting with it first', async () => {
    const plain = await names('pomme');
    expect(plain[0].toLowerCase().startsWith('pomme')).toBe(true);
    expect(plain).toContain('Pomme, chair et peau, crue');
    expect(await names('pômme')).toContain('Pomme, chair et peau, crue');
    expect(await names('pome crue')).toContain('Pomme, chair et peau, crue');
    expect(await names('epinard cuit')).toContain('Épinard, cuit');
    const typo = await names('brocolli');
    expect(typo, typo.join(' ; ')).toEqual(expect.arrayContaining([expect.stringMatching(/^Brocoli/)]));
  });

  it('ranks the closest names first: a typo, whole words, the typed words as typed; one letter; nothing', async () => {
    // 'pome' is both a typo of 'pomme' and the start of 'pomelo': the raw apple, which also holds
    // 'crue' as typed, comes before 'Pomelo …, cru'.
    expect((await names('pome crue'))[0]).toMatch(/^Pomme, .*crue/);
    // A whole word before a longer word starting with it ('Lait …' before 'Laitue').
    const milk = await names('lait');
    expect(milk.slice(0, 5).every((n) => /^Lait\b/.test(n)), milk.join(' ; ')).toBe(true);
    // The names holding more of the typed words as typed first (no Ciqual name holds both).
    expect((await names('creme fraiche'))[0]).toMatch(/crème/);
    expect((await names('p')).length).toBe(20);
    expect(await names('xylophone')).toEqual([]);
  });

  it('lists the names starting with one or two typed letters, shortest first', async () => {
    for (const q of ['p', 'Po']) {
      const found = await names(q);
      expect(found).toHaveLength(20);
      expect(found.every((n) => fold(n).startsWith(fold(q))), found.join(' ; ')).toBe(true);
      expect(found.map((n) => n.length)).toEqual([...found.map((n) => n.length)].sort((a, b) => a - b));
    }
  });

  it('filters by group', async () => {
    const res = json(await get(di, `/api/dietetics/foods?q=pomme&group=${encodeURIComponent('beverages')}`));
    expect(res.data.length).toBeGreaterThan(0);
    expect(res.data.every((f: { groupCode: string }) => f.groupCode === 'beverages')).toBe(true);
  });

  it('keeps an organisation’s own food to that organisation, and refuses to delete a used one', async () => {
    const created = await send(di, 'POST', '/api/dietetics/foods', { nameFr: 'Granola maison du cabinet', groupCode: 'cereal products', energyKcal: 450, proteinsG: 10, carbohydratesG: 60, fatG: 18, fibresG: 7 });
    expect(created.statusCode).toBe(201);
    const id = json(created).data.id;
    expect(await names('granola maison')).toContain('Granola maison du cabinet');
    const other = json(await get(pr2, '/api/dietetics/foods?q=granola%20maison')).data.map((f: { nameFr: string }) => f.nameFr);
    expect(other).not.toContain('Granola maison du cabinet');
    expect((await send(pr2, 'DELETE', `/api/dietetics/foods/${id}`)).statusCode).toBe(404);

    const recipe = await send(di, 'POST', '/api/dietetics/recipes', { name: 'Bol granola', category: 'petit-déjeuner', portions: 1, ingredients: [{ foodId: id, grams: 50 }] });
    expect(recipe.statusCode).toBe(201);
    const refused = await send(di, 'DELETE', `/api/dietetics/foods/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).error.message).toBe(DIETETICS_MESSAGES.foodInUse);
    expect(await names('granola maison')).toContain('Granola maison du cabinet');
  });
});

describe('recipes (formules)', () => {
  it('computes nutrients per portion from the ingredients, sub-recipes included', async () => {
    const apple = await food('Pomme, chair et peau, crue');
    const yogurt = await food('Yaourt ou lait fermenté, nature (moyenne)');
    const res = await send(di, 'POST', '/api/dietetics/recipes', {
      name: 'Yaourt à la pomme',
      category: 'dessert',
      portions: 2,
      tags: ['végétarien'],
      ingredients: [
        { foodId: apple.id, grams: 200 },
        { foodId: yogurt.id, grams: 250 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const recipe = json(res).data;
    // (2 × apple + 2.5 × yogurt) / 2 portions, from the table's values.
    const energy = (2 * apple.energyKcal + 2.5 * yogurt.energyKcal) / 2;
    expect(recipe.perPortion.energyKcal).toBe(Math.round(energy));
    expect(recipe.perPortion.proteinsG).toBeCloseTo((2 * apple.proteinsG + 2.5 * yogurt.proteinsG) / 2, 1);
    expect(recipe.shares.proteins + recipe.shares.carbohydrates + recipe.shares.fat).toBeGreaterThanOrEqual(99);

    const parent = json(await send(di, 'POST', '/api/dietetics/recipes', { name: 'Double dessert', category: 'dessert', portions: 1, ingredients: [{ recipeId: recipe.id, portions: 2 }] })).data;
    expect(parent.perPortion.energyKcal).toBe(Math.round(2 * energy));
  });

  it('refuses a cycle, absurd quantities, and library writes by an organisation', async () => {
    const a = json(await send(di, 'POST', '/api/dietetics/recipes', { name: 'Recette A', category: 'plat', portions: 1, ingredients: [{ foodId: (await food('Laitue, crue')).id, grams: 100 }] })).data;
    const b = json(await send(di, 'POST', '/api/dietetics/recipes', { name: 'Recette B', category: 'plat', portions: 1, ingredients: [{ recipeId: a.id, portions: 1 }] })).data;
    const cycle = await send(di, 'PUT', `/api/dietetics/recipes/${a.id}`, { name: 'Recette A', category: 'plat', portions: 1, ingredients: [{ recipeId: b.id, portions: 1 }] });
    expect(cycle.statusCode).toBe(400);
    expect(json(cycle).error.message).toBe(DIETETICS_MESSAGES.cycle);
    const self = await send(di, 'PUT', `/api/dietetics/recipes/${a.id}`, { name: 'Recette A', category: 'plat', portions: 1, ingredients: [{ recipeId: a.id, portions: 1 }] });
    expect(self.statusCode).toBe(400);

    for (const grams of [0, -5, 5001]) {
      const bad = await send(di, 'POST', '/api/dietetics/recipes', { name: 'Absurde', category: 'plat', portions: 1, ingredients: [{ foodId: 1, grams }] });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain(DIETETICS_MESSAGES.grams);
    }
    const library = await send(di, 'POST', '/api/dietetics/recipes', { name: 'Pour tous', category: 'plat', portions: 1, library: true, ingredients: [{ foodId: 1, grams: 100 }] });
    expect(library.statusCode).toBe(403);
    const de = await t.login('de');
    expect((await send(de, 'POST', '/api/dietetics/recipes', { name: 'Pour tous', category: 'plat', portions: 1, library: true, ingredients: [{ foodId: 1, grams: 100 }] })).statusCode).toBe(201);

    // Another organisation sees the library but not Cabinet Démo's recipes, and cannot open them.
    const seen = json(await get(pr2, '/api/dietetics/recipes')).data.map((r: { name: string }) => r.name);
    expect(seen).toContain('Porridge aux pommes');
    expect(seen).toContain('Pour tous');
    expect(seen).not.toContain('Recette A');
    expect((await get(pr2, `/api/dietetics/recipes/${a.id}`)).statusCode).toBe(404);
    expect((await send(pr2, 'PUT', `/api/dietetics/recipes/${a.id}`, { name: 'Volée', category: 'plat', portions: 1, ingredients: [{ foodId: 1, grams: 100 }] })).statusCode).toBe(404);
  });

  it('holds about 25 demo recipes in the WellBe library', async () => {
    const list = json(await get(di, '/api/dietetics/recipes')).data.filter((r: { library: boolean }) => r.library);
    expect(list.length).toBeGreaterThanOrEqual(25);
    expect(list.every((r: { perPortion: { energyKcal: number } }) => r.perPortion.energyKcal > 0)).toBe(true);
  });
});

describe('menus and targets', () => {
  it('computes Lucas’s target by Mifflin-St Jeor from his file (man, latest weight and size, moderate activity)', async () => {
    const week = json(await get(di, `/api/dietetics/patients/${lucas}/menus`)).data;
    const age = ageOn('1988-04-12', today(t.ctx));
    const bmr = mifflinStJeor({ sex: 'M', weightKg: 81.2, heightCm: 178, age });
    expect(week.targets.basis).toBe('computed');
    expect(week.targets.inputs).toMatchObject({ sex: 'M', age, weightKg: 81.2, heightCm: 178 });
    expect(week.targets.activityFactor).toBe(1.55);
    expect(week.targets.energyKcal).toBe(Math.round((bmr * 1.55) / 10) * 10);
    // The demo program fills this week: every day has lines, totals, a status; brocoli is flagged.
    expect(week.days).toHaveLength(7);
    expect(week.days[0].day).toBe(weekStart(today(t.ctx)));
    expect(week.days.every((d: { totals: { energyKcal: number } }) => d.totals.energyKcal > 0)).toBe(true);
    const flags = week.days.flatMap((d: any) => Object.values(d.meals).flatMap((m: any) => m.items.flatMap((i: any) => i.flags)));
    expect(flags).toContain('N’aime pas : brocoli');
    const journal = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'dietetics.menu.read'), eq(auditEvents.patientId, lucas)));
    expect(journal.length).toBeGreaterThan(0);
  });

  it('saves a day, totals it per meal and per day, and copies it to other days', async () => {
    const bread = await food('Pain, pain français, baguette');
    const milk = await food('Lait demi-écrémé (moyenne)');
    const porridge = json(await get(di, '/api/dietetics/recipes?q=porridge')).data[0];
    const day = '2026-12-01';
    const res = await send(di, 'PUT', `/api/dietetics/patients/${helene}/menus/${day}`, {
      items: [
        { meal: 'breakfast', foodId: bread.id, grams: 60 },
        { meal: 'breakfast', foodId: milk.id, grams: 250 },
        { meal: 'snack', recipeId: porridge.id, portions: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const saved = json(res).data.days[0];
    const breakfast = Math.round(0.6 * bread.energyKcal + 2.5 * milk.energyKcal);
    expect(Math.abs(saved.meals.breakfast.totals.energyKcal - breakfast)).toBeLessThanOrEqual(1);
    expect(Math.abs(saved.totals.energyKcal - (breakfast + porridge.perPortion.energyKcal))).toBeLessThanOrEqual(1);
    expect(saved.meals.lunch.items).toEqual([]);

    const copy = await send(di, 'POST', `/api/dietetics/patients/${helene}/menus/${day}/copy`, { to: ['2026-12-02', '2026-12-04'] });
    expect(json(copy).data.copied).toBe(2);
    const week = json(await get(di, `/api/dietetics/patients/${helene}/menus?from=2026-12-01&to=2026-12-07`)).data;
    const energy = week.days.map((d: { totals: { energyKcal: number } }) => d.totals.energyKcal);
    expect(energy[1]).toBe(energy[0]);
    expect(energy[3]).toBe(energy[0]);
    expect(energy[2]).toBe(0);
  });

  it('totals a line whose recipe holds another recipe (the day reads the recipes below its lines, at any depth)', async () => {
    const milk = await food('Lait demi-écrémé (moyenne)');
    const inner = json(await send(di, 'POST', '/api/dietetics/recipes', { name: 'Lait chaud', category: 'dessert', portions: 2, ingredients: [{ foodId: milk.id, grams: 500 }] })).data;
    const middle = json(await send(di, 'POST', '/api/dietetics/recipes', { name: 'Double lait chaud', category: 'dessert', portions: 1, ingredients: [{ recipeId: inner.id, portions: 2 }] })).data;
    const outer = json(await send(di, 'POST', '/api/dietetics/recipes', { name: 'Goûter lacté', category: 'dessert', portions: 2, ingredients: [{ recipeId: middle.id, portions: 1 }, { foodId: milk.id, grams: 100 }] })).data;
    const day = '2026-12-10';
    const put = await send(di, 'PUT', `/api/dietetics/patients/${helene}/menus/${day}`, { items: [{ meal: 'dinner', recipeId: outer.id, portions: 2 }] });
    expect(put.statusCode).toBe(200);
    const read = json(await get(di, `/api/dietetics/patients/${helene}/menus?from=${day}&to=${day}`)).data.days[0];
    const [line] = read.meals.dinner.items;
    expect(line.name).toBe('Goûter lacté');
    // Both portions of the whole recipe: 500 g of milk in the middle recipe, 100 g beside it.
    expect(Math.abs(line.nutrients.energyKcal - 6 * milk.energyKcal)).toBeLessThanOrEqual(1);
    expect(read.totals.energyKcal).toBe(json(put).data.days[0].totals.energyKcal);
  });

  it('refuses dates outside 1900–2100, absurd quantities, and other organisations’ patients', async () => {
    for (const day of ['2101-01-01', '1899-12-31', '2026-02-30']) {
      const res = await send(di, 'PUT', `/api/dietetics/patients/${helene}/menus/${day}`, { items: [] });
      expect(res.statusCode).toBe(400);
      expect(json(res).error.message).toBe(DIETETICS_MESSAGES.date);
    }
    const bad = await send(di, 'PUT', `/api/dietetics/patients/${helene}/menus/2026-12-01`, { items: [{ meal: 'lunch', foodId: 1, grams: 9000 }] });
    expect(bad.statusCode).toBe(400);
    const foreign = await get(pr2, `/api/dietetics/patients/${lucas}/menus`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Lucas');
    expect((await send(di, 'PUT', `/api/dietetics/patients/${mathilde}/menus/2026-12-01`, { items: [] })).statusCode).toBe(404);
  });
});

describe('programs', () => {
  it('assigning a 1-week program from a start day creates exactly its days, editable afterwards', async () => {
    const apple = await food('Pomme, chair et peau, crue');
    const created = await send(di, 'POST', '/api/dietetics/programs', {
      name: 'Semaine diabète',
      goal: 'diabète',
      weeks: 1,
      items: [
        { dayIndex: 0, meal: 'breakfast', foodId: apple.id, grams: 150 },
        { dayIndex: 2, meal: 'snack', foodId: apple.id, grams: 100 },
      ],
    });
    expect(created.statusCode).toBe(201);
    const program = json(created).data;
    const assigned = await send(di, 'POST', `/api/dietetics/programs/${program.id}/assign`, { idPatient: helene, startDate: '2027-01-04' });
    expect(assigned.statusCode).toBe(200);
    expect(json(assigned).data.days).toEqual(Array.from({ length: 7 }, (_, k) => addDays('2027-01-04', k)));
    const week = json(await get(di, `/api/dietetics/patients/${helene}/menus?from=2027-01-04&to=2027-01-10`)).data;
    const withLines = week.days.filter((d: any) => Object.values(d.meals).some((m: any) => m.items.length)).map((d: { day: string }) => d.day);
    expect(withLines).toEqual(['2027-01-04', '2027-01-06']);
    expect(week.days[0].meals.breakfast.items[0]).toMatchObject({ foodId: apple.id, grams: 150 });

    expect((await send(pr2, 'POST', `/api/dietetics/programs/${program.id}/assign`, { idPatient: mathilde, startDate: '2027-01-04' })).statusCode).toBe(404);
    expect((await send(di, 'POST', `/api/dietetics/programs/${program.id}/assign`, { idPatient: mathilde, startDate: '2027-01-04' })).statusCode).toBe(404);
    expect((await send(di, 'POST', '/api/dietetics/programs', { name: 'Trop long', goal: 'diabète', weeks: 5, items: [] })).statusCode).toBe(400);
  });
});

describe('attacks', () => {
  it('another organisation cannot read, change, assign or reuse Cabinet Démo’s programs, recipes and foods', async () => {
    const own = json(await send(di, 'POST', '/api/dietetics/foods', { nameFr: 'Pain maison du cabinet', groupCode: 'cereal products', energyKcal: 260, proteinsG: 9, carbohydratesG: 50, fatG: 2, fibresG: 4 })).data;
    const recipe = json(await send(di, 'POST', '/api/dietetics/recipes', { name: 'Tartine du cabinet', category: 'collation', portions: 1, ingredients: [{ foodId: own.id, grams: 50 }] })).data;
    const program = json(await send(di, 'POST', '/api/dietetics/programs', { name: 'Programme privé', goal: 'sport', weeks: 1, items: [{ dayIndex: 0, meal: 'snack', recipeId: recipe.id, portions: 1 }] })).data;
    expect((await get(pr2, `/api/dietetics/programs/${program.id}`)).statusCode).toBe(404);
    expect((await send(pr2, 'DELETE', `/api/dietetics/programs/${program.id}`)).statusCode).toBe(404);
    expect((await send(pr2, 'PUT', `/api/dietetics/programs/${program.id}`, { name: 'Volé', goal: 'sport', weeks: 1, items: [] })).statusCode).toBe(404);
    expect(json(await get(pr2, '/api/dietetics/programs')).data.map((p: { name: string }) => p.name)).not.toContain('Programme privé');
    // Naming them in pr2's own menu or recipe: not found, nothing saved.
    const withFood = await send(pr2, 'PUT', `/api/dietetics/patients/${mathilde}/menus/2026-12-01`, { items: [{ meal: 'lunch', foodId: own.id, grams: 100 }] });
    expect(withFood.statusCode).toBe(404);
    const withRecipe = await send(pr2, 'POST', '/api/dietetics/recipes', { name: 'Copie', category: 'plat', portions: 1, ingredients: [{ recipeId: recipe.id, portions: 1 }] });
    expect(withRecipe.statusCode).toBe(404);
    expect(withRecipe.body).not.toContain('Tartine du cabinet');
  });

  it('refuses oversized input with a French message and saves nothing', async () => {
    const many = Array.from({ length: 81 }, () => ({ meal: 'snack', foodId: 1, grams: 10 }));
    const res = await send(di, 'PUT', `/api/dietetics/patients/${helene}/menus/2026-12-20`, { items: many });
    expect(res.statusCode).toBe(400);
    expect(json(res).error.message).toMatch(/[a-zé]/);
    const week = json(await get(di, `/api/dietetics/patients/${helene}/menus?from=2026-12-20&to=2026-12-20`)).data;
    expect(week.days[0].totals.energyKcal).toBe(0);
    expect((await send(di, 'POST', '/api/dietetics/recipes', { name: 'x'.repeat(201), category: 'plat', portions: 1, ingredients: [{ foodId: 1, grams: 10 }] })).statusCode).toBe(400);
    expect((await get(di, `/api/dietetics/foods?q=${'a'.repeat(101)}`)).statusCode).toBe(400);
    expect((await get(di, `/api/dietetics/patients/${helene}/menus?from=2026-01-01&to=2026-03-01`)).statusCode).toBe(400);
  });
});

describe('the patient’s own menu and file', () => {
  it('a PT reads only their own program and today’s menu', async () => {
    const res = await get(pt, '/api/dietetics/my-menu');
    expect(res.statusCode).toBe(200);
    const mine = json(res).data;
    expect(mine.patient.FullName).toBe('Lucas Bernard');
    expect(mine.program.name).toBe('Rééquilibrage alimentaire — 2 semaines');
    expect(mine.today.day).toBe(today(t.ctx));
    expect(mine.today.totals.energyKcal).toBeGreaterThan(0);
    // The dietitian's tools stay closed to a patient, and another patient's file is not theirs.
    expect((await get(pt, `/api/dietetics/patients/${lucas}/menus`)).statusCode).toBe(403);
    expect((await get(pt, `/api/dietetics/patients/${helene}/overview`)).statusCode).toBe(404);
    expect((await get(pt, `/api/dietetics/patients/${lucas}/overview`)).statusCode).toBe(200);
    expect((await get(di, '/api/dietetics/my-menu')).statusCode).toBe(404);
  });

  it('the file tab shows the current program, daily energy and the weight curve', async () => {
    const overview = json(await get(di, `/api/dietetics/patients/${lucas}/overview`)).data;
    expect(overview.program.goal).toBe('rééquilibrage');
    expect(overview.days.length).toBeGreaterThan(0);
    expect(overview.weights.map((w: { weight: number }) => w.weight)).toContain(81.2);
  });
});

describe('dietetic preferences', () => {
  it('edits the profile and the latest dietetic consultation’s fields in one place', async () => {
    const before = json(await get(di, `/api/dietetics/patients/${lucas}/profile`)).data;
    expect(before.allergens).toEqual(['fruits à coque']);
    expect(before.consultation.physicalCapacity).toContain('modérée');
    const res = await send(di, 'PUT', `/api/dietetics/patients/${lucas}/profile`, {
      diet: 'sans porc',
      allergens: ['fruits à coque', 'lait'],
      dislikes: ['brocoli'],
      energyKcal: 2100,
      activityFactor: null,
      split: { proteinsPct: 20, carbohydratesPct: 45, fatPct: 35 },
      consultation: { ...Object.fromEntries(['pattern', 'physicalCapacity', 'riskyFoodsFrequency', 'breakfast', 'lunch', 'dinner', 'snack', 'dislikes'].map((k) => [k, before.consultation[k]])), breakfast: 'Flocons d’avoine et fruit' },
    });
    expect(res.statusCode).toBe(200);
    const after = json(res).data;
    expect(after.targets).toMatchObject({ basis: 'adjusted', energyKcal: 2100, proteinsG: 105 });
    expect(after.consultation.breakfast).toBe('Flocons d’avoine et fruit');
    expect(after.diet).toBe('sans porc');

    const split = await send(di, 'PUT', `/api/dietetics/patients/${lucas}/profile`, { diet: 'omnivore', allergens: [], dislikes: [], energyKcal: null, activityFactor: null, split: { proteinsPct: 30, carbohydratesPct: 30, fatPct: 30 } });
    expect(split.statusCode).toBe(400);
    expect(split.body).toContain(DIETETICS_MESSAGES.splitSum);
    const ad = await t.login('ad');
    expect((await get(ad, `/api/dietetics/patients/${lucas}/profile`)).statusCode).toBe(403);
    expect((await get(pr2, `/api/dietetics/patients/${lucas}/profile`)).statusCode).toBe(404);
  });

  it('keeps a practitioner’s own defaults (/preferences/0)', async () => {
    const body = { split: { proteinsPct: 20, carbohydratesPct: 50, fatPct: 30 }, mealTimes: { breakfast: '07:00', lunch: '12:00', dinner: '19:00', snack: '16:00' }, portionUnit: 'portion', showFibres: false };
    expect((await send(di, 'PUT', '/api/dietetics/preferences', body)).statusCode).toBe(200);
    expect(json(await get(di, '/api/dietetics/preferences')).data).toEqual(body);
    expect((await send(di, 'PUT', '/api/dietetics/preferences', { ...body, mealTimes: { ...body.mealTimes, lunch: '25:00' } })).statusCode).toBe(400);
  });
});
