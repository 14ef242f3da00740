import { can } from '@wellbe/shared/permissions';
import { isPlatformRole } from '@wellbe/shared/roles';
import { PATIENT_MESSAGES } from '@wellbe/shared/schemas/patients';
import type { Caller } from './caller.ts';
import { hidden } from './not-found.ts';

/** An id no patient has: the scope of a PT account linked to no patient matches nothing. */
export const NO_PATIENT = '00000000-0000-0000-0000-000000000000';

/**
 * The patients a caller may reach, applied inside the repositories' queries (like Medplum's
 * addSecurityFilters): a forgotten check cannot leak a row, because the row is never read.
 * - organisation: the caller's (SA, DE: every organisation, null);
 * - a PT: only the patient their account is linked to;
 * - archived patients: readable to SA and DE only; nobody writes to them.
 */
export interface PatientScope {
  /** null: every organisation. */
  organizationId: string | null;
  /** Only this patient (a PT account), or null. */
  patientId: string | null;
  /** Whether archived patients are inside the scope. */
  archived: boolean;
}

export type PatientAccessMode = 'read' | 'write';

/** Whether the role reaches patient files at all (SPEC §6 dps / dps write). */
export function mayUsePatients(caller: Caller, mode: PatientAccessMode): boolean {
  return can(caller.role, mode === 'read' ? 'dps' : 'dpsWrite');
}

export function patientScope(caller: Caller, mode: PatientAccessMode): PatientScope {
  const platform = isPlatformRole(caller.role);
  return {
    organizationId: platform ? null : (caller.organizationId ?? NO_PATIENT),
    patientId: caller.role === 'PT' ? (caller.patientId ?? NO_PATIENT) : null,
    archived: mode === 'read' && platform,
  };
}

/** The same rule on a row already read (answers the SQL filter gives, for rows read otherwise). */
export function patientInScope(scope: PatientScope, row: { id: string; organizationId: string; archivedAt: Date | null }): boolean {
  if (scope.organizationId && row.organizationId !== scope.organizationId) return false;
  if (scope.patientId && row.id !== scope.patientId) return false;
  return scope.archived || !row.archivedAt;
}

/** The patient list of an organisation: a PT only their own entry, archived only for SA and DE. */
export function patientListScope(caller: Caller, organizationId: string, archived: boolean): PatientScope & { organizationId: string } {
  return { organizationId, patientId: caller.role === 'PT' ? (caller.patientId ?? NO_PATIENT) : null, archived };
}

/** Whether the caller may list archived patients (SA and DE, issue of the patient file: SPEC §6 read). */
export function mayListArchived(caller: Caller): boolean {
  return isPlatformRole(caller.role);
}

/** The patient list export and the practice-wide figures are for the practice, not for a patient. */
export function mayExportPatients(caller: Caller): boolean {
  return mayUsePatients(caller, 'read') && caller.role !== 'PT';
}

/** The practice's notice average (patient list): its practitioners and administrators, not a patient. */
export function mayReadPracticeFigures(caller: Caller): boolean {
  return caller.role !== 'PT';
}

/** SPEC §3 Notice: only the patient (PT) of the consultation gives or edits one. */
export function mayGiveNotice(caller: Caller, target: { patientId: string }): boolean {
  return caller.role === 'PT' && !!caller.patientId && caller.patientId === target.patientId;
}

/**
 * The file a PT account is linked to, for the patient's own pages. Any other caller, or a PT linked
 * to no file, is told so (404 `no_patient_link`) rather than « introuvable ».
 */
export function ownPatientId(caller: Caller): string {
  if (caller.role !== 'PT' || !caller.patientId) throw hidden(PATIENT_MESSAGES.noPatientLink, 'no_patient_link');
  return caller.patientId;
}
