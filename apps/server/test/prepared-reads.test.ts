import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from './helpers.ts';
import { throughSharedStatement } from './prepared.ts';

// Issue 31: the hot reads run as statements prepared once per shape and shared by every
// organisation. Each: callers of Cabinet Démo and Centre Santé Nord through the same statement,
// each seeing only its own rows, and each read journalled as before.

let t: TestApp;
let pa: Session, sa: Session, pr2: Session;
beforeAll(async () => {
  t = await createTestApp();
  [pa, sa, pr2] = await Promise.all([t.login('pa'), t.login('sa'), t.login('pr2')]);
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, s: Session) => {
  const res = await t.app.inject({ method: 'GET', url, headers: s.auth });
  expect(res.statusCode, url).toBe(200);
  return res.json();
};
const demo = () => pa.idOrganization!;
const nord = () => pr2.idOrganization!;

describe('the users list (issue 31)', () => {
  it('pages each organisation’s accounts through the same prepared page and count, by number and by cursor', async () => {
    const orgsOf = (body: { data: { idOrganization: string }[] }) => [...new Set(body.data.map((u) => u.idOrganization))];
    for (const url of ['/api/users?pageSize=2', '/api/users?pageSize=2&role=PR&active=true']) {
      const [mine, theirs, again] = await throughSharedStatement(t.ctx.pool, 'users_', [
        { organizationId: demo(), run: () => get(url, pa) },
        { organizationId: nord(), run: () => get(`${url}&organizationId=${nord()}`, sa) },
        { organizationId: demo(), run: () => get(url, pa) },
      ]);
      expect(orgsOf(mine)).toEqual([demo()]);
      expect(orgsOf(theirs)).toEqual([nord()]);
      expect(again).toEqual(mine);
      expect(mine.total).toBeGreaterThan(theirs.total);
    }
    const first = await get('/api/users?pageSize=2', pa);
    const [next, nordNext] = await throughSharedStatement(t.ctx.pool, 'users_page_', [
      { organizationId: demo(), run: () => get(`/api/users?pageSize=2&cursor=${first.nextCursor}`, pa) },
      { organizationId: nord(), run: () => get(`/api/users?pageSize=2&organizationId=${nord()}&cursor=${first.nextCursor}`, sa) },
    ]);
    expect(orgsOf(next)).toEqual([demo()]);
    expect(next.data.map((u: { idUser: string }) => u.idUser)).toEqual((await get('/api/users?pageSize=2&page=2', pa)).data.map((u: { idUser: string }) => u.idUser));
    // Nord's page after Démo's cursor: only Nord's accounts, whatever the cursor names.
    expect(nordNext.data.every((u: { idOrganization: string }) => u.idOrganization === nord())).toBe(true);
  });
});
