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

describe('/api/specialists (SA and DE manage the list)', () => {
  const labels = { fr: 'Ostéopathe', en: 'Osteopath', tr: 'Osteopat', ar: 'أخصائي تقويم العظام' };

  it('creates a speciality in four languages; the action list then offers it', async () => {
    const sa = await t.login('sa');
    const res = await t.app.inject({ method: 'POST', url: '/api/specialists', headers: sa.auth, payload: { labels, dietetic: false } });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ label: 'Ostéopathe', labels, dietetic: false, active: true });
    expect(created.id).toBeGreaterThan(4);
    const pr = await t.login('pr');
    const listed = (await list(pr.auth, { Iduser: pr.id })).json().data;
    expect(listed.at(-1)).toMatchObject({ id: created.id, label: 'Ostéopathe' });

    // Deactivated, it leaves the action list but stays in the managed list.
    await t.app.inject({ method: 'PATCH', url: `/api/specialists/${created.id}`, headers: sa.auth, payload: { active: false, dietetic: true } });
    expect((await list(pr.auth, { Iduser: pr.id })).json().data.some((s: { id: number }) => s.id === created.id)).toBe(false);
    const all = (await t.app.inject({ method: 'GET', url: '/api/specialists', headers: sa.auth })).json().data;
    expect(all.find((s: { id: number }) => s.id === created.id)).toMatchObject({ active: false, dietetic: true });
  });

  it('keeps id 1 the general profile: active and without dietetic fields', async () => {
    const de = await t.login('de');
    const res = await t.app.inject({ method: 'PATCH', url: '/api/specialists/1', headers: de.auth, payload: { dietetic: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('La spécialité 1 est le profil général : elle reste active et sans champs diététiques.');
    expect((await t.app.inject({ method: 'PATCH', url: '/api/specialists/1', headers: de.auth, payload: { active: false } })).statusCode).toBe(400);
    const relabel = await t.app.inject({ method: 'PATCH', url: '/api/specialists/1', headers: de.auth, payload: { labels: { fr: 'Médecine générale', en: 'General practice', tr: 'Genel pratisyenlik', ar: 'طب عام' } } });
    expect(relabel.json().data).toMatchObject({ id: 1, label: 'Médecine générale', dietetic: false });
  });

  it('refuses a missing translation and other roles', async () => {
    const sa = await t.login('sa');
    const bad = await t.app.inject({ method: 'POST', url: '/api/specialists', headers: sa.auth, payload: { labels: { ...labels, tr: ' ' }, dietetic: false } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Le libellé est obligatoire.');
    const pa = await t.login('pa');
    expect((await t.app.inject({ method: 'POST', url: '/api/specialists', headers: pa.auth, payload: { labels, dietetic: false } })).statusCode).toBe(403);
  });
});

describe('the reference-table kit on /api/specialists', () => {
  it('answers the kit fields (labels, position, active) beside label, idJobSpecialist and dietetic', async () => {
    const sa = await t.login('sa');
    const all = (await t.app.inject({ method: 'GET', url: '/api/specialists', headers: sa.auth })).json().data;
    expect(all[0]).toEqual({
      id: 1,
      idJobSpecialist: 1,
      label: expect.any(String),
      labels: expect.objectContaining({ fr: expect.any(String), en: expect.any(String), tr: expect.any(String), ar: expect.any(String) }),
      position: 1,
      active: true,
      dietetic: false,
    });
    expect(all.map((s: { position: number }) => s.position)).toEqual([...all.map((s: { position: number }) => s.position)].sort((a, b) => a - b));
  });

  it('reorders the list: the managed list and POST /api/Job_specialist follow the new order', async () => {
    const sa = await t.login('sa');
    const ids = (await t.app.inject({ method: 'GET', url: '/api/specialists', headers: sa.auth })).json().data.map((s: { id: number }) => s.id) as number[];
    const reversed = [...ids].reverse();
    const res = await t.app.inject({ method: 'POST', url: '/api/specialists/order', headers: sa.auth, payload: { ids: reversed } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((s: { id: number }) => s.id)).toEqual(reversed);
    const pr = await t.login('pr');
    const picker = (await list(pr.auth, { Iduser: pr.id })).json().data.map((s: { id: number }) => s.id);
    expect(picker).toEqual(reversed.filter((id) => picker.includes(id)));
    // An order that forgets or repeats an id changes nothing.
    const bad = await t.app.inject({ method: 'POST', url: '/api/specialists/order', headers: sa.auth, payload: { ids: [ids[0], ids[0]] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Le nouvel ordre doit citer chaque élément de la liste une fois.');
    const after = (await t.app.inject({ method: 'GET', url: '/api/specialists', headers: sa.auth })).json().data.map((s: { id: number }) => s.id);
    expect(after).toEqual(reversed);
    expect((await t.app.inject({ method: 'POST', url: '/api/specialists/order', headers: pr.auth, payload: { ids } })).statusCode).toBe(403);
  });
});
