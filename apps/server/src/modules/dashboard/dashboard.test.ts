import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localParts, addDays } from '@wellbe/shared/domain/zoned';
import { zonedInstant } from '@wellbe/shared/domain/zoned-instant';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';
import { and, eq } from 'drizzle-orm';
import { appointments, auditEvents, chatConversations, consultations, notes, notices, organisations, patients, users } from '../../db/tables.ts';
import { patientKeys } from '../patients/patients.keys.ts';
import type { Dashboard } from '@wellbe/shared/schemas/dashboard';

// GET /api/dashboard: each role's section, counted on its organisation only. The fixture adds known
// rows to Cabinet Démo and to Centre Santé Nord and checks the differences against a first read.

let t: TestApp;
let ad: Session;
let pa: Session;
let pr: Session;
let pr2: Session;

const read = async (s: Session): Promise<Dashboard> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: s.auth });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
};

beforeAll(async () => {
  t = await createTestApp();
  ad = await t.login('ad');
  pa = await t.login('pa');
  pr = await t.login('pr');
  pr2 = await t.login('pr2');
});
afterAll(async () => {
  await t.close();
});

function todayAt(time: string, days = 0): Date {
  const today = localParts(new Date(), 'Europe/Paris').day;
  return zonedInstant(addDays(today, days), time, 'Europe/Paris');
}

const appointment = (organizationId: string, practitionerId: string, startsAt: Date, status: string) => ({
  organizationId,
  practitionerId,
  title: 'Réunion',
  startsAt,
  endsAt: new Date(startsAt.getTime() + 30 * 60_000),
  status,
  createdAt: new Date(startsAt.getTime() - 3 * 86_400_000),
});

