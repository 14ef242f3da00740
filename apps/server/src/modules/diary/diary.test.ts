import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '@wellbe/shared/domain/dates';
import { addDays, localParts, todayIn } from '@wellbe/shared/domain/zoned';
import { DIARY_MESSAGES, type DiaryChart, type DiaryEntry } from '@wellbe/shared/schemas/diary';
import type { PatientMeasures } from '@wellbe/shared/schemas/patient-files';
import { auditEvents, diaryEntries, foods, patients, sportPrograms, sportSessions } from '../../db/tables.ts';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';
import { multipart } from '../../../test/multipart.ts';
import { DIARY_DIGEST_SUBJECT, mailDiaryDigests } from './diary.digest.ts';

// The patient's diaries through the real app on a real database: a PT writes their own entries
// (weight, meal from Ciqual, pain, activity), bad input changes nothing, the practice reads and
// comments them in the file, the declared weight joins the file's curve, the charts aggregate in
// SQL, and a follower hears of new entries by a badge and one digest mail.

let t: TestApp;
let pr: Session;
let pr2: Session;
let pt: Session;
let lucas: string;
let mathilde: string;

const get = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: s.auth });
const send = (s: Session, method: 'POST' | 'PUT', url: string, payload?: unknown) => t.app.inject({ method, url, headers: s.auth, ...(payload ? { payload: payload as object } : {}) });
const ago = (hours: number) => new Date(t.clock.now() - hours * 3_600_000).toISOString();
const countEntries = async () => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(diaryEntries))[0]!.n;

async function patientIdByName(name: string) {
  const [row] = await t.ctx.db.select({ id: patients.id }).from(patients).where(eq(patients.fullName, name));
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  [pr, pr2, pt] = await Promise.all([t.login('pr'), t.login('pr2'), t.login('pt')]);
  lucas = await patientIdByName('Lucas Bernard');
  mathilde = await patientIdByName('Mathilde Renaud');
});
afterAll(async () => {
  await t.close();
});

