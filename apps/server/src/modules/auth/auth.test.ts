import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@wellbe/shared/domain/password';
import { policyAcceptances, users } from '../../db/tables.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/helpers.ts';

// The sign-in contract of SPEC §7 (POST /api/user login, /api/auth/*), throttling.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const LOGIN_FAILED = { success: false, error: { code: 'login_failed', message: 'Identifiant ou mot de passe incorrect.' } };

function login(Username: string, Password: string, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/user', remoteAddress, payload: { action: 'login', Username, Password } });
}

describe('POST /api/user action login', () => {
  it('signs a demo user in with the SPEC §7 answer', async () => {
    const res = await login('pr', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.role).toBe('PR');
    expect(typeof body.id).toBe('string');
    expect(body.data.access_token.split('.')).toHaveLength(3);
    expect(body.data.idOrganization).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data).toMatchObject({
      displayName: 'Julien Moreau',
      email: 'pr@demo.wellbe.fr',
      firstName: 'Julien',
      lastName: 'Moreau',
      organization: 'Cabinet Démo',
      idJobSpecialist: 1,
      uuid: body.id,
      photoURL: '',
      settings: {},
      shortcuts: [],
    });
    expect(body.data.job).toBe('Médecin généraliste');
    // The token is what the web app keeps: it must open the API.
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: { authorization: `Bearer ${body.data.access_token}` },
      payload: { action: 'read', Iduser: body.id },
    });
    expect(read.statusCode).toBe(200);
  });

  it('signs every demo user in with its role code, the email works as a username', async () => {
    const expected: Record<string, string> = { sa: 'SA', pa: 'PA', pg: 'PG', pr: 'PR', ad: 'AD', rh: 'RH', pt: 'PT', us: 'US', re: 'RE', de: 'DE', pr2: 'PR' };
    for (const [username, role] of Object.entries(expected)) {
      const res = await login(username, DEMO_PASSWORD, '10.1.0.1');
      expect(res.statusCode, username).toBe(200);
      expect(res.json().role).toBe(role);
    }
    const byEmail = await login('PG@demo.wellbe.fr', DEMO_PASSWORD, '10.1.0.1');
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().role).toBe('PG');
  });

  it('refuses a wrong password and an unknown user with the same French answer', async () => {
    const wrong = await login('pa', 'Nope-12345678!', '10.1.0.2');
    const unknown = await login('personne', 'Nope-12345678!', '10.1.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual(LOGIN_FAILED);
    expect(wrong.headers['retry-after']).toBeUndefined();
  });

  it('tells a deactivated account so only after the right password', async () => {
    await t.ctx.db.update(users).set({ active: false }).where(eq(users.username, 're'));
    try {
      const wrong = await login('re', 'Nope-12345678!', '10.1.0.3');
      expect(wrong.json()).toEqual(LOGIN_FAILED);
      const right = await login('re', DEMO_PASSWORD, '10.1.0.3');
      expect(right.statusCode).toBe(403);
      expect(right.json().error.message).toBe('Ce compte est désactivé. Contactez votre administrateur.');
    } finally {
      await t.ctx.db.update(users).set({ active: true }).where(eq(users.username, 're'));
    }
  });
});

// The throttle itself (per account, IP, account+IP, known devices) is tested in auth.throttle.test.ts.
describe('throttling of failed sign-ins', () => {
  it('forgets failures older than the 15-minute window', async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < 4; i++) expect((await login('rh', 'Wrong-pass-1!A', ip)).statusCode).toBe(401);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await login('rh', 'Wrong-pass-1!A', ip)).statusCode).toBe(401);
    expect((await login('rh', DEMO_PASSWORD, ip)).statusCode).toBe(200);
  });
});

describe('GET and POST /api/auth', () => {
  it('signs in with email and password in the JSON body, for both methods', async () => {
    for (const method of ['POST', 'GET'] as const) {
      const res = await t.app.inject({ method, url: '/api/auth', payload: { email: 'pa@demo.wellbe.fr', password: DEMO_PASSWORD } });
      expect(res.statusCode, method).toBe(200);
      const body = res.json();
      expect(body.access_token.split('.')).toHaveLength(3);
      expect(body.user).toMatchObject({ role: 'PA', data: { email: 'pa@demo.wellbe.fr', displayName: 'Antoine Lefèvre', organization: 'Cabinet Démo' } });
    }
  });

  it('never reads credentials from the query string', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/auth?email=pa@demo.wellbe.fr&password=${encodeURIComponent(DEMO_PASSWORD)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().access_token).toBeUndefined();
  });

  it('answers a wrong password with the error field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth', remoteAddress: '10.5.0.1', payload: { email: 'pa@demo.wellbe.fr', password: 'Wrong-pass-1!A' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(LOGIN_FAILED);
  });
});

