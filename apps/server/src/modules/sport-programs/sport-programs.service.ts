import { addDays } from '@wellbe/shared/domain/zoned';
import { programWriteOf, SPORT_LIMITS, SPORT_MESSAGES, type InactivePatient, type MySportToday, type PatientSportProgram, type ProgramSession, type SessionLog, type SessionLogWrite, type SportCatalog, type SportAssign, type SportProgram, type SportProgramSummary, type SportProgramWrite } from '@wellbe/shared/schemas/sport';
import { hidden, isUuid, ownPatientId, ownScope, recordCatalog, systemScope, type Caller, type OrgScope, type OneOrgScope } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit, recordPatientsNamed } from '../../lib/audit.ts';
import { publishRealtime, registerRealtimeType } from '../../lib/realtime/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { toExercise, visibleExercises } from '../exercises/exercises.service.ts';
import { catalogEntriesUsable } from '../sport-catalogs/sport-catalogs.service.ts';
import { today } from '../dietetics/dietetics.service.ts';
import { diarySessionDays } from '../diary/diary.sessions.ts';
import { patientForCaller, patientOrgScope } from '../patients/patients.service.ts';
import { adherenceOf, sessionsRecorded } from './sport-programs.adherence.ts';
import * as repo from './sport-programs.repository.ts';

// Sport programs: an organisation's library of templates; assigning one to a patient copies it
// (the patient's program, adjusted per patient without touching the template); the patient logs
// sessions (done / partly / not done, RPE, pain, a comment); the practitioner follows adherence.
// Every read or write of a patient's program or logs is journalled.

// A patient's program changed: their open 'Mon programme' screen refetches (ids only, DESIGN §8;
// the REST route re-authorises). Only the patient's own accounts receive it.
registerRealtimeType('sport.program', { access: 'dps' });

async function publishProgramChange(ctx: AppContext, organizationId: string, patientId: string, programId: string): Promise<void> {
  const userIds = await repo.patientAccounts(ctx.db, systemScope(organizationId), patientId);
  if (userIds.length) await publishRealtime(ctx.db, { type: 'sport.program', organisationId: organizationId, userIds, data: { programId } });
}

const programNotFound = () => hidden(SPORT_MESSAGES.programNotFound, 'program_not_found');

/** The library of the caller's own organisation (SA and DE included); none: the area's 404. */
function libraryScope(caller: Caller) {
  return ownScope(caller, SPORT_MESSAGES.programNotFound, 'program_not_found');
}

async function programFor(ctx: AppContext, caller: Caller, id: string) {
  const row = isUuid(id) ? await repo.findProgram(ctx.db, libraryScope(caller), id) : undefined;
  if (!row) throw programNotFound();
  return row;
}

function summary(row: repo.ProgramRow, sessions: ProgramSession[], patientName: string | null): SportProgramSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    objectiveId: row.objectiveId,
    typeId: row.typeId,
    levelId: row.levelId,
    genderId: row.genderId,
    weeks: row.weeks,
    sessionsPerWeek: row.sessionsPerWeek,
    sessionCount: sessions.length,
    exerciseCount: sessions.reduce((a, s) => a + s.exercises.length, 0),
    patient: row.patientId ? { idPatient: row.patientId, FullName: patientName ?? '' } : null,
    startDate: row.startDate,
    endDate: row.endDate,
    templateId: row.templateId,
  };
}

async function withSessions(ctx: AppContext, scope: OrgScope, rows: repo.ProgramRow[], patientName: string | null = null): Promise<SportProgram[]> {
  const { sessions, lines } = await repo.sessionsOf(
    ctx.db,
    scope,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const own: ProgramSession[] = sessions
      .filter((s) => s.programId === row.id)
      .map((s) => ({
        id: s.id,
        name: s.name,
        exercises: lines
          .filter((l) => l.sessionId === s.id)
          .map((l) => {
            const ex = toExercise(l.exercise);
            return {
              id: l.id,
              exerciseId: l.exerciseId,
              sets: l.sets,
              reps: l.reps,
              durationS: l.durationS,
              loadKg: l.loadKg != null ? Number(l.loadKg) : null,
              loadPct: l.loadPct,
              restS: l.restS,
              tempo: l.tempo,
              notes: l.notes,
              exercise: { id: ex.id, name: ex.name, nameEn: ex.nameEn, translated: ex.translated, instructions: ex.instructions, instructionsEn: l.exercise.instructionsEn, equipmentId: ex.equipmentId, media: ex.media },
            };
          }),
      }));
    return { ...summary(row, own, patientName), sessions: own };
  });
}

