import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type Session, type TestApp } from './helpers.ts';

// Every search folds the ligatures with the accents (œ → oe, æ → ae): what a user types, « oeuf »
// or « œuf », finds the same rows, in foods, recipes, exercises, patients, contacts and notes. And
// the migration that brought the rule recomputes the keys stored under the old one.

let t: TestApp;
let pr: Session;
let di: Session;

beforeAll(async () => {
  t = await createTestApp();
  [pr, di] = await Promise.all([t.login('pr'), t.login('di')]);
});
afterAll(() => t?.close());

const get = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: s.auth });
const send = (s: Session, method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, headers: s.auth, payload });
const q = encodeURIComponent;

const foods = async (text: string): Promise<string[]> => json(await get(di, `/api/dietetics/foods?q=${q(text)}`)).data.map((f: { nameFr: string }) => f.nameFr);
const patients = async (text: string): Promise<string[]> => json(await get(pr, `/api/patients?q=${q(text)}`)).data.map((p: { FullName: string }) => p.FullName);
const contacts = async (text: string): Promise<string[]> => json(await get(pr, `/api/contacts?q=${q(text)}`)).data.items.map((c: { lastName: string }) => c.lastName);

describe('ligatures are folded like accents in every search', () => {
  it('foods: « oeuf » and « boeuf » find the Ciqual foods written with œ', async () => {
    expect(await foods('oeufs')).toContain('Marsala aux œufs');
    expect(await foods('boeuf cote')).toContain('Bœuf, côte, crue');
    expect(await foods('BŒUF côte')).toContain('Bœuf, côte, crue');
  });

  it('recipes: « oeufs » finds « Œufs brouillés »', async () => {
    const food = json(await get(di, `/api/dietetics/foods?q=${q('boeuf cote')}`)).data[0];
    const created = await send(di, 'POST', '/api/dietetics/recipes', { name: 'Œufs brouillés au bœuf', category: 'plat', portions: 1, ingredients: [{ foodId: food.id, grams: 80 }] });
    expect(created.statusCode).toBe(201);
    for (const text of ['oeufs brouilles', 'œufs', 'au boeuf']) {
      expect(json(await get(di, `/api/dietetics/recipes?q=${q(text)}`)).data.map((r: { name: string }) => r.name)).toContain('Œufs brouillés au bœuf');
    }
  });

  it('exercises: « coeur » and « cœur » both find the names written either way', async () => {
    const catalog = async (name: string, code: string) => json(await get(pr, `/api/sport-catalogs/${name}`)).data.find((c: { code: string }) => c.code === code).id;
    const exercise = async (nameFr: string) =>
      send(pr, 'POST', '/api/exercises', {
        nameFr,
        instructionsFr: ['Tenez la position.'],
        categoryId: await catalog('categories', 'strength'),
        levelId: await catalog('levels', 'beginner'),
        primaryBodyPartIds: [await catalog('bodyparts', 'abdominals')],
      });
    expect((await exercise('Gainage du cœur')).statusCode).toBe(201);
    expect((await exercise('Étirement coeur ouvert')).statusCode).toBe(201);
    for (const text of ['coeur', 'CŒUR', 'cœur']) {
      const names = json(await get(pr, `/api/exercises?q=${q(text)}`)).data.items.map((e: { nameFr: string }) => e.nameFr);
      expect(names.sort()).toEqual(['Gainage du cœur', 'Étirement coeur ouvert']);
    }
  });

  it('patients: « Laetitia Coeur » finds « Lætitia Cœur », and is the same name for the duplicate rule', async () => {
    const create = (FullName: string, PhoneNumber: string) =>
      t.app.inject({ method: 'POST', url: '/api/patient', headers: pr.auth, payload: { action: 'create', Iduser: pr.id, idOrganization: pr.idOrganization, patientCreate: { FullName, PhoneNumber, Email: 'laetitia@exemple.fr' } } });
    expect((await create('Lætitia Cœur', '06 11 22 33 44')).statusCode).toBe(200);
    expect(await patients('laetitia coeur')).toEqual(['Lætitia Cœur']);
    expect(await patients('LÆTITIA')).toEqual(['Lætitia Cœur']);
    const twin = await create('Laetitia Coeur', '06 11 22 33 45');
    expect(twin.statusCode).toBe(409);
    expect(json(twin).error.message).toBe('Un patient avec ce nom existe déja');
  });

  it('contacts: « Boeuf » finds « Bœuf »', async () => {
    expect((await send(pr, 'POST', '/api/contacts', { name: 'Chloé', lastName: 'Bœuf', company: 'Cabinet Sœur Thérèse' })).statusCode).toBe(201);
    expect(await contacts('boeuf')).toEqual(['Bœuf']);
    expect(await contacts('soeur therese')).toEqual(['Bœuf']);
  });

  it('notes: « oedeme » finds a note about an « œdème »', async () => {
    const note = json(await send(pr, 'POST', '/api/notes', { title: 'Œdème des chevilles', content: 'Revoir Mme Cœur.' })).data;
    for (const text of ['oedeme', 'Œdème coeur']) {
      expect(json(await get(pr, `/api/notes?q=${q(text)}`)).data.notes.map((n: { id: string }) => n.id)).toEqual([note.id]);
    }
  });
});

describe('the migration search-ligatures', () => {
  it('recomputes the keys stored with the old rule, so that existing rows are found', async () => {
    const pool = t.ctx.pool;
    // Rows as the old rule stored them (ligatures kept), and the typo dictionary as it was.
    await pool.query(`update foods set search_key = 'bœuf, cote, crue' where name_fr = 'Bœuf, côte, crue'`);
    await pool.query(`delete from food_words where word = 'boeuf'`);
    await pool.query(`insert into food_words (word) values ('bœuf') on conflict do nothing`);
    await pool.query(`update patients set name_key = 'lætitia cœur', search_key = 'lætitia cœur 0611223344' where full_name = 'Lætitia Cœur'`);
    await pool.query(`update contacts set search_key = 'chloe bœuf cabinet sœur therese', sort_key = 'bœuf chloe' where last_name = 'Bœuf'`);
    expect(await foods('boeuf cote')).not.toContain('Bœuf, côte, crue');
    expect(await contacts('boeuf')).toEqual([]);

    const migration = fs.readFileSync(new URL('../src/db/migrations/0031_search-ligatures.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await pool.query(statement);

    expect(await foods('boeuf cote')).toContain('Bœuf, côte, crue');
    expect(await patients('laetitia coeur')).toEqual(['Lætitia Cœur']);
    expect(await contacts('boeuf')).toEqual(['Bœuf']);
    const words = await pool.query(`select word from food_words where word in ('bœuf', 'boeuf') order by word`);
    expect(words.rows.map((r) => r.word)).toEqual(['boeuf']);
  });
});
