import { and, eq } from 'drizzle-orm';
import { addDays, todayIn } from '@wellbe/shared/domain/zoned';
import { zonedInstant } from '@wellbe/shared/domain/zoned-instant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PoolClient } from 'pg';
import { json } from '../../../test/helpers.ts';
import { whileHeld } from '../../../test/locks.ts';
import { auditEvents, patients, questionnaireAssignments, sportPrograms } from '../../db/tables.ts';
import { agendaKit, TZ, type AgendaKit } from '../agenda/agenda.test-kit.ts';
import { runQuestionnaireJobs } from './questionnaires.booking.ts';

// Questionnaires through the real app: build, send, answer (draft then submit), versions, the
// bounds and required rules, the scope (another patient, another practice), sending with an
// appointment type and its 48 h reminder, once (fake clock).

let k: AgendaKit;
let lucas: string;

const form = {
  title: 'Questionnaire avant la visite',
  introduction: 'Merci de répondre avant votre rendez-vous.',
  preVisit: true,
  questions: [
    { id: 'motif', type: 'text', label: 'Motif de la visite', required: true },
    { id: 'douleur', type: 'scale', label: 'Douleur aujourd’hui', required: true, minLabel: 'Aucune', maxLabel: 'Insupportable' },
    { id: 'poids', type: 'number', label: 'Poids', unit: 'kg', min: 20, max: 300 },
    { id: 'traitement', type: 'yesNo', label: 'Prenez-vous un traitement ?', required: true },
    { id: 'lequel', type: 'text', label: 'Lequel ?', required: true, showIf: { questionId: 'traitement', equals: true } },
    { id: 'sport', type: 'single', label: 'Activité physique', options: ['Aucune', 'Parfois', 'Souvent'] },
  ],
};

beforeAll(async () => {
  k = await agendaKit(['pr', 'pt', 'pr2', 'ad']);
  const [row] = await k.t.ctx.db.select().from(patients).where(eq(patients.fullName, 'Lucas Bernard'));
  lucas = row!.id;
});
afterAll(async () => {
  await k.t.close();
});

const put = (who: string, url: string, payload: unknown) => k.t.app.inject({ method: 'PUT', url, headers: k.s[who]!.auth, payload: payload as object });