export async function listPrograms(ctx: AppContext, caller: Caller): Promise<SportProgramSummary[]> {
  const scope = libraryScope(caller);
  const rows = await repo.listTemplates(ctx.db, scope);
  return (await withSessions(ctx, scope, rows)).map(({ sessions: _s, ...rest }) => rest);
}

/** A template, or a patient's program (read as the patient's file: journalled, in the caller's patient scope). */
export async function readProgram(ctx: AppContext, caller: Caller, id: string): Promise<SportProgram> {
  const row = await programFor(ctx, caller, id);
  let name: string | null = null;
  if (row.patientId) {
    const patient = await patientForCaller(ctx, caller, row.patientId, 'sport.program.read', 'read');
    name = patient.fullName;
    await recordAudit(ctx, caller, { action: 'sport.program.read', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { programId: id } });
  }
  return (await withSessions(ctx, libraryScope(caller), [row], name))[0];
}

/** Checks the body's exercises (visible to the organisation) and limits the schema cannot see. */
async function sessionValues(ctx: AppContext, scope: OneOrgScope, input: SportProgramWrite & { sessions: (SportProgramWrite['sessions'][number] & { id?: string })[] }): Promise<repo.SessionValues[]> {
  const ids = [...new Set(input.sessions.flatMap((s) => s.exercises.map((e) => e.exerciseId)))];
  const found = await visibleExercises(ctx, scope, ids);
  if (found.length !== ids.length) throw hidden(SPORT_MESSAGES.exerciseNotFound, 'exercise_not_found');
  return input.sessions.map((s) => {
    if (s.exercises.length > SPORT_LIMITS.exercisesPerSession) throw badRequest(SPORT_MESSAGES.exercisesPerSession, 'too_many_exercises');
    return {
      id: s.id,
      name: s.name,
      exercises: s.exercises.map((e) => ({
        exerciseId: e.exerciseId,
        sets: e.sets,
        reps: e.reps,
        durationS: e.durationS,
        loadKg: e.loadKg,
        loadPct: e.loadPct,
        restS: e.restS,
        tempo: e.tempo,
        notes: e.notes,
      })),
    };
  });
}

function programValues(input: SportProgramWrite) {
  return {
    name: input.name,
    description: input.description,
    objectiveId: input.objectiveId,
    typeId: input.typeId,
    levelId: input.levelId,
    genderId: input.genderId,
    weeks: input.weeks,
    sessionsPerWeek: input.sessionsPerWeek,
  };
}

export async function writeProgram(ctx: AppContext, caller: Caller, id: string | null, input: SportProgramWrite): Promise<SportProgram> {
  const before = id ? await programFor(ctx, caller, id) : null;
  // A program found by programFor lives in the caller's own organisation: the same scope.
  const scope = libraryScope(caller);
  const { organizationId } = scope;
  if (before?.patientId) await patientForCaller(ctx, caller, before.patientId, 'sport.program.update', 'write');
  const sessions = await sessionValues(ctx, scope, input);
  await checkProgramCatalogs(ctx, organizationId, input);
  const values = {
    ...programValues(input),
    organizationId,
    createdBy: before?.createdBy ?? caller.id,
    ...(before?.startDate ? { endDate: addDays(before.startDate, input.weeks * 7 - 1) } : {}),
  };
  const savedId = await catalogChecked(() => repo.saveProgram(ctx.db, scope, id, values, sessions));
  if (!savedId) throw programNotFound();
  await recordAudit(ctx, caller, {
    action: id ? 'sport.program.update' : 'sport.program.create',
    outcome: 'success',
    recordType: before?.patientId ? 'patient' : 'sport_program',
    recordId: before?.patientId ?? savedId,
    ...(before?.patientId ? { patientId: before.patientId, details: { programId: savedId } } : {}),
  });
  if (before?.patientId) await publishProgramChange(ctx, organizationId, before.patientId, savedId);
  return readProgram(ctx, caller, savedId);
}

/** The program's catalog values: WellBe entries or its organisation's own, never another's. */
async function checkProgramCatalogs(ctx: AppContext, organizationId: string, input: SportProgramWrite) {
  const values: [SportCatalog, number | null | undefined][] = [
    ['objectifs', input.objectiveId],
    ['typeofprograms', input.typeId],
    ['levels', input.levelId],
    ['gender', input.genderId],
  ];
  for (const [name, id] of values) {
    if (id != null && !(await catalogEntriesUsable(ctx, recordCatalog(organizationId), name, [id]))) throw badRequest(SPORT_MESSAGES.catalogValue, 'catalog_value');
  }
}

/** A catalog id that does not exist is a foreign-key violation: answered as bad input. */
async function catalogChecked<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
      if (e.code === '23503') throw badRequest(SPORT_MESSAGES.catalogValue, 'catalog_value');
    }
    throw err;
  }
}

