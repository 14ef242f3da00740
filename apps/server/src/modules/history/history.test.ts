import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_MESSAGES } from '@wellbe/shared/schemas/history';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';
import { multipart } from '../../../test/multipart.ts';
import { lockDueConsultations } from '../consultations/consultations.lock.service.ts';
import { verifyRecords } from './history.service.ts';

// Issue 32: every change kept, signed and locked consultations, addenda, a chain anyone can verify.

let t: TestApp;
let pr: Session;
let pa: Session;
let pr2: Session;
let helene: string;

const HOUR = 3600_000;

async function patientId(session: Session, q: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/patient', headers: session.auth, payload: { action: 'list', Iduser: session.id, idOrganization: session.idOrganization, q } });
  return json(res).data[0].idPatient;
}

beforeAll(async () => {
  t = await createTestApp();
  [pr, pa, pr2] = [await t.login('pr'), await t.login('pa'), await t.login('pr2')];
  helene = await patientId(pr, 'helene martin');
});
afterAll(async () => {
  await t.close();
});

const fields = (extra: Record<string, unknown> = {}) => ({
  ConsultationDate: '2026-11-20T09:30:00.000Z',
  ConsultationNote: '<p>Douleurs lombaires depuis une semaine.</p>',
  Diagnostic: '<p>Lombalgie commune</p>',
  Size: 175,
  Weight: 70.5,
  dolorLocation: 'Lombaire',
  dolorIntensity: '5-6',
  antalgesicTreatment: 'Non',
  ...extra,
});

