import {
  QUESTIONNAIRE_MESSAGES as M,
  checkAnswers,
  questionnaireDefinitionSchema,
  type Answers,
  type AnswersInput,
  type AssignInput,
  type Assignment,
  type AssignmentStatus,
  type Questionnaire,
  type QuestionnaireWrite,
} from '@wellbe/shared/schemas/questionnaires';
import { hidden, isUuid, ownPatientId, ownScope, patientScope, type Caller, type OneOrgScope } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { patientForCaller, patientOrgScope } from '../patients/patients.service.ts';
import * as repo from './questionnaires.repository.ts';
import { programWeeks, withoutStoppedWeeks } from './questionnaires.schedule.ts';

// Questionnaires: an organisation's versioned templates (written by its practitioners), sent to
// a patient by hand, with an appointment type (questionnaires.booking.ts) or weekly on a
// schedule; the patient answers from their space (drafts saved as they go, one submit); the
// practitioner reads the answer sets in the patient file. Every read or write of a patient's
// assignments is journalled.

type Ctx = AppContext;

const notFound = () => hidden(M.notFound, 'questionnaire_not_found');
const DAY_MS = 86_400_000;

/** Templates live in the caller's own organisation (SA and DE included); none: the 404. */
function libraryScope(caller: Caller): OneOrgScope {
  return ownScope(caller, M.notFound, 'questionnaire_not_found');
}