describe('the patient writes their diary', () => {
  it('a declared weight is saved, journalled, and joins the file’s weight curve flagged as declared by the patient', async () => {
    const at = ago(2);
    const res = await send(pt, 'POST', '/api/diary/entries', { kind: 'weight', at, weightKg: 81.4 });
    expect(res.statusCode).toBe(201);
    const entry = json(res).data as DiaryEntry;
    expect(entry).toMatchObject({ kind: 'weight', weightKg: 81.4, at: new Date(at).toISOString() });
    const journal = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'diary.entry.create'), eq(auditEvents.recordId, entry.id)));
    expect(journal).toHaveLength(1);
    expect(journal[0]!.patientId).toBe(lucas);

    const measures = json(await get(pr, `/api/patients/${lucas}/measures`)).data as PatientMeasures;
    const declared = measures.points.filter((p) => p.selfReported);
    expect(declared).toEqual([expect.objectContaining({ source: 'patient', idConsultation: null, weight: 81.4, date: new Date(at).toISOString() })]);
    expect(measures.points.filter((p) => !p.selfReported).every((p) => p.source === 'consultation' && p.idConsultation)).toBe(true);
    expect(measures.latest.weight?.value).toBe(81.4);
  });

  it('refuses a weight of 0 or 700 kg, a future date and an unknown location in French, and saves nothing', async () => {
    const before = await countEntries();
    for (const weightKg of [0, 700]) {
      const res = await send(pt, 'POST', '/api/diary/entries', { kind: 'weight', at: ago(1), weightKg });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(DIARY_MESSAGES.weight);
    }
    const future = await send(pt, 'POST', '/api/diary/entries', { kind: 'weight', at: new Date(t.clock.now() + 86_400_000).toISOString(), weightKg: 80 });
    expect(future.statusCode).toBe(400);
    expect(json(future).error.message).toBe(DIARY_MESSAGES.future);
    const location = await send(pt, 'POST', '/api/diary/entries', { kind: 'pain', at: ago(1), intensity: 4, location: 'Genou' });
    expect(location.statusCode).toBe(400);
    expect(location.body).toContain(DIARY_MESSAGES.location);
    const intensity = await send(pt, 'POST', '/api/diary/entries', { kind: 'pain', at: ago(1), intensity: 11, location: 'Lombaire' });
    expect(intensity.statusCode).toBe(400);
    const meal = await send(pt, 'POST', '/api/diary/entries', { kind: 'meal', at: ago(1), meal: 'lunch', items: [{ foodId: 2_000_000_000, grams: 100 }] });
    expect(meal.statusCode).toBe(404);
    expect(await countEntries()).toBe(before);
  });

  it('logs a meal of Ciqual foods in grams and household measures, with its energy, and the day against the target', async () => {
    const [apple] = await t.ctx.db.select().from(foods).where(sql`${foods.searchKey} like 'pomme, chair et peau, crue%'`).limit(1);
    const found = json(await get(pt, '/api/diary/foods?q=pomme')).data as { id: number; nameFr: string }[];
    expect(found.length).toBeGreaterThan(0);
    const res = await send(pt, 'POST', '/api/diary/entries', { kind: 'meal', at: ago(0.5), meal: 'snack', items: [{ foodId: apple!.id, grams: 150 }, { foodId: found[0]!.id, measure: 'portion', quantity: 2 }] });
    expect(res.statusCode).toBe(201);
    const entry = json(res).data as DiaryEntry;
    expect(entry.items.map((i) => i.grams)).toEqual([150, 200]);
    expect(entry.items[1]).toMatchObject({ measure: 'portion', quantity: 2 });
    const expected = Math.round((Number(apple!.energyKcal) * 150) / 100 + entry.items[1]!.energyKcal);
    expect(Math.abs(entry.energyKcal! - expected)).toBeLessThanOrEqual(1);
    const day = json(await get(pt, `/api/diary/day?day=${entry.day}`)).data;
    expect(day.energyKcal).toBeGreaterThanOrEqual(entry.energyKcal! - 1);
    expect(day.targets?.energyKcal).toBeGreaterThan(1000);
  });

  it('logs pain with its location and a free activity; a retry with the same id saves one entry', async () => {
    const id = randomUUID();
    const body = { id, kind: 'pain', at: ago(3), intensity: 6, location: 'Lombaire' };
    expect((await send(pt, 'POST', '/api/diary/entries', body)).statusCode).toBe(201);
    const retry = await send(pt, 'POST', '/api/diary/entries', body);
    expect(retry.statusCode).toBe(200);
    expect(json(retry).data.id).toBe(id);
    expect((await t.ctx.db.select().from(diaryEntries).where(eq(diaryEntries.id, id))).length).toBe(1);
    const activity = await send(pt, 'POST', '/api/diary/entries', { kind: 'activity', at: ago(4), activity: 'Marche rapide', durationMin: 45, intensity: 'moderate' });
    expect(activity.statusCode).toBe(201);
    expect(json(activity).data).toMatchObject({ activity: 'Marche rapide', durationMin: 45, activityIntensity: 'moderate' });
    const pains = json(await get(pt, '/api/diary/entries?kind=pain')).data as DiaryEntry[];
    expect(pains.map((p) => p.id)).toEqual([id]);
    expect(pains[0]).toMatchObject({ intensity: 6, location: 'Lombaire' });
  });

  it('reads an instant typed without an offset as the practice’s wall-clock time, whatever the server’s zone', async () => {
    const [pain] = json(await get(pt, '/api/diary/entries?kind=pain')).data as DiaryEntry[];
    const at = Date.parse(pain!.at);
    // Two minutes either side of the entry, as the practice's clock shows them, offset left out.
    const wall = (ms: number) => {
      const p = localParts(new Date(ms), DEFAULT_TIME_ZONE);
      return `${p.day}T${p.time}`;
    };
    const found = json(await get(pt, `/api/diary/entries?kind=pain&from=${wall(at - 120_000)}&to=${wall(at + 120_000)}`)).data as DiaryEntry[];
    expect(found.map((e) => e.id)).toEqual([pain!.id]);
  });
});

describe('impossible dates', () => {
  it('31 February is refused in French by the schema, never read as another day nor sent to PostgreSQL', async () => {
    const requests: [Session, string][] = [
      [pt, '/api/diary/day?day=2026-02-31'],
      [pt, '/api/diary/entries?from=2026-02-31'],
      [pt, '/api/diary/entries?to=2026-02-30T10:00:00Z'],
      [pr, `/api/patients/${lucas}/diary?from=2026-02-31`],
      [pr, `/api/patients/${lucas}/diary/chart?from=2026-02-29&to=2026-03-10`],
      // 31 February with a time, and 24:00 (Date.parse read it as the next day's midnight).
      [pt, '/api/diary/entries?from=2026-02-31T10:00'],
      [pt, '/api/diary/entries?from=2026-02-28T24:00'],
      [pr, `/api/patients/${lucas}/diary?to=2026-02-28T24:00:00Z`],
      [pt, `/api/diary/entries?from=2026-02-28T${'1'.repeat(100_000)}`],
    ];
    for (const [who, url] of requests) {
      const res = await get(who, url);
      expect(res.statusCode, url).toBe(400);
      // 'validation' is the schema's refusal; the database fallback answers another code.
      expect(res.json().error, url).toMatchObject({ code: 'validation', message: DIARY_MESSAGES.at });
    }
  });
});

