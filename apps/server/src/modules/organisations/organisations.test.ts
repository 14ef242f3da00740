import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, walkCursor, type Session, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let sa: Session;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  sa = await t.login('sa');
});
afterAll(async () => {
  await t.close();
});

const create = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/organisations', headers: sa.auth, payload: body });

function multipart(name: string, bytes: Buffer, type: string) {
  const boundary = '----wellbe' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { ...sa.auth, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('/api/organisations', () => {
  it('lists organisations with their numbers of users and patients', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/organisations', headers: sa.auth });
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(res.json().data.map((o: { name: string }) => [o.name, o]));
    expect(byName['Cabinet Démo']).toMatchObject({ userCount: 11, patientCount: 12, siret: '73282932000074', active: true });
    expect(byName['Centre Santé Nord']).toMatchObject({ userCount: 1, patientCount: 5 });
  });

  it('pages by cursor (issue 13): every organisation exactly once, in name order, the search kept', async () => {
    for (const name of ['Pagination delta', 'pagination Alpha', 'Pagination charlie', 'PAGINATION bravo', 'Pagination alpha']) expect((await create({ name })).statusCode).toBe(201);
    const idOf = (o: { idOrganization: string }) => o.idOrganization;
    const all = (await t.app.inject({ method: 'GET', url: '/api/organisations?pageSize=100', headers: sa.auth })).json();
    expect(all).toMatchObject({ nextCursor: null, totalCapped: false, total: all.data.length });
    const walked = await walkCursor(t.app, '/api/organisations?pageSize=2', sa.auth, idOf);
    expect(walked.ids).toEqual(all.data.map(idOf));
    expect(new Set(walked.ids).size).toBe(walked.ids.length);
    const search = await walkCursor(t.app, '/api/organisations?pageSize=2&q=pagination', sa.auth, (o: { name: string }) => o.name.toLowerCase());
    expect(search.first.total).toBe(5);
    expect(search.ids).toEqual(['pagination alpha', 'pagination alpha', 'pagination bravo', 'pagination charlie', 'pagination delta']);
    // A page picked by its number gives the rows the cursor gave, with their counts.
    const second = (await t.app.inject({ method: 'GET', url: '/api/organisations?pageSize=2&page=2&q=pagination', headers: sa.auth })).json();
    expect(second.data.map((o: { name: string }) => o.name.toLowerCase())).toEqual(search.ids.slice(2, 4));
    expect(second.data[0]).toMatchObject({ userCount: 0, patientCount: 0 });
  });

  it('is for SA and DE only: others are refused, anonymous callers must sign in', async () => {
    for (const username of ['pa', 'ad', 'pr', 'pt']) {
      const s = await t.login(username);
      expect((await t.app.inject({ method: 'GET', url: '/api/organisations', headers: s.auth })).statusCode).toBe(403);
    }
    const de = await t.login('de');
    expect((await t.app.inject({ method: 'GET', url: '/api/organisations', headers: de.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/organisations' })).statusCode).toBe(401);
  });

  it('creates and edits an organisation; the SIRET checksum is enforced (La Poste included)', async () => {
    const bad = await create({ name: 'Cabinet Test', siret: '73282932000075' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Numéro SIRET invalide : 14 chiffres avec une clé de contrôle correcte sont attendus.');
    const res = await create({ name: 'Cabinet des Lilas', address: '3 rue des Lilas, 75019 Paris', phone: '01 42 00 00 00', email: 'contact@lilas.fr', siret: '552 081 317 66522' });
    expect(res.statusCode).toBe(201);
    const org = res.json().data;
    expect(org).toMatchObject({ name: 'Cabinet des Lilas', siret: '55208131766522', userCount: 0, patientCount: 0, active: true, logoUrl: null });
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/organisations/${org.idOrganization}`, headers: sa.auth, payload: { name: 'Cabinet des Lilas Paris', siret: '35600000052135' } });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ name: 'Cabinet des Lilas Paris', siret: '35600000052135' });
  });

  it('deactivation needs a reason, ends the sessions of its users and refuses their sign-in', async () => {
    const pr2 = await t.login('pr2');
    const nord = pr2.idOrganization!;
    const noReason = await t.app.inject({ method: 'PATCH', url: `/api/organisations/${nord}`, headers: sa.auth, payload: { active: false } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe('Indiquez la raison de la désactivation.');

    const res = await t.app.inject({ method: 'PATCH', url: `/api/organisations/${nord}`, headers: sa.auth, payload: { active: false, deactivationReason: 'Contrat résilié' } });
    expect(res.json().data).toMatchObject({ active: false, deactivationReason: 'Contrat résilié' });
    const call = await t.app.inject({ method: 'POST', url: '/api/user', headers: pr2.auth, payload: { action: 'read', Iduser: pr2.id } });
    expect(call.statusCode).toBe(401);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/user', payload: { action: 'login', Username: 'pr2', Password: DEMO_PASSWORD } });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.message).toBe('Votre organisation est désactivée. Contactez le support WellBe. Raison : Contrat résilié');
    // Nothing was deleted: reactivating lets them in again.
    await t.app.inject({ method: 'PATCH', url: `/api/organisations/${nord}`, headers: sa.auth, payload: { active: true } });
    expect((await t.login('pr2')).role).toBe('PR');
  });

  it('refuses to deactivate one’s own organisation', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/organisations/${sa.idOrganization}`, headers: sa.auth, payload: { active: false, deactivationReason: 'x' } });
    expect(res.statusCode).toBe(403);
  });

  it('accepts a real image as logo, served re-encoded; refuses other bytes whatever their name', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#2a7' } }).png().toBuffer();
    const ok = await t.app.inject({ method: 'PUT', url: `/api/organisations/${sa.idOrganization}/logo`, ...multipart('logo.png', png, 'image/png') });
    expect(ok.statusCode).toBe(200);
    const { logoUrl } = ok.json().data;
    expect(logoUrl).toMatch(/\/logo\/[0-9a-f]{64}\.png$/);
    const img = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect((await sharp(img.rawPayload).metadata()).width).toBe(40);

    const fake = await t.app.inject({ method: 'PUT', url: `/api/organisations/${sa.idOrganization}/logo`, ...multipart('logo.png', Buffer.from('<svg onload="alert(1)"/>'), 'image/png') });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.message).toBe('Le logo doit être une image PNG, JPEG ou WebP.');
  });

  it('journals changes with before and after values', async () => {
    const org = (await create({ name: 'Maison de Santé' })).json().data;
    await t.app.inject({ method: 'PATCH', url: `/api/organisations/${org.idOrganization}`, headers: sa.auth, payload: { phone: '04 78 00 00 00' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/journal?action=organisation.update', headers: sa.auth });
    const entry = res.json().data.find((e: { recordId: string }) => e.recordId === org.idOrganization);
    expect(entry.details).toEqual({ before: { phone: null }, after: { phone: '04 78 00 00 00' } });
  });
});

describe('organisation settings', () => {
  it('exposes the signed-in user’s organisation settings with their defaults', async () => {
    const pr = await t.login('pr');
    const res = await t.app.inject({ method: 'GET', url: '/api/organisations/current/settings', headers: pr.auth });
    expect(res.json().data).toEqual({ language: 'fr', navbarStyle: 'style-1', uploadLimitBytes: 50_000_000, timeZone: 'Europe/Paris', sessionMaxHours: 12, mfaRequired: false, consultationLockHours: 24 });
  });

  it('lets PA change them within the SPEC §9 limit, not PR', async () => {
    const pa = await t.login('pa');
    const values = { language: 'en', navbarStyle: 'style-2', uploadLimitBytes: 10_000_000, timeZone: 'America/Montreal' };
    const tooBig = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: pa.auth, payload: { ...values, uploadLimitBytes: 50_000_001 } });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.message).toBe('La limite de téléversement ne peut pas dépasser 50 000 000 octets.');
    const badZone = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: pa.auth, payload: { ...values, timeZone: 'Mars/Olympus' } });
    expect(badZone.json().error.message).toBe('Fuseau horaire inconnu.');
    const pr = await t.login('pr');
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: pr.auth, payload: values })).statusCode).toBe(403);
    const ok = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: pa.auth, payload: values });
    expect(ok.statusCode).toBe(200);
    const seen = await t.app.inject({ method: 'GET', url: '/api/organisations/current/settings', headers: pr.auth });
    // The sign-in settings were not sent: their defaults apply.
    expect(seen.json().data).toEqual({ ...values, sessionMaxHours: 12, mfaRequired: false, consultationLockHours: 24 });
    // Another organisation keeps its own.
    const pr2 = await t.login('pr2');
    expect((await t.app.inject({ method: 'GET', url: '/api/organisations/current/settings', headers: pr2.auth })).json().data.language).toBe('fr');
  });
});
