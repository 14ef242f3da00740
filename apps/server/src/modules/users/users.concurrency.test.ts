import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';
import { USER_MESSAGES } from './users.service.ts';
import { whileHeld } from '../../../test/locks.ts';
import { users } from '../../db/tables.ts';

// Two administrators editing one account at once: each request writes only what it changed, so
// the later one never writes back a value the earlier one replaced. The test holds the account's
// row so that the requests queue in a known order behind it.

let t: TestApp;
let pa: Session;
let sa: Session;
beforeAll(async () => {
  t = await createTestApp();
  pa = await t.login('pa');
  sa = await t.login('sa');
});
afterAll(async () => {
  await t.close();
});

const patch = (session: Session, id: string, body: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: session.auth, payload: body });
const holdAccount = (id: string) => (c: { query: (sql: string, values: unknown[]) => Promise<unknown> }) => c.query('select 1 from users where id = $1 for update', [id]);

describe('PATCH /api/users/:id, two administrators at once', () => {
  it('keeps a demotion when a phone change queued behind it is saved, and the old role’s token stays refused', async () => {
    const pg = await t.login('pg');
    const [demoted, phoned] = await whileHeld(t.handle.pool, holdAccount(pg.id), [
      () => patch(pa, pg.id, { role: 'PR' }),
      () => patch(sa, pg.id, { phoneNumber: '06 98 76 54 32' }),
    ]);
    expect([demoted!.statusCode, phoned!.statusCode]).toEqual([200, 200]);

    const account = json((await t.app.inject({ method: 'GET', url: `/api/users/${pg.id}`, headers: pa.auth }))).data;
    expect(account).toMatchObject({ role: 'PR', phoneNumber: '06 98 76 54 32' });
    // A token issued for the PG role names a role the account no longer has.
    const withOldToken = await t.app.inject({ method: 'POST', url: '/api/user', headers: pg.auth, payload: { action: 'read', Iduser: pg.id } });
    expect(withOldToken.statusCode).toBe(401);
  });

  it('keeps a new last name when a first-name change queued behind it is saved, the display name made of both', async () => {
    const us = await t.login('us');
    const [renamed, firstNamed] = await whileHeld(t.handle.pool, holdAccount(us.id), [
      () => patch(pa, us.id, { lastName: 'Lefebvre' }),
      () => patch(sa, us.id, { firstName: 'Claire' }),
    ]);
    expect([renamed!.statusCode, firstNamed!.statusCode]).toEqual([200, 200]);
    expect(json(firstNamed!).data).toMatchObject({ firstName: 'Claire', lastName: 'Lefebvre' });
    // The name other screens show (agenda, history authors).
    const [row] = await t.ctx.db.select({ displayName: users.displayName }).from(users).where(eq(users.id, us.id));
    expect(row!.displayName).toBe('Claire Lefebvre');
  });

  it('checks an edit on the role the account holds when it is written: a promotion queued before it is seen', async () => {
    const [ad, rh] = [await t.login('ad'), await t.login('rh')];
    // PA makes the AD a PG (a role with patient access) while RH, who manages AD accounts but not
    // PG ones, edits the same account: RH's check must read the account after PA's write.
    const [promoted, edited] = await whileHeld(t.handle.pool, holdAccount(ad.id), [
      () => patch(pa, ad.id, { role: 'PG' }),
      () => patch(rh, ad.id, { phoneNumber: '06 11 22 33 44' }),
    ]);
    expect([promoted!.statusCode, edited!.statusCode]).toEqual([200, 403]);
    expect(json(edited!).error.message).toBe(USER_MESSAGES.accountNotManageable);
    const account = json(await t.app.inject({ method: 'GET', url: `/api/users/${ad.id}`, headers: pa.auth })).data;
    expect(account.role).toBe('PG');
    expect(account.phoneNumber).not.toBe('06 11 22 33 44');
  });
});
