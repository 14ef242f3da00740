import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const list = (auth: Record<string, string> | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/Job_specialist', headers: auth, payload: { action: 'list', ...payload } });

describe('POST /api/Job_specialist action list', () => {
  it('returns the job specialities, id 1 the general profile without dietetic fields', async () => {
    const pr = await t.login('pr');
    const res = await list(pr.auth, { Iduser: pr.id, idOrganization: pr.idOrganization });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data[0]).toMatchObject({ id: 1, idJobSpecialist: 1, label: 'Médecin généraliste', dietetic: false });
    expect(body.data.map((s: { label: string }) => s.label)).toEqual(['Médecin généraliste', 'Diététicien(ne)', 'Kinésithérapeute', 'Coach sportif']);
    expect(body.data[1].labels).toMatchObject({ fr: 'Diététicien(ne)', en: 'Dietitian' });
  });

  it('refuses another user id and an anonymous caller', async () => {
    const pr = await t.login('pr');
    const pa = await t.login('pa');
    expect((await list(pr.auth, { Iduser: pa.id, idOrganization: pr.idOrganization })).statusCode).toBe(403);
    expect((await list(undefined, { Iduser: pr.id, idOrganization: pr.idOrganization })).statusCode).toBe(401);
  });
});