describe('build and send', () => {
  it('a practitioner builds a questionnaire, sends it, the patient answers in two goes; a new version keeps the old answers readable', async () => {
    const created = await k.post('pr', '/api/questionnaires', form);
    expect(created.statusCode, created.body).toBe(201);
    const q = json(created).data;
    expect(q).toMatchObject({ title: form.title, version: 1, active: true });
    expect(q.questions.map((x: { id: string; type: string }) => `${x.id}:${x.type}`)).toEqual(['motif:text', 'douleur:scale', 'poids:number', 'traitement:yesNo', 'lequel:text', 'sport:single']);
    expect(json(await k.get('pr', '/api/questionnaires')).data.map((x: { id: string }) => x.id)).toContain(q.id);

    const sent = await k.post('pr', `/api/patients/${lucas}/questionnaires`, { questionnaireId: q.id });
    expect(sent.statusCode, sent.body).toBe(201);
    const { id, status } = json(sent).data;
    expect(status).toBe('pending');

    const mine = json(await k.get('pt', '/api/questionnaires/mine')).data;
    expect(mine.find((a: { id: string }) => a.id === id)).toMatchObject({ status: 'pending', questionnaire: { title: form.title, version: 1 } });

    // A draft: saved as is, required questions may wait.
    const draft = await put('pt', `/api/questionnaires/assignments/${id}/answers`, { answers: { motif: 'Douleur au genou', douleur: 6 }, submit: false });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(json(draft).data).toMatchObject({ status: 'in_progress', answers: { motif: 'Douleur au genou', douleur: 6 } });

    // A submit with a required question left empty (shown by its condition) changes nothing.
    const missing = await put('pt', `/api/questionnaires/assignments/${id}/answers`, { answers: { traitement: true }, submit: true });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).error.message).toBe('« Lequel ? » : Cette question est obligatoire.');
    const afterMissing = json(await k.get('pr', `/api/patients/${lucas}/questionnaires`)).data.find((a: { id: string }) => a.id === id);
    expect(afterMissing).toMatchObject({ status: 'in_progress', answers: { motif: 'Douleur au genou', douleur: 6 } });
    expect(afterMissing.answers.traitement).toBeUndefined();

    const done = await put('pt', `/api/questionnaires/assignments/${id}/answers`, { answers: { traitement: true, lequel: 'Paracétamol', poids: 72.5, sport: 'Parfois' }, submit: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(json(done).data).toMatchObject({ status: 'submitted', answers: { motif: 'Douleur au genou', douleur: 6, traitement: true, lequel: 'Paracétamol', poids: 72.5, sport: 'Parfois' } });
    expect(json(done).data.submittedAt).not.toBeNull();
    const again = await put('pt', `/api/questionnaires/assignments/${id}/answers`, { answers: { douleur: 2 }, submit: true });
    expect(again.statusCode).toBe(409);

    // Version 2 drops a question: the submitted set still reads with version 1's questions.
    const v2 = await put('pr', `/api/questionnaires/${q.id}`, { ...form, questions: form.questions.filter((x) => x.id !== 'poids') });
    expect(json(v2).data.version).toBe(2);
    const file = json(await k.get('pr', `/api/patients/${lucas}/questionnaires`)).data;
    const old = file.find((a: { id: string }) => a.id === id);
    expect(old.questionnaire.version).toBe(1);
    expect(old.questionnaire.questions.map((x: { id: string }) => x.id)).toContain('poids');
    expect(old.answers.poids).toBe(72.5);
    expect(json(await k.get('pr', `/api/questionnaires/${q.id}?version=1`)).data.questions).toHaveLength(6);

    const journal = await k.t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.patientId, lucas), eq(auditEvents.action, 'questionnaire.submit')));
    expect(journal).toHaveLength(1);
    expect(await k.t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.patientId, lucas), eq(auditEvents.action, 'questionnaire.patient.read')))).not.toHaveLength(0);
  });

  it('answers outside the bounds or choices are refused in French and nothing is saved', async () => {
    const q = json(await k.post('pr', '/api/questionnaires', form)).data;
    const { id } = json(await k.post('pr', `/api/patients/${lucas}/questionnaires`, { questionnaireId: q.id })).data;
    const cases: [Record<string, unknown>, string][] = [
      [{ poids: 700 }, '« Poids » : La valeur doit être inférieure ou égale à 300 kg.'],
      [{ douleur: 11 }, '« Douleur aujourd’hui » : Choisissez une valeur entière de 0 à 10.'],
      [{ sport: 'Tous les jours' }, '« Activité physique » : Choisissez une des réponses proposées.'],
      [{ inconnue: 'x' }, '« inconnue » : Cette réponse ne correspond à aucune question du questionnaire.'],
    ];
    for (const [answers, message] of cases) {
      const res = await put('pt', `/api/questionnaires/assignments/${id}/answers`, { answers: { motif: 'Contrôle', ...answers }, submit: false });
      expect(res.statusCode).toBe(400);
      expect(json(res).error.message).toBe(message);
    }
    const row = json(await k.get('pt', '/api/questionnaires/mine')).data.find((a: { id: string }) => a.id === id);
    expect(row).toMatchObject({ status: 'pending', answers: {} });
  });

  it('a bad definition is refused in French', async () => {
    const bad = await k.post('pr', '/api/questionnaires', { ...form, questions: [{ id: 'a', type: 'number', label: 'Âge', min: 10, max: 5 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Le minimum doit être inférieur ou égal au maximum.');
    const cond = await k.post('pr', '/api/questionnaires', { ...form, questions: [{ id: 'a', type: 'text', label: 'A', showIf: { questionId: 'b', equals: 'x' } }, { id: 'b', type: 'text', label: 'B' }] });
    expect(cond.statusCode).toBe(400);
    expect(cond.body).toContain('Une condition porte sur une question placée avant elle.');
  });

  it('duplicated, deactivated (then not sendable), weekly on a schedule', async () => {
    const q = json(await k.post('pr', '/api/questionnaires', form)).data;
    const copy = await k.post('pr', `/api/questionnaires/${q.id}/duplicate`, {});
    expect(copy.statusCode).toBe(201);
    expect(json(copy).data).toMatchObject({ title: `${form.title} (copie)`, version: 1 });
    expect(json(await k.patch('pr', `/api/questionnaires/${q.id}`, { active: false })).data.active).toBe(false);
    expect(json(await k.get('pr', '/api/questionnaires')).data.map((x: { id: string }) => x.id)).not.toContain(q.id);
    const refused = await k.post('pr', `/api/patients/${lucas}/questionnaires`, { questionnaireId: q.id });
    expect(refused.statusCode).toBe(409);

    const weekly = await k.post('pr', `/api/patients/${lucas}/questionnaires`, { questionnaireId: json(copy).data.id, weeks: 4 });
    expect(json(weekly).data.count).toBe(4);
    const visible = json(await k.get('pt', '/api/questionnaires/mine')).data.filter((a: { questionnaire: { id: string } }) => a.questionnaire.id === json(copy).data.id);
    expect(visible).toHaveLength(1);
  });
});

describe('scope', () => {
  it('another patient, another practice, a staff member answering: 404, journalled', async () => {
    const q = json(await k.post('pr', '/api/questionnaires', form)).data;
    const [helene] = await k.t.ctx.db.select().from(patients).where(eq(patients.fullName, 'Hélène Martin'));
    const { id } = json(await k.post('pr', `/api/patients/${helene!.id}/questionnaires`, { questionnaireId: q.id })).data;
    const res = await put('pt', `/api/questionnaires/assignments/${id}/answers`, { answers: { motif: 'x' }, submit: false });
    expect(res.statusCode).toBe(404);
    expect(json(await k.get('pt', '/api/questionnaires/mine')).data.map((a: { id: string }) => a.id)).not.toContain(id);
    expect((await k.get('pr2', `/api/patients/${helene!.id}/questionnaires`)).statusCode).toBe(404);
    expect((await k.post('pr2', `/api/patients/${helene!.id}/questionnaires`, { questionnaireId: q.id })).statusCode).toBe(404);
    expect((await k.get('pr2', `/api/questionnaires/${q.id}`)).statusCode).toBe(404);
    expect(json(await k.get('pr2', '/api/questionnaires')).data.map((x: { id: string }) => x.id)).not.toContain(q.id);
    expect((await put('pr', `/api/questionnaires/assignments/${id}/answers`, { answers: {}, submit: false })).statusCode).toBe(404);
    const denied = await k.t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'questionnaire.answer'), eq(auditEvents.outcome, 'denied'), eq(auditEvents.recordId, id)));
    expect(denied.length).toBeGreaterThanOrEqual(1);
  });
});