describe('a meal’s photo', () => {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const upload = (s: Session, id: string, content: Buffer, type = 'image/png') => {
    const body = multipart({}, { name: 'repas.png', content, type, field: 'photo' });
    return t.app.inject({ method: 'POST', url: `/api/diary/entries/${id}/photo`, headers: { ...s.auth, ...body.headers }, payload: body.payload });
  };

  it('takes an image typed by its bytes, refuses another file or one over 10 MB in French, and another caller gets 404', async () => {
    const meal = (json(await get(pt, '/api/diary/entries?kind=meal')).data as DiaryEntry[])[0]!;
    const notImage = await upload(pt, meal.id, Buffer.from('pas une image, malgré son nom'));
    expect(notImage.statusCode).toBe(400);
    expect(json(notImage).error.message).toBe(DIARY_MESSAGES.photoType);
    const big = await upload(pt, meal.id, Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect((await upload(pr, meal.id, png)).statusCode).toBe(404);
    expect(json(await get(pt, '/api/diary/entries?kind=meal')).data[0].hasPhoto).toBe(false);
    const ok = await upload(pt, meal.id, png);
    expect(ok.statusCode).toBe(200);
    expect(json(ok).data.hasPhoto).toBe(true);
    const read = await get(pr, `/api/diary/entries/${meal.id}/photo`);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect((await get(pr2, `/api/diary/entries/${meal.id}/photo`)).statusCode).toBe(404);
  });

  it('is served to the patient and their practice as an inline image, not sniffed, each read journalled; another practice: 404 journalled', async () => {
    const meal = (json(await get(pt, '/api/diary/entries?kind=meal')).data as DiaryEntry[]).find((e) => e.hasPhoto)!;
    for (const who of [pt, pr]) {
      const read = await get(who, `/api/diary/entries/${meal.id}/photo`);
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toBe('image/png');
      expect(read.headers['content-disposition']).toBe('inline');
      expect(read.headers['x-content-type-options']).toBe('nosniff');
      expect(read.rawPayload.equals(png)).toBe(true);
    }
    const foreign = await get(pr2, `/api/diary/entries/${meal.id}/photo`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toContain('application/json');
    const journal = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'diary.photo.read'), eq(auditEvents.recordId, meal.id)));
    expect(journal.filter((e) => e.outcome === 'success').length).toBeGreaterThanOrEqual(2);
    expect(journal.some((e) => e.outcome === 'denied')).toBe(true);
  });
});

describe('scope', () => {
  it('another patient’s diary and another practice answer 404; a practitioner has no diary of their own', async () => {
    expect((await get(pt, `/api/patients/${mathilde}/diary`)).statusCode).toBe(404);
    const foreign = await get(pr2, `/api/patients/${lucas}/diary`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Lucas');
    expect((await get(pr2, `/api/patients/${lucas}/diary/chart`)).statusCode).toBe(404);
    const before = await countEntries();
    expect((await send(pr, 'POST', '/api/diary/entries', { kind: 'weight', at: ago(1), weightKg: 70 })).statusCode).toBe(404);
    expect(await countEntries()).toBe(before);
    const denied = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'diary.read'), eq(auditEvents.outcome, 'denied')));
    expect(denied.length).toBeGreaterThan(0);
  });
});

