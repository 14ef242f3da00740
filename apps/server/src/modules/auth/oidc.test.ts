import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_MESSAGES, type OidcErrorCode } from '@wellbe/shared/schemas/oidc';
import { createTestApp, type Session, type TestApp } from '../../../test/helpers.ts';
import { SoftAuthenticator } from '../../../test/soft-authenticator.ts';
import { sweepOidcLogins } from './oidc.service.ts';
import { authorise, startLoopbackProvider, tamperingFetch, type LoopbackProvider, type TestAccount } from '../../../test/oidc-provider.ts';

// Sign-in by OpenID Connect against a real provider (oidc-provider) on loopback: the full code
// flow with Pro Santé Connect's shape (the RPPS in `SubjectNameID`), each bad case of the protocol
// refused in French, journalled and counted, and an organisation that enforces its own provider.

const REDIRECT = 'http://localhost:3000/api/auth/oidc/callback';
let t: TestApp;
let op: LoopbackProvider;
let de: Session;
let psc: string;
let prRpps: string;
let forge: ((claims: Record<string, unknown>) => Promise<string>) | null = null;

const sql = async (text: string, values: unknown[] = []) => (await t.handle.pool.query(text, values)).rows;

beforeAll(async () => {
  t = await createTestApp();
  op = await startLoopbackProvider(REDIRECT);
  t.ctx.oidcFetch = tamperingFetch(() => forge);
  de = await t.login('de');
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/oidc-providers/platform',
    headers: de.auth,
    payload: { label: 'Pro Santé Connect', issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, scopes: 'openid scope_all', claim: 'SubjectNameID', matchOn: 'rpps' },
  });
  expect(res.statusCode, res.body).toBe(200);
  psc = res.json().data.id;
  [{ rpps: prRpps }] = await sql(`select rpps from users where username = 'pr'`);
});
afterAll(async () => {
  await op?.close();
  await t?.close();
});

/** The browser's round trip: WellBe's start, the provider, and WellBe's callback; answers where the browser lands. */
async function roundTrip(providerId: string, account: TestAccount, extra = ''): Promise<{ landing: string; callback: string }> {
  op.as(account);
  const start = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/${providerId}/start` });
  expect(start.statusCode).toBe(302);
  const location = String(start.headers.location);
  if (location.startsWith('/login/oidc')) return { landing: location, callback: '' };
  const back = await authorise(location, REDIRECT);
  const callback = back.slice('http://localhost:3000'.length) + extra;
  const res = await t.app.inject({ method: 'GET', url: callback });
  expect(res.statusCode).toBe(302);
  return { landing: String(res.headers.location), callback };
}

const ticketOf = (landing: string) => /#ticket=([\w-]+)$/.exec(landing)?.[1];
const finish = (ticket: string) => t.app.inject({ method: 'POST', url: '/api/auth/oidc/finish', payload: { ticket } });
const pscAccount = (rpps: string): TestAccount => ({ sub: `psc-${rpps}`, SubjectNameID: `8${rpps}` });
const failures = async () => Number((await sql(`select coalesce(sum(failures), 0) as n from auth_throttle where key = 'ip:127.0.0.1'`))[0].n);
const refusals = async (reason: OidcErrorCode) =>
  Number((await sql(`select count(*) as n from audit_events where action = 'auth.login' and outcome = 'denied' and details->>'reason' = $1`, [reason]))[0].n);

/** A bad case: the browser lands on the French error page, the refusal is journalled and counted. */
async function expectRefused(run: () => Promise<{ landing: string }>, code: OidcErrorCode) {
  const [before, counted] = [await refusals(code), await failures()];
  const { landing } = await run();
  expect(landing).toBe(`/login/oidc#error=${code}`);
  expect(OIDC_MESSAGES[code]).toMatch(/[éèà’]|Recommencez|Demandez/);
  expect(await refusals(code)).toBe(before + 1);
  expect(await failures()).toBe(counted + 1);
}

