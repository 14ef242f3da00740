import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientScope, systemScope, callerScope, type Caller } from '../src/access/index.ts';
import { accessFlags, appointments, auditEvents, consultations, documents, notices, patients, users } from '../src/db/tables.ts';
import { appointmentExportRows } from '../src/modules/agenda/agenda.export.repository.ts';
import * as consultationsRepo from '../src/modules/consultations/consultations.repository.ts';
import * as documentsRepo from '../src/modules/documents/documents.repository.ts';
import * as historyRepo from '../src/modules/history/history.repository.ts';
import * as noticesRepo from '../src/modules/notices/notices.repository.ts';
import * as patientsRepo from '../src/modules/patients/patients.repository.ts';
import * as recordsRepo from '../src/modules/records/records.repository.ts';
import { createTestApp, type Session, type TestApp } from './helpers.ts';

// The scope applies itself in the patient record areas (patients, consultations, documents,
// notices, records, the agenda's export): every repository function, called with another
// organisation's scope on one patient's rows, reads and changes nothing; with the right scope it
// finds them (so that an empty answer proves the scope, not missing data).

let t: TestApp;
let pr: Session;
let pr2: Session;
const row: Record<'patient' | 'consultation' | 'document' | 'notice' | 'event' | 'flag', string> = {} as never;

const callerOf = (s: Session, role: Caller['role'] = 'PR'): Caller => ({ id: s.id, role, organizationId: s.idOrganization, jobSpecialistId: 1, tokenVersion: 0, patientId: null, ip: null });

beforeAll(async () => {
  t = await createTestApp();
  [pr, pr2] = await Promise.all([t.login('pr'), t.login('pr2')]);
  const db = t.ctx.db;
  const [lucas] = await db.select().from(patients).where(eq(patients.fullName, 'Lucas Bernard'));
  row.patient = lucas.id;
  row.consultation = crypto.randomUUID();
  const base = { organizationId: lucas.organizationId, patientId: lucas.id };
  await db.insert(consultations).values({ ...base, id: row.consultation, userId: pr.id, jobSpecialistId: 1, consultationDate: new Date(t.clock.now()), consultationNote: '<p>Note</p>', weight: 70, size: 170 });
  [{ id: row.document }] = await db
    .insert(documents)
    .values({ ...base, consultationId: row.consultation, uploadedBy: pr.id, fileName: 'bilan.pdf', mimeType: 'application/pdf', sizeBytes: 10, sha256: 'b'.repeat(64) })
    .returning({ id: documents.id });
  const [ptUser] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'pt'));
  [{ id: row.notice }] = await db.insert(notices).values({ ...base, consultationId: row.consultation, userId: ptUser.id, star: 4, recommend: true }).returning({ id: notices.id });
  // At 02:00 UTC in 400 days: out of the demo agenda's weeks and hours, whatever the time the tests run
  // (tomorrow at this hour met pr's 09:00 demo appointment when the tests ran at 08:21 Paris).
  const startsAt = new Date(t.clock.now() + 400 * 86_400_000);
  startsAt.setUTCHours(2, 0, 0, 0);
  await db.insert(appointments).values({ ...base, practitionerId: pr.id, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000), status: 'confirmé' });
  [{ id: row.event }] = (await db.insert(auditEvents).values({ ...base, userId: pr.id, role: 'PR', action: 'patient.file.read', outcome: 'success', at: new Date(t.clock.now()) }).returning({ id: auditEvents.id })).map((r) => ({ id: String(r.id) }));
  [{ id: row.flag }] = await db.insert(accessFlags).values({ ...base, auditEventId: Number(row.event), flaggedBy: ptUser.id }).returning({ id: accessFlags.id });
});
afterAll(async () => {
  await t.close();
});

