import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIETETICS_MESSAGES } from '@wellbe/shared/domain/dietetics';
import { recipeIngredients } from '../../db/tables.ts';
import { libraryFood } from './dietetics.test-kit.ts';
import { whileHeld } from '../../../test/locks.ts';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';

// Recipes that would include themselves: two saves racing to close a cycle, and a cycle already
// stored (written before the save refused them), through the real app on a real database.

let t: TestApp;
let di: Session;

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: di.auth });
const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: di.auth, payload });
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: di.auth, payload });

/** A recipe for one portion: 100 g of lettuce, and one portion of each recipe named. */
const body = (name: string, lettuce: number, recipeIds: string[] = []) => ({
  name,
  category: 'plat',
  portions: 1,
  ingredients: [{ foodId: lettuce, grams: 100 }, ...recipeIds.map((recipeId) => ({ recipeId, portions: 1 }))],
});

beforeAll(async () => {
  t = await createTestApp();
  di = await t.login('di');
});
afterAll(async () => {
  await t.close();
});

describe('recipe cycles', () => {
  it('refuses the second of two saves that together would make A include B and B include A', async () => {
    const lettuce = await libraryFood(t.ctx.db, 'Laitue, crue');
    const a = json(await post('/api/dietetics/recipes', body('Course A', lettuce.id))).data;
    const b = json(await post('/api/dietetics/recipes', body('Course B', lettuce.id))).data;
    // The test holds both rows: the first save has checked and waits to write A when the second
    // starts, so the second would check a graph where A does not include B yet.
    const answers = await whileHeld(t.handle.pool, (c) => c.query('select 1 from recipes where id = any($1::uuid[]) for update', [[a.id, b.id]]), [
      () => put(`/api/dietetics/recipes/${a.id}`, body('Course A', lettuce.id, [b.id])),
      () => put(`/api/dietetics/recipes/${b.id}`, body('Course B', lettuce.id, [a.id])),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 400]);
    expect(json(answers[1]).error.message).toBe(DIETETICS_MESSAGES.cycle);
    // B kept its lettuce alone; A is its lettuce and one portion of B.
    const list = await get('/api/dietetics/recipes');
    expect(list.statusCode, list.body).toBe(200);
    const kcal = (name: string) => json(list).data.find((r: { name: string }) => r.name === name).perPortion.energyKcal;
    expect(kcal('Course B')).toBe(Math.round(Number(lettuce.energyKcal)));
    expect(kcal('Course A')).toBe(Math.round(2 * Number(lettuce.energyKcal)));
  });

  it('still lists and opens recipes when a cycle was stored before saves refused them', async () => {
    const lettuce = await libraryFood(t.ctx.db, 'Laitue, crue');
    const c = json(await post('/api/dietetics/recipes', body('Ancienne C', lettuce.id))).data;
    const d = json(await post('/api/dietetics/recipes', body('Ancienne D', lettuce.id, [c.id]))).data;
    // C → D written straight to the table, as data from before the rule could be.
    await t.ctx.db.insert(recipeIngredients).values({ parentId: c.id, recipeId: d.id, portions: 1, position: 1 });
    const list = await get('/api/dietetics/recipes');
    expect(list.statusCode, list.body).toBe(200);
    const opened = await get(`/api/dietetics/recipes/${c.id}`);
    expect(opened.statusCode, opened.body).toBe(200);
    // From C, D counts its lettuce only (its line back to C is the cycle, counted as zero).
    expect(json(opened).data.perPortion.energyKcal).toBe(Math.round(2 * Number(lettuce.energyKcal)));
    expect(json(opened).data.ingredients.map((l: { name: string }) => l.name)).toEqual(['Laitue, crue', 'Ancienne D']);
  });
});
