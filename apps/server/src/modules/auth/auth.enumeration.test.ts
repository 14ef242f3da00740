import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

// No form tells whether an account exists (ASVS 5.0 V6.3.8); the forms that mail are rate-limited.
// The timing of forgot-password is measured by `npm run bench`, not here.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const forgot = (email: string, remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress, payload: { email } });
const register = (email: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress, payload: { user: { displayName: 'Jeanne Test', email, password: 'Radium-1867!', acceptPolicies: true } } });

describe('POST /api/auth/forgot-password', () => {
  it('gives the same answer for a taken and a free address; only the account holder gets a mail', async () => {
    const before = t.mails.length;
    const taken = await forgot('pr@demo.wellbe.fr', '10.60.0.1');
    const free = await forgot('personne@exemple.fr', '10.60.0.1');
    expect(taken.statusCode).toBe(200);
    expect(free.statusCode).toBe(taken.statusCode);
    expect(free.body).toBe(taken.body);
    expect(free.headers['content-length']).toBe(taken.headers['content-length']);
    // A mail slower than the constant answer time leaves after the answer: wait for it.
    await expect.poll(() => t.mails.slice(before).map((m) => m.to)).toEqual(['pr@demo.wellbe.fr']);
  });

  it('stops mailing one address after 3 requests an hour, with the same answer', async () => {
    const before = t.mails.length;
    for (let i = 0; i < 5; i++) expect((await forgot('pa@demo.wellbe.fr', `10.61.0.${i}`)).json()).toEqual({ success: true });
    await expect.poll(() => t.mails.slice(before).length).toBe(3);
    t.clock.advance(61 * 60_000);
    await forgot('pa@demo.wellbe.fr', '10.61.0.9');
    await expect.poll(() => t.mails.slice(before).length).toBe(4);
  });

  it('answers 429 with Retry-After after 10 requests from one IP, taken or free addresses alike', async () => {
    for (let i = 0; i < 10; i++) expect((await forgot(`x${i}@exemple.fr`, '10.62.0.1')).statusCode).toBe(200);
    const blocked = await forgot('pr@demo.wellbe.fr', '10.62.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
    expect(blocked.json().error.message).toBe('Trop de tentatives. Réessayez dans 15 minutes.');
  });
});

describe('POST /api/auth/register', () => {
  it('is rate-limited per IP: 10 an hour', async () => {
    for (let i = 0; i < 10; i++) expect((await register(`inscrit${i}@exemple.fr`, '10.63.0.1')).statusCode).toBe(201);
    const blocked = await register('inscrit-de-trop@exemple.fr', '10.63.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBe(3600);
    expect(blocked.json().error.message).toBe('Trop de tentatives. Réessayez dans 60 minutes.');
    expect((await register('inscrit-de-trop@exemple.fr', '10.63.0.2')).statusCode).toBe(201);
  });

  it('is rate-limited per address, so that probing one address (or mailing it) stops at 3 an hour', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) answers.push((await register('PR@demo.wellbe.fr', `10.64.0.${i}`)).statusCode);
    // SPEC §7's answer is kept (409 email_taken) until the limit.
    expect(answers).toEqual([409, 409, 409, 429]);
  });
});