describe('Pro Santé Connect', () => {
  it('shows its button on /login once configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/providers' });
    expect(res.json().data).toEqual([{ id: psc, kind: 'psc', label: 'Pro Santé Connect', startUrl: `/api/auth/oidc/${psc}/start` }]);
  });

  it('signs pr in by their RPPS through the full code flow, without asking a second factor, and logout revokes the session', async () => {
    const { landing } = await roundTrip(psc, pscAccount(prRpps));
    const ticket = ticketOf(landing);
    expect(ticket, landing).toBeTruthy();
    const res = await finish(ticket!);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.user.data.username).toBe('pr');
    const auth = { authorization: `Bearer ${body.access_token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/access-token', headers: auth })).statusCode).toBe(200);
    const [session] = await sql(`select method from user_sessions where user_id = $1 order by created_at desc limit 1`, [body.user.id]);
    expect(session.method).toBe('psc');
    // The ticket gives one session only.
    expect((await finish(ticket!)).json().error.message).toBe(OIDC_MESSAGES.ticket_invalid);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/access-token', headers: auth })).statusCode).toBe(401);
  });

  it('ignores the parameters providers add to the callback (scope, authuser, prompt)', async () => {
    const { landing } = await roundTrip(psc, pscAccount(prRpps), '&scope=openid&authuser=0&prompt=consent');
    expect(ticketOf(landing), landing).toBeTruthy();
  });

  it('refuses a forged state and a replayed one', async () => {
    await expectRefused(async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/callback?code=abc&state=${randomUUID()}` });
      return { landing: String(res.headers.location) };
    }, 'state_invalid');
    const first = await roundTrip(psc, pscAccount(prRpps));
    expect(ticketOf(first.landing)).toBeTruthy();
    await expectRefused(async () => {
      const res = await t.app.inject({ method: 'GET', url: first.callback });
      return { landing: String(res.headers.location) };
    }, 'state_invalid');
  });

  it('lands a return with a malformed known parameter on the French page, journalled and counted like a forged state', async () => {
    // A state longer than any WellBe issues, a repeated state, a code past its bound, a NUL.
    for (const query of [`code=abc&state=${'s'.repeat(201)}`, `code=abc&state=${randomUUID()}&state=${randomUUID()}`, `code=${'c'.repeat(2001)}&state=${randomUUID()}`, `code=abc&state=a%00b`]) {
      await expectRefused(async () => {
        const res = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/callback?${query}` });
        expect(res.statusCode, query).toBe(302);
        return { landing: String(res.headers.location) };
      }, 'state_invalid');
    }
  });

  const forged: [string, (c: Record<string, unknown>) => Promise<string>][] = [
    ['a wrong nonce', (c) => op.sign({ ...c, nonce: 'not-the-one-wellbe-sent' })],
    ['a bad signature', (c) => op.sign(c, { foreignKey: true })],
    ['the wrong audience', (c) => op.sign({ ...c, aud: 'another-client' })],
    ['an expired ID token', (c) => op.sign({ ...c, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 })],
  ];
  for (const [name, forger] of forged) {
    it(`refuses an ID token with ${name}`, async () => {
      forge = forger;
      try {
        await expectRefused(() => roundTrip(psc, pscAccount(prRpps)), 'token_invalid');
      } finally {
        forge = null;
      }
    });
  }

  it('refuses an answer without the national identifier, and one that names nobody, never creating an account', async () => {
    await expectRefused(() => roundTrip(psc, { sub: 'no-claim' }), 'claim_missing');
    const accounts = Number((await sql('select count(*) as n from users'))[0].n);
    await expectRefused(() => roundTrip(psc, pscAccount('10000000009')), 'unknown_professional');
    expect(Number((await sql('select count(*) as n from users'))[0].n)).toBe(accounts);
  });

  it('refuses an RPPS two accounts carry', async () => {
    await sql(`update users set rpps = $1 where username = 'di'`, [prRpps]);
    try {
      await expectRefused(() => roundTrip(psc, pscAccount(prRpps)), 'ambiguous_professional');
    } finally {
      await sql(`update users set rpps = null where username = 'di'`);
    }
  });

  it('tells the provider is down, and the password sign-in still works', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/oidc-providers/platform',
      headers: de.auth,
      payload: { label: 'Pro Santé Connect', issuer: 'http://127.0.0.1:9', clientId: 'x', scopes: 'openid scope_all', claim: 'SubjectNameID', matchOn: 'rpps' },
    });
    expect(res.statusCode, res.body).toBe(200);
    try {
      await expectRefused(() => roundTrip(psc, pscAccount(prRpps)), 'provider_down');
      expect((await t.login('pr')).token).toBeTruthy();
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/admin/oidc-providers/platform',
        headers: de.auth,
        payload: { label: 'Pro Santé Connect', issuer: op.issuer, clientId: op.clientId, scopes: 'openid scope_all', claim: 'SubjectNameID', matchOn: 'rpps' },
      });
    }
  });

  it('answers 400 in French to a back-channel logout it cannot validate: provider unreachable, or its secret unreadable', async () => {
    const save = (issuer: string, clientSecret?: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/oidc-providers/platform',
        headers: de.auth,
        payload: { label: 'Pro Santé Connect', issuer, clientId: op.clientId, ...(clientSecret ? { clientSecret } : {}), scopes: 'openid scope_all', claim: 'SubjectNameID', matchOn: 'rpps' },
      });
    const expectRefusal = async () => {
      const res = await t.app.inject({ method: 'POST', url: `/api/auth/oidc/${psc}/backchannel-logout`, payload: { logout_token: 'x' } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid_request', message: OIDC_MESSAGES.logout_invalid });
    };
    const tampering = t.ctx.oidcFetch!;
    let discoveries = 0;
    t.ctx.oidcFetch = (input, init) => {
      discoveries++;
      return tampering(input, init);
    };
    try {
      expect((await save('https://127.0.0.1:9')).statusCode).toBe(200);
      await expectRefusal();
      // The failure is kept a few seconds: a second logout does not ask the dead provider again.
      await expectRefusal();
      expect(discoveries).toBe(1);
      expect((await save(op.issuer)).statusCode).toBe(200);
      await sql(`update oidc_providers set client_secret_sealed = 'illisible', updated_at = now() where id = $1`, [psc]);
      await expectRefusal();
    } finally {
      t.ctx.oidcFetch = tampering;
      expect((await save(op.issuer, op.clientSecret)).statusCode).toBe(200);
    }
  });

  it('ends the session when the provider sends a back-channel logout, and refuses a forged one', async () => {
    const { landing } = await roundTrip(psc, pscAccount(prRpps));
    const { access_token } = (await finish(ticketOf(landing)!)).json();
    const auth = { authorization: `Bearer ${access_token}` };
    const claims = { iss: op.issuer, aud: op.clientId, iat: Math.floor(Date.now() / 1000), jti: randomUUID(), sub: `psc-${prRpps}`, events: { 'http://schemas.openid.net/event/backchannel-logout': {} } };
    const post = (token: string) =>
      t.app.inject({ method: 'POST', url: `/api/auth/oidc/${psc}/backchannel-logout`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `logout_token=${token}` });
    const refused = await post(await op.sign(claims, { foreignKey: true }));
    expect(refused.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/access-token', headers: auth })).statusCode).toBe(200);
    expect((await post(await op.sign(claims, { typ: 'logout+jwt' }))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/access-token', headers: auth })).statusCode).toBe(401);
  });
});

describe('an organisation’s own provider', () => {
  let provider: string;
  let pr: Session;
  beforeAll(async () => {
    pr = await t.login('pr');
    const pa = await t.login('pa');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/oidc-providers/organisation',
      headers: pa.auth,
      payload: { label: 'Keycloak du cabinet', issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, scopes: 'openid email', claim: 'email', matchOn: 'email', enforced: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ hasSecret: true, enforced: true, redirectUri: REDIRECT });
    expect(res.body).not.toContain(op.clientSecret);
    provider = res.json().data.id;
    const [row] = await sql('select client_secret_sealed from oidc_providers where id = $1', [provider]);
    expect(row.client_secret_sealed).not.toContain(op.clientSecret);
  });

  it('refuses the password sign-in of its users, in French, pointing to the button', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { email: 'pr', password: (await import('../../../test/helpers.ts')).DEMO_PASSWORD } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Votre organisation exige la connexion par son fournisseur d’identité : utilisez le bouton « Se connecter avec Keycloak du cabinet ».');
    expect(res.json().error.details.provider.startUrl).toBe(`/api/auth/oidc/${provider}/start`);
    // Another organisation's users are not concerned.
    expect((await t.login('pr2')).token).toBeTruthy();
  });

  it('links an account once with its current method, then signs it in directly', async () => {
    const [{ email }] = await sql(`select email from users where username = 'pr'`);
    const first = await roundTrip(provider, { sub: 'kc-pr', email });
    const ticket = ticketOf(first.landing)!;
    const asked = await finish(ticket);
    expect(asked.json()).toEqual({ success: false, linkRequired: true, email, provider: 'Keycloak du cabinet' });
    const { DEMO_PASSWORD } = await import('../../../test/helpers.ts');
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/oidc/link', payload: { ticket, password: 'pas le bon' } });
    expect(wrong.statusCode).toBe(401);
    const linked = await t.app.inject({ method: 'POST', url: '/api/auth/oidc/link', payload: { ticket, password: DEMO_PASSWORD } });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().user.id).toBe(pr.id);
    const again = await roundTrip(provider, { sub: 'kc-pr', email });
    const res = await finish(ticketOf(again.landing)!);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(pr.id);
  });

  it('reaches only its organisation’s accounts', async () => {
    const [{ email }] = await sql(`select email from users where username = 'pr2'`);
    await expectRefused(() => roundTrip(provider, { sub: 'kc-pr2', email }), 'unknown_professional');
  });

  it('refuses the passkey sign-in of its users like their password, and journals it', async () => {
    const deniedByPasskey = async () =>
      Number((await sql(`select count(*) as n from audit_events where user_id = $1 and details->>'reason' = 'oidc_enforced' and details->>'method' = 'passkey'`, [pr.id]))[0].n);
    const register = async (s: Session) => {
      const device = new SoftAuthenticator('http://localhost:3000');
      const options = (await t.app.inject({ method: 'POST', url: '/api/auth/passkeys/options', headers: s.auth })).json().data;
      const payload = { name: 'Ordinateur du cabinet', challengeId: options.challengeId, response: device.register(options.options) };
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/passkeys', headers: s.auth, payload })).statusCode).toBe(201);
      return device;
    };
    const passkeyLogin = async (device: SoftAuthenticator) => {
      const options = (await t.app.inject({ method: 'POST', url: '/api/user', payload: { action: 'passkeyOptions' } })).json().data;
      return t.app.inject({ method: 'POST', url: '/api/user', payload: { action: 'passkeyLogin', challengeId: options.challengeId, response: device.assert(options.options) } });
    };
    // pr registers a passkey with the session opened before the enforcement, then signs in with it.
    const prKey = await register(pr);
    const before = await deniedByPasskey();
    const refused = await passkeyLogin(prKey);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'oidc_required',
      message: 'Votre organisation exige la connexion par son fournisseur d’identité : utilisez le bouton « Se connecter avec Keycloak du cabinet ».',
    });
    expect(refused.json().error.details.provider.startUrl).toBe(`/api/auth/oidc/${provider}/start`);
    expect(refused.json().data).toBeUndefined();
    expect(await deniedByPasskey()).toBe(before + 1);
    // Another organisation's users still sign in with theirs.
    const pr2 = await t.login('pr2');
    const ok = await passkeyLogin(await register(pr2));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().id).toBe(pr2.id);
  });
});

describe('the hourly sweep of sign-in requests', () => {
  it('deletes requests past their 10 minutes unless their session still holds, then those once it has ended', async () => {
    const [{ rpps }] = await sql(`select rpps from users where username = 'pr2'`);
    // The request a step adds (the fake clock stands still: its rows share their times).
    const added = async (step: () => Promise<unknown>): Promise<string> => {
      const before = new Set((await sql('select id from oidc_logins')).map((r) => r.id));
      await step();
      const rows = (await sql('select id from oidc_logins')).filter((r) => !before.has(r.id));
      expect(rows).toHaveLength(1);
      return rows[0].id;
    };
    const signIn = async () => {
      let auth = {};
      const id = await added(async () => {
        const { landing } = await roundTrip(psc, pscAccount(rpps));
        auth = { authorization: `Bearer ${(await finish(ticketOf(landing)!)).json().access_token}` };
      });
      return { id, auth };
    };
    const live = await signIn();
    const loggedOut = await signIn();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: loggedOut.auth })).statusCode).toBe(200);
    const abandoned = await added(async () => {
      op.as(pscAccount(rpps));
      expect((await t.app.inject({ method: 'GET', url: `/api/auth/oidc/${psc}/start` })).statusCode).toBe(302);
    });
    const left = async () => (await sql(`select id from oidc_logins where id = any($1::uuid[])`, [[live.id, loggedOut.id, abandoned]])).map((r) => r.id).sort();

    // Within their 10 minutes every request stays, whatever became of it.
    await sweepOidcLogins(t.ctx);
    expect(await left()).toEqual([live.id, loggedOut.id, abandoned].sort());
    t.clock.advance(11 * 60_000);
    expect(await sweepOidcLogins(t.ctx)).toBeGreaterThanOrEqual(2);
    expect(await left()).toEqual([live.id]);
    // The live session's request is kept for a back-channel logout until the session's absolute end.
    t.clock.advance(13 * 3600_000);
    await sweepOidcLogins(t.ctx);
    expect(await left()).toEqual([]);
  });
});