async function create(session: Session = pr): Promise<string> {
  const id = randomUUID();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/consultation',
    headers: session.auth,
    payload: { action: 'createBySpeciality', idPatient: helene, Iduser: session.id, idOrganization: session.idOrganization, idJobSpecialist: 1, idConsultation: id, consultationCreate: fields() },
  });
  expect(res.statusCode).toBe(200);
  return id;
}
const put = (session: Session, id: string, version: number, extra: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/consultations/${id}`, headers: session.auth, payload: { version, consultation: fields(extra) } });
const history = (session: Session, id: string, query = '') => t.app.inject({ method: 'GET', url: `/api/consultations/${id}/history${query}`, headers: session.auth });
const sign = (session: Session, id: string) => t.app.inject({ method: 'POST', url: `/api/consultations/${id}/sign`, headers: session.auth });
const addendum = (session: Session, id: string, text: string) => t.app.inject({ method: 'POST', url: `/api/consultations/${id}/addenda`, headers: session.auth, payload: { text } });
const read = (session: Session, id: string) => t.app.inject({ method: 'GET', url: `/api/consultations/${id}`, headers: session.auth });

describe('consultation history', () => {
  it('keeps a create, two edits and a sign as four versions with their authors and changes', async () => {
    const id = await create(pr);
    expect((await put(pr, id, 1, { Weight: 69 })).statusCode).toBe(200);
    expect((await put(pa, id, 2, { Weight: 69, Diagnostic: '<p>Lombalgie commune, sans signe de gravité</p>' })).statusCode).toBe(200);
    expect((await sign(pr, id)).statusCode).toBe(200);

    const res = await history(pr, id);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.data.map((v: { version: number; kind: string; author: { name: string } }) => [v.version, v.kind, v.author.name])).toEqual([
      [1, 'created', 'Julien Moreau'],
      [2, 'updated', 'Julien Moreau'],
      [3, 'updated', expect.any(String)],
      [4, 'signed', 'Julien Moreau'],
    ]);
    expect(body.data[2].author.name).not.toBe('Julien Moreau');
    expect(body.data[0].author.role).toBe('PR');
    expect(body.data[0].changes).toContainEqual({ field: 'Weight', before: null, after: 70.5 });
    expect(body.data[1].changes).toEqual([{ field: 'Weight', before: 70.5, after: 69 }]);
    expect(body.data[2].changes).toEqual([{ field: 'Diagnostic', before: '<p>Lombalgie commune</p>', after: '<p>Lombalgie commune, sans signe de gravité</p>' }]);
    expect(body.data[3].changes.map((c: { field: string }) => c.field).sort()).toEqual(['lockedAt', 'signedAt', 'signedBy']);
    expect(body.total).toBe(4);
    expect(body.nextCursor).toBeNull();

    const detail = json(await read(pr, id)).data;
    expect(detail.signedByName).toBe('Julien Moreau');
    expect(detail.lockedAt).not.toBeNull();
  });

  it('refuses an edit after signing with 409 locked, and changes nothing', async () => {
    const id = await create(pr);
    expect((await sign(pr, id)).statusCode).toBe(200);
    const res = await put(pr, id, 1, { Weight: 50 });
    expect(res.statusCode).toBe(409);
    expect(json(res).error.code).toBe('locked');
    expect(json(res).error.message).toMatch(/verrouillée/);
    expect(json(await read(pr, id)).data.Weight).toBe(70.5);
    expect(json(await history(pr, id)).data).toHaveLength(2);
    // Signing twice, or signing another practitioner's consultation, changes nothing either.
    expect((await sign(pr, id)).statusCode).toBe(409);
    const other = await create(pr);
    const refused = await sign(pa, other);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).error.message).toBe('Seul l’auteur de la consultation peut la signer.');
    expect(json(await read(pr, other)).data.signedAt).toBeNull();
  });

  it('still answers a version conflict to two practitioners editing an unlocked consultation', async () => {
    const id = await create(pr);
    expect((await put(pr, id, 1, { Weight: 68 })).statusCode).toBe(200);
    const stale = await put(pa, id, 1, { Weight: 67 });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).error.code).toBe('version_conflict');
  });

  it('adds an addendum (sanitised) to a locked consultation, shown on it and in its history', async () => {
    const id = await create(pr);
    await sign(pr, id);
    const res = await addendum(pa, id, '<p>Radio lombaire normale.</p><script>alert(1)</script>');
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ text: '<p>Radio lombaire normale.</p>', authorId: pa.id });
    expect(json(await read(pr, id)).data.addenda).toEqual([expect.objectContaining({ text: '<p>Radio lombaire normale.</p>', authorId: pa.id })]);
    const versions = json(await history(pr, id)).data;
    expect(versions.at(-1)).toMatchObject({ version: 3, kind: 'addendum', changes: [{ field: 'addenda', before: null, after: expect.objectContaining({ text: '<p>Radio lombaire normale.</p>' }) }] });
  });

  it('refuses an empty addendum, and another organisation’s consultation answers 404', async () => {
    const id = await create(pr);
    const empty = await addendum(pr, id, '<p> </p>');
    expect(empty.statusCode).toBe(400);
    expect(json(empty).error.message).toBe('Le complément ne peut pas être vide.');
    const foreign = await addendum(pr2, id, '<p>Note</p>');
    expect(foreign.statusCode).toBe(404);
    expect((await history(pr2, id)).statusCode).toBe(404);
    expect(json(await read(pr, id)).data.addenda).toEqual([]);
    expect(json(await history(pr, id)).data).toHaveLength(1);
  });

  it('pages a history of 200 versions, oldest first', async () => {
    const id = await create(pr);
    for (let v = 1; v < 200; v++) expect((await put(pr, id, v, { Weight: 40 + v / 10 })).statusCode).toBe(200);
    const first = json(await history(pr, id));
    expect(first.data).toHaveLength(200);
    expect(first.total).toBe(200);
    expect(first.nextCursor).toBeNull();
    const page = json(await history(pr, id, '?pageSize=50&cursor=50'));
    expect(page.data.map((v: { version: number }) => v.version)).toEqual(Array.from({ length: 50 }, (_, i) => 51 + i));
    expect(page.data[0].changes).toEqual([{ field: 'Weight', before: 44.9, after: 45 }]);
    expect(page.nextCursor).toBe('100');
    expect((await history(pr, id, '?cursor=abc')).statusCode).toBe(400);
  });

  it('keeps a document uploaded to a consultation as a version of it, at the upload', async () => {
    const id = await create(pr);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
    const body = multipart({ action: 'create', Iduser: pr.id, idConsultation: id, idPatient: helene, idOrganization: pr.idOrganization ?? '' }, { name: 'bilan.pdf', content: pdf });
    const res = await t.app.inject({ method: 'POST', url: '/api/document', headers: { ...pr.auth, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(200);
    const versions = json(await history(pr, id)).data;
    expect(versions.map((v: { version: number; kind: string }) => [v.version, v.kind])).toEqual([
      [1, 'created'],
      [2, 'updated'],
    ]);
    expect(versions[1].author.name).toBe('Julien Moreau');
    expect(versions[1].changes).toEqual([{ field: 'documents', before: null, after: { id: json(res).idDocument, fileName: 'bilan.pdf' } }]);

    // Signed, its documents list is locked too: a new document is refused, nothing is kept.
    expect((await sign(pr, id)).statusCode).toBe(200);
    const late = multipart({ action: 'create', Iduser: pr.id, idConsultation: id, idPatient: helene, idOrganization: pr.idOrganization ?? '' }, { name: 'tardif.pdf', content: pdf });
    const refused = await t.app.inject({ method: 'POST', url: '/api/document', headers: { ...pr.auth, ...late.headers }, payload: late.payload });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).error).toMatchObject({ code: 'locked', message: HISTORY_MESSAGES.locked });
    expect(json(await history(pr, id)).data).toHaveLength(3);
  });
});

describe('records:verify', () => {
  it('passes on clean data and names the exact version altered by SQL', async () => {
    const id = await create(pr);
    await put(pr, id, 1, { Weight: 69 });
    await put(pr, id, 2, { Weight: 68 });
    const clean = await verifyRecords(t.ctx);
    expect(clean.ok).toBe(true);
    expect(clean.versions).toBeGreaterThan(3);

    // Versions refuse any change through the application's connection…
    await expect(t.ctx.db.execute(sql`update record_versions set reason = 'x' where record_id = ${id}`)).rejects.toThrow();
    // …so the tampering of this test goes around the trigger, as someone with the database's keys could.
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`alter table record_versions disable trigger record_versions_no_update`);
      await tx.execute(sql`update record_versions set content = jsonb_set(content, '{Weight}', '75') where record_id = ${id} and version = 2`);
      await tx.execute(sql`alter table record_versions enable trigger record_versions_no_update`);
    });
    const broken = await verifyRecords(t.ctx);
    expect(broken.ok).toBe(false);
    expect(broken.failures).toEqual([{ recordType: 'consultation', recordId: id, version: 2, reason: 'content' }]);
  });
});

describe('automatic lock', () => {
  it('locks an unsigned consultation once after 24 hours, even with two servers at once', async () => {
    const id = await create(pr);
    t.clock.advance(23 * HOUR);
    await Promise.all([lockDueConsultations(t.ctx), lockDueConsultations(t.ctx)]);
    pr = await t.login('pr'); // the sign-in of 23 hours ago has expired
    expect(json(await read(pr, id)).data.lockedAt).toBeNull();
    t.clock.advance(2 * HOUR);
    const counts = await Promise.all([lockDueConsultations(t.ctx), lockDueConsultations(t.ctx)]);
    expect(counts.reduce((a, b) => a + b)).toBeGreaterThan(0);
    pr = await t.login('pr');
    expect(json(await read(pr, id)).data.lockedAt).not.toBeNull();
    const locks = json(await history(pr, id)).data.filter((v: { kind: string }) => v.kind === 'locked');
    expect(locks).toHaveLength(1);
    expect(locks[0].author).toEqual({ id: null, name: null, role: null });
    expect((await put(pr, id, 1, { Weight: 50 })).statusCode).toBe(409);
  });
});

describe('patient identity history', () => {
  it('keeps the creation, an identity edit and the archiving as versions; another practice gets 404', async () => {
    pr = await t.login('pr');
    const created = await t.app.inject({ method: 'POST', url: '/api/patients', headers: pr.auth, payload: { FullName: 'Inès Garnier', PhoneNumber: '06 11 22 33 44', Email: 'ines.garnier@example.fr' } });
    expect(created.statusCode).toBe(201);
    const id = json(created).idPatient ?? json(created).data.idPatient;
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/patients/${id}`,
      headers: pr.auth,
      payload: { FullName: 'Inès Garnier', PhoneNumber: '06 11 22 33 55', Email: 'ines.garnier@example.fr', birthDate: '1990-04-02', sex: '', address: '', notes: '' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/patients/${id}/archive`, headers: pr.auth })).statusCode).toBe(200);

    pr2 = await t.login('pr2');
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${id}/history`, headers: pr2.auth })).statusCode).toBe(404);
    const sa = await t.login('sa');
    const res = await t.app.inject({ method: 'GET', url: `/api/patients/${id}/history`, headers: sa.auth });
    expect(res.statusCode).toBe(200);
    const versions = json(res).data;
    expect(versions.map((v: { kind: string }) => v.kind)).toEqual(['created', 'updated', 'archived']);
    expect(versions[0].author.name).toBe('Julien Moreau');
    expect(versions[1].changes).toEqual([
      { field: 'PhoneNumber', before: '06 11 22 33 44', after: '06 11 22 33 55' },
      { field: 'birthDate', before: null, after: '1990-04-02' },
    ]);
    expect(versions[2].changes.map((c: { field: string }) => c.field)).toEqual(['archivedAt']);
  });
});

describe('GET /api/admin/records-verification', () => {
  it('shows the last verification to SA and DE, not to a practice', async () => {
    await verifyRecords(t.ctx);
    const de = await t.login('de');
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/records-verification', headers: de.auth });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ ok: expect.any(Boolean), versions: expect.any(Number) });
    const pa2 = await t.login('pa');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/records-verification', headers: pa2.auth })).statusCode).toBe(403);
  });
});
