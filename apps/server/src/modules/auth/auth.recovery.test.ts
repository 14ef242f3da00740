import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@wellbe/shared/domain/password';
import { users } from '../../db/tables.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/helpers.ts';
import { createLinkToken } from './auth.links.ts';

// Forgotten password, reset, invitation completion and email confirmation.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = 'Nouveau-Mot2passe!';

function post(url: string, payload: unknown, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
}

function signIn(Username: string, Password: string) {
  return post('/api/user', { action: 'login', Username, Password }, '10.9.9.9');
}

/**
 * The token of the link in the newest mail sent to `to`, waited for: a reset mail may be sent after
 * the answer (RecoveryService answers after a constant floor, and a slower mail finishes after it).
 */
async function linkIn(to: string, path: string): Promise<{ url: string; token: string }> {
  const newest = () => [...t.mails].reverse().find((m) => m.to === to);
  await expect.poll(() => newest()?.to, { message: 'no mail to ' + to, timeout: 10_000 }).toBe(to);
  const mail = newest()!;
  const match = mail.text.match(new RegExp(`https?://\\S+${path.replace('/', '\\/')}\\S*token=([\\w-]+)`));
  if (!match) throw new Error('no link in mail: ' + mail.text);
  return { url: match[0], token: match[1] };
}

describe('POST /api/auth/forgot-password', () => {
  it('answers the same whether the email exists or not, and mails a link only to a known address', async () => {
    const before = t.mails.length;
    const known = await post('/api/auth/forgot-password', { email: 'PR@demo.wellbe.fr' });
    const unknown = await post('/api/auth/forgot-password', { email: 'personne@example.fr' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: true });
    expect(unknown.json()).toEqual(known.json());
    await expect.poll(() => t.mails.length, { timeout: 10_000 }).toBe(before + 1);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('pr@demo.wellbe.fr');
    expect(mail.subject).toContain('réinitialisation');
    expect(mail.text).toContain('30 minutes');
    expect((await linkIn('pr@demo.wellbe.fr', '/reset-password')).url).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
  });

  it('refuses a malformed email with a French message', async () => {
    const res = await post('/api/auth/forgot-password', { email: 'pas-une-adresse' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Adresse email invalide.');
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets a new password once: old password and old tokens stop working, the link cannot serve twice', async () => {
    const session = await t.login('pg');
    await post('/api/auth/forgot-password', { email: 'pg@demo.wellbe.fr' });
    const { token } = await linkIn('pg@demo.wellbe.fr', '/reset-password');

    expect((await post('/api/auth/reset-password/check', { token })).statusCode).toBe(200);
    const res = await post('/api/auth/reset-password', { token, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    expect((await signIn('pg', DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await signIn('pg', NEW_PASSWORD)).statusCode).toBe(200);
    // The token version moved: a token issued before the reset is refused.
    const old = await t.app.inject({ method: 'GET', url: '/api/auth/access-token', headers: session.auth });
    expect(old.statusCode).toBe(401);

    const again = await post('/api/auth/reset-password', { token, password: 'Encore-Autre1!x', passwordConfirm: 'Encore-Autre1!x' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: 'link_used', message: 'Ce lien a déjà été utilisé.' });
  });

  it('refuses a link older than 30 minutes', async () => {
    await post('/api/auth/forgot-password', { email: 'ad@demo.wellbe.fr' });
    const { token } = await linkIn('ad@demo.wellbe.fr', '/reset-password');
    t.clock.advance(30 * 60 * 1000 + 1000);
    const res = await post('/api/auth/reset-password', { token, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Ce lien a expiré. Demandez-en un nouveau.');
    expect((await signIn('ad', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('applies the SPEC §5 rule and changes nothing on a weak or mismatched password', async () => {
    await post('/api/auth/forgot-password', { email: 'rh@demo.wellbe.fr' });
    const { token } = await linkIn('rh@demo.wellbe.fr', '/reset-password');
    const weak = await post('/api/auth/reset-password', { token, password: 'court', passwordConfirm: 'court' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toContain(PASSWORD_MESSAGES.rule);
    const mismatch = await post('/api/auth/reset-password', { token, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD + 'x' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toContain(PASSWORD_MESSAGES.mismatch);
    // The link is still usable: a refused attempt does not burn it.
    expect((await post('/api/auth/reset-password/check', { token })).statusCode).toBe(200);
    expect((await signIn('rh', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an unknown link', async () => {
    const res = await post('/api/auth/reset-password', { token: 'x'.repeat(43), password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Ce lien n’est pas valide. Demandez-en un nouveau.');
  });
});

describe('invitation completion (/register/{userId}?token=)', () => {
  it('shows who is invited, sets the first password and signs the user in', async () => {
    const [org] = await t.ctx.db.select({ id: users.organizationId }).from(users).where(eq(users.username, 'pr'));
    const [invited] = await t.ctx.db
      .insert(users)
      .values({ username: 'claire.invitee', email: 'claire.invitee@demo.wellbe.fr', role: 'PR', organizationId: org.id, firstName: 'Claire', lastName: 'Invitée', passwordHash: null })
      .returning({ id: users.id });
    const { token } = await createLinkToken(t.ctx, invited.id, 'invitation');

    const check = await post('/api/auth/invitation/check', { userId: invited.id, token });
    expect(check.statusCode).toBe(200);
    expect(check.json().user).toMatchObject({ username: 'claire.invitee', displayName: 'Claire Invitée', organization: 'Cabinet Démo' });

    // The link belongs to this user only.
    const [other] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'us'));
    expect((await post('/api/auth/invitation/check', { userId: other.id, token })).statusCode).toBe(400);

    const done = await post('/api/auth/invitation/complete', { userId: invited.id, token, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ id: invited.id, role: 'PR' });
    expect(done.json().access_token.split('.')).toHaveLength(3);
    expect((await signIn('claire.invitee', NEW_PASSWORD)).statusCode).toBe(200);

    const twice = await post('/api/auth/invitation/complete', { userId: invited.id, token, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.code).toBe('link_used');
  });
});

describe('email confirmation (/mail-confirm?token=)', () => {
  it('self-registration mails a confirmation link that confirms the address once', async () => {
    const res = await post('/api/auth/register', { user: { displayName: 'Inès Nouvelle', email: 'ines.nouvelle@example.fr', password: NEW_PASSWORD, acceptPolicies: true } });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.data.emailConfirmed).toBe(false);
    const { url, token } = await linkIn('ines.nouvelle@example.fr', '/mail-confirm');
    expect(url).toMatch(/^http:\/\/localhost:3000\/mail-confirm\?token=/);

    const ok = await post('/api/auth/mail-confirm', { token });
    expect(ok.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/access-token', headers: { authorization: `Bearer ${res.json().access_token}` } });
    expect(me.json().user.data.emailConfirmed).toBe(true);

    const again = await post('/api/auth/mail-confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('Ce lien a déjà été utilisé.');
  });
});
