import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '@wellbe/shared/domain/dates';
import { todayIn } from '@wellbe/shared/domain/zoned';
import { STAT_MESSAGES } from '@wellbe/shared/schemas/statistics';
import { createTestApp, fixtureYear, json, type Session, type TestApp } from '../../../test/helpers.ts';
import { auditEvents, consultations, diaryEntries, dietProgramAssignments, dietPrograms, notices, organisations, patients, sportPrograms, sportSessionLogs, sportSessions, users } from '../../db/tables.ts';
import { patientKeys } from '../patients/patients.keys.ts';

// /statistics on a fixture whose answers are known by hand, in March of the year Y below (no demo data there):
// Cabinet Démo, 8 new patients on 01/03/Y; pr signs 6 consultations on 02/03 (patients 1–6,
// 170 cm 80 kg = IMC 27,68 overweight, pain 3-4 Lombaire), pa 2 on 20/03 (patients 7–8, 170 cm
// 50 kg = IMC 17,30 underweight, pain 7-8 Cervical); in February (the previous period) pr signed
// 5 (patients 1–5, 170 cm 60 kg). Notices on 05/03 for pr's 6: stars 5 5 4 4 3 3, 4 recommend.

let t: TestApp;
let pa: Session;
let pr: Session;
let sa: Session;
let pr2: Session;
// A common year (its March's previous period is 29/01–28/02) that the demo's data never reaches.
const Y = fixtureYear();
const march = `period=custom&from=${Y}-03-01&to=${Y}-03-31`;
let paConsultations: string[] = [];
let fixturePatients: string[] = [];

async function fixture() {
  const [prUser] = await t.ctx.db.select().from(users).where(eq(users.id, pr.id));
  const [ptUser] = await t.ctx.db.select().from(users).where(eq(users.username, 'pt'));
  const org = pr.idOrganization!;
  const made = await t.ctx.db
    .insert(patients)
    .values(
      Array.from({ length: 8 }, (_, i) => {
        const fullName = `Statistique Patient${String.fromCharCode(65 + i)}`;
        const phone = `07 00 00 00 ${String(10 + i)}`;
        const email = `stat${i}@exemple.fr`;
        return { organizationId: org, fullName, phoneNumber: phone, email, ...patientKeys(fullName, phone, email), createdAt: new Date(`${Y}-03-01T09:00:00Z`) };
      }),
    )
    .returning({ id: patients.id });
  fixturePatients = made.map((p) => p.id);
  const visit = (patientId: string, userId: string, date: string, size: number, weight: number, intensity: string | null, location: string | null) => ({
    id: randomUUID(),
    organizationId: org,
    patientId,
    userId,
    jobSpecialistId: prUser.jobSpecialistId ?? 1,
    consultationDate: new Date(date),
    size,
    weight,
    dolorIntensity: intensity,
    dolorLocation: location,
  });
  const feb = made.slice(0, 5).map((p) => visit(p.id, pr.id, `${Y}-02-15T10:00:00Z`, 170, 60, null, null));
  const prMarch = made.slice(0, 6).map((p) => visit(p.id, pr.id, `${Y}-03-02T10:00:00Z`, 170, 80, '3-4', 'Lombaire'));
  const paMarch = made.slice(6).map((p) => visit(p.id, pa.id, `${Y}-03-20T10:00:00Z`, 170, 50, '7-8', 'Cervical'));
  paConsultations = paMarch.map((c) => c.id);
  await t.ctx.db.insert(consultations).values([...feb, ...prMarch, ...paMarch]);
  const stars = [5, 5, 4, 4, 3, 3];
  await t.ctx.db.insert(notices).values(
    prMarch.map((c, i) => ({
      organizationId: org,
      patientId: c.patientId,
      consultationId: c.id,
      userId: ptUser.id,
      star: stars[i],
      recommend: i < 4,
      createdAt: new Date(`${Y}-03-05T12:00:00Z`),
    })),
  );
}

const get = (session: Session, query: string) => t.app.inject({ method: 'GET', url: `/api/statistics?${query}`, headers: session.auth });

beforeAll(async () => {
  t = await createTestApp();
  pa = await t.login('pa');
  pr = await t.login('pr');
  sa = await t.login('sa');
  pr2 = await t.login('pr2');
  await fixture();
});
afterAll(async () => {
  await t.close();
});