describe('the practitioner reads, comments and follows', () => {
  it('reads the diary by kind and dates, comments an entry, and the patient sees the comment', async () => {
    const all = json(await get(pr, `/api/patients/${lucas}/diary`)).data as DiaryEntry[];
    expect(new Set(all.map((e) => e.kind))).toEqual(new Set(['weight', 'meal', 'pain', 'activity']));
    const today = todayIn(DEFAULT_TIME_ZONE, t.clock.now());
    const none = json(await get(pr, `/api/patients/${lucas}/diary?from=${addDays(today, -30)}&to=${addDays(today, -20)}`)).data;
    expect(none).toEqual([]);
    const pain = all.find((e) => e.kind === 'pain')!;
    expect((await send(pr2, 'POST', `/api/diary/entries/${pain.id}/comment`, { comment: 'Étirements ?' })).statusCode).toBe(404);
    const res = await send(pr, 'POST', `/api/diary/entries/${pain.id}/comment`, { comment: 'Pensez aux étirements du matin.' });
    expect(res.statusCode).toBe(200);
    const mine = json(await get(pt, '/api/diary/entries?kind=pain')).data as DiaryEntry[];
    expect(mine[0]!.comment).toMatchObject({ text: 'Pensez aux étirements du matin.' });
    expect(mine[0]!.comment!.author).toBeTruthy();
  });

  it('the weekly summary counts the week’s entries', async () => {
    const summary = json(await get(pr, `/api/patients/${lucas}/diary/summary`)).data;
    expect(summary.entries).toMatchObject({ weight: 1, pain: 1, activity: 1 });
    expect(summary.entries.meal).toBeGreaterThanOrEqual(1);
    expect(summary.adherence).toBeGreaterThan(0);
  });

  it('a follower sees a badge of new entries and gets one digest mail, never one per entry', async () => {
    expect(json(await send(pr, 'PUT', `/api/patients/${lucas}/diary/follow`, { follow: true })).data.following).toBe(true);
    expect(json(await get(pr, '/api/diary/notifications')).data.count).toBe(0);
    t.clock.advance(1000);
    await send(pt, 'POST', '/api/diary/entries', { kind: 'pain', at: ago(0.1), intensity: 3, location: 'Cervical' });
    await send(pt, 'POST', '/api/diary/entries', { kind: 'weight', at: ago(0.1), weightKg: 81 });
    const journalled = () => t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'diary.notifications.read'), eq(auditEvents.userId, pr.id)));
    const before = (await journalled()).length;
    const badge = json(await get(pr, '/api/diary/notifications')).data;
    expect(badge).toMatchObject({ count: 2, patients: [{ idPatient: lucas, FullName: 'Lucas Bernard', count: 2 }] });
    // The badge names a patient: one journal row for that patient.
    const rows = await journalled();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ outcome: 'success', recordType: 'patient', recordId: lucas, patientId: lucas, details: { count: 2 } });
    const mailsBefore = t.mails.length;
    expect(await mailDiaryDigests(t.ctx)).toBe(1);
    expect(await mailDiaryDigests(t.ctx)).toBe(0);
    await t.drain();
    const digests = t.mails.slice(mailsBefore).filter((m) => m.subject === DIARY_DIGEST_SUBJECT);
    expect(digests).toHaveLength(1);
    expect(String(digests[0]!.text)).toContain('2 nouvelles entrées');
    expect(String(digests[0]!.text)).not.toContain('Lucas');
    expect((await send(pr, 'POST', '/api/diary/notifications/seen')).statusCode).toBe(200);
    expect(json(await get(pr, '/api/diary/notifications')).data.count).toBe(0);
  });

  it('opening one followed patient’s diary clears their part of the badge only; another practice: 404', async () => {
    const helene = await patientIdByName('Hélène Martin');
    expect(json(await send(pr, 'PUT', `/api/patients/${helene}/diary/follow`, { follow: true })).data.following).toBe(true);
    t.clock.advance(1000);
    await send(pt, 'POST', '/api/diary/entries', { kind: 'pain', at: ago(0.1), intensity: 2, location: 'Cervical' });
    const [h] = await t.ctx.db.select().from(patients).where(eq(patients.id, helene));
    const at = new Date(t.clock.now() - 60_000);
    await t.ctx.db.insert(diaryEntries).values({ organizationId: h!.organizationId, patientId: helene, kind: 'pain', at, day: todayIn(DEFAULT_TIME_ZONE, at), intensity: 4, location: 'Lombaire', createdAt: new Date(t.clock.now()) });
    const counts = async () => Object.fromEntries((json(await get(pr, '/api/diary/notifications')).data.patients as { idPatient: string; count: number }[]).map((p) => [p.idPatient, p.count]));
    expect(await counts()).toEqual({ [lucas]: 1, [helene]: 1 });
    expect((await send(pr2, 'POST', `/api/patients/${lucas}/diary/seen`)).statusCode).toBe(404);
    expect(await counts()).toEqual({ [lucas]: 1, [helene]: 1 });
    expect((await send(pr, 'POST', `/api/patients/${lucas}/diary/seen`)).statusCode).toBe(200);
    expect(await counts()).toEqual({ [helene]: 1 });
    expect(json(await get(pr, '/api/diary/notifications')).data.count).toBe(1);
  });
});

