import { formatDate } from '@wellbe/shared/domain/dates';
import { fold } from '@wellbe/shared/domain/text';
import { can } from '@wellbe/shared/permissions';
import {
  PATIENT_FILE_MESSAGES,
  type PatientDocument,
  type PatientFile,
  type PatientTablePage,
  type PatientTableQuery,
  type PatientTableRow,
} from '@wellbe/shared/schemas/patient-files';
import { PATIENT_MESSAGES, type PatientCreate, type PatientListAnswer, type PatientListQuery } from '@wellbe/shared/schemas/patients';
import {
  actingOrganisation,
  actingScope,
  hidden,
  isUuid,
  mayExportPatients,
  mayListArchived,
  mayUsePatients,
  patientListScope,
  patientScope,
  type Caller,
  type PatientAccessMode,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { auditRow, recordAudit } from '../../lib/audit.ts';
import type { Readable } from 'node:stream';
import { csvStream } from '../../lib/csv.ts';
import { conflict, forbidden } from '../../lib/errors.ts';
import { timeline } from './patients.timeline.ts';
import { patientDocuments } from '../documents/documents.service.ts';
import { patientKeys } from './patients.keys.ts';
import { withPatientVersion } from './patients.history.service.ts';
import {
  openPatientsCursor,
  archivePatientRow,
  findDuplicates,
  findPatientAccount,
  findPatientRecord,
  insertPatient,
  pagePatients,
  updateIdentity,
  type PageJournal,
  type PatientDuplicate,
  type PatientListFilter,
  type PatientRecord,
  type PatientTableRowValues,
} from './patients.repository.ts';

// The patients area: the list (/patients/list and the panel's 'Choix du patient', one search),
// the patient file, the SPEC §5 duplicate rule. Scope comes from the access module and is applied
// inside the repository's queries; a patient outside it answers 404 (existence is private) and
// the attempt is journalled as denied. Every read of patient data writes a journal row.

export const DEFAULT_PATIENT_PAGE_SIZE = 50;
export const PATIENT_NOT_FOUND = 'Patient introuvable.';

// Where a patient's other records live (menus, profiles, programs, logs): the organisation of a
// patient already found in the caller's scope; outside it, the patient's 404.
export function patientOrgScope(caller: Caller, patient: { organizationId: string }) {
  return actingScope(caller, patient.organizationId, PATIENT_NOT_FOUND, 'patient_not_found');
}

function duplicateError(field: PatientDuplicate) {
  return field === 'name' ? conflict(PATIENT_MESSAGES.duplicateName, 'duplicate_patient_name') : conflict(PATIENT_MESSAGES.duplicatePhone, 'duplicate_patient_phone');
}

/**
 * Creates a patient in the organisation the caller acts for. SPEC §5 duplicates: same folded name
 * or same phone among live patients of the organisation → 409 with the spec's message. The check
 * gives the name message first; the unique indexes make the rule hold when two creates race.
 */
export async function createPatient(ctx: AppContext, caller: Caller, input: { idOrganization?: string | null; patient: PatientCreate }): Promise<{ idPatient: string }> {
  const scope = actingScope(caller, input.idOrganization, PATIENT_NOT_FOUND, 'patient_not_found');
  const { patient } = input;
  const keys = patientKeys(patient.FullName, patient.PhoneNumber, patient.Email);
  const duplicate = await findDuplicates(ctx.db, scope, keys);
  const inserted = duplicate
    ? ({ ok: false, conflict: duplicate } as const)
    : await withPatientVersion(ctx, caller, scope, 'created', (db) => insertPatient(db, scope, {
        fullName: patient.FullName.trim().replace(/\s+/g, ' '),
        phoneNumber: patient.PhoneNumber.trim(),
        email: patient.Email.trim(),
        ...keys,
        createdBy: caller.id,
      }), (r) => (r.ok ? r.value : null));
  if (!inserted.ok) {
    await recordAudit(ctx, caller, { action: 'patient.create', outcome: 'error', recordType: 'patient', details: { reason: `duplicate_${inserted.conflict}` } });
    throw duplicateError(inserted.conflict);
  }
  const idPatient = inserted.value;
  await recordAudit(ctx, caller, { action: 'patient.create', outcome: 'success', recordType: 'patient', recordId: idPatient, patientId: idPatient });
  return { idPatient };
}

// ---- Search: one semantics for the list page and the panel ----

/**
 * Search words of a query, accent-insensitive: every word must match (name, phone, email). A
 * phone-like query ('06 23 45 67 89', '+33 6 23...') matches its digits in the national or the
 * international form, whichever way the number was stored.
 */
export function searchTerms(q: string | undefined): { words: string[]; phones: string[] } {
  const text = fold(q ?? '');
  if (!text) return { words: [], phones: [] };
  const compact = text.replace(/[\s.\-()]/g, '');
  if (/^\+?\d{2,}$/.test(compact)) {
    const digits = compact.replace('+', '');
    const phones = [digits];
    if (digits.startsWith('0') && digits.length > 1) phones.push('33' + digits.slice(1));
    if (digits.startsWith('33') && digits.length > 2) phones.push('0' + digits.slice(2));
    return { words: [], phones };
  }
  return { words: [...new Set(text.split(' ').filter(Boolean))].slice(0, 8), phones: [] };
}

function listFilter(caller: Caller, query: { q?: string; idOrganization?: string | null; archived?: boolean }): PatientListFilter {
  const { organizationId } = actingScope(caller, query.idOrganization, PATIENT_NOT_FOUND, 'patient_not_found');
  const archivedOnly = !!query.archived;
  if (archivedOnly && !mayListArchived(caller)) throw forbidden(PATIENT_FILE_MESSAGES.archivedListForbidden);
  return { scope: patientListScope(caller, organizationId, archivedOnly), archivedOnly, ...searchTerms(query.q) };
}

function toTableRow(r: PatientTableRowValues): PatientTableRow {
  return {
    idPatient: r.id,
    FullName: r.fullName,
    PhoneNumber: r.phoneNumber,
    Email: r.email,
    birthDate: r.birthDate,
    lastConsultationAt: r.lastConsultationAt?.toISOString() ?? null,
    consultationCount: r.consultationCount,
    archivedAt: r.archivedAt?.toISOString() ?? null,
  };
}

/**
 * The list's journal row ('patient.list'; the statement that reads the page adds the number of rows
 * answered and writes it, one round trip, issue 31): a failed row fails the read.
 */
function listJournal(ctx: AppContext, caller: Caller, details: Record<string, unknown>): PageJournal {
  return auditRow(ctx, caller, { action: 'patient.list', outcome: 'success', recordType: 'patient', details });
}

/** /patients/list: one page, sorted, searched (the search text itself is never journalled). */
export async function listPatientTable(ctx: AppContext, caller: Caller, query: PatientTableQuery): Promise<PatientTablePage> {
  const f = listFilter(caller, { q: query.q, idOrganization: query.idOrganization, archived: query.archived === '1' });
  const { rows, total, totalCapped, nextCursor } = await pagePatients(
    ctx.db,
    f,
    query,
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize, cursor: query.cursor },
    listJournal(ctx, caller, { page: query.page, search: !!query.q, archived: f.archivedOnly }),
  );
  return { success: true, data: rows.map(toTableRow), total, page: query.page, pageSize: query.pageSize, nextCursor, totalCapped };
}

