import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, patients } from '../../db/tables.ts';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let pr: Session;
beforeAll(async () => {
  t = await createTestApp();
  pr = await t.login('pr');
});
afterAll(async () => {
  await t.close();
});

const post = (session: Session, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/patient', headers: session.auth, payload });
const list = (session: Session, extra: Record<string, unknown> = {}) =>
  post(session, { action: 'list', Iduser: session.id, idOrganization: session.idOrganization, ...extra });
const create = (session: Session, patientCreate: Record<string, unknown>) =>
  post(session, { action: 'create', Iduser: session.id, idOrganization: session.idOrganization, patientCreate });

describe('POST /api/patient action list', () => {
  it('answers the SPEC §7 entries of the caller’s organisation only', async () => {
    const res = await list(pr, { pageSize: 200 });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.success).toBe(true);
    const names = body.data.map((p: { FullName: string }) => p.FullName);
    expect(names).toContain('Hélène Martin');
    expect(names).not.toContain('Mathilde Renaud');
    expect(Object.keys(body.data[0]).sort()).toEqual(['FullName', 'PhoneNumber', 'idPatient']);
  });

  it('searches without accents or case, and by phone', async () => {
    const byName = json(await list(pr, { q: 'HELENE' })).data;
    expect(byName.map((p: { FullName: string }) => p.FullName)).toEqual(['Hélène Martin']);
    const byPhone = json(await list(pr, { q: '06 23 45' })).data;
    expect(byPhone.map((p: { FullName: string }) => p.FullName)).toEqual(['Hélène Martin']);
  });

  it('pages the list', async () => {
    const first = json(await list(pr, { page: 1, pageSize: 2 }));
    const second = json(await list(pr, { page: 2, pageSize: 2 }));
    expect(first.data).toHaveLength(2);
    expect(second.data).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(12);
    expect(second.data[0].idPatient).not.toBe(first.data[0].idPatient);
  });

  it('gives a patient user only their own entry', async () => {
    const pt = await t.login('pt');
    const body = json(await list(pt));
    expect(body.data.map((p: { FullName: string }) => p.FullName)).toEqual(['Lucas Bernard']);
  });

  it('refuses roles without dps, a spoofed Iduser and another organisation', async () => {
    const rh = await t.login('rh');
    expect((await list(rh)).statusCode).toBe(403);
    const pa = await t.login('pa');
    expect((await post(pr, { action: 'list', Iduser: pa.id, idOrganization: pr.idOrganization })).statusCode).toBe(403);
    const pr2 = await t.login('pr2');
    expect((await post(pr, { action: 'list', Iduser: pr.id, idOrganization: pr2.idOrganization })).statusCode).toBe(403);
  });

  it('journals a refused spoofed Iduser or idOrganization as denied', async () => {
    const pa = await t.login('pa');
    const pr2 = await t.login('pr2');
    const denied = async () =>
      (await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.userId, pr.id), eq(auditEvents.outcome, 'denied')))).length;
    const before = await denied();
    expect((await post(pr, { action: 'list', Iduser: pa.id, idOrganization: pr.idOrganization })).statusCode).toBe(403);
    expect(await denied()).toBe(before + 1);
    expect((await post(pr, { action: 'list', Iduser: pr.id, idOrganization: pr2.idOrganization })).statusCode).toBe(403);
    expect(await denied()).toBe(before + 2);
    const rest = await t.app.inject({ method: 'GET', url: `/api/patients?idOrganization=${pr2.idOrganization}`, headers: pr.auth });
    expect(rest.statusCode).toBe(403);
    expect(await denied()).toBe(before + 3);
  });

  it('journals each list', async () => {
    await list(pr);
    const rows = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.userId, pr.id), eq(auditEvents.action, 'patient.list')));
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('POST /api/patient action create', () => {
  it('creates a patient and answers its id; the list finds it', async () => {
    const res = await create(pr, { FullName: 'Aurélie Ténor', PhoneNumber: '06 01 02 03 04', Email: 'aurelie@exemple.fr' });
    expect(res.statusCode).toBe(200);
    const { idPatient } = json(res);
    expect(idPatient).toMatch(/^[0-9a-f-]{36}$/);
    const found = json(await list(pr, { q: 'aurelie tenor' })).data;
    expect(found).toEqual([{ idPatient, FullName: 'Aurélie Ténor', PhoneNumber: '06 01 02 03 04' }]);
    const [audit] = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'patient.create'), eq(auditEvents.recordId, idPatient)));
    expect(audit.outcome).toBe('success');
  });

  it('refuses an existing name, whatever its case and accents, with the SPEC §5 message', async () => {
    const res = await create(pr, { FullName: 'helene MARTIN', PhoneNumber: '06 99 99 99 01', Email: 'x@exemple.fr' });
    expect(res.statusCode).toBe(409);
    expect(json(res).error.message).toBe('Un patient avec ce nom existe déja');
  });

  it('refuses an existing phone, written another way, with the SPEC §5 message', async () => {
    const res = await create(pr, { FullName: 'Quelqu’un Dautre', PhoneNumber: '+33 6 23 45 67 89', Email: 'y@exemple.fr' });
    expect(res.statusCode).toBe(409);
    expect(json(res).error.message).toBe('Un patient avec ce numéro de téléphone existe déja');
  });

  it('holds the rule under concurrent creates', async () => {
    const payload = { FullName: 'Double Course', PhoneNumber: '06 55 44 33 22', Email: 'double@exemple.fr' };
    const answers = await Promise.all([create(pr, payload), create(pr, payload), create(pr, payload)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const rows = await t.ctx.db.select().from(patients).where(eq(patients.nameKey, 'double course'));
    expect(rows).toHaveLength(1);
  });

  it('allows the same name in another organisation', async () => {
    const pr2 = await t.login('pr2');
    const res = await create(pr2, { FullName: 'Hélène Martin', PhoneNumber: '06 23 45 67 89', Email: 'h@exemple.fr' });
    expect(res.statusCode).toBe(200);
  });

  it('requires name, phone and email, with French messages', async () => {
    const noName = await create(pr, { FullName: ' ', PhoneNumber: '06 11 11 11 11', Email: 'a@exemple.fr' });
    expect(noName.statusCode).toBe(400);
    expect(json(noName).error.message).toBe('Le nom du patient est obligatoire.');
    const noPhone = await create(pr, { FullName: 'Sans Téléphone', PhoneNumber: '', Email: 'a@exemple.fr' });
    expect(json(noPhone).error.message).toBe('Le téléphone est obligatoire.');
    const badEmail = await create(pr, { FullName: 'Sans Email', PhoneNumber: '06 11 11 11 12', Email: 'pas-un-email' });
    expect(json(badEmail).error.message).toBe('Adresse email invalide.');
    const rows = await t.ctx.db.select().from(patients).where(eq(patients.nameKey, 'sans email'));
    expect(rows).toHaveLength(0);
  });

  it('says a too-long name is too long, with the limit, not that it is missing', async () => {
    const before = (await t.ctx.db.select().from(patients)).length;
    const longName = await create(pr, { FullName: 'Nom'.repeat(1_671) + 'x', PhoneNumber: '06 11 11 11 13', Email: 'long@exemple.fr' });
    expect(longName.statusCode).toBe(400);
    expect(json(longName).error.message).toBe('Le nom du patient ne doit pas dépasser 200 caractères.');
    expect((await t.ctx.db.select().from(patients)).length).toBe(before);
  });

  it('refuses roles without dps write (RH, PT, US, SA)', async () => {
    for (const username of ['rh', 'pt', 'us', 'sa']) {
      const session = await t.login(username);
      const res = await create(session, { FullName: `Refusé ${username}`, PhoneNumber: '06 12 12 12 12', Email: 'r@exemple.fr' });
      expect(res.statusCode, username).toBe(403);
    }
  });
});
