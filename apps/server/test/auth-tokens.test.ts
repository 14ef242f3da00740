import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, users } from '../src/db/tables.ts';
import { createTestApp, type Session, type TestApp } from './helpers.ts';

// Tokens are JWT HS256 of 60 minutes; anything else is a 401 with the error shape, and a
// bumped token version (password change, deactivation) revokes every older token.

let t: TestApp;
let pr: Session;
beforeAll(async () => {
  t = await createTestApp();
  pr = await t.login('pr');
});
afterAll(async () => {
  await t.close();
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

/** A call that needs a signed-in user: re-reading one's own account (SPEC §7 POST /api/user read). */
function readSelf(authorization?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user',
    headers: authorization ? { authorization } : {},
    payload: { action: 'read', Iduser: pr.id },
  });
}

function expect401(res: Awaited<ReturnType<typeof readSelf>>, code: string) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ success: false, error: { code, message: expect.any(String) } });
  expect(res.json().error.message).toMatch(/[Jj]eton|Authentification/);
}

// The writes below go straight to the database, as another server or an operator would make them:
// this server learns of them through PostgreSQL's notification (lib/auth-cache.ts), which arrives a
// moment after the COMMIT (on a networked PostgreSQL, after the test's next request may have left).
// The refusal is therefore awaited (5 s at most) before its answer is checked.
async function refusedSoon(send: () => ReturnType<typeof readSelf>) {
  await expect.poll(async () => (await send()).statusCode, { timeout: 5000, interval: 20 }).toBe(401);
  return send();
}

describe('bearer tokens', () => {
  it('carry the user, organisation, role and token version, HS256, 60 minutes, exp in seconds', () => {
    const header = JSON.parse(Buffer.from(pr.token.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('HS256');
    const claims = decode(pr.token);
    expect(claims).toMatchObject({ sub: pr.id, org: pr.idOrganization, role: 'PR', tv: 0 });
    expect(claims.exp).toBe((claims.iat as number) + 3600);
    expect(claims.exp).toBe(Math.floor(t.clock.now() / 1000) + 3600);
  });

  it('open the API with a valid token', async () => {
    const res = await readSelf(pr.auth.authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.idRole).toBe('PR');
  });

  it('no token: 401', async () => {
    expect401(await readSelf(), 'unauthorized');
    expect401(await readSelf('Basic cHI6cHI='), 'unauthorized');
  });

  it('a token past its exp: 401, still valid a second before (though its signature check is remembered)', async () => {
    const s = await t.login('pa');
    const read = () =>
      t.app.inject({ method: 'POST', url: '/api/user', headers: s.auth, payload: { action: 'read', Iduser: s.id } });
    expect((await read()).statusCode).toBe(200);
    t.clock.advance(3599 * 1000);
    expect((await read()).statusCode).toBe(200);
    t.clock.advance(1000);
    expect401(await read(), 'token_expired');
  });

  it('a token signed with another secret: 401', async () => {
    const forged = await new SignJWT({ org: pr.idOrganization, role: 'PR', tv: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(pr.id)
      .setIssuedAt(Math.floor(t.clock.now() / 1000))
      .setExpirationTime(Math.floor(t.clock.now() / 1000) + 3600)
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect401(await readSelf(`Bearer ${forged}`), 'invalid_token');
  });

  it('alg none: 401', async () => {
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(decode(pr.token))}.`;
    expect401(await readSelf(`Bearer ${none}`), 'invalid_token');
    // Same with a signature left in place.
    const noneSigned = `${b64({ alg: 'none', typ: 'JWT' })}.${pr.token.split('.')[1]}.${pr.token.split('.')[2]}`;
    expect401(await readSelf(`Bearer ${noneSigned}`), 'invalid_token');
  });

  it('a tampered payload (role raised to SA, signature kept): 401', async () => {
    const [header, , signature] = pr.token.split('.');
    const tampered = `${header}.${b64({ ...decode(pr.token), role: 'SA' })}.${signature}`;
    expect401(await readSelf(`Bearer ${tampered}`), 'invalid_token');
    expect401(await readSelf('Bearer not.a.token'), 'invalid_token');
  });

  it('a token whose role no longer matches the account: 401', async () => {
    const s = await t.login('ad');
    await t.ctx.db.update(users).set({ role: 'RH' }).where(eq(users.id, s.id));
    try {
      const res = await refusedSoon(() => t.app.inject({ method: 'POST', url: '/api/user', headers: s.auth, payload: { action: 'read', Iduser: s.id } }));
      expect401(res, 'invalid_token');
    } finally {
      await t.ctx.db.update(users).set({ role: 'AD' }).where(eq(users.id, s.id));
    }
  });
});

describe('revocation', () => {
  it('a bumped token version revokes older tokens, a new sign-in works', async () => {
    const s = await t.login('pg');
    const read = (auth: { authorization: string }) =>
      t.app.inject({ method: 'POST', url: '/api/user', headers: auth, payload: { action: 'read', Iduser: s.id } });
    expect((await read(s.auth)).statusCode).toBe(200);

    await t.ctx.db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, s.id));
    expect401(await refusedSoon(() => read(s.auth)), 'invalid_token');
    // Renewal is refused too: a revoked token cannot buy a fresh one.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/access-token', headers: s.auth })).statusCode).toBe(401);

    const fresh = await t.login('pg');
    expect(decode(fresh.token).tv).toBe(1);
    expect((await read(fresh.auth)).statusCode).toBe(200);
  });

  it('a deactivated account or organisation: older tokens answer 401', async () => {
    const s = await t.login('rh');
    await t.ctx.db.update(users).set({ active: false }).where(eq(users.id, s.id));
    try {
      const res = await refusedSoon(() => t.app.inject({ method: 'GET', url: '/api/auth/access-token', headers: s.auth }));
      expect401(res, 'invalid_token');
    } finally {
      await t.ctx.db.update(users).set({ active: true }).where(eq(users.id, s.id));
    }
    const us = await t.login('us');
    await t.ctx.db.update(organisations).set({ active: false }).where(eq(organisations.id, us.idOrganization!));
    try {
      const res = await refusedSoon(() => t.app.inject({ method: 'GET', url: '/api/auth/access-token', headers: us.auth }));
      expect401(res, 'invalid_token');
    } finally {
      await t.ctx.db.update(organisations).set({ active: true }).where(eq(organisations.id, us.idOrganization!));
    }
  });
});