/** SPEC §7 patient list (the panel's 'Choix du patient'): the same search and scope, by name. */
export async function listPatients(ctx: AppContext, caller: Caller, query: PatientListQuery & { idOrganization?: string | null }): Promise<PatientListAnswer> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PATIENT_PAGE_SIZE;
  const organizationId = actingOrganisation(caller, query.idOrganization);
  if (!organizationId) {
    await recordAudit(ctx, caller, { action: 'patient.list', outcome: 'success', recordType: 'patient', details: { count: 0 } });
    return { success: true, data: [], total: 0, page, pageSize, nextCursor: null, totalCapped: false };
  }
  const f = listFilter(caller, { q: query.q, idOrganization: organizationId });
  const { rows, total, totalCapped, nextCursor } = await pagePatients(
    ctx.db,
    f,
    { sort: 'name', order: 'asc' },
    { limit: pageSize, offset: (page - 1) * pageSize, cursor: query.cursor },
    listJournal(ctx, caller, { page, search: !!query.q }),
  );
  return { success: true, data: rows.map((r) => ({ idPatient: r.id, FullName: r.fullName, PhoneNumber: r.phoneNumber })), total, page, pageSize, nextCursor, totalCapped };
}

/**
 * Live patients of an organisation by the list's search (id and name only), for a module that
 * names a patient without opening the files (the agenda's booking dialog). The caller checks its
 * own right and journals the read.
 */