describe('GET /api/auth/access-token', () => {
  it('renews the bearer token and re-reads the user', async () => {
    const s = await t.login('pr');
    t.clock.advance(30 * 60 * 1000);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/access-token', headers: s.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: s.id, role: 'PR' });
    expect(body.access_token).not.toBe(s.token);
    const payload = JSON.parse(Buffer.from(body.access_token.split('.')[1], 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(3600);
    expect(payload.exp).toBe(Math.floor(t.clock.now() / 1000) + 3600);
    // The renewed token outlives the first one.
    t.clock.advance(45 * 60 * 1000);
    const old = await t.app.inject({ method: 'GET', url: '/api/auth/access-token', headers: s.auth });
    expect(old.statusCode).toBe(401);
    const renewed = await t.app.inject({ method: 'GET', url: '/api/auth/access-token', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(renewed.statusCode).toBe(200);
  });

  it('also takes the token as the SPEC §7 access_token payload', async () => {
    const s = await t.login('pa');
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/access-token', payload: { access_token: s.token } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: s.id, role: 'PA' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/auth/access-token', payload: { access_token: s.token.slice(0, -2) + 'xx' } });
    expect(bad.statusCode).toBe(401);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/access-token' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'unauthorized' } });
  });
});

describe('POST /api/auth/register', () => {
  // The register form's checkbox: the CGU and privacy policy in force are accepted (issue 20).
  const user = { displayName: 'Marie Curie', email: 'marie.curie@exemple.fr', password: 'Radium-1867!', acceptPolicies: true };

  it('creates an unconfirmed US account with no organisation, signed in at once', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { user } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.user).toMatchObject({ role: 'US', idOrganization: null, data: { displayName: 'Marie Curie', email: user.email, emailConfirmed: false, organization: null } });

    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, user.email));
    // The username defaults to the email; the password is stored as an argon2id hash only.
    expect(row).toMatchObject({ username: user.email, role: 'US', organizationId: null, emailConfirmed: false });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    // Its acceptance of the CGU and privacy policy is recorded: it is not asked again at sign-in.
    const accepted = await t.ctx.db.select().from(policyAcceptances).where(eq(policyAcceptances.userId, row.id));
    expect(accepted.map((a) => a.via)).toEqual(['register', 'register']);

    // The new account signs in, and sees no practice data.
    const s = await t.login(user.email, user.password);
    expect(s.role).toBe('US');
    const read = await t.app.inject({ method: 'POST', url: '/api/user', headers: s.auth, payload: { action: 'read', Iduser: s.id } });
    expect(read.json()).toEqual({ success: true, data: { idUser: s.id, idRole: 'US', idOrganization: null } });
  });

  it('refuses a taken email or username with the error field, and creates nothing', async () => {
    const count = async () => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
    const before = await count();
    const email = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { user: { ...user, email: 'PR@demo.wellbe.fr' } } });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({ success: false, error: { code: 'email_taken', message: 'Cette adresse email est déjà utilisée.' } });
    const username = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { user: { ...user, email: 'autre@exemple.fr', username: 'PR2' } },
    });
    expect(username.statusCode).toBe(409);
    expect(username.json()).toEqual({ success: false, error: { code: 'username_taken', message: 'Ce nom d’utilisateur est déjà utilisé.' } });
    expect(await count()).toBe(before);
  });

  it('is for guests only: a signed-in caller is refused', async () => {
    const s = await t.login('pr');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: s.auth, payload: { user: { ...user, email: 'invite@exemple.fr' } } });
    expect(res.statusCode).toBe(403);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'invite@exemple.fr'));
    expect(row).toBeUndefined();
  });

  it('applies the SPEC §5 password rule with its French message', async () => {
    for (const password of ['radium-1867!', 'RADIUM-1867!', 'Radium-abcd!', 'Radium18670', 'Rad-1867!', 'Radium-1867~']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { user: { ...user, email: 'regle@exemple.fr', password } } });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error.message).toBe(PASSWORD_MESSAGES.rule);
    }
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'regle@exemple.fr'));
    expect(row).toBeUndefined();
  });
});

describe('common passwords', () => {
  const COMMON = 'Ce mot de passe est trop courant ou trop facile à deviner. Choisissez-en un autre.';
  it('are refused, with a French message, even when they follow the SPEC §5 rule', async () => {
    for (const password of ['Password123!', 'Motdepasse1!', 'P@ssw0rd2024!']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: '10.9.0.1', payload: { user: { displayName: 'Commun', email: `commun-${password.length}@exemple.fr`, password, acceptPolicies: true } } });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error).toEqual({ code: 'password_common', message: COMMON });
    }
    const s = await t.login('pg');
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/profil',
      headers: s.auth,
      payload: { action: 'updatePassword', userUpdate: { Iduser: s.id, oldPassword: DEMO_PASSWORD, password: 'Bonjour123!', passwordConfirm: 'Bonjour123!' } },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().error.message).toBe(COMMON);
  });
});

describe('POST /api/auth/user/update', () => {
  it('saves the caller’s settings, shortcuts and display name, and nothing else', async () => {
    const s = await t.login('pr');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user/update',
      headers: s.auth,
      payload: {
        user: {
          role: 'SA',
          idOrganization: null,
          email: 'pirate@exemple.fr',
          active: false,
          data: { displayName: 'Dr Julien Moreau', settings: { layout: { style: 'layout4' } }, shortcuts: ['agenda', 'patients'], email: 'pirate@exemple.fr', username: 'root' },
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, s.id));
    expect(row).toMatchObject({
      displayName: 'Dr Julien Moreau',
      settings: { layout: { style: 'layout4' } },
      shortcuts: ['agenda', 'patients'],
      role: 'PR',
      email: 'pr@demo.wellbe.fr',
      username: 'pr',
      active: true,
    });
    expect(row.organizationId).toBe(s.idOrganization);
    // What the next sign-in reads back.
    const again = await t.login('pr');
    expect(again.role).toBe('PR');
  });

  it('refuses an anonymous caller', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/user/update', payload: { user: { displayName: 'X' } } });
    expect(res.statusCode).toBe(401);
  });
});
