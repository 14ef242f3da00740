import { isUuid, patientScope, type Caller, type OneOrgScope } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import * as repo from './consultations.measures.repository.ts';
import { findConsultation } from './consultations.repository.ts';

// The consultations' data other areas need, for a patient the calling service already found in the
// caller's scope (and journals): each query is scoped again here, so no other area reads the
// consultations table itself.

/** The latest weight and height recorded (dietetic targets). */
export async function latestMeasures(ctx: AppContext, caller: Caller, patientId: string) {
  return repo.latestMeasures(ctx.db, patientScope(caller, 'read'), patientId);
}

/** Every weight recorded, oldest first (the patient file's dietetics tab). */
export async function weightHistory(ctx: AppContext, caller: Caller, patientId: string) {
  return repo.weightHistory(ctx.db, patientScope(caller, 'read'), patientId);
}

/** The latest consultation of a dietetic speciality with its dietetic fields, or null. */
export async function latestDieteticConsultation(ctx: AppContext, caller: Caller, patientId: string) {
  return repo.latestDieteticConsultation(ctx.db, patientScope(caller, 'read'), patientId);
}

export type DieteticConsultation = NonNullable<Awaited<ReturnType<typeof latestDieteticConsultation>>>;

/** Writes dietetic fields onto a consultation of the patient (a new version of it). */
export async function updateDieteticFields(ctx: AppContext, caller: Caller, patientId: string, id: string, values: Record<string, string | null>) {
  await repo.updateDieteticFields(ctx.db, patientScope(caller, 'write'), patientId, id, values);
}

/** The pain intensities recorded between two days, oldest first (sport adherence). */
export async function painBetween(ctx: AppContext, caller: Caller, patientId: string, from: string, to: string) {
  return repo.painBetween(ctx.db, patientScope(caller, 'read'), patientId, from, to);
}

/**
 * Whether a live consultation is of this patient, inside the scope's organisation (the agenda links
 * an honoured appointment to its consultation; the id comes from a body, never trusted).
 */
export async function isConsultationOfPatient(ctx: Pick<AppContext, 'db'>, scope: OneOrgScope, id: string, patientId: string): Promise<boolean> {
  return isUuid(id) && !!(await findConsultation(ctx.db, { organizationId: scope.organizationId, patientId, archived: true }, id));
}
