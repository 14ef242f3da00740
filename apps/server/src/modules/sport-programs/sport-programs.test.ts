import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@wellbe/shared/domain/dietetics';
import { computeAdherence, SPORT_MESSAGES, type SportProgram, type SportProgramWrite } from '@wellbe/shared/schemas/sport';
import { exercises, patients, sportPrograms, sportSessionLogs } from '../../db/tables.ts';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';
import { today } from '../dietetics/dietetics.service.ts';

// The sport area through the real app on a real database: the seven catalogs and their SPEC §6
// roles, the exercise library and its filters, programs, assignment, the patient's logs and
// adherence. Role-by-route access of every route is also walked by test/matrix.test.ts.

let t: TestApp;
let de: Session;
let pa: Session;
let pr: Session;
let pr2: Session;
let pt: Session;
let ad: Session;
let lucas: string;
let mathilde: string;

async function patientIdByName(name: string) {
  const [row] = await t.ctx.db.select({ id: patients.id }).from(patients).where(eq(patients.fullName, name));
  return row.id;
}
const get = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: s.auth });
const send = (s: Session, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => t.app.inject({ method, url, headers: s.auth, ...(payload ? { payload: payload as object } : {}) });
const catalog = async (name: string) => json(await get(pa, `/api/sport-catalogs/${name}`)).data as { id: number; code: string; labels: Record<string, string>; active: boolean }[];
const idOf = async (name: string, code: string) => (await catalog(name)).find((c) => c.code === code)!.id;
const exerciseId = async (sourceId: string) => (await t.ctx.db.select({ id: exercises.id }).from(exercises).where(eq(exercises.sourceId, sourceId)))[0].id;

beforeAll(async () => {
  t = await createTestApp();
  [de, pa, pr, pr2, pt, ad] = await Promise.all([t.login('de'), t.login('pa'), t.login('pr'), t.login('pr2'), t.login('pt'), t.login('ad')]);
  lucas = await patientIdByName('Lucas Bernard');
  mathilde = await patientIdByName('Mathilde Renaud');
});
afterAll(async () => {
  await t.close();
});

describe('catalogs', () => {
  it('seeds the seven catalogs with labels in the four languages', async () => {
    const sizes: Record<string, number> = { bodyparts: 17, categories: 7, equipments: 13, levels: 3, objectifs: 8, typeofprograms: 4, gender: 3 };
    for (const [name, size] of Object.entries(sizes)) {
      const rows = await catalog(name);
      expect(rows.length, name).toBe(size);
      for (const r of rows) for (const l of ['fr', 'en', 'tr', 'ar']) expect(r.labels[l], `${name} ${r.code} ${l}`).toBeTruthy();
    }
    expect((await catalog('levels')).map((l) => l.labels.fr)).toEqual(['Débutant', 'Intermédiaire', 'Expert']);
  });

  it('body parts are changed by developers only, the other catalogs by the WellBe group (SPEC §6)', async () => {
    const body = { code: 'test-part', labels: { fr: 'Essai', en: 'Test', tr: 'Deneme', ar: 'تجربة' } };
    expect((await send(pa, 'POST', '/api/sport-catalogs/bodyparts', body)).statusCode).toBe(403);
    expect((await send(de, 'POST', '/api/sport-catalogs/bodyparts', body)).statusCode).toBe(201);
    expect((await send(ad, 'POST', '/api/sport-catalogs/objectifs', { ...body, code: 'test-obj' })).statusCode).toBe(201);
    expect((await get(pt, '/api/sport-catalogs/levels')).statusCode).toBe(403);
    const dup = await send(de, 'POST', '/api/sport-catalogs/bodyparts', body);
    expect(dup.statusCode).toBe(409);
    expect(JSON.stringify(json(dup))).toContain(SPORT_MESSAGES.codeTaken);
  });

  it('edits an Arabic label and deactivates an entry in use (never deleted)', async () => {
    const glutes = await idOf('bodyparts', 'glutes');
    const before = (await catalog('bodyparts')).find((c) => c.id === glutes)!;
    const res = await send(de, 'PATCH', `/api/sport-catalogs/bodyparts/${glutes}`, { labels: { ...before.labels, ar: 'الأرداف' }, active: false });
    expect(res.statusCode).toBe(200);
    const after = (await catalog('bodyparts')).find((c) => c.id === glutes)!;
    expect(after.labels.ar).toBe('الأرداف');
    expect(after.active).toBe(false);
    expect((await send(de, 'DELETE', `/api/sport-catalogs/bodyparts/${glutes}`)).statusCode).toBe(404);
    await send(de, 'PATCH', `/api/sport-catalogs/bodyparts/${glutes}`, { active: true });
  });
});

describe('exercise library', () => {
  const search = async (s: Session, qs: string) => json(await get(s, `/api/exercises?${qs}`)).data as { items: { id: string; name: string; translated: boolean; instructions: string[] }[]; total: number };

  it('holds the 873 exercises of free-exercise-db, at least 60 with French names and instructions', async () => {
    expect((await search(pr, 'limit=1')).total).toBe(873);
    const rows = await t.ctx.db.select({ fr: exercises.nameFr, steps: exercises.instructionsFr }).from(exercises);
    expect(rows.filter((r) => r.fr && r.steps?.length).length).toBeGreaterThanOrEqual(60);
  });

  it('searches names without accents, in French or English, and filters by the catalogs', async () => {
    expect((await search(pr, 'q=etirement%20ischio')).items.map((e) => e.name)).toContain('Étirement des ischio-jambiers');
    expect((await search(pr, 'q=pont%20fessier')).items[0].name).toBe('Pont fessier');
    expect((await search(pr, 'q=plank')).items.some((e) => e.name === 'Gainage (planche)')).toBe(true);
    const untranslated = (await search(pr, 'q=3/4%20sit')).items[0];
    expect(untranslated.translated).toBe(false);
    const glutes = await idOf('bodyparts', 'glutes');
    const bodyOnly = await idOf('equipments', 'body only');
    const beginner = await idOf('levels', 'beginner');
    const filtered = await search(pr, `bodyPart=${glutes}&equipment=${bodyOnly}&level=${beginner}&limit=100`);
    expect(filtered.total).toBeGreaterThan(0);
    const rows = await t.ctx.db.select().from(exercises);
    const expected = rows.filter((r) => r.primaryBodyPartIds.includes(glutes) && r.equipmentId === bodyOnly && r.levelId === beginner && !r.organizationId);
    expect(filtered.total).toBe(expected.length);
  });

  it('lets a practitioner add an exercise of their organisation, unseen by another organisation', async () => {
    const body = {
      nameFr: 'Équilibre unipodal sur coussin',
      instructionsFr: ['Debout sur un pied sur le coussin.', 'Tenez 30 secondes.'],
      categoryId: await idOf('categories', 'strength'),
      levelId: await idOf('levels', 'beginner'),
      equipmentId: await idOf('equipments', 'other'),
      primaryBodyPartIds: [await idOf('bodyparts', 'calves')],
    };
    const res = await send(pr, 'POST', '/api/exercises', body);
    expect(res.statusCode).toBe(201);
    const id = json(res).data.id;
    expect((await search(pr, 'q=equilibre%20unipodal')).total).toBe(1);
    expect((await search(pr2, 'q=equilibre%20unipodal')).total).toBe(0);
    expect((await get(pr2, `/api/exercises/${id}`)).statusCode).toBe(404);
    expect((await send(pr2, 'PUT', `/api/exercises/${id}`, body)).statusCode).toBe(404);
    const library = await exerciseId('Plank');
    expect((await send(pr, 'PUT', `/api/exercises/${library}`, { ...body, nameFr: 'Planche' })).statusCode).toBe(403);
  });
});

describe('programs', () => {
  let template: SportProgram;
  const program = async (): Promise<SportProgramWrite> => {
    const ex = (s: string) => exerciseId(s);
    return {
      name: 'Genou — reprise après ligamentoplastie',
      description: 'Trois séances.',
      objectiveId: await idOf('objectifs', 'post-op-rehab'),
      typeId: await idOf('typeofprograms', 'rehabilitation'),
      levelId: await idOf('levels', 'beginner'),
      genderId: await idOf('gender', 'all'),
      weeks: 4,
      sessionsPerWeek: 3,
      sessions: [
        { name: 'Séance 1', exercises: [{ exerciseId: await ex('Chair_Squat'), sets: 3, reps: 10, durationS: null, loadKg: null, loadPct: null, restS: 60, tempo: '3-1-1', notes: '' }] },
        { name: 'Séance 2', exercises: [{ exerciseId: await ex('Plank'), sets: 3, reps: null, durationS: 30, loadKg: null, loadPct: null, restS: 45, tempo: '', notes: '' }] },
        { name: 'Séance 3', exercises: [{ exerciseId: await ex('Leg_Press'), sets: 4, reps: 8, durationS: null, loadKg: null, loadPct: 60, restS: 90, tempo: '', notes: '60 % du max' }] },
      ],
    };
  };

  it('builds a 3-session program from the library', async () => {
    const res = await send(pr, 'POST', '/api/sport-programs', await program());
    expect(res.statusCode).toBe(201);
    template = json(res).data;
    expect(template.sessions.map((s) => s.name)).toEqual(['Séance 1', 'Séance 2', 'Séance 3']);
    expect(template.sessions[2].exercises[0].loadPct).toBe(60);
    expect(template.sessions[0].exercises[0].exercise.name).toBe('Squat sur chaise');
    expect(json(await get(pa, '/api/sport-programs')).data.some((p: { id: string }) => p.id === template.id)).toBe(true);
  });

  it('refuses bad input with a clear French message and changes nothing', async () => {
    const count = async () => (await t.ctx.db.select().from(sportPrograms)).length;
    const before = await count();
    const base = await program();
    const cases: [unknown, string][] = [
      [{ ...base, sessions: [{ name: 'S', exercises: [{ ...base.sessions[0].exercises[0], sets: 21 }] }] }, SPORT_MESSAGES.sets],
      [{ ...base, sessions: [{ name: 'S', exercises: [{ ...base.sessions[0].exercises[0], reps: 201 }] }] }, SPORT_MESSAGES.reps],
      [{ ...base, sessions: [{ name: 'S', exercises: [{ ...base.sessions[0].exercises[0], loadKg: 501 }] }] }, SPORT_MESSAGES.load],
      [{ ...base, sessions: [{ name: 'S', exercises: [{ ...base.sessions[0].exercises[0], reps: null, durationS: 10_801 }] }] }, SPORT_MESSAGES.duration],
      [{ ...base, sessionsPerWeek: 8 }, SPORT_MESSAGES.sessionsPerWeek],
      [{ ...base, sessions: [{ name: 'S', exercises: Array.from({ length: 61 }, () => base.sessions[0].exercises[0]) }] }, SPORT_MESSAGES.exercisesPerSession],
    ];
    for (const [body, message] of cases) {
      const res = await send(pr, 'POST', '/api/sport-programs', body);
      expect(res.statusCode, message).toBe(400);
      expect(JSON.stringify(json(res)), message).toContain(message);
    }
    expect(await count()).toBe(before);
  });

  it('keeps another organisation out: its program, its exercise, its patient (404)', async () => {
    expect((await get(pr2, `/api/sport-programs/${template.id}`)).statusCode).toBe(404);
    expect((await send(pr2, 'POST', `/api/sport-programs/${template.id}/assign`, { idPatient: mathilde, startDate: today(t.ctx) })).statusCode).toBe(404);
    expect((await send(pr, 'POST', `/api/sport-programs/${template.id}/assign`, { idPatient: mathilde, startDate: today(t.ctx) })).statusCode).toBe(404);
    const own = await send(pr, 'POST', '/api/exercises', {
      nameFr: 'Exercice du cabinet',
      categoryId: await idOf('categories', 'strength'),
      levelId: await idOf('levels', 'beginner'),
      primaryBodyPartIds: [await idOf('bodyparts', 'calves')],
    });
    const base = await program();
    const foreign = await send(pr2, 'POST', '/api/sport-programs', { ...base, sessions: [{ name: 'S', exercises: [{ ...base.sessions[0].exercises[0], exerciseId: json(own).data.id }] }] });
    expect(foreign.statusCode).toBe(404);
  });

  it('assigns a program to a patient; adjusting it leaves the template untouched', async () => {
    const start = addDays(today(t.ctx), -7);
    const res = await send(pr, 'POST', `/api/sport-programs/${template.id}/assign`, { idPatient: lucas, startDate: start });
    expect(res.statusCode).toBe(201);
    const assigned: SportProgram = json(res).data;
    expect(assigned.patient?.idPatient).toBe(lucas);
    expect(assigned.templateId).toBe(template.id);
    expect(assigned.endDate).toBe(addDays(start, 27));
    const body = await program();
    const adjusted = await send(pr, 'PUT', `/api/sport-programs/${assigned.id}`, { ...body, sessions: assigned.sessions.map((s, i) => ({ id: s.id, name: `${s.name} adaptée`, exercises: body.sessions[i].exercises })) });
    expect(adjusted.statusCode).toBe(200);
    expect(json(await get(pr, `/api/sport-programs/${template.id}`)).data.sessions[0].name).toBe('Séance 1');
    const tab = json(await get(pr, `/api/sport-programs/patients/${lucas}`)).data as { program: SportProgram }[];
    expect(tab.some((p) => p.program.id === assigned.id && p.program.sessions[0].name === 'Séance 1 adaptée')).toBe(true);
  });

  it('lets the patient see the program of the day and log only their own sessions', async () => {
    const mine = json(await get(pt, '/api/sport-programs/mine')).data;
    expect(mine.program).not.toBeNull();
    expect(mine.sessionId).toBeTruthy();
    const ok = await send(pt, 'POST', '/api/sport-programs/mine/logs', { sessionId: mine.sessionId, status: 'done', rpe: 6, pain: 2, comment: 'Bien passé' });
    expect(ok.statusCode).toBe(201);
    expect((await send(pt, 'POST', '/api/sport-programs/mine/logs', { sessionId: mine.sessionId, status: 'done', rpe: 11 })).statusCode).toBe(400);
    // A session of another patient's program (Hélène's, in the demo) is not found.
    const [helene] = await t.ctx.db.select().from(sportPrograms).where(eq(sportPrograms.patientId, await patientIdByName('Hélène Martin')));
    const other = json(await get(pr, `/api/sport-programs/${helene.id}`)).data as SportProgram;
    const denied = await send(pt, 'POST', '/api/sport-programs/mine/logs', { sessionId: other.sessions[0].id, status: 'done' });
    expect(denied.statusCode).toBe(404);
    expect((await t.ctx.db.select().from(sportSessionLogs).where(eq(sportSessionLogs.sessionId, other.sessions[0].id))).length).toBe(0);
    // A practitioner has no program "of their own".
    expect((await get(pr, '/api/sport-programs/mine')).statusCode).toBe(404);
  });

  it('flags on the dashboard list a patient who logged nothing for 7 days', async () => {
    const list = json(await get(pr, '/api/sport-programs/inactive-patients')).data as { FullName: string; daysWithoutLog: number }[];
    expect(list.map((p) => p.FullName)).toContain('Hélène Martin');
    expect(list.map((p) => p.FullName)).not.toContain('Lucas Bernard');
    expect(list.find((p) => p.FullName === 'Hélène Martin')!.daysWithoutLog).toBe(21);
    expect(json(await get(pr2, '/api/sport-programs/inactive-patients')).data).toEqual([]);
  });
});

describe('adherence', () => {
  it('counts planned vs done per week, partial as half, with the RPE and pain averages', () => {
    const logs = [
      { day: '2026-01-05', status: 'done' as const, rpe: 6, pain: 4 },
      { day: '2026-01-07', status: 'partial' as const, rpe: 4, pain: 5 },
      { day: '2026-01-09', status: 'skipped' as const, rpe: null, pain: 3 },
      { day: '2026-01-13', status: 'done' as const, rpe: 7, pain: 2 },
    ];
    const a = computeAdherence({ startDate: '2026-01-05', weeks: 4, sessionsPerWeek: 3 }, logs, '2026-01-14');
    expect(a.weeks).toHaveLength(2);
    expect(a.weeks[0]).toMatchObject({ week: 1, from: '2026-01-05', to: '2026-01-11', planned: 3, done: 1, partial: 1, skipped: 1, rpe: 5, pain: 4 });
    expect(a.weeks[1]).toMatchObject({ done: 1, partial: 0, rpe: 7, pain: 2 });
    // (1 + 0.5 + 1) / 6 planned
    expect(a.rate).toBe(42);
    expect(a.lastLogDay).toBe('2026-01-13');
  });
});
