import { isMenuDay, DIETETICS_MESSAGES } from '@wellbe/shared/domain/dietetics';
import { addDays } from '@wellbe/shared/domain/zoned';
import { type ProgramDetail, type ProgramSummary, type ProgramWrite } from '@wellbe/shared/schemas/dietetics';
import { hidden, ownScope, recordCatalog, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { patientForCaller } from '../patients/patients.service.ts';
import { checkLines, loadCatalog, loadCatalogFor, resolveLine } from './dietetics.catalog.ts';
import { patientOrgScope } from '../patients/patients.service.ts';
import * as repo from './dietetics.repository.ts';

// Programs of menus: an organisation's templates of 1 to 4 weeks, assigned to a patient from a
// start day (the days become the patient's menus, editable day by day afterwards).

/** The programs of the caller's own organisation (SA and DE included); none: the area's 404. */
function programScope(caller: Caller) {
  return ownScope(caller, DIETETICS_MESSAGES.programNotFound, 'program_not_found');
}

export async function listPrograms(ctx: AppContext, caller: Caller): Promise<ProgramSummary[]> {
  return repo.listPrograms(ctx.db, programScope(caller));
}

async function programFor(ctx: AppContext, caller: Caller, id: string) {
  const program = await repo.findProgram(ctx.db, programScope(caller), id);
  if (!program) throw hidden(DIETETICS_MESSAGES.programNotFound, 'program_not_found');
  return program;
}

export async function readProgram(ctx: AppContext, caller: Caller, id: string): Promise<ProgramDetail> {
  const program = await programFor(ctx, caller, id);
  const items = await repo.programItems(ctx.db, id);
  const catalog = await loadCatalogFor(ctx, recordCatalog(program.organizationId), items);
  return {
    id: program.id,
    name: program.name,
    goal: program.goal,
    weeks: program.weeks,
    description: program.description,
    itemCount: items.length,
    items: items.map((i) => ({ ...resolveLine(catalog, i), dayIndex: i.dayIndex, meal: i.meal })),
  };
}

export async function writeProgram(ctx: AppContext, caller: Caller, id: string | null, input: ProgramWrite): Promise<ProgramDetail> {
  if (id) await programFor(ctx, caller, id);
  const scope = programScope(caller);
  const { organizationId } = scope;
  if (input.items.some((i) => i.dayIndex >= input.weeks * 7)) throw badRequest(DIETETICS_MESSAGES.programDay, 'program_day');
  const catalog = await loadCatalog(ctx, recordCatalog(organizationId));
  const lines = await checkLines(ctx, catalog, input.items);
  const savedId = await repo.saveProgram(
    ctx.db,
    scope,
    id,
    { organizationId, name: input.name, goal: input.goal, weeks: input.weeks, description: input.description, createdBy: caller.id },
    lines.map((l, i) => ({ ...l, dayIndex: input.items[i].dayIndex, meal: input.items[i].meal })),
  );
  if (!savedId) throw hidden(DIETETICS_MESSAGES.programNotFound, 'program_not_found');
  await recordAudit(ctx, caller, { action: id ? 'dietetics.program.update' : 'dietetics.program.create', outcome: 'success', recordType: 'diet_program', recordId: savedId });
  return readProgram(ctx, caller, savedId);
}

export async function deleteProgram(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  await programFor(ctx, caller, id);
  await repo.archiveProgram(ctx.db, programScope(caller), id, caller.id, new Date(ctx.clock.now()));
  await recordAudit(ctx, caller, { action: 'dietetics.program.archive', outcome: 'success', recordType: 'diet_program', recordId: id });
}

/**
 * Assigns a program to a patient from a start day: day k of the program becomes the patient's
 * menu of startDate + k (those days' lines are replaced), editable day by day afterwards.
 */
export async function assignProgram(ctx: AppContext, caller: Caller, id: string, input: { idPatient: string; startDate: string }): Promise<{ days: string[] }> {
  const program = await programFor(ctx, caller, id);
  const patient = await patientForCaller(ctx, caller, input.idPatient, 'dietetics.program.assign', 'write');
  if (patient.organizationId !== program.organizationId) throw hidden(DIETETICS_MESSAGES.programNotFound, 'program_not_found');
  const items = await repo.programItems(ctx.db, id);
  const length = program.weeks * 7;
  const days = Array.from({ length }, (_, k) => addDays(input.startDate, k));
  if (!isMenuDay(days[days.length - 1])) throw badRequest(DIETETICS_MESSAGES.date, 'bad_date');
  const scope = patientOrgScope(caller, patient);
  await repo.replaceDays(
    ctx.db,
    scope,
    { patientId: patient.id, userId: caller.id },
    days.map((day, k) => ({ day, items: items.filter((i) => i.dayIndex === k).map((i) => ({ meal: i.meal, foodId: i.foodId, recipeId: i.recipeId, grams: i.grams, portions: i.portions })) })),
  );
  await repo.insertAssignment(ctx.db, { organizationId: scope.organizationId, programId: id, patientId: patient.id, startDate: input.startDate, endDate: days[days.length - 1], assignedBy: caller.id });
  await recordAudit(ctx, caller, { action: 'dietetics.program.assign', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { programId: id, startDate: input.startDate } });
  return { days };
}
