import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/user action login', () => {
  it('signs a demo user in with the SPEC §7 answer', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user', payload: { action: 'login', Username: 'pr', Password: DEMO_PASSWORD } });
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
  });

  it('refuses a wrong password and an unknown user with the same French answer', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/user', payload: { action: 'login', Username: 'pa', Password: 'Nope-12345678!' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/user', payload: { action: 'login', Username: 'personne', Password: 'Nope-12345678!' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ success: false, error: { code: 'login_failed', message: 'Identifiant ou mot de passe incorrect.' } });
  });
});