export async function duplicateProgram(ctx: AppContext, caller: Caller, id: string): Promise<SportProgram> {
  const source = await readProgram(ctx, caller, id);
  const input: SportProgramWrite = {
    ...programWriteOf(source),
    name: `${source.name} (copie)`.slice(0, 200),
  };
  return writeProgram(ctx, caller, null, input);
}

export async function archiveProgram(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  const row = await programFor(ctx, caller, id);
  if (row.patientId) await patientForCaller(ctx, caller, row.patientId, 'sport.program.archive', 'write');
  await repo.archiveProgram(ctx.db, libraryScope(caller), id, caller.id, new Date(ctx.clock.now()));
  if (row.patientId) await publishProgramChange(ctx, row.organizationId, row.patientId, id);
  await recordAudit(ctx, caller, {
    action: 'sport.program.archive',
    outcome: 'success',
    recordType: row.patientId ? 'patient' : 'sport_program',
    recordId: row.patientId ?? id,
    ...(row.patientId ? { patientId: row.patientId, details: { programId: id } } : {}),
  });
}

/** Copies a template onto a patient from a start day; answers the patient's program. */
export async function assignProgram(ctx: AppContext, caller: Caller, id: string, input: SportAssign): Promise<SportProgram> {
  const template = await programFor(ctx, caller, id);
  const patient = await patientForCaller(ctx, caller, input.idPatient, 'sport.program.assign', 'write');
  if (patient.organizationId !== template.organizationId) throw programNotFound();
  const scope = libraryScope(caller);
  const source = (await withSessions(ctx, scope, [template]))[0];
  const values = programWriteOf(source);
  const sessions = await sessionValues(ctx, scope, values);
  const savedId = await repo.saveProgram(
    ctx.db,
    scope,
    null,
    {
      ...programValues(values),
      organizationId: scope.organizationId,
      patientId: patient.id,
      templateId: template.patientId ? template.templateId : template.id,
      startDate: input.startDate,
      endDate: addDays(input.startDate, template.weeks * 7 - 1),
      createdBy: caller.id,
    },
    sessions,
  );
  if (!savedId) throw programNotFound();
  await recordAudit(ctx, caller, { action: 'sport.program.assign', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { templateId: id, programId: savedId, startDate: input.startDate } });
  await publishProgramChange(ctx, template.organizationId, patient.id, savedId);
  return (await withSessions(ctx, scope, [(await repo.findProgram(ctx.db, scope, savedId))!], patient.fullName))[0];
}

function toLog(l: { log: repo.LogRow; sessionName: string }): SessionLog {
  return { id: l.log.id, sessionId: l.log.sessionId, sessionName: l.sessionName, day: l.log.day, status: l.log.status as SessionLog['status'], rpe: l.log.rpe, pain: l.log.pain, comment: l.log.comment };
}

/** The patient file's "Programme sportif" tab: the patient's programs with their logs and adherence. */
export async function patientPrograms(ctx: AppContext, caller: Caller, idPatient: string): Promise<PatientSportProgram[]> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'sport.patient.read', 'read');
  const scope = patientOrgScope(caller, patient);
  const rows = await repo.listForPatient(ctx.db, scope, patient.id);
  const programs = await withSessions(ctx, scope, rows, patient.fullName);
  const logs = (await repo.logsOf(
    ctx.db,
    scope,
    rows.map((r) => r.id),
  )).map((l) => ({ ...toLog(l), programId: l.log.programId }));
  const diary = await diarySessionDays(ctx, scope, patient.id, programs.flatMap((p) => p.sessions.map((s) => s.id)));
  const result: PatientSportProgram[] = [];
  for (const [i, row] of rows.entries()) {
    const own = logs.filter((l) => l.programId === row.id).map(({ programId: _p, ...l }) => l);
    const sessions = new Set(programs[i].sessions.map((s) => s.id));
    const recorded = sessionsRecorded(own, diary.filter((d) => sessions.has(d.sessionId)));
    result.push({ program: programs[i], logs: own, adherence: await adherenceOf(ctx, caller, row, recorded) });
  }
  await recordAudit(ctx, caller, { action: 'sport.patient.read', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id });
  return result;
}

/** The session suggested today: the one after the last logged, in the program's order. */
function nextSession(program: SportProgram, logs: SessionLog[], day: string): string | null {
  if (!program.sessions.length) return null;
  const todays = logs.find((l) => l.day === day);
  if (todays && program.sessions.some((s) => s.id === todays.sessionId)) return todays.sessionId;
  const last = logs.find((l) => l.day < day);
  const index = last ? program.sessions.findIndex((s) => s.id === last.sessionId) : -1;
  return program.sessions[(index + 1) % program.sessions.length].id;
}

