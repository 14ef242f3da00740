import { and, eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, userRecoveryCodes, users } from '../../db/tables.ts';
import { createTestApp, DEMO_PASSWORD, type Session, type TestApp } from '../../../test/helpers.ts';
import { SoftAuthenticator } from '../../../test/soft-authenticator.ts';

// The second factor (ASVS 5.0 V6.5/V6.6): TOTP with recovery codes, passkeys, remembered devices,
// the organisation policy, and SPEC §7's login untouched for accounts without one.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const login = (Username: string, headers: Record<string, string> = {}) => post('/api/user', { action: 'login', Username, Password: DEMO_PASSWORD }, headers);
const code = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now() / 1000) });
const nextStep = () => t.clock.advance(30_000);

async function enrolTotp(s: Session): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await post('/api/auth/mfa/totp/setup', {}, s.auth);
  expect(setup.statusCode).toBe(200);
  const { secret, qrCode } = setup.json().data;
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
  const confirm = await post('/api/auth/mfa/totp/confirm', { code: await code(secret) }, s.auth);
  expect(confirm.statusCode).toBe(200);
  return { secret, recoveryCodes: confirm.json().data.recoveryCodes };
}

describe('accounts without a second factor', () => {
  it('keep SPEC §7’s login answer, with no trace of the second factor', async () => {
    const res = await login('pr');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['data', 'id', 'role', 'success', 'user']);
    expect(res.json().success).toBe(true);
  });
});

