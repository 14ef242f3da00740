import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputFaultOf } from '../src/lib/pg-errors.ts';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, json, type Session, type TestApp } from './helpers.ts';

// Ids that are not uuids and integers beyond a PostgreSQL `integer` used to reach the database and
// come back as 500 (found by fuzzing the OpenAPI document): each answers a French 4xx now, and a
// database error the input still causes is mapped to one by the error handler.
let t: TestApp;
let pr: Session;
let di: Session;
const INT32_OVER = 2 ** 31;

beforeAll(async () => {
  t = await createTestApp({
    // A test-only probe: a value PostgreSQL cannot read in its type, as a schema that forgot a rule would let through.
    routes: (app) => {
      app.post('/api/test-probe/cast', { config: { access: 'open' } }, async (request) => {
        const { value, type } = request.body as { value: string; type: 'uuid' | 'integer' | 'text' };
        if (type === 'uuid') await t.ctx.db.execute(sql`select ${value}::uuid`);
        if (type === 'integer') await t.ctx.db.execute(sql`select ${value}::integer`);
        if (type === 'text') await t.ctx.db.execute(sql`insert into probe_short (v) values (${value})`);
        return { success: true };
      });
    },
  });
  await t.ctx.db.execute(sql`create table probe_short (v varchar(3))`);
  [pr, di] = await Promise.all([t.login('pr'), t.login('di')]);
});
afterAll(() => t?.close());

const send = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: s.auth, ...(payload === undefined ? {} : { payload }) });

function expectFrench4xx(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(json(res).success).toBe(false);
  expect(json(res).error.message).toMatch(/[éèàùâêîôûç]|introuvable|invalide/i);
}

describe('an id that is not a uuid names nothing (404), it never reaches PostgreSQL', () => {
  it('DELETE /api/contacts/abc', async () => {
    expectFrench4xx(await send(pr, 'DELETE', '/api/contacts/abc'), 404);
  });
  it('PUT /api/contacts/abc/star', async () => {
    expectFrench4xx(await send(pr, 'PUT', '/api/contacts/abc/star', { starred: true }), 404);
  });
  it('an access flag named by 36 dashes (it passed the old hand-written check)', async () => {
    const pa = await t.login('pa');
    expectFrench4xx(await send(pa, 'POST', `/api/access-flags/${'-'.repeat(36)}/answer`, { answer: 'Vu.' }), 404);
  });
  it('a reference row or a food beyond an integer column', async () => {
    const sa = await t.login('sa');
    expectFrench4xx(await t.app.inject({ method: 'PATCH', url: `/api/specialists/${INT32_OVER}`, headers: sa.auth, payload: { active: true } }), 404);
    expectFrench4xx(await send(di, 'DELETE', `/api/dietetics/foods/${INT32_OVER}`), 404);
  });
});

describe('an integer beyond a PostgreSQL integer is refused at the edge (400)', () => {
  it('GET /api/exercises?category=2147483648', async () => {
    expectFrench4xx(await send(pr, 'GET', `/api/exercises?category=${INT32_OVER}`), 400);
  });
  it('POST /api/exercises with categoryId 2^31', async () => {
    const res = await send(pr, 'POST', '/api/exercises', { nameFr: 'Gainage fuzz', categoryId: INT32_OVER, levelId: 1, primaryBodyPartIds: [1] });
    expectFrench4xx(res, 400);
    expect(json(res).error.details.map((d: { path: string[] }) => d.path.join('.'))).toContain('categoryId');
  });
  it('POST /api/dietetics/recipes with foodId 2^31', async () => {
    const res = await send(di, 'POST', '/api/dietetics/recipes', { name: 'Recette fuzz', category: 'plat', portions: 1, ingredients: [{ foodId: INT32_OVER, grams: 100 }] });
    expectFrench4xx(res, 400);
  });
  it('POST /api/dietetics/programs with foodId 2^31', async () => {
    const res = await send(di, 'POST', '/api/dietetics/programs', { name: 'Programme fuzz', goal: 'diabète', weeks: 1, items: [{ dayIndex: 0, meal: 'breakfast', foodId: INT32_OVER, grams: 100 }] });
    expectFrench4xx(res, 400);
  });
  it('POST /api/sport-programs with objectiveId 2^31', async () => {
    const res = await send(pr, 'POST', '/api/sport-programs', { name: 'Programme fuzz', objectiveId: INT32_OVER, weeks: 4, sessionsPerWeek: 3, sessions: [{ name: 'Séance 1', exercises: [] }] });
    expectFrench4xx(res, 400);
  });
});

describe('a value past a limit that has no message of its own says the limit', () => {
  it('GET /api/exercises?q= with 101 characters', async () => {
    const res = await send(pr, 'GET', `/api/exercises?q=${'a'.repeat(101)}`);
    expectFrench4xx(res, 400);
    expect(json(res).error.message).toBe('Texte trop long : 100 caractères au plus.');
  });
});

describe('a database error the input caused answers a French 4xx, never 500', () => {
  const probe = (value: string, type: string) => t.app.inject({ method: 'POST', url: '/api/test-probe/cast', payload: { value, type } });

  it('maps an unreadable value (22P02), an out-of-range integer (22003), a too-long text (22001) to 400', async () => {
    for (const [value, type] of [['abc', 'uuid'], [String(INT32_OVER), 'integer'], ['trop long', 'text']]) {
      const res = await probe(value, type);
      expectFrench4xx(res, 400);
      expect(JSON.stringify(json(res))).not.toContain(value); // the value is never echoed back
    }
    expect(json(await probe('abc', 'uuid')).error.message).toBe('Une valeur envoyée n’a pas un format valide.');
    expect(json(await probe(String(INT32_OVER), 'integer')).error.message).toBe('Une valeur numérique est hors des limites autorisées.');
  });

  it('words each input fault in French, and leaves the other errors to be 500', () => {
    const wrapped = (code: string, detail?: string) => Object.assign(new Error('Failed query'), { query: 'x', params: [], cause: Object.assign(new Error('pg'), { code, detail }) });
    expect(inputFaultOf(wrapped('22P02'))).toMatchObject({ status: 400 });
    expect(inputFaultOf(wrapped('22003'))).toMatchObject({ status: 400, code: 'value_out_of_range' });
    expect(inputFaultOf(wrapped('22001'))).toMatchObject({ status: 400, code: 'value_too_long' });
    expect(inputFaultOf(wrapped('22021'))).toMatchObject({ status: 400, message: 'Le texte contient un caractère non autorisé.' });
    expect(inputFaultOf(wrapped('23503', 'Key (food_id)=(9) is not present in table "foods".'))).toMatchObject({ status: 404 });
    expect(inputFaultOf(wrapped('23503', 'Key (id)=(9) is still referenced from table "lines".'))).toMatchObject({ status: 409 });
    expect(inputFaultOf(wrapped('23505'))).toMatchObject({ status: 409 });
    // Not the input's doing: connection lost, deadlock, a programming error.
    expect(inputFaultOf(wrapped('08006'))).toBeNull();
    expect(inputFaultOf(wrapped('40P01'))).toBeNull();
    expect(inputFaultOf(wrapped('42703'))).toBeNull();
    expect(inputFaultOf(new Error('boom'))).toBeNull();
  });
});