describe('charts', () => {
  it('5 years of daily entries chart per month in SQL; 60 days per day', async () => {
    const today = todayIn(DEFAULT_TIME_ZONE, t.clock.now());
    const [lucasRow] = await t.ctx.db.select().from(patients).where(eq(patients.id, lucas));
    await t.ctx.db.execute(sql`
      insert into diary_entries (organization_id, patient_id, kind, at, day, intensity, location)
      select ${lucasRow!.organizationId}::uuid, ${lucas}::uuid, 'pain', (g::date + time '09:00')::timestamptz, g::date, (extract(doy from g)::int % 11), 'Dorsal'
      from generate_series(${addDays(today, -1830)}::date, ${today}::date, interval '1 day') as g`);
    const long = json(await get(pr, `/api/patients/${lucas}/diary/chart?from=${addDays(today, -1825)}&to=${today}`)).data as DiaryChart;
    expect(long.granularity).toBe('month');
    expect(long.buckets.length).toBeGreaterThanOrEqual(60);
    expect(long.buckets.length).toBeLessThanOrEqual(62);
    expect(long.buckets.every((b) => b.pain != null && b.pain >= 0 && b.pain <= 10)).toBe(true);
    const week = json(await get(pr, `/api/patients/${lucas}/diary/chart?from=${addDays(today, -364)}&to=${today}`)).data as DiaryChart;
    expect(week.granularity).toBe('week');
    const short = json(await get(pr, `/api/patients/${lucas}/diary/chart?from=${addDays(today, -59)}&to=${today}`)).data as DiaryChart;
    expect(short.granularity).toBe('day');
    expect(short.buckets.length).toBe(60);
    expect(short.following).toBe(true);
    expect((await get(pr, `/api/patients/${lucas}/diary/chart?from=${today}&to=${addDays(today, -3)}`)).statusCode).toBe(400);
  });
});

describe('an activity from the sport program', () => {
  it('names a session of the patient’s own program and counts in the practitioner’s summary; another patient’s session: 404, nothing saved', async () => {
    const [p] = await t.ctx.db.select().from(patients).where(eq(patients.id, lucas));
    const start = addDays(todayIn(DEFAULT_TIME_ZONE, t.clock.now()), -3);
    const [program] = await t.ctx.db.insert(sportPrograms).values({ organizationId: p!.organizationId, name: 'Renforcement du genou', weeks: 2, sessionsPerWeek: 2, patientId: lucas, startDate: start, endDate: addDays(start, 13) }).returning();
    const [session] = await t.ctx.db.insert(sportSessions).values({ programId: program!.id, name: 'Séance 1 — mobilité' }).returning();
    const [foreign] = await t.ctx.db.insert(sportPrograms).values({ organizationId: p!.organizationId, name: 'Autre', weeks: 2, sessionsPerWeek: 2, patientId: mathilde, startDate: start, endDate: addDays(start, 13) }).returning();
    const [other] = await t.ctx.db.insert(sportSessions).values({ programId: foreign!.id, name: 'Séance de Mathilde' }).returning();
    const before = json(await get(pr, `/api/patients/${lucas}/diary/summary`)).data;

    const res = await send(pt, 'POST', '/api/diary/entries', { kind: 'activity', at: ago(1), sessionId: session!.id, durationMin: 40, intensity: 'moderate' });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).data).toMatchObject({ kind: 'activity', sessionId: session!.id, activity: 'Séance 1 — mobilité', durationMin: 40 });
    const after = json(await get(pr, `/api/patients/${lucas}/diary/summary`)).data;
    expect(after.entries.activity).toBe(before.entries.activity + 1);
    expect(after.activityMin).toBe(before.activityMin + 40);
    expect(after.adherence).toBeGreaterThan(0);

    const count = await countEntries();
    const refused = await send(pt, 'POST', '/api/diary/entries', { kind: 'activity', at: ago(1), sessionId: other!.id, durationMin: 40, intensity: 'moderate' });
    expect(refused.statusCode).toBe(404);
    expect(await countEntries()).toBe(count);
  });
});