function toQuestionnaire(row: repo.QuestionnaireRow, definition: Record<string, unknown>, version = row.version): Questionnaire {
  const d = definition as { title: string; introduction?: string; questions: Record<string, unknown>[] };
  return {
    id: row.id,
    title: d.title,
    introduction: d.introduction ?? '',
    version,
    questions: d.questions,
    preVisit: row.preVisit,
    appointmentTypeIds: row.appointmentTypeIds,
    active: row.active,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function split(input: QuestionnaireWrite) {
  const { preVisit, appointmentTypeIds, ...definition } = input;
  // Stored as the one schema parsed it: defaults written out, aliases gone.
  const parsed = questionnaireDefinitionSchema.parse(definition);
  return { values: { title: parsed.title, preVisit, appointmentTypeIds: [...new Set(appointmentTypeIds)] }, definition: parsed as unknown as Record<string, unknown> };
}

export async function listQuestionnaires(ctx: Ctx, caller: Caller, all: boolean): Promise<Questionnaire[]> {
  const rows = await repo.listQuestionnaires(ctx.db, libraryScope(caller), all);
  return rows.map((r) => toQuestionnaire(r.q, r.definition));
}

export async function readQuestionnaire(ctx: Ctx, caller: Caller, id: string, version?: number): Promise<Questionnaire> {
  const row = isUuid(id) ? await repo.findQuestionnaire(ctx.db, libraryScope(caller), id, version) : null;
  if (!row) throw notFound();
  return toQuestionnaire(row.q, row.version.definition, row.version.version);
}

export async function createQuestionnaire(ctx: Ctx, caller: Caller, input: QuestionnaireWrite): Promise<Questionnaire> {
  const { values, definition } = split(input);
  const id = await repo.insertQuestionnaire(ctx.db, libraryScope(caller), values, definition, caller.id, new Date(ctx.clock.now()));
  await recordAudit(ctx, caller, { action: 'questionnaire.create', outcome: 'success', recordType: 'questionnaire', recordId: id });
  return readQuestionnaire(ctx, caller, id);
}

/** A change writes the next version; answer sets given on earlier ones keep theirs. */
export async function updateQuestionnaire(ctx: Ctx, caller: Caller, id: string, input: QuestionnaireWrite): Promise<Questionnaire> {
  const { values, definition } = split(input);
  const version = isUuid(id) ? await repo.insertVersion(ctx.db, libraryScope(caller), id, values, definition, caller.id, new Date(ctx.clock.now())) : null;
  if (version == null) throw notFound();
  await recordAudit(ctx, caller, { action: 'questionnaire.update', outcome: 'success', recordType: 'questionnaire', recordId: id, details: { version } });
  return readQuestionnaire(ctx, caller, id);
}

export async function duplicateQuestionnaire(ctx: Ctx, caller: Caller, id: string): Promise<Questionnaire> {
  const source = await readQuestionnaire(ctx, caller, id);
  const copy = await createQuestionnaire(ctx, caller, {
    title: `${source.title} (copie)`.slice(0, 200),
    introduction: source.introduction,
    questions: source.questions as QuestionnaireWrite['questions'],
    preVisit: source.preVisit,
    // A copy is not sent at booking until someone decides so: two forms per booking would surprise.
    appointmentTypeIds: [],
  });
  return copy;
}

export async function setQuestionnaireActive(ctx: Ctx, caller: Caller, id: string, active: boolean): Promise<Questionnaire> {
  if (!isUuid(id) || !(await repo.setActive(ctx.db, libraryScope(caller), id, active, new Date(ctx.clock.now())))) throw notFound();
  await recordAudit(ctx, caller, { action: active ? 'questionnaire.activate' : 'questionnaire.deactivate', outcome: 'success', recordType: 'questionnaire', recordId: id });
  return readQuestionnaire(ctx, caller, id);
}

// ---- Assignments ----

function toAssignment(r: Awaited<ReturnType<typeof repo.findAssignment>> & object): Assignment {
  const d = r.definition as { title: string; introduction?: string; questions: Record<string, unknown>[] };
  const iso = (x: Date | null) => (x ? x.toISOString() : null);
  return {
    id: r.a.id,
    status: r.a.status as AssignmentStatus,
    source: r.a.source as Assignment['source'],
    questionnaire: { id: r.a.questionnaireId, title: d.title, introduction: d.introduction ?? '', version: r.version, preVisit: r.preVisit, questions: d.questions },
    answers: r.a.answers,
    dueAt: iso(r.a.dueAt),
    availableAt: r.a.availableAt.toISOString(),
    appointmentId: r.a.appointmentId,
    programId: r.a.programId,
    submittedAt: iso(r.a.submittedAt),
    createdAt: r.a.createdAt.toISOString(),
    updatedAt: r.a.updatedAt.toISOString(),
  };
}

/**
 * Sends a template's current version to a patient: once, once a week for `weeks` weeks, or once a
 * week of their sport program `programId` (from its start to its end).
 */
export async function assignQuestionnaire(ctx: Ctx, caller: Caller, idPatient: string, input: AssignInput): Promise<{ id: string; status: AssignmentStatus; count: number }> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'questionnaire.assign', 'write');
  const scope = patientOrgScope(caller, patient);
  const template = isUuid(input.questionnaireId) ? await repo.findQuestionnaire(ctx.db, scope, input.questionnaireId) : null;
  if (!template) throw notFound();
  if (!template.q.active) throw conflict(M.inactive, 'questionnaire_inactive');
  const now = ctx.clock.now();
  const dueAt = input.dueAt ? new Date(input.dueAt) : null;
  const weeks = input.programId
    ? await programWeeks(ctx, scope, patient.id, input.programId)
    : // A weekly check-in is due by the end of its week; a single send by the date asked.
      Array.from({ length: input.weeks ?? 1 }, (_, i) => ({ availableAt: new Date(now + i * 7 * DAY_MS), dueAt: input.weeks ? new Date(now + (i + 1) * 7 * DAY_MS) : dueAt }));
  const rows: repo.NewAssignment[] = weeks.map((w) => ({
    patientId: patient.id,
    questionnaireId: template.q.id,
    versionId: template.version.id,
    source: input.weeks || input.programId ? 'schedule' : 'manual',
    programId: input.programId ?? null,
    availableAt: w.availableAt,
    dueAt: w.dueAt,
    sentBy: caller.id,
    createdAt: new Date(now),
    updatedAt: new Date(now),
  }));
  const saved = await repo.insertAssignments(ctx.db, scope, rows);
  await recordAudit(ctx, caller, { action: 'questionnaire.assign', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { questionnaireId: template.q.id, version: template.version.version, assignmentId: saved[0]!.id, weeks: rows.length, programId: input.programId ?? null } });
  return { id: saved[0]!.id, status: saved[0]!.status as AssignmentStatus, count: saved.length };
}