describe('TOTP', () => {
  let secret: string;
  let recoveryCodes: string[];

  it('enrols from /profile with a first code; 10 recovery codes shown once, stored hashed', async () => {
    const s = await t.login('pr');
    // A wrong first code enrols nothing.
    const setup = await post('/api/auth/mfa/totp/setup', {}, s.auth);
    const wrong = await post('/api/auth/mfa/totp/confirm', { code: '000000' }, s.auth);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual({ code: 'mfa_code_invalid', message: 'Code incorrect ou déjà utilisé.' });
    expect(setup.json().data.secret).toMatch(/^[A-Z2-7]+=*$/);

    ({ secret, recoveryCodes } = await enrolTotp(s));
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await t.ctx.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, s.id));
    expect(stored).toHaveLength(10);
    expect(stored.some((r) => recoveryCodes.some((c) => r.codeHash.includes(c.replace(/-/g, ''))))).toBe(false);
    const state = await t.app.inject({ method: 'GET', url: '/api/auth/mfa', headers: s.auth });
    expect(state.json().data).toMatchObject({ totp: true, recoveryCodesLeft: 10, passkeys: [] });
    const journal = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'auth.mfa.enrol'), eq(auditEvents.userId, s.id)));
    expect(journal).toHaveLength(1);
  });

  it('turns login into a challenge; mfaVerify with a code gives the usual answer; a code is never accepted twice', async () => {
    const first = await login('pr');
    expect(first.statusCode).toBe(401);
    const body = first.json();
    expect(body).toMatchObject({ success: false, error: { code: 'mfa_required' }, methods: ['totp', 'recovery'] });
    expect(body.data).toBeUndefined();
    // The challenge token is no access token.
    expect((await post('/api/user', { action: 'read', Iduser: (await t.login('pa')).id }, { authorization: `Bearer ${body.mfa_token}` })).statusCode).toBe(401);

    // The code used at enrolment, in the same time step: refused (replay).
    const replay = await post('/api/user', { action: 'mfaVerify', mfa_token: body.mfa_token, code: await code(secret) });
    expect(replay.statusCode).toBe(401);

    nextStep();
    const fresh = await code(secret);
    const ok = await post('/api/user', { action: 'mfaVerify', mfa_token: body.mfa_token, code: fresh });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, role: 'PR', data: { email: 'pr@demo.wellbe.fr' } });
    expect(ok.json().data.access_token.split('.')).toHaveLength(3);
    // The same code again, even on a new challenge: refused.
    const again = (await login('pr')).json();
    expect((await post('/api/user', { action: 'mfaVerify', mfa_token: again.mfa_token, code: fresh })).statusCode).toBe(401);
  });

  it('accepts each recovery code once', async () => {
    const challenge = (await login('pr')).json().mfa_token;
    const used = await post('/api/user', { action: 'mfaVerify', mfa_token: challenge, code: recoveryCodes[0].toLowerCase() });
    expect(used.statusCode).toBe(200);
    const challenge2 = (await login('pr')).json().mfa_token;
    expect((await post('/api/user', { action: 'mfaVerify', mfa_token: challenge2, code: recoveryCodes[0] })).statusCode).toBe(401);
    expect((await post('/api/user', { action: 'mfaVerify', mfa_token: challenge2, code: recoveryCodes[1] })).statusCode).toBe(200);
  });

  it('accepts a challenge token once: a code then a recovery code on the same token give one session', async () => {
    nextStep();
    const challenge = (await login('pr')).json().mfa_token;
    expect((await post('/api/user', { action: 'mfaVerify', mfa_token: challenge, code: await code(secret) })).statusCode).toBe(200);
    const second = await post('/api/user', { action: 'mfaVerify', mfa_token: challenge, code: recoveryCodes[2] });
    expect(second.statusCode).toBe(401);
    expect(second.json().error).toEqual({ code: 'mfa_challenge_invalid', message: 'Cette vérification a déjà servi. Reconnectez-vous.' });
    expect(second.json().data).toBeUndefined();
    // The refused use spent nothing: that recovery code still signs in on a new challenge.
    const fresh = (await login('pr')).json().mfa_token;
    expect((await post('/api/user', { action: 'mfaVerify', mfa_token: fresh, code: recoveryCodes[2] })).statusCode).toBe(200);
  });

  it('accepts a challenge token once when two uses race (a code and a recovery code in parallel: one wins)', async () => {
    nextStep();
    const challenge = (await login('pr')).json().mfa_token;
    const answers = await Promise.all([
      post('/api/user', { action: 'mfaVerify', mfa_token: challenge, code: await code(secret) }),
      post('/api/user', { action: 'mfaVerify', mfa_token: challenge, code: recoveryCodes[3] }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it('throttles codes: 5 wrong ones, then 429', async () => {
    const challenge = (await login('pr')).json().mfa_token;
    for (let i = 0; i < 5; i++) {
      t.clock.advance(2000); // past the account's short waits (1 s, 2 s): the address's limit is what stops
      expect((await post('/api/user', { action: 'mfaVerify', mfa_token: challenge, code: '123456' })).statusCode).toBe(401);
    }
    nextStep();
    const blocked = await post('/api/user', { action: 'mfaVerify', mfa_token: challenge, code: await code(secret) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    t.clock.advance(15 * 60_000);
  });

  it('five wrong codes keep only the guesser’s address waiting: the real user signs in from their own browser, and waits at most a minute elsewhere', async () => {
    const from = (remoteAddress: string, payload: object, cookie?: string) => t.app.inject({ method: 'POST', url: '/api/user', remoteAddress, payload, headers: cookie ? { cookie } : {} });
    const signIn = (remoteAddress: string, cookie?: string) => from(remoteAddress, { action: 'login', Username: 'pr', Password: DEMO_PASSWORD }, cookie);
    // The real user's browser has signed in with both factors before: it is a known device.
    nextStep();
    const first = await signIn('10.50.0.1');
    const done = await from('10.50.0.1', { action: 'mfaVerify', mfa_token: first.json().mfa_token, code: await code(secret) });
    expect(done.statusCode).toBe(200);
    const device = [...done.cookies, ...first.cookies].find((c) => c.name === 'wellbe_device')!;
    const cookie = `wellbe_device=${device.value}`;

    // Someone who knows the password, elsewhere: five wrong codes, then their address waits 15 minutes.
    const guess = (await signIn('10.60.0.1')).json().mfa_token;
    for (let i = 0; i < 5; i++) {
      t.clock.advance(2000); // past the account's short waits
      expect((await from('10.60.0.1', { action: 'mfaVerify', mfa_token: guess, code: '123456' })).statusCode).toBe(401);
    }
    const stopped = await from('10.60.0.1', { action: 'mfaVerify', mfa_token: guess, code: '123456' });
    expect(stopped.statusCode).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(14 * 60);

    // The real user, from their browser, signs in at once.
    nextStep();
    const mine = (await signIn('10.50.0.1', cookie)).json().mfa_token;
    expect((await from('10.50.0.1', { action: 'mfaVerify', mfa_token: mine, code: await code(secret) }, cookie)).statusCode).toBe(200);

    // From a browser never used, the account is only slowed down (at most a minute), never locked.
    nextStep();
    for (let i = 0; i < 5; i++) {
      t.clock.advance(2000);
      expect((await from(`10.61.0.${i}`, { action: 'mfaVerify', mfa_token: (await signIn(`10.61.0.${i}`)).json().mfa_token, code: '123456' })).statusCode).toBe(401);
    }
    const elsewhere = (await signIn('10.70.0.1')).json().mfa_token;
    const slowed = await from('10.70.0.1', { action: 'mfaVerify', mfa_token: elsewhere, code: await code(secret) });
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(60);
    t.clock.advance(Number(slowed.headers['retry-after']) * 1000);
    expect((await from('10.70.0.1', { action: 'mfaVerify', mfa_token: elsewhere, code: await code(secret) })).statusCode).toBe(200);
    t.clock.advance(15 * 60_000);
  });

  it('expires the challenge after 5 minutes', async () => {
    const challenge = (await login('pr')).json().mfa_token;
    t.clock.advance(5 * 60_000 + 1000);
    const late = await post('/api/user', { action: 'mfaVerify', mfa_token: challenge, code: await code(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('mfa_challenge_invalid');
  });

  it('remembers a device for 30 days with an httpOnly SameSite=Strict cookie, listed and revocable', async () => {
    nextStep();
    const challenge = (await login('pr')).json().mfa_token;
    const ok = await post('/api/user', { action: 'mfaVerify', mfa_token: challenge, code: await code(secret), remember: true });
    expect(ok.statusCode).toBe(200);
    const cookie = ok.cookies.find((c) => c.name === 'wellbe_remember')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', maxAge: 30 * 24 * 3600 });
    const headers = { cookie: `wellbe_remember=${cookie.value}` };
    expect((await login('pr', headers)).statusCode).toBe(200);
    // Another account does not benefit from it.
    const s = { authorization: `Bearer ${ok.json().data.access_token}` };
    const devices = (await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: s })).json().data.devices;
    expect(devices).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/devices/${devices[0].id}`, headers: s })).statusCode).toBe(200);
    expect((await login('pr', headers)).statusCode).toBe(401);
    t.clock.advance(31 * 24 * 3600 * 1000);
  });

  it('is removed only with a code, and journalled', async () => {
    nextStep();
    const challenge = (await login('pr')).json().mfa_token;
    const s = (await post('/api/user', { action: 'mfaVerify', mfa_token: challenge, code: await code(secret) })).json();
    const auth = { authorization: `Bearer ${s.data.access_token}` };
    expect((await post('/api/auth/mfa/totp/disable', { code: '000000' }, auth)).statusCode).toBe(401);
    nextStep();
    expect((await post('/api/auth/mfa/totp/disable', { code: await code(secret) }, auth)).statusCode).toBe(200);
    expect((await login('pr')).statusCode).toBe(200);
    const removed = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'auth.mfa.remove'), eq(auditEvents.userId, s.id)));
    expect(removed).toHaveLength(1);
  });
});

describe('TOTP secrets at rest', () => {
  const storedSecret = async (username: string): Promise<string> =>
    (await t.handle.pool.query(`select secret from user_totp where user_id = (select id from users where username = $1)`, [username])).rows[0].secret;
  const signInWithCode = async (username: string, secret: string) => {
    nextStep();
    const challenge = (await login(username)).json().mfa_token;
    return post('/api/user', { action: 'mfaVerify', mfa_token: challenge, code: await code(secret) });
  };

  it('are stored sealed, never as the base32 secret, and still verify', async () => {
    const s = await t.login('ad');
    const { secret } = await enrolTotp(s);
    const stored = await storedSecret('ad');
    expect(stored).not.toContain(secret);
    expect(stored).toMatch(/^v1\./);
    expect((await signInWithCode('ad', secret)).statusCode).toBe(200);
  });

  it('a secret stored in clear before still verifies, and is sealed by its next accepted code', async () => {
    const secret = generateSecret();
    await t.handle.pool.query(`insert into user_totp (user_id, secret, confirmed_at, created_at) select id, $1, now(), now() from users where username = 'rh'`, [secret]);
    expect((await signInWithCode('rh', generateSecret())).statusCode).toBe(401);
    expect(await storedSecret('rh')).toBe(secret);
    const ok = await signInWithCode('rh', secret);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, role: 'RH' });
    const stored = await storedSecret('rh');
    expect(stored).not.toContain(secret);
    expect((await signInWithCode('rh', secret)).statusCode).toBe(200);
  });
});

describe('passkeys', () => {
  const authenticator = new SoftAuthenticator('http://localhost:3000');

  it('registers several named passkeys with a software authenticator', async () => {
    const s = await t.login('pa');
    for (const name of ['Ordinateur du cabinet', 'Téléphone']) {
      const device = name === 'Téléphone' ? new SoftAuthenticator('http://localhost:3000') : authenticator;
      const options = (await post('/api/auth/passkeys/options', {}, s.auth)).json().data;
      const res = await post('/api/auth/passkeys', { name, challengeId: options.challengeId, response: device.register(options.options) }, s.auth);
      expect(res.statusCode, res.body).toBe(201);
    }
    const state = (await t.app.inject({ method: 'GET', url: '/api/auth/mfa', headers: s.auth })).json().data;
    expect(state.passkeys.map((p: { name: string }) => p.name)).toEqual(['Ordinateur du cabinet', 'Téléphone']);
    // A registration answer for another origin is refused.
    const options = (await post('/api/auth/passkeys/options', {}, s.auth)).json().data;
    const foreign = new SoftAuthenticator('http://evil.example');
    expect((await post('/api/auth/passkeys', { name: 'Pirate', challengeId: options.challengeId, response: foreign.register(options.options) }, s.auth)).statusCode).toBe(400);
  });

  it('serves as the second factor after the password', async () => {
    const first = (await login('pa')).json();
    expect(first.error.code).toBe('mfa_required');
    expect(first.methods).toEqual(['passkey']);
    const options = (await post('/api/user', { action: 'passkeyOptions', mfa_token: first.mfa_token })).json().data;
    expect(options.options.allowCredentials).toHaveLength(2);
    const tampered = await post('/api/user', { action: 'passkeyLogin', mfa_token: first.mfa_token, challengeId: options.challengeId, response: authenticator.assert(options.options, true) });
    expect(tampered.statusCode).toBe(401);
    const again = (await post('/api/user', { action: 'passkeyOptions', mfa_token: first.mfa_token })).json().data;
    const ok = await post('/api/user', { action: 'passkeyLogin', mfa_token: first.mfa_token, challengeId: again.challengeId, response: authenticator.assert(again.options) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, role: 'PA' });
    // The challenge was consumed: the same answer does not sign in twice.
    expect((await post('/api/user', { action: 'passkeyLogin', mfa_token: first.mfa_token, challengeId: again.challengeId, response: authenticator.assert(again.options) })).statusCode).toBe(401);
    // Nor does the password's token with a fresh assertion: it gave its one session.
    const third = (await post('/api/user', { action: 'passkeyOptions', mfa_token: first.mfa_token })).json().data;
    const reused = await post('/api/user', { action: 'passkeyLogin', mfa_token: first.mfa_token, challengeId: third.challengeId, response: authenticator.assert(third.options) });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.code).toBe('mfa_challenge_invalid');
  });

  it('signs in without a password', async () => {
    const options = (await post('/api/user', { action: 'passkeyOptions' })).json().data;
    expect(options.options.allowCredentials).toEqual([]);
    const ok = await post('/api/user', { action: 'passkeyLogin', challengeId: options.challengeId, response: authenticator.assert(options.options) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, role: 'PA' });
    const journal = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'auth.login'), eq(auditEvents.userId, ok.json().id)));
    expect(journal.some((e) => (e.details as { method?: string })?.method === 'passkey')).toBe(true);
  });
});

describe('the organisation policy', () => {
  it('is optional in the demo organisation and required in a new one', async () => {
    const sa = await t.login('sa');
    const demo = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: (await t.login('pg')).auth });
    expect(demo.json().data.mfaRequired).toBe(false);
    const created = await post('/api/organisations', { name: 'Cabinet Neuf' }, sa.auth);
    expect(created.statusCode, created.body).toBeLessThan(300);
    const id = created.json().data.idOrganization;
    const settings = await t.app.inject({ method: 'GET', url: `/api/admin/settings?organizationId=${id}`, headers: sa.auth });
    expect(settings.json().data.mfaRequired).toBe(true);
  });

  it('when required, a professional enrols at sign-in before getting any session; patients are not asked', async () => {
    const de = await t.login('de');
    const current = (await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: de.auth })).json().data;
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: de.auth, payload: { ...current, mfaRequired: true } })).statusCode).toBe(200);

    const first = await login('pg');
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({ success: false, error: { code: 'mfa_enrolment_required' } });
    const challenge = first.json().mfa_token;
    // No session: the challenge opens nothing.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/access-token', headers: { authorization: `Bearer ${challenge}` } })).statusCode).toBe(401);
    const start = (await post('/api/user', { action: 'mfaEnrolStart', mfa_token: challenge })).json().data;
    expect(start.qrCode).toMatch(/^data:image\/svg\+xml/);
    const done = await post('/api/user', { action: 'mfaEnrolConfirm', mfa_token: challenge, code: await code(start.secret) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ success: true, role: 'PG' });
    expect(done.json().recoveryCodes).toHaveLength(10);
    // Next time, the code is asked.
    expect((await login('pg')).json().error.code).toBe('mfa_required');

    // The last factor cannot be removed while required.
    nextStep();
    const pgChallenge = (await login('pg')).json().mfa_token;
    const pgSession = (await post('/api/user', { action: 'mfaVerify', mfa_token: pgChallenge, code: await code(start.secret) })).json();
    nextStep();
    const remove = await post('/api/auth/mfa/totp/disable', { code: await code(start.secret) }, { authorization: `Bearer ${pgSession.data.access_token}` });
    expect(remove.statusCode).toBe(409);

    // A patient of the same organisation signs in with the password alone.
    expect((await login('pt')).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.username, 'pg'));
    expect(row.active).toBe(true);
  });
});
