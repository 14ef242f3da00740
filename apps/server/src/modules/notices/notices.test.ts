import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_MESSAGES } from '@wellbe/shared/schemas/notices';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';
import { auditEvents, patients } from '../../db/tables.ts';

// SPEC §3 Notice: only the patient of the consultation leaves one, once, and may change it for 7
// days; practitioners read it; nobody outside the organisation learns the consultation exists.

let t: TestApp;
let pt: Session;
let pr: Session;
let pr2: Session;
let own: string;
let someoneElses: string;
let foreign: string;

async function consultationFor(session: Session, fullName: string): Promise<string> {
  const [patient] = await t.ctx.db.select().from(patients).where(eq(patients.fullName, fullName));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/consultation',
    headers: session.auth,
    payload: {
      action: 'createBySpeciality',
      Iduser: session.id,
      idOrganization: session.idOrganization,
      idPatient: patient.id,
      idConsultation: randomUUID(),
      consultationCreate: { ConsultationNote: '<p>Suivi</p>', antalgesicTreatment: 'Non', treatmentName: '', treatmentEfficacy: 'Non renseigné' },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).idConsultation;
}

const give = (session: Session, idConsultation: string, Star = 4) =>
  t.app.inject({ method: 'POST', url: '/api/notices', headers: session.auth, payload: { idConsultation, Star, PatientOpinion: 'Très à l’écoute.', Recommend: true } });

beforeAll(async () => {
  t = await createTestApp();
  pt = await t.login('pt');
  pr = await t.login('pr');
  pr2 = await t.login('pr2');
  own = await consultationFor(pr, 'Lucas Bernard');
  someoneElses = await consultationFor(pr, 'Hélène Martin');
  foreign = await consultationFor(pr2, 'Mathilde Renaud');
});
afterAll(async () => {
  await t.close();
});

describe('notices', () => {
  it('lets the patient give one notice on their own consultation, once', async () => {
    const res = await give(pt, own, 5);
    expect(res.statusCode).toBe(201);
    expect(json(res).data).toMatchObject({ idConsultation: own, Star: 5, Recommend: true });
    const again = await give(pt, own);
    expect(again.statusCode).toBe(409);
    expect(json(again).error.message).toBe(NOTICE_MESSAGES.alreadyGiven);
    // The practitioner sees it on the file.
    const [lucas] = await t.ctx.db.select().from(patients).where(eq(patients.fullName, 'Lucas Bernard'));
    const file = await t.app.inject({ method: 'GET', url: `/api/patients/${lucas.id}`, headers: pr.auth });
    expect(json(file).data.consultations.find((c: { idConsultation: string }) => c.idConsultation === own).notice).toMatchObject({ Star: 5 });
  });

  it('answers 404 for another patient’s or another organisation’s consultation, journalled', async () => {
    for (const id of [someoneElses, foreign, randomUUID()]) {
      const res = await give(pt, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.body).not.toMatch(/Hélène|Mathilde/);
    }
    const refused = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'notice.create'), eq(auditEvents.outcome, 'denied'), eq(auditEvents.userId, pt.id)));
    expect(refused.map((r) => r.recordId).sort()).toEqual(expect.arrayContaining([someoneElses, foreign].sort()));
  });

  it('tells the practice staff only the patient writes a notice, and hides other organisations from them', async () => {
    const staff = await give(pr, someoneElses);
    expect(staff.statusCode).toBe(403);
    expect(json(staff).error.message).toBe(NOTICE_MESSAGES.onlyPatient);
    expect((await give(pr, foreign)).statusCode).toBe(404);
  });

  it('lets the patient change the notice for 7 days, not after', async () => {
    const second = await consultationFor(pr, 'Lucas Bernard');
    const notice = json(await give(pt, second, 2)).data;
    const edit = (Star: number) => t.app.inject({ method: 'PUT', url: `/api/notices/${notice.idNotice}`, headers: pt.auth, payload: { Star, PatientOpinion: 'Finalement bien.', Recommend: true } });
    const changed = await edit(4);
    expect(changed.statusCode).toBe(200);
    expect(json(changed).data.Star).toBe(4);
    // Nobody else edits it: staff are told, another organisation does not learn it exists.
    const byStaff = await t.app.inject({ method: 'PUT', url: `/api/notices/${notice.idNotice}`, headers: pr.auth, payload: { Star: 1, PatientOpinion: 'x', Recommend: false } });
    expect(byStaff.statusCode).toBe(403);
    const byOther = await t.app.inject({ method: 'PUT', url: `/api/notices/${notice.idNotice}`, headers: pr2.auth, payload: { Star: 1, PatientOpinion: 'x', Recommend: false } });
    expect(byOther.statusCode).toBe(404);
    t.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    pt = await t.login('pt');
    const late = await edit(1);
    expect(late.statusCode).toBe(403);
    expect(json(late).error.message).toBe(NOTICE_MESSAGES.editWindowOver);
  });

  it('gives the practice its average, not the patient', async () => {
    pr = await t.login('pr');
    const summary = json(await t.app.inject({ method: 'GET', url: '/api/notices/summary', headers: pr.auth })).data;
    expect(summary.count).toBeGreaterThanOrEqual(2);
    expect(summary.average).toBeGreaterThan(0);
    pt = await t.login('pt');
    expect((await t.app.inject({ method: 'GET', url: '/api/notices/summary', headers: pt.auth })).statusCode).toBe(403);
    // The other organisation's figure does not include this practice's notices.
    const other = json(await t.app.inject({ method: 'GET', url: '/api/notices/summary', headers: (await t.login('pr2')).auth })).data;
    expect(other.count).toBe(0);
  });
});