export async function searchPatientNames(ctx: Pick<AppContext, 'db'>, organizationId: string, q: string, limit = 10): Promise<{ id: string; fullName: string }[]> {
  const terms = searchTerms(q);
  if (!terms.words.length && !terms.phones.length) return [];
  const { rows } = await pagePatients(ctx.db, { scope: { organizationId, patientId: null, archived: false }, archivedOnly: false, ...terms }, { sort: 'name', order: 'asc' }, { limit, offset: 0 });
  return rows.map((r) => ({ id: r.id, fullName: r.fullName }));
}

const CSV_HEADER = ['Nom', 'Téléphone', 'Adresse Email', 'Date de naissance', 'Dernière consultation', 'Consultations'];

/**
 * CSV of the current selection (search and sort, every page), for practitioners only. Streamed
 * from a database cursor (constant memory whatever the practice's size); the export is journalled,
 * with its exact row count, before the first byte leaves.
 */
export async function exportPatientsCsv(ctx: AppContext, caller: Caller, query: PatientTableQuery): Promise<Readable> {
  if (!mayExportPatients(caller)) {
    await recordAudit(ctx, caller, { action: 'patient.export', outcome: 'denied', recordType: 'patient' });
    throw forbidden(PATIENT_FILE_MESSAGES.exportForbidden);
  }
  const f = listFilter(caller, { q: query.q, idOrganization: query.idOrganization, archived: query.archived === '1' });
  const read = await openPatientsCursor(ctx.db, ctx.pool, f, query);
  try {
    await recordAudit(ctx, caller, { action: 'patient.export', outcome: 'success', recordType: 'patient', details: { count: read.total, search: !!query.q } });
  } catch (err) {
    await read.close();
    throw err;
  }
  return csvStream(
    CSV_HEADER,
    read.batches,
    (r) => [r.fullName, r.phoneNumber, r.email, formatDate(r.birthDate), formatDate(r.lastConsultationAt), r.consultationCount],
    { quoteAll: true },
  );
}

// ---- One patient ----

/**
 * The patient the caller may read (`read`) or change (`write`: live patients only), found inside
 * the caller's scope; anything else is a journalled 404 under `action`. The one entry point of
 * every area that works on a patient (consultations, documents, invitations).
 */
export async function patientForCaller(ctx: AppContext, caller: Caller, idPatient: string, action: string, mode: PatientAccessMode): Promise<PatientRecord> {
  const record = isUuid(idPatient) && mayUsePatients(caller, mode) ? await findPatientRecord(ctx.db, patientScope(caller, mode), idPatient) : null;
  if (!record) {
    await recordAudit(ctx, caller, { action, outcome: 'denied', recordType: 'patient', recordId: idPatient, patientId: idPatient });
    // The same 404 whether the patient exists elsewhere or not at all: a 403 would confirm the id.
    throw hidden(PATIENT_NOT_FOUND, 'patient_not_found');
  }
  return record;
}

/** A patient about to receive a PT account ('Inviter le patient'): writable, with its account if any. */
export async function patientForInvitation(ctx: AppContext, caller: Caller, idPatient: string, action: string) {
  const record = await patientForCaller(ctx, caller, idPatient, action, 'write');
  return { ...record, accountId: await findPatientAccount(ctx.db, patientScope(caller, 'write'), record.id) };
}

function toIdentity(record: PatientRecord): PatientFile['identity'] {
  return {
    idPatient: record.id,
    idOrganization: record.organizationId,
    FullName: record.fullName,
    PhoneNumber: record.phoneNumber,
    Email: record.email,
    birthDate: record.birthDate,
    sex: (record.sex as PatientFile['identity']['sex']) ?? null,
    address: record.address,
    notes: record.notes,
    createdAt: record.createdAt.toISOString(),
    archivedAt: record.archivedAt?.toISOString() ?? null,
    archivedBy: record.archivedAt ? (record.archivedByName ?? null) : null,
  };
}

/** The patient file: identity and the consultation timeline, newest first (one journal row). */
export async function readPatientFile(ctx: AppContext, caller: Caller, idPatient: string): Promise<PatientFile> {
  const record = await patientForCaller(ctx, caller, idPatient, 'patient.file.read', 'read');
  const consultations = await timeline(ctx, caller, record.id);
  return {
    identity: toIdentity(record),
    consultations,
    canWrite: can(caller.role, 'dpsWrite') && !record.archivedAt,
    isOwnFile: caller.role === 'PT' && caller.patientId === record.id,
  };
}

