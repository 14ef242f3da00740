import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { auditEvents, authThrottle, users } from '../../db/tables.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/helpers.ts';

// Sign-in throttling (ASVS 5.0 V6.3): per account whatever the login form, progressive delays
// instead of a lockout, hard limits per IP and per account+IP, known devices never locked out by
// failures from elsewhere, counters in PostgreSQL, TRUST_PROXY.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function login(Username: string, Password: string, remoteAddress: string, cookie?: string) {
  return t.app.inject({ method: 'POST', url: '/api/user', remoteAddress, headers: cookie ? { cookie } : {}, payload: { action: 'login', Username, Password } });
}
const userId = async (username: string) => (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;

describe('the account counter', () => {
  it('counts the username and the email as one account, and slows it down 1 s, 2 s, 4 s… instead of locking it', async () => {
    // Three free failures, mixing the username and the email, from three addresses.
    expect((await login('pg', 'Wrong-pass-1!A', '10.20.0.1')).statusCode).toBe(401);
    expect((await login('PG@demo.wellbe.fr', 'Wrong-pass-2!A', '10.20.0.2')).statusCode).toBe(401);
    expect((await login('pg', 'Wrong-pass-3!A', '10.20.0.3')).statusCode).toBe(401);
    // The fourth failure (by email) starts a one-second wait for the account, whatever the form.
    expect((await login('pg@demo.wellbe.fr', 'Wrong-pass-4!A', '10.20.0.4')).statusCode).toBe(401);
    const slowed = await login('pg', DEMO_PASSWORD, '10.20.0.5');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    expect(slowed.json()).toEqual({ success: false, error: { code: 'too_many_attempts', message: 'Trop de tentatives. Réessayez dans 1 seconde.' } });

    // Each further failure doubles the wait.
    const waits: string[] = [];
    for (let i = 0; i < 4; i++) {
      t.clock.advance(Number((await login('pg@demo.wellbe.fr', DEMO_PASSWORD, '10.20.0.6')).headers['retry-after'] ?? 0) * 1000);
      expect((await login(i % 2 ? 'pg' : 'PG@demo.wellbe.fr', 'Wrong-pass-5!A', `10.20.1.${i}`)).statusCode).toBe(401);
      waits.push((await login('pg', DEMO_PASSWORD, '10.20.0.7')).headers['retry-after'] as string);
    }
    expect(waits).toEqual(['2', '4', '8', '16']);

    // Never a lockout: once the wait is over, the right password signs in and clears the counter.
    t.clock.advance(16_000);
    const ok = await login('pg', DEMO_PASSWORD, '10.20.0.8');
    expect(ok.statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(authThrottle).where(eq(authThrottle.key, `acct:${await userId('pg')}`));
    expect(rows).toEqual([]);
  });

  it('caps the wait at one minute', async () => {
    for (let i = 0; i < 12; i++) {
      t.clock.advance(61_000); // past any wait so far
      expect((await login('ad', 'Wrong-pass-1!A', `10.21.0.${i}`)).statusCode).toBe(401);
    }
    // The 12th failure would mean 256 s; the wait stays at a minute.
    expect((await login('ad', DEMO_PASSWORD, '10.21.0.99')).headers['retry-after']).toBe('60');
    t.clock.advance(60_000);
    expect((await login('ad', DEMO_PASSWORD, '10.21.0.99')).statusCode).toBe(200);
  });

  it('treats an unknown login exactly like an account: same answers, same waits', async () => {
    const answers = async (name: string, ip: string) => {
      const out: unknown[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await login(name, 'Wrong-pass-1!A', ip);
        out.push([res.statusCode, res.json(), res.headers['retry-after']]);
      }
      const blocked = await login(name, 'Wrong-pass-1!A', ip);
      out.push([blocked.statusCode, blocked.json(), blocked.headers['retry-after']]);
      return out;
    };
    expect(await answers('personne-inconnue', '10.22.0.1')).toEqual(await answers('rh', '10.22.0.2'));
    t.clock.advance(60_000);
  });
});

describe('known devices', () => {
  it('lets the right user in from a browser they signed in from, while an attacker slows the account down', async () => {
    const first = await login('pr', DEMO_PASSWORD, '192.168.1.10');
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((c) => c.name === 'wellbe_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    const cookie = `wellbe_device=${device!.value}`;

    // The attacker, from many addresses, keeps the account slowed down.
    for (let i = 0; i < 8; i++) {
      const wait = Number((await login('pr', 'Wrong-pass-1!A', '203.0.113.200')).headers['retry-after'] ?? 0);
      if (wait) t.clock.advance(wait * 1000 - 500);
      await login('pr', 'Wrong-pass-1!A', `203.0.113.${i}`);
    }
    expect((await login('pr', DEMO_PASSWORD, '198.51.100.1')).statusCode).toBe(429);
    // The practitioner's own browser is not affected.
    const mine = await login('pr', DEMO_PASSWORD, '192.168.1.10', cookie);
    expect(mine.statusCode).toBe(200);
    // A device cookie of another account does not help.
    expect((await login('pa', DEMO_PASSWORD, '192.168.1.10', cookie)).statusCode).toBe(200);
    t.clock.advance(120_000);
  });
});

describe('hard limits', () => {
  it('blocks an IP for 15 minutes after 50 failures, whatever the logins; other addresses go on', async () => {
    const ip = '10.30.0.1';
    for (let i = 0; i < 50; i++) expect((await login(`inconnu${i}`, 'Wrong-pass-1!A', ip)).statusCode).toBe(401);
    const blocked = await login('us', DEMO_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
    expect(blocked.json().error.message).toBe('Trop de tentatives. Réessayez dans 15 minutes.');
    expect((await login('us', DEMO_PASSWORD, '10.30.0.2')).statusCode).toBe(200);
    t.clock.advance(15 * 60_000);
    expect((await login('us', DEMO_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('blocks one account from one IP after 10 failures; the account still signs in from elsewhere', async () => {
    const ip = '10.31.0.1';
    for (let i = 0; i < 10; i++) {
      t.clock.advance(61_000); // past the account's own wait
      expect((await login('re', 'Wrong-pass-1!A', ip)).statusCode).toBe(401);
    }
    t.clock.advance(61_000);
    const blocked = await login('re', DEMO_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60);
    expect((await login('re', DEMO_PASSWORD, '10.31.0.2')).statusCode).toBe(200);
    t.clock.advance(15 * 60_000);
  });
});

describe('counters in PostgreSQL', () => {
  it('survive a restart: a new app on the same database still slows the account down', async () => {
    for (let i = 0; i < 4; i++) await login('de', 'Wrong-pass-1!A', `10.40.0.${i}`);
    // A second app (a restarted or another server) shares nothing in memory with the first.
    const restarted = await buildApp(t.ctx, { webDist: '/nonexistent' });
    try {
      const again = (password: string) => restarted.inject({ method: 'POST', url: '/api/user', remoteAddress: '10.40.0.9', payload: { action: 'login', Username: 'de', Password: password } });
      const res = await again(DEMO_PASSWORD);
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('1');
      t.clock.advance(1000);
      expect((await again(DEMO_PASSWORD)).statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});

describe('the journal and /user', () => {
  it('journals the lock; SA, DE and PA see it and clear it (PA in their organisation only)', async () => {
    const id = await userId('pt');
    for (let i = 0; i < 4; i++) await login('pt', 'Wrong-pass-1!A', `10.50.0.${i}`);
    const locks = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'auth.lock'), eq(auditEvents.recordId, id)));
    expect(locks).toHaveLength(1);
    expect(locks[0]).toMatchObject({ outcome: 'denied', recordType: 'user', details: { scope: 'acct' } });
    expect(locks[0].organizationId).not.toBeNull();

    const pa = await t.login('pa');
    const seen = await t.app.inject({ method: 'GET', url: `/api/users/${id}/sign-in-lock`, headers: pa.auth });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({ locked: true, failures: 4 });

    // A PR may not; a PA of another organisation's user gets 404.
    const pr = await t.login('pr');
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${id}/sign-in-lock`, headers: pr.auth })).statusCode).toBe(403);
    const other = await userId('pr2');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${other}/sign-in-lock`, headers: pa.auth })).statusCode).toBe(404);

    const cleared = await t.app.inject({ method: 'DELETE', url: `/api/users/${id}/sign-in-lock`, headers: pa.auth });
    expect(cleared.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${id}/sign-in-lock`, headers: pa.auth })).json().data).toMatchObject({ locked: false, failures: 0 });
    expect((await login('pt', DEMO_PASSWORD, '10.50.0.9')).statusCode).toBe(200);
    const unlocks = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'auth.unlock'), eq(auditEvents.recordId, id)));
    expect(unlocks).toHaveLength(1);
    expect(unlocks[0].details).toMatchObject({ by: pa.id });
  });
});

describe('TRUST_PROXY', () => {
  const keysFor = async (app: TestApp, prefix: string) =>
    (await app.ctx.db.select({ key: authThrottle.key }).from(authThrottle).where(like(authThrottle.key, `${prefix}%`))).map((r) => r.key);
  const attempt = (app: TestApp) =>
    app.app.inject({ method: 'POST', url: '/api/user', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' }, payload: { action: 'login', Username: 'x', Password: 'Wrong-pass-1!A' } });

  it('off (the default): the socket address is the client, X-Forwarded-For is ignored', async () => {
    await attempt(t);
    expect(await keysFor(t, 'ip:')).toContain('ip:10.0.0.1');
    expect(await keysFor(t, 'ip:')).not.toContain('ip:203.0.113.9');
  });

  it('a hop count or the proxy addresses: the client is the address the proxy saw', async () => {
    for (const trustProxy of [1, ['10.0.0.1']]) {
      const behind = await createTestApp({ config: { trustProxy } });
      try {
        await attempt(behind);
        expect(await keysFor(behind, 'ip:')).toEqual(['ip:203.0.113.9']);
      } finally {
        await behind.close();
      }
    }
    // Proxies listed by address: a request from elsewhere keeps its socket address.
    const listed = await createTestApp({ config: { trustProxy: ['10.9.9.9'] } });
    try {
      await attempt(listed);
      expect(await keysFor(listed, 'ip:')).toEqual(['ip:10.0.0.1']);
    } finally {
      await listed.close();
    }
  });
});
