import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, users } from '../../db/tables.ts';
import { createTestApp, DEMO_PASSWORD, type Session, type TestApp } from '../../../test/helpers.ts';

// Server-side sessions (ASVS 5.0 V7): logout, absolute lifetime, the session list of /profile.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3600 * 1000;
const renew = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/access-token', headers: { authorization: `Bearer ${token}` } });
const renewByBody = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/access-token', payload: { access_token: token } });
const readSelf = (s: Session) => t.app.inject({ method: 'POST', url: '/api/user', headers: s.auth, payload: { action: 'read', Iduser: s.id } });
const signIn = (username: string, userAgent: string) =>
  t.app.inject({ method: 'POST', url: '/api/user', headers: { 'user-agent': userAgent }, payload: { action: 'login', Username: username, Password: DEMO_PASSWORD } });

describe('POST /api/auth/logout', () => {
  it('revokes the presented token on the server, header and body renewals alike', async () => {
    const s = await t.login('pr');
    expect((await readSelf(s)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: s.auth });
    expect(out.statusCode).toBe(200);
    // The copied token no longer opens anything, well before its 60 minutes.
    expect((await readSelf(s)).statusCode).toBe(401);
    expect((await renew(s.token)).statusCode).toBe(401);
    expect((await renewByBody(s.token)).statusCode).toBe(401);
  });

  it('ends only that session', async () => {
    const a = await t.login('pa');
    const b = await t.login('pa');
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: a.auth });
    expect((await readSelf(b)).statusCode).toBe(200);
  });
});

describe('absolute session lifetime', () => {
  it('refuses renewal past 12 hours however often the token was renewed; the idle limit stays 60 minutes', async () => {
    const s = await t.login('pg');
    let token = s.token;
    for (let h = 0; h < 23; h++) {
      t.clock.advance(HOUR / 2);
      const res = await renew(token);
      expect(res.statusCode, `after ${(h + 1) / 2} h`).toBe(200);
      token = res.json().access_token;
    }
    // 11 h 30 so far; the token works, but the session ends at 12 h.
    t.clock.advance(HOUR / 2);
    const late = await renew(token);
    expect(late.statusCode).toBe(401);
    expect((await renewByBody(token)).statusCode).toBe(401);
    // A new sign-in starts a new session.
    expect((await renew((await t.login('pg')).token)).statusCode).toBe(200);

    // Idle: a token unused for more than 60 minutes is expired, as SPEC §4 says.
    const idle = await t.login('pg');
    t.clock.advance(HOUR + 1000);
    expect((await renew(idle.token)).json().error.code).toBe('token_expired');
  });

  it('follows the organisation setting', async () => {
    const pa = await t.login('pa');
    const settings = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: pa.auth });
    expect(settings.statusCode).toBe(200);
    const put = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: pa.auth, payload: { ...settings.json().data, sessionMaxHours: 2 } });
    expect(put.statusCode).toBe(200);
    const s = await t.login('ad');
    t.clock.advance(HOUR - 60_000);
    const once = await renew(s.token);
    expect(once.statusCode).toBe(200);
    t.clock.advance(HOUR);
    expect((await renew(once.json().access_token)).statusCode).toBe(401);
    const [org] = await t.ctx.db.select().from(organisations).where(eq(organisations.id, pa.idOrganization!));
    await t.ctx.db.update(organisations).set({ settings: { ...org.settings, sessionMaxHours: 12 } }).where(eq(organisations.id, org.id));
  });
});

describe('the session list of /profile', () => {
  it('lists the caller’s active sessions with device, IP and last seen, and revokes one or all the others', async () => {
    const laptop = (await signIn('rh', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36')).json();
    const phone = (await signIn('rh', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1')).json();
    const tablet = (await signIn('rh', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).json();
    const auth = (body: { data: { access_token: string } }) => ({ authorization: `Bearer ${body.data.access_token}` });

    const list = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: auth(laptop) });
    expect(list.statusCode).toBe(200);
    const sessions = list.json().data.sessions as { id: string; device: string; ip: string; lastSeenAt: string; current: boolean }[];
    expect(sessions.map((s) => s.device).sort()).toEqual(['Chrome sur Linux', 'Firefox sur Windows', 'Safari sur iOS']);
    expect(sessions.filter((s) => s.current).map((s) => s.device)).toEqual(['Chrome sur Linux']);
    expect(sessions.every((s) => s.ip === '127.0.0.1' && !Number.isNaN(Date.parse(s.lastSeenAt)))).toBe(true);

    // Another user's session answers 404 and stays.
    const other = await t.login('pa');
    const otherSid = (await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: other.auth })).json().data.sessions[0].id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${otherSid}`, headers: auth(laptop) })).statusCode).toBe(404);
    expect((await readSelf(other)).statusCode).toBe(200);

    // "Déconnecter cette session": the phone.
    const phoneSid = sessions.find((s) => s.device === 'Safari sur iOS')!.id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${phoneSid}`, headers: auth(laptop) })).statusCode).toBe(200);
    expect((await renew(phone.data.access_token)).statusCode).toBe(401);
    expect((await renew(tablet.data.access_token)).statusCode).toBe(200);

    // "Déconnecter toutes les autres sessions": the tablet goes, the laptop stays.
    const others = await t.app.inject({ method: 'POST', url: '/api/auth/sessions/revoke-others', headers: auth(laptop) });
    expect(others.json()).toEqual({ success: true, data: { count: 1 } });
    expect((await renew(tablet.data.access_token)).statusCode).toBe(401);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: auth(laptop) });
    expect(after.json().data.sessions.map((s: { device: string }) => s.device)).toEqual(['Chrome sur Linux']);
  });

  it('a password change ends the other sessions and keeps the one that made it', async () => {
    const a = await t.login('us');
    const b = await t.login('us');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profil',
      headers: a.auth,
      payload: { action: 'updatePassword', userUpdate: { Iduser: a.id, oldPassword: DEMO_PASSWORD, password: 'Nouveau-Secret-2026!', passwordConfirm: 'Nouveau-Secret-2026!' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await renew(res.json().access_token)).statusCode).toBe(200);
    expect((await renew(b.token)).statusCode).toBe(401);
    await t.ctx.db.update(users).set({ passwordHash: (await t.ctx.db.select().from(users).where(eq(users.username, 'pr')))[0].passwordHash }).where(eq(users.username, 'us'));
  });
});