describe('patient record repositories, with the scope of each organisation', () => {
  it('find the rows inside the scope and nothing outside it', async () => {
    const db = t.ctx.db;
    const live = consultationsRepo.liveConsultationCondition;
    for (const [caller, inside] of [
      [callerOf(pr), true],
      [callerOf(pr2), false],
    ] as const) {
      const read = patientScope(caller, 'read');
      const org = callerScope(caller);
      const expectFound = (value: unknown, what: string) => expect(Array.isArray(value) ? value.length > 0 : value != null && value !== false, `${what} (${inside ? 'inside' : 'outside'})`).toBe(inside);
      expectFound(await patientsRepo.findPatientRecord(db, read, row.patient), 'patient');
      expectFound(await patientsRepo.findPatientAccount(db, read, row.patient), 'patient account');
      expectFound((await patientsRepo.pagePatients(db, { scope: { ...read, organizationId: caller.organizationId! }, archivedOnly: false, words: ['lucas'], phones: [] }, { sort: 'name', order: 'asc' }, { limit: 5, offset: 0 })).rows, 'list');
      expectFound(await consultationsRepo.findConsultation(db, read, row.consultation), 'consultation');
      expectFound(await consultationsRepo.timelineRows(db, read, row.patient, (id) => ({ documentCount: documentsRepo.liveDocumentCount(row.patient, id), notice: noticesRepo.consultationNotice(id), lastChange: historyRepo.lastChangeSql('consultation', id) })), 'timeline');
      expectFound(await consultationsRepo.measureRows(db, read, row.patient), 'measures');
      expectFound(await consultationsRepo.exportPage(db, read, row.patient, null, 10), 'consultation export');
      expectFound(await documentsRepo.findDocument(db, read, row.document), 'document');
      expectFound(await documentsRepo.consultationDocumentRows(db, read, row.consultation), 'consultation documents');
      expectFound(await documentsRepo.patientDocumentRows(db, read, row.patient, consultationsRepo.liveConsultationDate), 'file documents');
      expectFound(await documentsRepo.exportPage(db, read, row.patient, live, null, 10), 'document export');
      expectFound(await documentsRepo.findLinkedDocument(db, { ...read, patientId: row.patient }, row.document), 'linked document');
      expectFound(await noticesRepo.findNotice(db, read, row.notice), 'notice');
      expectFound(await noticesRepo.exportPage(db, read, row.patient, live, null, 10), 'notice export');
      expectFound(await appointmentExportRows(db, read, row.patient, null, 10), 'appointment export');
      expectFound(await recordsRepo.organisationRow(db, org, pr.idOrganization!), 'organisation');
      expectFound(await recordsRepo.practitionerRows(db, org, [pr.id]), 'practitioners');
      expectFound(await recordsRepo.accessLogPage(db, read, { patientId: row.patient, names: systemScope(pr.idOrganization!), timeZone: 'Europe/Paris', before: null, limit: 10 }), 'access log');
      expectFound(await recordsRepo.patientEvent(db, read, row.patient, Number(row.event)), 'journal row');
      expectFound(await recordsRepo.flagPage(db, org, { before: null, limit: 10 }), 'flags');
      expectFound(await recordsRepo.findFlag(db, org, row.flag), 'flag');
      expect((await noticesRepo.noticeSummary(db, org)).count > 0).toBe(inside);
    }
  });

  it('change nothing outside the scope', async () => {
    const db = t.ctx.db;
    const write = patientScope(callerOf(pr2), 'write');
    const now = new Date(t.clock.now());
    const [before] = await db.select().from(consultations).where(eq(consultations.id, row.consultation));
    expect(await consultationsRepo.updateConsultation(db, write, row.consultation, before.version, { jobSpecialistId: 1, consultationDate: now, consultationNote: '<p>Changée</p>' } as never, now)).toBeNull();
    expect(await noticesRepo.updateNotice(db, write, row.notice, { star: 1, patientOpinion: 'x', recommend: false, updatedAt: now })).toBeNull();
    const [lucas] = await db.select().from(patients).where(eq(patients.id, row.patient));
    const identity = { fullName: 'Autre', phoneNumber: lucas.phoneNumber, email: lucas.email, nameKey: 'autre', phoneKey: lucas.phoneKey, searchKey: 'autre', birthDate: null, sex: null, address: null, notes: null };
    expect(await patientsRepo.updateIdentity(db, write, row.patient, identity, now)).toEqual({ ok: true, value: false });
    expect(await patientsRepo.archivePatientRow(db, write, row.patient, pr2.id, now)).toBe(false);
    await recordsRepo.answerFlag(db, callerScope(callerOf(pr2, 'PA')), row.flag, { answer: 'Non', answeredBy: pr2.id, answeredAt: now });
    expect(await recordsRepo.organisationAdministrators(db, systemScope(pr2.idOrganization!))).not.toContain(pr.id);
    // Everything is as it was.
    expect((await db.select().from(consultations).where(eq(consultations.id, row.consultation)))[0].consultationNote).toBe('<p>Note</p>');
    expect((await db.select().from(notices).where(eq(notices.id, row.notice)))[0].star).toBe(4);
    expect((await db.select().from(patients).where(eq(patients.id, row.patient)))[0]).toMatchObject({ fullName: 'Lucas Bernard', archivedAt: null });
    expect((await db.select().from(accessFlags).where(eq(accessFlags.id, row.flag)))[0]).toMatchObject({ status: 'open', answer: null });
  });
});
