import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type Session, type TestApp } from './helpers.ts';

// A list's `cursor` comes back from the client: a forged one (an id that is no uuid, a sort value
// its column cannot read) answers the list's own French 400 and never reaches PostgreSQL, whose
// refusal the error handler would otherwise catch and log ('valeur refusée par la base').

let t: TestApp;
let sa: Session;
let pa: Session;
const refusedByDatabase: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    logStream: {
      write: (line) => {
        if (line.includes('valeur refusée par la base') || line.includes('erreur interne')) refusedByDatabase.push(line.slice(0, 400));
      },
    },
  });
  [sa, pa] = await Promise.all([t.login('sa'), t.login('pa')]);
});
afterAll(async () => {
  await t.close();
});

const INVALID_CURSOR = 'Curseur de pagination invalide : rechargez la liste.';

/** A cursor of the list's own shape (its tag kept) with another sort value and id. */
function forged(cursor: string, key: string | null, id: string): string {
  const [tag] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string];
  return Buffer.from(JSON.stringify([tag, key, id]), 'utf8').toString('base64url');
}

async function firstCursor(session: Session, url: string): Promise<{ cursor: string; key: string | null }> {
  const cursor = json(await t.app.inject({ method: 'GET', url, headers: session.auth })).nextCursor as string;
  expect(cursor).toBeTruthy();
  const [, key] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string | null];
  return { cursor, key };
}

async function expectRefused(session: Session, url: string, message = INVALID_CURSOR) {
  const res = await t.app.inject({ method: 'GET', url, headers: session.auth });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
  expect(json(res).error.message).toBe(message);
}

describe('forged cursors', () => {
  it('GET /api/users and /api/organisations: an id that is no uuid', async () => {
    const users = await firstCursor(pa, '/api/users?pageSize=2');
    await expectRefused(pa, `/api/users?pageSize=2&cursor=${forged(users.cursor, users.key, 'pas-un-identifiant')}`);
    const organisations = await firstCursor(sa, '/api/organisations?pageSize=1');
    await expectRefused(sa, `/api/organisations?pageSize=1&cursor=${forged(organisations.cursor, organisations.key, '1 or 1=1')}`);
    expect(refusedByDatabase).toEqual([]);
  });

  it('GET /api/admin/journal: an id that is no number, a date that is no date', async () => {
    const journal = await firstCursor(sa, '/api/admin/journal?pageSize=1');
    const id = JSON.parse(Buffer.from(journal.cursor, 'base64url').toString('utf8'))[2] as string;
    await expectRefused(sa, `/api/admin/journal?pageSize=1&cursor=${forged(journal.cursor, journal.key, 'abc')}`);
    await expectRefused(sa, `/api/admin/journal?pageSize=1&cursor=${forged(journal.cursor, 'hier', id)}`);
    await expectRefused(sa, `/api/admin/journal?pageSize=1&cursor=${forged(journal.cursor, '2026-02-31 10:00:00+00', id)}`);
    // The real one still reads the next page.
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/journal?pageSize=1&cursor=${journal.cursor}`, headers: sa.auth })).statusCode).toBe(200);
    expect(refusedByDatabase).toEqual([]);
  });

  it('GET /api/access-flags: a flag id of 36 dashes', async () => {
    await expectRefused(pa, `/api/access-flags?cursor=1767225600000_${'-'.repeat(36)}`, 'Curseur invalide.');
    expect(refusedByDatabase).toEqual([]);
  });
});