describe('dashboard', () => {
  it('gives AD, RH and PA their organisation’s accounts, agenda load and requests, never another organisation’s', async () => {
    const before = (await read(ad)).administration!;
    const beforePa = (await read(pa)).administration!;
    const demo = ad.idOrganization!;
    const nord = pr2.idOrganization!;
    // pr's before 07:00: the demo agenda fills their weekdays from 09:00, and a slot of it taken again
    // made this test fail on the days it falls on (appointments never overlap).
    await t.ctx.db.insert(appointments).values([
      appointment(demo, pr.id, todayAt('06:00'), 'confirmé'),
      appointment(demo, pr.id, todayAt('06:30'), 'honoré'),
      appointment(demo, pr.id, todayAt('05:30'), 'annulé'),
      appointment(demo, pr.id, todayAt('06:00', 2), 'demandé'),
      appointment(nord, pr2.id, todayAt('12:00'), 'confirmé'),
      appointment(nord, pr2.id, todayAt('12:00', 2), 'demandé'),
    ]);
    const account = (organizationId: string, n: number, active: boolean, passwordHash: string | null) => ({
      organizationId,
      username: `tableau${n}`,
      email: `tableau${n}@exemple.fr`,
      role: 'US',
      active,
      passwordHash,
    });
    await t.ctx.db.insert(users).values([account(nord, 1, false, 'x'), account(nord, 2, true, null), account(demo, 3, true, null)]);
    await t.ctx.db.insert(auditEvents).values([
      { organizationId: demo, userId: ad.id, role: 'AD', action: 'patient.read', outcome: 'denied' },
      { organizationId: nord, userId: pr2.id, role: 'PR', action: 'patient.read', outcome: 'denied' },
    ]);

    const after = (await read(ad)).administration!;
    const load = (d: typeof after) => d.todayLoad.find((l) => l.idUser === pr.id)?.appointments ?? 0;
    expect(load(after)).toBe(load(before) + 2);
    expect(after.todayLoad.some((l) => l.idUser === pr2.id)).toBe(false);
    expect(after.requests).toBe(before.requests + 1);
    expect(after.users).toEqual({ ...before.users, pendingInvitations: before.users.pendingInvitations + 1 });
    // Journal lines are for the journal group only.
    expect(after.refusals).toBeNull();
    expect((await read(await t.login('rh'))).administration?.refusals).toBeNull();

    const afterPa = (await read(pa)).administration!;
    expect(afterPa.refusals!.count).toBe(beforePa.refusals!.count + 1);
    expect(afterPa.refusals!.last[0]).toMatchObject({ action: 'patient.read', username: 'ad' });
  });

  it('gives the WellBe roles the platform’s counts, and nothing of it to the others', async () => {
    const sa = await t.login('sa');
    const before = (await read(sa)).wellbe!;
    await t.ctx.db.insert(organisations).values({ name: `Cabinet Tableau ${randomUUID().slice(0, 6)}`, active: false });
    await t.ctx.db.insert(chatConversations).values({ kind: 'support', createdBy: pr2.id, organizationId: pr2.idOrganization, supportStatus: 'open' });
    const after = (await read(sa)).wellbe!;
    expect(after.organisations).toEqual({ active: before.organisations.active, total: before.organisations.total + 1 });
    expect(after.supportOpen).toBe(before.supportOpen + 1);
    expect(after.failedJobs).toBe(0);
    for (const username of ['de', 're']) expect((await read(await t.login(username))).wellbe, username).toEqual(after);
    for (const username of ['pr', 'pt', 'us', 'pg']) {
      const d = await read(await t.login(username));
      expect({ administration: d.administration, wellbe: d.wellbe }, username).toEqual({ administration: null, wellbe: null });
    }
    expect((await read(sa)).administration).toBeNull();
  });

  it('gives PR, PA and PG their day and the organisation’s patients to follow up, journalled, never another organisation’s', async () => {
    const demo = pr.idOrganization!;
    const nord = pr2.idOrganization!;
    const before = (await read(pr)).practitioner!;
    let n = 0;
    const patient = async (organizationId: string, fullName: string) => {
      n += 1;
      const phone = `07 11 22 33 ${String(10 + n)}`;
      const email = `suivi${n}@exemple.fr`;
      const [p] = await t.ctx.db
        .insert(patients)
        .values({ organizationId, fullName, phoneNumber: phone, email, ...patientKeys(fullName, phone, email) })
        .returning({ id: patients.id });
      return p.id;
    };
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);
    const visit = (organizationId: string, patientId: string, userId: string, date: Date, weight: number | null) => ({ id: randomUUID(), organizationId, patientId, userId, jobSpecialistId: 1, consultationDate: date, weight });
    const [relance, poids, stable, nordPoids] = [await patient(demo, 'Suivi Relance'), await patient(demo, 'Suivi Poids'), await patient(demo, 'Suivi Stable'), await patient(nord, 'Suivi Nord')];
    await t.ctx.db.insert(consultations).values([
      // Came back once, last seen over 3 months ago, nothing booked: to follow up.
      visit(demo, relance, pr.id, daysAgo(150), 80),
      visit(demo, relance, pr.id, daysAgo(95), 80),
      // 70 kg then 75 kg: +7,1 %; 70 then 72 (+2,9 %) is not flagged.
      visit(demo, poids, pr.id, daysAgo(40), 70),
      visit(demo, poids, pr.id, new Date(Date.now() - 60_000), 75),
      visit(demo, stable, pr.id, daysAgo(40), 70),
      visit(demo, stable, pr.id, daysAgo(1), 72),
      visit(nord, nordPoids, pr2.id, daysAgo(40), 60),
      visit(nord, nordPoids, pr2.id, daysAgo(1), 70),
    ]);
    // 07:30: an hour the demo week never fills (pt's own appointment is at 12:00 three weekdays on).
    const [mine] = await t.ctx.db
      .insert(appointments)
      .values([{ ...appointment(demo, pr.id, todayAt('23:30'), 'confirmé'), patientId: poids, title: null }, appointment(demo, pr.id, todayAt('07:30', 3), 'demandé'), appointment(nord, pr2.id, todayAt('23:00'), 'confirmé'), appointment(nord, pr2.id, todayAt('12:00', 3), 'demandé')])
      .returning({ id: appointments.id });
    const [note] = await t.ctx.db
      .insert(notes)
      .values([
        { userId: pr.id, organizationId: demo, title: 'Rappeler le laboratoire', reminderAt: new Date(Date.now() - 3_600_000) },
        { userId: pr2.id, organizationId: nord, title: 'Note de Nord', reminderAt: new Date(Date.now() - 3_600_000) },
      ])
      .returning({ id: notes.id });

    const after = (await read(pr)).practitioner!;
    expect(after.today.find((a) => a.id === mine.id)).toMatchObject({ idPatient: poids, patientName: 'Suivi Poids', status: 'confirmé' });
    expect(after.today.length).toBe(before.today.length + 1);
    expect(after.requests).toBe(before.requests + 1);
    expect(after.followUp).toContainEqual(expect.objectContaining({ idPatient: relance, FullName: 'Suivi Relance', reason: 'noVisit' }));
    expect(after.followUp).toContainEqual(expect.objectContaining({ idPatient: poids, reason: 'weight', value: 7.1 }));
    expect(after.followUp.some((f) => f.idPatient === stable || f.idPatient === nordPoids)).toBe(false);
    expect(after.notes.count).toBe(before.notes.count + 1);
    expect(after.notes.due.map((d) => d.id)).toContain(note.id);
    expect(after.notes.due.some((d) => d.title === 'Note de Nord')).toBe(false);

    // Every patient named is journalled for the reader.
    const journal = await t.ctx.db
      .select({ patientId: auditEvents.patientId })
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, pr.id), eq(auditEvents.action, 'dashboard.read')));
    expect(journal.map((j) => j.patientId)).toEqual(expect.arrayContaining([relance, poids]));

    // Nord's practitioner sees Nord only; PA and PG get the same organisation's follow-up.
    const nordDay = (await read(pr2)).practitioner!;
    expect(nordDay.followUp).toContainEqual(expect.objectContaining({ idPatient: nordPoids, reason: 'weight', value: 16.7 }));
    expect(nordDay.followUp.some((f) => [relance, poids].includes(f.idPatient))).toBe(false);
    expect(nordDay.today.some((a) => a.id === mine.id)).toBe(false);
    expect(nordDay.notes.due.map((d) => d.title)).toContain('Note de Nord');
    expect((await read(pa)).practitioner!.followUp.some((f) => f.idPatient === poids)).toBe(true);
    expect((await read(await t.login('pg'))).practitioner).not.toBeNull();
    for (const username of ['ad', 'rh', 'pt', 'sa']) expect((await read(await t.login(username))).practitioner, username).toBeNull();
  });

  it('follows the weight change as consultations are added, corrected and archived', async () => {
    const demo = pr.idOrganization!;
    const fullName = 'Suivi Correction';
    const [p] = await t.ctx.db
      .insert(patients)
      .values({ organizationId: demo, fullName, phoneNumber: '07 11 22 44 55', email: 'correction@exemple.fr', ...patientKeys(fullName, '07 11 22 44 55', 'correction@exemple.fr') })
      .returning({ id: patients.id });
    const at = (days: number) => new Date(Date.now() - days * 86_400_000);
    const visit = (days: number, weight: number | null) => ({ id: randomUUID(), organizationId: demo, patientId: p.id, userId: pr.id, jobSpecialistId: 1, consultationDate: at(days), weight });
    const [old, middle, latest] = [visit(100, 70), visit(40, 80), visit(2, 88)];
    await t.ctx.db.insert(consultations).values([old, middle, latest]);
    const flagged = async () => (await read(pr)).practitioner!.followUp.find((f) => f.idPatient === p.id && f.reason === 'weight');
    // 80 kg then 88 kg: +10 %.
    expect(await flagged()).toMatchObject({ value: 10, date: latest.consultationDate.toISOString() });
    // The latest weight corrected to 82 kg: +2,5 %, no longer flagged.
    await t.ctx.db.update(consultations).set({ weight: 82 }).where(eq(consultations.id, latest.id));
    expect(await flagged()).toBeUndefined();
    // A visit without weighing changes nothing; archiving the corrected one brings back 70 → 80 kg (+14,3 %).
    await t.ctx.db.insert(consultations).values(visit(1, null));
    expect(await flagged()).toBeUndefined();
    await t.ctx.db.update(consultations).set({ archivedAt: new Date() }).where(eq(consultations.id, latest.id));
    expect(await flagged()).toMatchObject({ value: 14.3, date: middle.consultationDate.toISOString() });
    // A new weighing at 80 kg: 0 %.
    await t.ctx.db.insert(consultations).values(visit(0, 80));
    expect(await flagged()).toBeUndefined();
  });

  it('gives PT the latest consultation of theirs awaiting a notice, and nothing of others', async () => {
    const pt = await t.login('pt');
    const [ptUser] = await t.ctx.db.select().from(users).where(eq(users.id, pt.id));
    const idPatient = ptUser.patientId!;
    const id = randomUUID();
    await t.ctx.db.insert(consultations).values({ id, organizationId: pt.idOrganization!, patientId: idPatient, userId: pr.id, jobSpecialistId: 1, consultationDate: new Date(Date.now() - 3_600_000) });
    const d = await read(pt);
    expect(d.practitioner).toBeNull();
    expect(d.patient!.notice).toMatchObject({ idPatient, idConsultation: id });
    expect(d.patient!.notice!.practitionerName).toBeTruthy();
    await t.ctx.db.insert(notices).values({ organizationId: pt.idOrganization!, patientId: idPatient, consultationId: id, userId: pt.id, star: 5, recommend: true });
    expect((await read(pt)).patient!.notice?.idConsultation).not.toBe(id);
    for (const username of ['pr', 'ad', 'sa']) expect((await read(await t.login(username))).patient, username).toBeNull();
  });

  it('refuses a guest', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });
});