/** The patient file's "Questionnaires" tab: every assignment with its status and answers. */
export async function patientAssignments(ctx: Ctx, caller: Caller, idPatient: string): Promise<Assignment[]> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'questionnaire.patient.read', 'read');
  const scope = patientOrgScope(caller, patient);
  const rows = await withoutStoppedWeeks(ctx, scope, patient.id, await repo.listAssignments(ctx.db, scope, patientScope(caller, 'read'), patient.id));
  await recordAudit(ctx, caller, { action: 'questionnaire.patient.read', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id });
  return rows.map(toAssignment);
}

/** A PT's questionnaires: those sent to them whose week has come, newest first. */
export async function myAssignments(ctx: Ctx, caller: Caller): Promise<Assignment[]> {
  const patient = await patientForCaller(ctx, caller, ownPatientId(caller), 'questionnaire.mine.read', 'read');
  const scope = patientOrgScope(caller, patient);
  const rows = await withoutStoppedWeeks(ctx, scope, patient.id, await repo.listAssignments(ctx.db, scope, patientScope(caller, 'read'), patient.id, new Date(ctx.clock.now())));
  await recordAudit(ctx, caller, { action: 'questionnaire.mine.read', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id });
  return rows.map(toAssignment);
}

/**
 * A PT saves their answers (a draft) or submits them. Every answer is checked against the
 * version's questions (bounds, choices), and at submit every shown required question must be
 * answered; a refused set changes nothing. Another patient's assignment is a journalled 404.
 */
export async function saveMyAnswers(ctx: Ctx, caller: Caller, id: string, input: AnswersInput): Promise<Assignment> {
  const pscope = patientScope(caller, 'read');
  const scope = ownScope(caller, M.assignmentNotFound, 'assignment_not_found');
  const row = caller.role === 'PT' && isUuid(id) ? await repo.findAssignment(ctx.db, scope, pscope, id) : null;
  const now = new Date(ctx.clock.now());
  // A week its program no longer has (archived or shortened) is answered no more, like it is listed no more.
  const stopped = row?.a.programId ? (await withoutStoppedWeeks(ctx, scope, row.a.patientId, [row])).length === 0 : false;
  if (!row || row.a.availableAt > now || stopped) {
    await recordAudit(ctx, caller, { action: 'questionnaire.answer', outcome: 'denied', recordType: 'questionnaire_assignment', recordId: id, patientId: row?.a.patientId ?? null });
    throw hidden(M.assignmentNotFound, 'assignment_not_found');
  }
  const status: AssignmentStatus = input.submit ? 'submitted' : 'in_progress';
  // Merged and checked on the row as locked, not as read above: a save or a submit that
  // committed in between is kept, and a submitted set is never written again.
  const saved = await repo.saveAnswers(ctx.db, scope, pscope, row.a.id, (locked) => {
    if (locked.a.status === 'submitted') throw conflict(M.alreadySubmitted, 'already_submitted');
    const questions = questionnaireDefinitionSchema.parse(locked.definition).questions;
    // What is sent adds to what was saved: the phone form sends one screen at a time.
    const merged: Answers = { ...(locked.a.answers as Answers), ...input.answers };
    const { issues, clean } = checkAnswers(questions, merged, input.submit);
    if (issues.length) {
      const label = questions.find((q) => q.id === issues[0]!.questionId)?.label ?? issues[0]!.questionId;
      throw badRequest(M.answer(label, issues[0]!.message), 'invalid_answers', { issues });
    }
    return { answers: clean, status, submittedAt: input.submit ? now : null, updatedAt: now };
  });
  if (!saved) throw hidden(M.assignmentNotFound, 'assignment_not_found');
  await recordAudit(ctx, caller, { action: input.submit ? 'questionnaire.submit' : 'questionnaire.answer', outcome: 'success', recordType: 'patient', recordId: row.a.patientId, patientId: row.a.patientId, details: { assignmentId: row.a.id, answered: Object.keys(saved.answers).length } });
  return toAssignment((await repo.findAssignment(ctx.db, scope, pscope, row.a.id))!);
}