/** A PT's program of the day (/program/sportif/today). */
export async function myToday(ctx: AppContext, caller: Caller): Promise<MySportToday> {
  const patient = await patientForCaller(ctx, caller, ownPatientId(caller), 'sport.my_program.read', 'read');
  const day = await today(ctx, patient.organizationId);
  const scope = patientOrgScope(caller, patient);
  const row = await repo.currentForPatient(ctx.db, scope, patient.id, day);
  await recordAudit(ctx, caller, { action: 'sport.my_program.read', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id });
  if (!row) return { patient: { FullName: patient.fullName }, today: day, program: null, sessionId: null, logs: [] };
  const program = (await withSessions(ctx, scope, [row], patient.fullName))[0];
  const logs = (await repo.logsOf(ctx.db, scope, [row.id])).map(toLog);
  return { patient: { FullName: patient.fullName }, today: day, program, sessionId: nextSession(program, logs, day), logs };
}

/** A PT logs a session of their own program (another patient's session is simply not found). */
export async function logSession(ctx: AppContext, caller: Caller, input: SessionLogWrite): Promise<SessionLog> {
  const patient = await patientForCaller(ctx, caller, ownPatientId(caller), 'sport.session.log', 'read');
  const scope = patientOrgScope(caller, patient);
  const found = await repo.sessionOfPatient(ctx.db, scope, patient.id, input.sessionId);
  if (!found) {
    await recordAudit(ctx, caller, { action: 'sport.session.log', outcome: 'denied', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { sessionId: input.sessionId } });
    throw hidden(SPORT_MESSAGES.sessionNotFound, 'session_not_found');
  }
  const now = await today(ctx, patient.organizationId);
  const day = input.day ?? now;
  if (day > now || day < found.program.startDate! || day > found.program.endDate!) throw badRequest(SPORT_MESSAGES.logDay, 'log_day');
  const row = await repo.upsertLog(ctx.db, {
    organizationId: scope.organizationId,
    patientId: patient.id,
    programId: found.program.id,
    sessionId: found.session.id,
    day,
    status: input.status,
    rpe: input.status === 'skipped' ? null : input.rpe,
    pain: input.pain,
    comment: input.comment,
    createdBy: caller.id,
  });
  await recordAudit(ctx, caller, { action: 'sport.session.log', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { sessionId: found.session.id, day, status: input.status } });
  return toLog({ log: row, sessionName: found.session.name });
}

/** The dashboard's list: patients of a running program who logged nothing for 7 days. */
export async function inactivePatients(ctx: AppContext, caller: Caller): Promise<InactivePatient[]> {
  const scope = libraryScope(caller);
  const day = await today(ctx, scope.organizationId);
  const since = addDays(day, -SPORT_LIMITS.inactiveDays);
  const rows = await repo.inactive(ctx.db, scope, day, since);
  // Names and dates of the patients listed: a read of each one's data.
  await recordPatientsNamed(ctx, caller, 'sport.inactive.read', rows.map((r) => r.program.patientId));
  const days = (from: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
  return rows.map((r) => ({
    idPatient: r.program.patientId!,
    FullName: r.fullName,
    programId: r.program.id,
    programName: r.program.name,
    startDate: r.program.startDate!,
    lastLogDay: r.lastLogDay,
    daysWithoutLog: days(r.lastLogDay ?? r.program.startDate!),
  }));
}

/** A session of the patient's own program (the diary's activity entry), inside the patient's organisation, or null. */
export async function sessionOfPatient(ctx: AppContext, scope: OneOrgScope, patientId: string, sessionId: string): Promise<{ id: string; name: string } | null> {
  const found = isUuid(sessionId) ? await repo.sessionOfPatient(ctx.db, scope, patientId, sessionId) : undefined;
  return found ? { id: found.session.id, name: found.session.name } : null;
}

export interface ProgramSpan {
  id: string;
  startDate: string;
  endDate: string;
  archivedAt: Date | null;
}

/** Start, end and archiving of some of the patient's programs in the scope's organisation (missing: not theirs or gone). */
export async function programSpans(ctx: Pick<AppContext, 'db'>, scope: OneOrgScope, patientId: string, ids: string[]): Promise<ProgramSpan[]> {
  const rows = await repo.programSpans(ctx.db, scope, patientId, ids.filter(isUuid));
  return rows.filter((r) => r.startDate && r.endDate).map((r) => ({ id: r.id, startDate: r.startDate!, endDate: r.endDate!, archivedAt: r.archivedAt }));
}