describe('saves at the same time (the test holds the assignment row, the requests queue on it)', () => {
  const sendForm = async () => {
    const q = json(await k.post('pr', '/api/questionnaires', form)).data;
    const { id } = json(await k.post('pr', `/api/patients/${lucas}/questionnaires`, { questionnaireId: q.id })).data;
    return { id: id as string, url: `/api/questionnaires/assignments/${id}/answers` };
  };
  const holdRow = (id: string) => (c: PoolClient) => c.query('select 1 from questionnaire_assignments where id = $1 for update', [id]);
  const stored = async (id: string) => json(await k.get('pr', `/api/patients/${lucas}/questionnaires`)).data.find((a: { id: string }) => a.id === id);

  it('two screens saved at once both keep their answers', async () => {
    const { id, url } = await sendForm();
    const answers = await whileHeld(k.t.ctx.pool, holdRow(id), [
      () => put('pt', url, { answers: { motif: 'premier' }, submit: false }),
      () => put('pt', url, { answers: { douleur: 3 }, submit: false }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await stored(id)).answers).toEqual({ motif: 'premier', douleur: 3 });
  });

  it('a submit queued behind a save keeps its answer; a save queued behind a submit is refused and changes nothing', async () => {
    const { id, url } = await sendForm();
    const complete = { motif: 'Genou', douleur: 4, traitement: false };
    const [draft, submit] = await whileHeld(k.t.ctx.pool, holdRow(id), [() => put('pt', url, { answers: { poids: 80 }, submit: false }), () => put('pt', url, { answers: complete, submit: true })]);
    expect([draft.statusCode, submit.statusCode]).toEqual([200, 200]);
    expect(await stored(id)).toMatchObject({ status: 'submitted', answers: { ...complete, poids: 80 } });

    const other = await sendForm();
    const [submitted, late] = await whileHeld(k.t.ctx.pool, holdRow(other.id), [() => put('pt', other.url, { answers: complete, submit: true }), () => put('pt', other.url, { answers: { poids: 90 }, submit: false })]);
    expect(submitted.statusCode).toBe(200);
    expect(late.statusCode).toBe(409);
    expect(json(late).error.message).toBe('Ce questionnaire a déjà été envoyé : il ne peut plus être modifié.');
    expect((await stored(other.id)).answers).toEqual(complete);
  });
});

describe('with an appointment type (fake clock)', () => {
  it('sent at booking, reminded by mail 48 h before if unanswered, once', async () => {
    const typeId = k.typeId('Consultation');
    const q = json(await k.post('pr', '/api/questionnaires', { ...form, title: 'Avant la consultation', appointmentTypeIds: [typeId] })).data;
    const day = k.monday(3, 2);
    const booked = await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '10:00', '10:30', { patientId: lucas }));
    expect(booked.statusCode, booked.body).toBe(201);
    const appointment = json(booked).data;
    const sent = json(await k.get('pt', '/api/questionnaires/mine')).data.filter((a: { appointmentId: string | null }) => a.appointmentId === appointment.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ source: 'appointment', status: 'pending', questionnaire: { id: q.id }, dueAt: appointment.startsAt });

    const reminders = () => k.t.mails.filter((m) => m.subject === 'Questionnaire à remplir avant votre rendez-vous : Avant la consultation');
    await runQuestionnaireJobs(k.t.ctx);
    await k.t.drain();
    expect(reminders()).toHaveLength(0);
    // 49 h before the appointment: not yet; 47 h before: once, whatever the number of runs.
    const untilStart = new Date(appointment.startsAt).getTime() - k.t.clock.now();
    await k.advance(untilStart - 49 * 3600_000);
    await runQuestionnaireJobs(k.t.ctx);
    await k.t.drain();
    expect(reminders()).toHaveLength(0);
    await k.advance(2 * 3600_000);
    // Each run's mail is delivered before the next run (the queue would merge two identical pending mails).
    for (let i = 0; i < 2; i++) {
      await runQuestionnaireJobs(k.t.ctx);
      await k.t.drain();
    }
    expect(reminders()).toHaveLength(1);
    expect(reminders()[0]!.to).toBe('lucas.bernard@exemple.fr');
    expect(reminders()[0]!.text).toContain('/questionnaires/mine');
  });

  it('no reminder for a form already submitted, nor for a cancelled appointment', async () => {
    const typeId = k.typeId('Consultation courte');
    json(await k.post('pr', '/api/questionnaires', { ...form, title: 'Avant la consultation courte', appointmentTypeIds: [typeId] }));
    const day = k.monday(5, 3);
    const book = async (start: string, end: string) => json(await k.post('pr', '/api/agenda/appointments', k.body('pr', day, start, end, { patientId: lucas, typeId }))).data;
    const answered = await book('09:00', '09:20');
    const cancelled = await book('11:00', '11:20');
    const mine = json(await k.get('pt', '/api/questionnaires/mine')).data;
    const sentFor = (id: string) => mine.find((a: { appointmentId: string | null }) => a.appointmentId === id);
    const done = await put('pt', `/api/questionnaires/assignments/${sentFor(answered.id).id}/answers`, { answers: { motif: 'Contrôle', douleur: 1, traitement: false }, submit: true });
    expect(done.statusCode, done.body).toBe(200);
    expect((await k.post('pr', `/api/agenda/appointments/${cancelled.id}/cancel`, { reason: 'Empêchement' })).statusCode).toBe(200);
    await k.advance(new Date(cancelled.startsAt).getTime() - k.t.clock.now() - 47 * 3600_000);
    await runQuestionnaireJobs(k.t.ctx);
    await k.t.drain();
    expect(k.t.mails.filter((m) => m.subject.endsWith('Avant la consultation courte'))).toHaveLength(0);
  });
});