/** Every document of every consultation of the file. */
export async function readPatientDocuments(ctx: AppContext, caller: Caller, idPatient: string): Promise<PatientDocument[]> {
  const record = await patientForCaller(ctx, caller, idPatient, 'patient.documents.read', 'read');
  const rows = await patientDocuments(ctx, caller, record.id);
  await recordAudit(ctx, caller, {
    action: 'patient.documents.read',
    outcome: 'success',
    recordType: 'patient',
    recordId: record.id,
    patientId: record.id,
    details: { count: rows.length },
  });
  return rows.map((r) => ({
    idDocument: r.id,
    idConsultation: r.consultationId,
    consultationDate: r.consultationDate.toISOString(),
    fileName: r.fileName,
    mimeType: r.mimeType,
    sizeBytes: r.sizeBytes,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The parsed identity body as column values. */
export function normaliseIdentity(body: { FullName: string; PhoneNumber: string; Email: string; birthDate: string | null; sex: string | null; address: string | null; notes: string | null }) {
  return {
    fullName: body.FullName.trim().replace(/\s+/g, ' '),
    phoneNumber: body.PhoneNumber.trim(),
    email: body.Email.trim(),
    birthDate: body.birthDate,
    sex: body.sex,
    address: body.address,
    notes: body.notes,
  };
}

/** Identity edit under the SPEC §5 duplicate rule (the patient itself excepted). */
export async function updatePatientIdentity(ctx: AppContext, caller: Caller, idPatient: string, input: ReturnType<typeof normaliseIdentity>): Promise<PatientFile['identity']> {
  const record = await patientForCaller(ctx, caller, idPatient, 'patient.update', 'write');
  const keys = patientKeys(input.fullName, input.phoneNumber, input.email);
  const writeScope = patientScope(caller, 'write');
  const duplicate = await findDuplicates(ctx.db, actingScope(caller, record.organizationId, PATIENT_NOT_FOUND, 'patient_not_found'), keys, record.id);
  const updated = duplicate
    ? ({ ok: false, conflict: duplicate } as const)
    : await withPatientVersion(ctx, caller, record, 'updated', (db) => updateIdentity(db, writeScope, record.id, { ...input, ...keys }, new Date(ctx.clock.now())), (r) => (r.ok && r.value ? record.id : null));
  if (!updated.ok) {
    await recordAudit(ctx, caller, { action: 'patient.update', outcome: 'error', recordType: 'patient', recordId: record.id, patientId: record.id, details: { reason: `duplicate_${updated.conflict}` } });
    throw duplicateError(updated.conflict);
  }
  if (!updated.value) throw conflict(PATIENT_FILE_MESSAGES.archived, 'patient_archived');
  // Which fields changed, never their values (the journal holds no clinical text).
  const changed = (
    [
      ['FullName', record.fullName, input.fullName],
      ['PhoneNumber', record.phoneNumber, input.phoneNumber],
      ['Email', record.email, input.email],
      ['birthDate', record.birthDate, input.birthDate],
      ['sex', record.sex, input.sex],
      ['address', record.address, input.address],
      ['notes', record.notes, input.notes],
    ] as const
  )
    .filter(([, before, after]) => (before ?? null) !== (after ?? null))
    .map(([name]) => name);
  await recordAudit(ctx, caller, { action: 'patient.update', outcome: 'success', recordType: 'patient', recordId: record.id, patientId: record.id, details: { fields: changed } });
  return toIdentity((await findPatientRecord(ctx.db, patientScope(caller, 'read'), record.id))!);
}

/** Archives a patient: nothing is deleted, who and when are kept (DESIGN §4). */
export async function archivePatient(ctx: AppContext, caller: Caller, idPatient: string): Promise<void> {
  const record = await patientForCaller(ctx, caller, idPatient, 'patient.archive', 'write');
  const done = await withPatientVersion(ctx, caller, record, 'archived', (db) => archivePatientRow(db, patientScope(caller, 'write'), record.id, caller.id, new Date(ctx.clock.now())), (ok) => (ok ? record.id : null));
  if (!done) throw conflict(PATIENT_FILE_MESSAGES.archived, 'patient_archived');
  await recordAudit(ctx, caller, { action: 'patient.archive', outcome: 'success', recordType: 'patient', recordId: record.id, patientId: record.id });
}

