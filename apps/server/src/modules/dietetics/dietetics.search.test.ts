import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';

// The food search's answers pinned: the statements were changed for speed (issue 31: prepared,
// planned once, the typo alternatives bound as parameters), never what they find. The fixture is
// what the search answered before that change (main 69763dd) for a spread of what people type —
// the bench's queries (bench/search.ts), the other tests' ones, and more: exact words, accents
// left out, typos, one or two letters, three words, LIKE's and regular expressions' special
// characters, a group, a small and a large limit, nothing found. Each query runs more than five
// times so that every connection of the pool also answers through PostgreSQL's generic plan.
// `UPDATE_FOOD_SEARCH_FIXTURE=1` writes the fixture again (only for a change meant to change results).

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'food-search.json');
const QUERIES = [
  'pomme', 'épinard cuit', 'creme fraiche', 'pome crue', 'yaourt natur', 'p', 'lait demi écrémé', 'xylophone',
  'pômme', 'epinard cuit', 'brocolli', 'lait', 'Po', 'tomate', 'fromage chevre', 'poulet roti', 'choux', 'carote',
  'jambon cru', 'pain complet', 'riz', 'oeuf', 'saumon fume', 'banane', 'a', 'ab', 'cafe', 'chocolat noir 70%',
  '50%', 'creme_fraiche', 'pome crue cuite', 'lait écrémé poudre sucre', 'yaourt (nature)', 'boeuf hache 5 mg',
  'fromag', 'abricot sec', 'haricot vert', 'patate douce', 'soupe legume', 'salade', 'pomme;group=beverages',
  'pome crue;limit=5', 'cru;limit=50', ';limit=7', 'pommes de terre frites', 'yaourt natur;limit=1',
];

let t: TestApp;
let di: Session;

beforeAll(async () => {
  t = await createTestApp();
  di = await t.login('di');
});
afterAll(async () => {
  await t.close();
});

function url(query: string): string {
  const [q, ...options] = query.split(';');
  const params = new URLSearchParams({ q: q! });
  for (const option of options) params.set(option.split('=')[0]!, option.split('=')[1]!);
  return `/api/dietetics/foods?${params}`;
}

async function answer(query: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: url(query), headers: di.auth });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.map((f: { id: number; nameFr: string }) => `${f.id} ${f.nameFr}`);
}

describe('food search', () => {
  it('finds the same foods in the same order as before, for every kind of query, again and again', async () => {
    const found: Record<string, string[]> = {};
    for (const query of QUERIES) found[query] = await answer(query);
    if (process.env.UPDATE_FOOD_SEARCH_FIXTURE) fs.writeFileSync(FIXTURE, JSON.stringify(found, null, 1) + '\n');
    const expected = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as Record<string, string[]>;
    expect(Object.keys(expected)).toEqual(QUERIES);
    for (const query of QUERIES) expect(found[query], query).toEqual(expected[query]);
    // Past five executions a prepared statement may switch to its generic plan: same answers.
    for (let round = 0; round < 12; round++) {
      const again = await Promise.all(QUERIES.map(answer));
      QUERIES.forEach((query, i) => expect(again[i], `${query} (${round})`).toEqual(expected[query]));
    }
  });
});