describe('statistics', () => {
  it('computes the activity of the period, compared with the previous one, with small counts hidden', async () => {
    const res = await get(pa, march);
    expect(res.statusCode, res.body).toBe(200);
    const data = json(res).data;
    expect(data.period).toMatchObject({ from: `${Y}-03-01`, to: `${Y}-03-31`, bucket: 'day', previous: { from: `${Y}-01-29`, to: `${Y}-02-28` } });
    expect(data.activity.consultations).toEqual({ value: 8, previous: 5, change: 60 });
    // 8 = 6 + 2: with the 6 shown, 8 − 6 would give the hidden 2 back, so the 6 is hidden too.
    expect(data.activity.series).toEqual([
      { start: `${Y}-03-02`, consultations: 'secret' },
      { start: `${Y}-03-20`, consultations: 'secret' },
    ]);
    expect(data.activity.byPractitioner).toEqual([
      { idUser: expect.any(String), name: expect.any(String), consultations: 'secret' },
      { idUser: expect.any(String), name: expect.any(String), consultations: 'secret' },
    ]);
    expect(data.activity.byPractitioner.map((p: { idUser: string }) => p.idUser).sort()).toEqual([pr.id, pa.id].sort());
    expect(data.activity.newPatients).toEqual({ value: 8, previous: 0, change: null });
    // March of Y has no appointment: the agenda's figures are all zero, its rates not given.
    expect(data.appointments).toEqual({ byStatus: ['demandé', 'confirmé', 'honoré', 'absent', 'annulé'].map((status) => ({ status, count: 0 })), noShowRate: null, cancellationRate: null, averageBookingDelayDays: null });
  });

  it('computes the clinical overview from aggregates only', async () => {
    const data = json(await get(pa, march)).data;
    const imc = Object.fromEntries(data.clinical.imcClasses.map((c: { key: string; patients: unknown }) => [c.key, c.patients]));
    expect(imc).toEqual({ underweight: '< 5', normal: 0, overweight: 6, obesity: 0, unknown: 0 });
    const pain = Object.fromEntries(data.clinical.painIntensity.map((c: { intensity: string; consultations: unknown }) => [c.intensity, c.consultations]));
    // The 8 consultations are 6 + 2 here too: both hidden, the zeros shown.
    expect(pain).toMatchObject({ '3-4': 'secret', '7-8': 'secret', '1-2': 0, 'Non Renseigné': 0 });
    expect(data.clinical.painLocations.slice(0, 2).map((c: { consultations: unknown }) => c.consultations)).toEqual([0, 0]);
    expect(data.clinical.painLocations.filter((c: { consultations: unknown }) => c.consultations === 'secret').map((c: { location: string }) => c.location).sort()).toEqual(['Cervical', 'Lombaire']);
    expect(data.clinical.painEvolution.find((p: { start: string }) => p.start === `${Y}-03-02`).counts).toMatchObject({ '3-4': 'secret', '7-8': 0 });
    // Never a patient's name or id in the answer.
    expect(JSON.stringify(data)).not.toMatch(/Statistique Patient/);
  });

  it('computes the satisfaction: average Star, share of Recommend, count of opinions', async () => {
    const data = json(await get(pa, march)).data;
    // 4 of the 6 recommend: 66,7 % would tell the hidden 4 (and 2) back, so the share is not given.
    expect(data.satisfaction).toMatchObject({ opinions: { value: 6, previous: 0, change: null }, average: 4, recommendShare: null });
    expect(data.satisfaction.series).toEqual([{ start: `${Y}-03-05`, opinions: 6, average: 4 }]);
  });

  it('follows an archived consultation out of the counters', async () => {
    await t.ctx.db.update(consultations).set({ archivedAt: new Date() }).where(eq(consultations.id, paConsultations[0]));
    const data = json(await get(pa, march)).data;
    expect(data.activity.consultations.value).toBe(7);
    await t.ctx.db.update(consultations).set({ archivedAt: null }).where(eq(consultations.id, paConsultations[0]));
    expect(json(await get(pa, march)).data.activity.consultations.value).toBe(8);
  });

  it('keeps each organisation to its own figures; SA and DE may choose one', async () => {
    const nord = json(await get(pr2, march)).data;
    expect(nord.organizationName).toBe('Centre Santé Nord');
    expect(nord.activity.consultations.value).toBe(0);
    // A PA naming another organisation is ignored: their own figures.
    const ignored = json(await get(pa, `${march}&organizationId=${pr2.idOrganization}`)).data;
    expect(ignored.organizationId).toBe(pa.idOrganization);
    expect(ignored.activity.consultations.value).toBe(8);
    const chosen = json(await get(sa, `${march}&organizationId=${pr2.idOrganization}`)).data;
    expect(chosen.organizationName).toBe('Centre Santé Nord');
    expect(chosen.activity.consultations.value).toBe(0);
    const unknown = await get(sa, `${march}&organizationId=${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).error.message).toBe(STAT_MESSAGES.organisationNotFound);
  });

  it('refuses the roles outside `stat` (403)', async () => {
    for (const username of ['pt', 'us', 're']) {
      const session = await t.login(username);
      const res = await get(session, march);
      expect(res.statusCode, username).toBe(403);
    }
    for (const username of ['ad', 'rh', 'pg', 'de']) {
      const session = await t.login(username);
      expect((await get(session, march)).statusCode, username).toBe(200);
    }
  });

  it('refuses a bad range with a French message', async () => {
    const cases: [string, string][] = [
      ['period=custom&from=2020-01-01&to=2025-01-01', STAT_MESSAGES.tooLong],
      [`period=custom&from=${Y}-03-31&to=${Y}-03-01`, STAT_MESSAGES.endBeforeStart],
      [`period=custom&from=${Y}-02-30&to=${Y}-03-01`, STAT_MESSAGES.invalidDate],
      ['period=custom', STAT_MESSAGES.customNeedsDates],
    ];
    for (const [query, message] of cases) {
      const res = await get(pa, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(message);
    }
    // Five years less a day is accepted.
    expect((await get(pa, 'period=custom&from=2020-01-01&to=2024-12-31')).statusCode).toBe(200);
  });

  it('exports a table as CSV, masked, and journals reads and exports', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/statistics/export?${march}&table=practitioners`, headers: pa.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`statistiques-practitioners-${Y}-03-01-${Y}-03-31.csv`);
    const lines = res.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Praticien;Consultations');
    expect(lines.slice(1).map((l) => l.split(';')[1])).toEqual(['secret', 'secret']);
    const series = await t.app.inject({ method: 'GET', url: `/api/statistics/export?${march}&table=consultations`, headers: pa.auth });
    expect(series.body).toContain(`02/03/${Y};secret`);
    const bad = await t.app.inject({ method: 'GET', url: `/api/statistics/export?${march}&table=patients`, headers: pa.auth });
    expect(bad.statusCode).toBe(400);
    const journal = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, pa.id), inArray(auditEvents.action, ['statistics.read', 'statistics.export']), eq(auditEvents.outcome, 'success')));
    expect(journal.map((j) => j.action)).toEqual(expect.arrayContaining(['statistics.read', 'statistics.export']));
    expect(journal.find((j) => j.action === 'statistics.export')?.details).toMatchObject({ table: 'practitioners', from: `${Y}-03-01` });
  });

  it('never lets a hidden count be computed back from a total (issue 29: a year of 7 with months of 6 and "< 5" gave the 1 back)', async () => {
    // A new practice (SA reads it): 6 consultations in January and 1 in February of this year.
    // 'This year' as period=year reads it: the organisation's calendar year (no zone set: Europe/Paris),
    // not UTC's, which is still the old year in the first hour of 1 January in Paris.
    const year = todayIn(DEFAULT_TIME_ZONE, t.clock.now()).slice(0, 4);
    const [org] = await t.ctx.db.insert(organisations).values({ name: 'Cabinet Sept' }).returning({ id: organisations.id });
    const [prUser] = await t.ctx.db.select().from(users).where(eq(users.id, pr.id));
    const fullName = 'Statistique Sept';
    const [patient] = await t.ctx.db
      .insert(patients)
      .values({ organizationId: org.id, fullName, phoneNumber: '07 00 00 00 99', email: 'sept@exemple.fr', ...patientKeys(fullName, '07 00 00 00 99', 'sept@exemple.fr'), createdAt: new Date(`${year}-01-10T12:00:00Z`) })
      .returning({ id: patients.id });
    const visit = (date: string) => ({ id: randomUUID(), organizationId: org.id, patientId: patient.id, userId: pr.id, jobSpecialistId: prUser.jobSpecialistId ?? 1, consultationDate: new Date(date) });
    await t.ctx.db.insert(consultations).values([...Array.from({ length: 6 }, () => visit(`${year}-01-15T12:00:00Z`)), visit(`${year}-02-15T12:00:00Z`)]);
    const query = `period=year&organizationId=${org.id}`;

    const data = json(await get(sa, query)).data;
    expect(data.activity.consultations.value).toBe(7);
    // Each month is hidden: 7 − 6 no longer gives February's 1, nor 7 − "< 5" January's 6.
    expect(data.activity.series).toEqual([
      { start: `${year}-01-01`, consultations: 'secret' },
      { start: `${year}-02-01`, consultations: 'secret' },
    ]);
    // Wherever a shown total is broken down (the 7, and each month's row of the pain table), no
    // list shows all of it but one hidden count.
    const counts = (list: { consultations: unknown }[]) => list.map((p) => p.consultations);
    const sums: [unknown, unknown[]][] = [
      ...[data.activity.series, data.activity.byPractitioner, data.activity.bySpeciality, data.clinical.painIntensity, data.clinical.painLocations].map((list): [unknown, unknown[]] => [data.activity.consultations.value, counts(list)]),
      ...data.clinical.painEvolution.map((row: { start: string; counts: Record<string, unknown> }): [unknown, unknown[]] => [data.activity.series.find((p: { start: string }) => p.start === row.start).consultations, Object.values(row.counts)]),
    ];
    for (const [total, list] of sums) if (typeof total === 'number') expect(list.filter((c) => typeof c !== 'number')).not.toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain('"consultations":6');
    // The CSV says the same.
    const csv = await t.app.inject({ method: 'GET', url: `/api/statistics/export?${query}&table=consultations`, headers: sa.auth });
    expect(csv.body.replace('\uFEFF', '').trim().split('\r\n').slice(1)).toEqual([`01/01/${year};secret`, `01/02/${year};secret`]);
  });

  it('counts the days in the organisation’s time zone, and recounts them when it changes', async () => {
    const nord = pr2.idOrganization!;
    const [patient] = await t.ctx.db
      .insert(patients)
      .values({ organizationId: nord, fullName: 'Fuseau Patient', phoneNumber: '07 00 00 01 99', email: 'fuseau@exemple.fr', ...patientKeys('Fuseau Patient', '07 00 00 01 99', 'fuseau@exemple.fr') })
      .returning({ id: patients.id });
    const visit = (date: string) => ({ id: randomUUID(), organizationId: nord, patientId: patient.id, userId: pr2.id, jobSpecialistId: 3, consultationDate: new Date(date) });
    // 12:00 UTC on 10/04 is 14:00 in Paris (10/04) and 02:00 on 11/04 at Kiritimati (UTC+14).
    await t.ctx.db.insert(consultations).values(visit(`${Y}-04-10T12:00:00Z`));
    const april = `period=custom&from=${Y}-04-01&to=${Y}-04-30`;
    expect(json(await get(pr2, april)).data.activity.series).toEqual([{ start: `${Y}-04-10`, consultations: '< 5' }]);
    const [org] = await t.ctx.db.select().from(organisations).where(eq(organisations.id, nord));
    await t.ctx.db.update(organisations).set({ settings: { ...org.settings, timeZone: 'Pacific/Kiritimati' } }).where(eq(organisations.id, nord));
    expect(json(await get(pr2, april)).data.activity.series).toEqual([{ start: `${Y}-04-11`, consultations: '< 5' }]);
    await t.ctx.db.insert(consultations).values(visit(`${Y}-04-20T11:00:00Z`));
    expect(json(await get(pr2, april)).data.activity.series).toEqual([
      { start: `${Y}-04-11`, consultations: '< 5' },
      { start: `${Y}-04-21`, consultations: '< 5' },
    ]);
    // Cabinet Démo's counters did not move.
    expect(json(await get(pa, march)).data.activity.consultations.value).toBe(8);
  });

  it('gives the sport and dietetics programs of the period and the sport adherence, for its organisation only', async () => {
    // March 2021: six sport programs from Monday 01/03, 2 weeks of 2 sessions (24 planned); each
    // patient does 2 sessions in week 1 and half of one in week 2 (2.5 of 4): 15 / 24 = 62.5 %.
    // Patient 1's third session of week 1 is beyond the plan and does not count. Patient 6 records
    // their second session in the diary only (it counts as done); patient 2 records their partial
    // one in the diary too (counted once, as logged).
    const org = pa.idOrganization!;
    const logs: (typeof sportSessionLogs.$inferInsert)[] = [];
    const entries: (typeof diaryEntries.$inferInsert)[] = [];
    const program = async (organizationId: string, patientId: string, secondIn: 'log' | 'diary' = 'log') => {
      const [p] = await t.ctx.db
        .insert(sportPrograms)
        .values({ organizationId, name: 'Reprise', weeks: 2, sessionsPerWeek: 2, patientId, startDate: '2021-03-01', endDate: '2021-03-14' })
        .returning({ id: sportPrograms.id });
      const [session] = await t.ctx.db.insert(sportSessions).values({ programId: p.id, name: 'Séance A' }).returning({ id: sportSessions.id });
      const log = (day: string, status: string) =>
        status === 'diary'
          ? entries.push({ organizationId, patientId, kind: 'activity', at: new Date(`${day}T10:00:00Z`), day, sessionId: session.id, activity: 'Séance A', durationMin: 30, activityIntensity: 'moderate' })
          : logs.push({ organizationId, patientId, programId: p.id, sessionId: session.id, day, status });
      log('2021-03-02', 'done');
      log('2021-03-04', secondIn === 'log' ? 'done' : 'diary');
      log('2021-03-09', 'partial');
      return log;
    };
    const first = await program(org, fixturePatients[0]);
    first('2021-03-05', 'done');
    const second = await program(org, fixturePatients[1]);
    second('2021-03-09', 'diary');
    for (const patientId of fixturePatients.slice(2, 5)) await program(org, patientId);
    await program(org, fixturePatients[5], 'diary');
    // Another organisation's program and logs are never counted.
    const [other] = await t.ctx.db
      .insert(patients)
      .values({ organizationId: pr2.idOrganization!, fullName: 'Sport Nord', phoneNumber: '07 00 00 02 99', email: 'sportnord@exemple.fr', ...patientKeys('Sport Nord', '07 00 00 02 99', 'sportnord@exemple.fr') })
      .returning({ id: patients.id });
    const nordLog = await program(pr2.idOrganization!, other.id);
    nordLog('2021-03-10', 'done');
    await t.ctx.db.insert(sportSessionLogs).values(logs);
    await t.ctx.db.insert(diaryEntries).values(entries);

    const [diet] = await t.ctx.db.insert(dietPrograms).values({ organizationId: org, name: 'Équilibre', goal: 'Perte de poids', weeks: 2 }).returning({ id: dietPrograms.id });
    await t.ctx.db.insert(dietProgramAssignments).values([
      ...fixturePatients.slice(0, 5).map((patientId) => ({ organizationId: org, programId: diet.id, patientId, startDate: '2021-03-10', endDate: '2021-03-23' })),
      // Began in February, still followed in March: a patient of the period, not an assignment of it.
      { organizationId: org, programId: diet.id, patientId: fixturePatients[5], startDate: '2021-02-20', endDate: '2021-03-05' },
    ]);

    const data = json(await get(pa, 'period=custom&from=2021-03-01&to=2021-03-31')).data;
    expect(data.programs.sport).toEqual({ assigned: 6, patients: 6, adherenceRate: 62.5 });
    expect(data.programs.dietetics).toEqual({ assigned: 5, patients: 6, adherenceRate: null });
    const nord = json(await get(pr2, 'period=custom&from=2021-03-01&to=2021-03-31')).data;
    expect(nord.programs.sport).toEqual({ assigned: '< 5', patients: '< 5', adherenceRate: null });
    expect(nord.programs.dietetics).toEqual({ assigned: 0, patients: 0, adherenceRate: null });
  });
});