describe('weekly for the length of a sport program (fake clock)', () => {
  /** A 3-week program of Lucas starting today (Paris), written as the sport area stores an assigned one. */
  async function program(name: string, patientId = lucas) {
    const [p] = await k.t.ctx.db.select().from(patients).where(eq(patients.id, patientId));
    const start = todayIn(TZ, k.t.clock.now());
    const [row] = await k.t.ctx.db
      .insert(sportPrograms)
      .values({ organizationId: p!.organizationId, name, weeks: 3, sessionsPerWeek: 2, patientId, startDate: start, endDate: addDays(start, 20) })
      .returning({ id: sportPrograms.id });
    return { id: row!.id, start };
  }
  /** Noon of the program's n-th day (0: its start), in Paris: no dependence on the hour the test runs. */
  const goTo = (start: string, day: number) => k.advance(zonedInstant(addDays(start, day), '12:00', TZ).getTime() - k.t.clock.now());
  const mineOf = async (questionnaireId: string) => json(await k.get('pt', '/api/questionnaires/mine')).data.filter((a: { questionnaire: { id: string } }) => a.questionnaire.id === questionnaireId);
  const fileOf = async (questionnaireId: string) => json(await k.get('pr', `/api/patients/${lucas}/questionnaires`)).data.filter((a: { questionnaire: { id: string } }) => a.questionnaire.id === questionnaireId);

  it('a 3-week program gives exactly 3 weekly assignments, from its start, none in week 4', async () => {
    const q = json(await k.post('pr', '/api/questionnaires', { ...form, title: 'Suivi hebdomadaire du programme' })).data;
    const { id: programId, start } = await program('Renforcement du genou');
    await goTo(start, 0);
    const sent = await k.post('pr', `/api/patients/${lucas}/questionnaires`, { questionnaireId: q.id, programId });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(json(sent).data.count).toBe(3);
    const file = await fileOf(q.id);
    expect(file.map((a: { availableAt: string }) => a.availableAt).sort()).toEqual([0, 7, 14].map((d) => zonedInstant(addDays(start, d), '00:00', TZ).toISOString()));
    expect(file.every((a: { source: string; programId: string }) => a.source === 'schedule' && a.programId === programId)).toBe(true);
    expect(await mineOf(q.id)).toHaveLength(1);
    await goTo(start, 7);
    expect(await mineOf(q.id)).toHaveLength(2);
    await goTo(start, 14);
    expect(await mineOf(q.id)).toHaveLength(3);
    // Week 4: the program is over, nothing more is sent, and it cannot be scheduled again.
    await goTo(start, 21);
    expect(await mineOf(q.id)).toHaveLength(3);
    expect(await fileOf(q.id)).toHaveLength(3);
    const over = await k.post('pr', `/api/patients/${lucas}/questionnaires`, { questionnaireId: q.id, programId });
    expect(over.statusCode).toBe(409);
    expect(json(over).error.message).toBe('Ce programme est terminé : aucune semaine ne reste à suivre.');
  });

  it('stops when the program is archived; another patient’s program or both weeks and program are refused', async () => {
    const q = json(await k.post('pr', '/api/questionnaires', { ...form, title: 'Suivi jusqu’à l’archivage' })).data;
    const { id: programId, start } = await program('Programme interrompu');
    await goTo(start, 0);
    expect(json(await k.post('pr', `/api/patients/${lucas}/questionnaires`, { questionnaireId: q.id, programId })).data.count).toBe(3);
    await goTo(start, 8);
    const archived = await k.t.app.inject({ method: 'DELETE', url: `/api/sport-programs/${programId}`, headers: k.s.pr!.auth });
    expect(archived.statusCode, archived.body).toBe(200);
    await goTo(start, 15);
    // Weeks 1 and 2 had begun before the archiving; week 3 is not sent.
    expect(await mineOf(q.id)).toHaveLength(2);
    expect(await fileOf(q.id)).toHaveLength(2);
    // The dropped week cannot be answered by its id either, now that its day has come.
    const weeks = await k.t.handle.db.select().from(questionnaireAssignments).where(eq(questionnaireAssignments.programId, programId)).orderBy(questionnaireAssignments.availableAt);
    const stopped = await put('pt', `/api/questionnaires/assignments/${weeks[2]!.id}/answers`, { answers: {}, submit: false });
    expect(stopped.statusCode).toBe(404);
    expect((await k.t.handle.db.select().from(questionnaireAssignments).where(eq(questionnaireAssignments.id, weeks[2]!.id)))[0]!.status).toBe('pending');
    expect((await put('pt', `/api/questionnaires/assignments/${weeks[1]!.id}/answers`, { answers: {}, submit: false })).statusCode).toBe(200);
    expect((await k.post('pr', `/api/patients/${lucas}/questionnaires`, { questionnaireId: q.id, programId })).statusCode).toBe(404);

    const other = await program('Programme d’Hélène', k.patientId);
    const foreign = await k.post('pr', `/api/patients/${lucas}/questionnaires`, { questionnaireId: q.id, programId: other.id });
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).error.message).toBe('Programme introuvable.');
    const both = await k.post('pr', `/api/patients/${lucas}/questionnaires`, { questionnaireId: q.id, programId: other.id, weeks: 2 });
    expect(both.statusCode).toBe(400);
    expect(both.body).toContain('Choisissez soit un nombre de semaines, soit un programme.');
  });
});
