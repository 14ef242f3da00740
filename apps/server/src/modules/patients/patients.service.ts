import type { FastifyRequest } from 'fastify';
import { isPlatformRole } from '@wellbe/shared/roles';
import { PATIENT_MESSAGES, type PatientCreate, type PatientListAnswer, type PatientListQuery } from '@wellbe/shared/schemas/patients';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { caller } from '../../lib/scope.ts';
import { fold } from '@wellbe/shared/domain/text';
import { recordAudit } from '../audit/audit.service.ts';
import { patientKeys } from './patients.keys.ts';
import { DuplicatePatientError, findDuplicates, findPatientById, insertPatient, searchPatients, type PatientRow } from './patients.repository.ts';

export const DEFAULT_PATIENT_PAGE_SIZE = 50;
const NO_ORGANISATION = 'Aucune organisation n’est associée à ce compte.';
export const PATIENT_NOT_FOUND = 'Patient introuvable.';

/**
 * Creates a patient in `organizationId` (already checked against the token by the caller).
 * SPEC §5 duplicates: same folded name or same phone among live patients of the organisation → 409
 * with the spec's message. The pre-check gives the name message first; the unique indexes make the
 * rule hold when two creates race.
 */
export async function createPatient(ctx: AppContext, request: FastifyRequest, organizationId: string | null, input: PatientCreate): Promise<{ idPatient: string }> {
  const user = caller(request);
  if (!organizationId) throw badRequest(NO_ORGANISATION, 'no_organisation');
  const keys = patientKeys(input.FullName, input.PhoneNumber, input.Email);
  try {
    const existing = await findDuplicates(ctx.db, organizationId, keys.nameKey, keys.phoneKey);
    if (existing.name) throw new DuplicatePatientError('name');
    if (existing.phone) throw new DuplicatePatientError('phone');
    const idPatient = await insertPatient(ctx.db, {
      organizationId,
      fullName: input.FullName.trim().replace(/\s+/g, ' '),
      phoneNumber: input.PhoneNumber.trim(),
      email: input.Email.trim(),
      ...keys,
      createdBy: user.id,
    });
    await recordAudit(ctx, request, { action: 'patient.create', outcome: 'success', recordType: 'patient', recordId: idPatient, patientId: idPatient });
    return { idPatient };
  } catch (err) {
    if (!(err instanceof DuplicatePatientError)) throw err;
    await recordAudit(ctx, request, { action: 'patient.create', outcome: 'error', recordType: 'patient', details: { reason: `duplicate_${err.field}` } });
    throw err.field === 'name'
      ? conflict(PATIENT_MESSAGES.duplicateName, 'duplicate_patient_name')
      : conflict(PATIENT_MESSAGES.duplicatePhone, 'duplicate_patient_phone');
  }
}

/** Folded terms of a search: the text itself, and the digits of a phone-like query in both forms. */
function searchTerms(q: string | undefined): string[] {
  const text = fold(q ?? '');
  if (!text) return [];
  const terms = [text];
  const compact = text.replace(/[\s.\-()]/g, '');
  if (/^\+?\d{2,}$/.test(compact)) {
    const digits = compact.replace('+', '');
    terms.push(digits);
    // A French number typed from its leading 0 matches the international key (33...).
    if (digits.startsWith('0') && digits.length > 1) terms.push('33' + digits.slice(1));
  }
  return [...new Set(terms)];
}

/**
 * SPEC §7 patient list of one organisation: live patients only, accent-insensitive search on name,
 * phone and email, paged. A patient user (PT) gets only their own entry.
 */
export async function listPatients(ctx: AppContext, request: FastifyRequest, organizationId: string | null, query: PatientListQuery = {}): Promise<PatientListAnswer> {
  const user = caller(request);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PATIENT_PAGE_SIZE;
  if (!organizationId || (user.role === 'PT' && !user.patientId)) {
    await recordAudit(ctx, request, { action: 'patient.list', outcome: 'success', recordType: 'patient', details: { count: 0 } });
    return { success: true, data: [], total: 0, page, pageSize };
  }
  const { rows, total } = await searchPatients(ctx.db, {
    organizationId,
    onlyPatientId: user.role === 'PT' ? user.patientId : null,
    terms: searchTerms(query.q),
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  // The search text may be a patient's name: only its presence is journalled.
  await recordAudit(ctx, request, { action: 'patient.list', outcome: 'success', recordType: 'patient', details: { count: rows.length, page, search: !!query.q } });
  return { success: true, data: rows.map(toListEntry), total, page, pageSize };
}

function toListEntry(row: PatientRow) {
  return { idPatient: row.id, FullName: row.fullName, PhoneNumber: row.phoneNumber };
}

/**
 * A patient the caller may work on: same organisation (SA/DE platform-wide), a PT only their own.
 * An archived patient takes no new record, but stays readable to SA and DE (issue 6) when `read`.
 * Anything else is answered as not found (existence is private, DESIGN §3) and journalled as denied.
 */
export async function getPatientInScope(ctx: AppContext, request: FastifyRequest, idPatient: string, action: string, { read = false } = {}): Promise<PatientRow> {
  const user = caller(request);
  const row = await findPatientById(ctx.db, idPatient);
  const allowed =
    !!row &&
    (!row.archivedAt || (read && isPlatformRole(user.role))) &&
    (isPlatformRole(user.role) || row.organizationId === user.organizationId) &&
    (user.role !== 'PT' || user.patientId === row.id);
  if (!allowed) {
    await recordAudit(ctx, request, { action, outcome: 'denied', recordType: 'patient', recordId: idPatient, patientId: idPatient });
    // The same 404 whether the patient exists elsewhere or not at all: a 403 would confirm the id.
    throw notFound(PATIENT_NOT_FOUND, 'patient_not_found');
  }
  return row;
}
