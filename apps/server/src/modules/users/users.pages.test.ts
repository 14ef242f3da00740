import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { createTestApp, walkCursor, type Session, type TestApp } from '../../../test/helpers.ts';

// Issue 31: the users' search is served by trigram indexes and a page picked by number skips its
// rows in the name index alone. Neither may change an answer: on more accounts than a page, each
// search answers the accounts a reader would pick by hand, and each page by number the rows the
// cursor walk answers at the same place.

let t: TestApp;
let pa: Session;
let sa: Session;

interface Listed {
  idUser: string;
  username: string;
  firstName: string;
  lastName: string;
  role: string;
}

const list = async (session: Session, query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/users?${query}`, headers: session.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Listed[]; total: number; totalCapped: boolean };
};
const idOf = (u: Listed) => u.idUser;

beforeAll(async () => {
  t = await createTestApp();
  pa = await t.login('pa');
  sa = await t.login('sa');
  // 60 accounts of Cabinet Démo whose names repeat (same last name, same first name), and whose
  // words cross: « Prénom3 Nom1 » holds « m3 n », « Nom1 Prénom3 » holds « 1 pr ».
  await t.ctx.db.insert(users).values(
    Array.from({ length: 60 }, (_, i) => ({
      organizationId: pa.idOrganization,
      username: `pages-${i}`,
      email: `pages-${i}@pages.invalid`,
      role: i % 4 === 0 ? 'AD' : 'PR',
      firstName: `Prenom${i % 7}`,
      lastName: `Nom${i % 5}`,
      active: i % 6 !== 0,
    })),
  );
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/users on more accounts than a page', () => {
  it('answers each search with the accounts whose name or username holds the words, in name order', async () => {
    const everyone = (await walkCursor(t.app, '/api/users?pageSize=50', pa.auth, (u: Listed) => JSON.stringify(u))).ids.map((s) => JSON.parse(s) as Listed);
    expect(everyone.length).toBeGreaterThan(60);
    for (const q of ['nom3', 'NOM3', 'prenom2 nom4', 'nom1 prenom3', 'pages-1', 'm3 n', 'ages-5', 'zzz']) {
      const folded = q.toLowerCase();
      const expected = everyone.filter(
        (u) =>
          u.username.toLowerCase().includes(folded) ||
          `${u.firstName} ${u.lastName}`.toLowerCase().includes(folded) ||
          `${u.lastName} ${u.firstName}`.toLowerCase().includes(folded),
      );
      const found = (await walkCursor(t.app, `/api/users?pageSize=7&q=${encodeURIComponent(q)}`, pa.auth, idOf)).ids;
      // The walk reads the search in the list's own order: the same accounts, in the same order.
      expect(found, q).toEqual(expected.map(idOf));
    }
  });

  it('answers a page by number with the rows the cursor reached at the same place, filters included', async () => {
    for (const [session, query] of [
      [pa, ''],
      [pa, '&role=PR'],
      [pa, '&active=false'],
      [sa, ''],
      [sa, `&organizationId=${pa.idOrganization}&role=AD&active=true`],
    ] as const) {
      const walked = (await walkCursor(t.app, `/api/users?pageSize=6${query}`, session.auth, idOf)).ids;
      expect(walked.length, query).toBeGreaterThan(6);
      const byNumber: string[] = [];
      for (let page = 1; byNumber.length < walked.length; page++) byNumber.push(...(await list(session, `pageSize=6&page=${page}${query}`)).data.map(idOf));
      expect(byNumber, query).toEqual(walked);
    }
  });

  it('answers a search matching more accounts than its count reads in name order too', async () => {
    // Past 1,000 matches the page walks the name index instead of sorting the matches.
    await t.ctx.db.insert(users).values(
      Array.from({ length: 1010 }, (_, i) => ({ organizationId: pa.idOrganization, username: `masse-${i}`, email: `masse-${i}@pages.invalid`, role: 'PR', firstName: `Prenom${i % 13}`, lastName: `Masse${i % 97}` })),
    );
    const all = (await walkCursor(t.app, '/api/users?pageSize=100&role=PR', pa.auth, (u: Listed) => JSON.stringify(u))).ids.map((s) => JSON.parse(s) as Listed);
    const expected = all.filter((u) => u.username.startsWith('masse-')).map(idOf);
    const first = await list(pa, 'pageSize=25&q=masse');
    expect(first).toMatchObject({ total: 1000, totalCapped: true });
    expect(first.data.map(idOf)).toEqual(expected.slice(0, 25));
    expect((await list(pa, 'pageSize=25&q=masse&page=30')).data.map(idOf)).toEqual(expected.slice(725, 750));
    expect((await list(pa, 'pageSize=25&q=masse&page=41')).data.map(idOf)).toEqual(expected.slice(1000, 1010));
  });
});
