import type { FastifyRequest } from 'fastify';
import sanitizeHtml from 'sanitize-html';
import { formatDate } from '@wellbe/shared/domain/dates';
import { computeImc } from '@wellbe/shared/domain/imc';
import { latestWithChange, painLevel } from '@wellbe/shared/domain/imc-bands';
import { can } from '@wellbe/shared/permissions';
import { isPlatformRole } from '@wellbe/shared/roles';
import { NOTICE_EDIT_WINDOW_MS, type Notice } from '@wellbe/shared/schemas/notices';
import {
  PATIENT_FILE_MESSAGES,
  type PatientDocument,
  type PatientFile,
  type PatientMeasures,
  type PatientTablePage,
  type PatientTableQuery,
  type PatientTableRow,
} from '@wellbe/shared/schemas/patient-files';
import { PATIENT_MESSAGES } from '@wellbe/shared/schemas/patients';
import type { AppContext, SessionUser } from '../../context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { caller, scopeOrganisation } from '../../lib/scope.ts';
import { fold } from '@wellbe/shared/domain/text';
import { recordAudit } from '../audit/audit.service.ts';
import { patientKeys } from './patients.keys.ts';
import {
  allPatients,
  archivePatientRow,
  findOtherDuplicates,
  findPatientRecord,
  pagePatients,
  patientDocumentRows,
  patientMeasureRows,
  patientTimeline,
  updateIdentity,
  type PatientRecord,
  type PatientTableFilter,
  type TimelineRow,
} from './patients.records.repository.ts';
import { PATIENT_NOT_FOUND } from './patients.service.ts';

// Issue 6: the patient list and the patient file. Scope (DESIGN §4): the caller's organisation,
// SA and DE platform-wide, a PT only their own file; anything else answers 404 (existence is
// private) and is journalled as denied. Every read of patient data writes an audit row.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXCERPT_LENGTH = 240;

/** Search words: a phone-like query matches its digits (and the +33 form); otherwise every word must match. */
export function searchWords(q: string | undefined): { words: string[]; phone: string[] } {
  const text = fold(q ?? '');
  if (!text) return { words: [], phone: [] };
  const compact = text.replace(/[\s.\-()]/g, '');
  if (/^\+?\d{2,}$/.test(compact)) {
    const digits = compact.replace('+', '');
    return { words: [], phone: digits.startsWith('0') && digits.length > 1 ? [digits, '33' + digits.slice(1)] : [digits] };
  }
  return { words: [...new Set(text.split(' ').filter(Boolean))].slice(0, 8), phone: [] };
}

function tableFilter(request: FastifyRequest, query: PatientTableQuery): PatientTableFilter & { phone: string[] } {
  const user = caller(request);
  const organizationId = scopeOrganisation(request, query.idOrganization);
  if (!organizationId) throw badRequest('Aucune organisation n’est associée à ce compte.', 'no_organisation');
  const archived = query.archived === '1';
  if (archived && !isPlatformRole(user.role)) throw forbidden(PATIENT_FILE_MESSAGES.archivedListForbidden);
  const { words, phone } = searchWords(query.q);
  return { organizationId, archived, onlyPatientId: user.role === 'PT' ? (user.patientId ?? '00000000-0000-0000-0000-000000000000') : null, words, phone };
}

function toTableRow(r: Awaited<ReturnType<typeof allPatients>>[number]): PatientTableRow {
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
 * Runs a list query with the filter's words, or for a phone-like search with its first form (as
 * typed), then its +33 form when the first finds nobody.
 */
async function withPhoneForms<T extends { length: number } | { total: number }>(f: ReturnType<typeof tableFilter>, run: (filter: PatientTableFilter) => Promise<T>): Promise<T> {
  if (f.phone.length === 0) return run(f);
  const first = await run({ ...f, words: [f.phone[0]] });
  const found = 'total' in first ? first.total : first.length;
  return found > 0 || f.phone.length === 1 ? first : run({ ...f, words: [f.phone[1]] });
}

export async function listPatientTable(ctx: AppContext, request: FastifyRequest, query: PatientTableQuery): Promise<PatientTablePage> {
  const f = tableFilter(request, query);
  const { rows, total } = await withPhoneForms(f, (filter) => pagePatients(ctx.db, filter, query, query.pageSize, (query.page - 1) * query.pageSize));
  // The search text may be a name: only its presence is journalled.
  await recordAudit(ctx, request, {
    action: 'patient.list',
    outcome: 'success',
    recordType: 'patient',
    details: { count: rows.length, page: query.page, search: !!query.q, archived: f.archived },
  });
  return { success: true, data: rows.map(toTableRow), total, page: query.page, pageSize: query.pageSize };
}

const CSV_HEADER = ['Nom', 'Téléphone', 'Adresse Email', 'Date de naissance', 'Dernière consultation', 'Consultations'];

function csvCell(value: string | number): string {
  const text = String(value);
  // Neutralise spreadsheet formulas (CSV injection) and quote every cell.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^[+-]?\d[\d\s.]*$/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** CSV of the current selection (search and sort, every page), for practitioners only. */
export async function exportPatientsCsv(ctx: AppContext, request: FastifyRequest, query: PatientTableQuery): Promise<string> {
  const user = caller(request);
  if (user.role === 'PT') {
    await recordAudit(ctx, request, { action: 'patient.export', outcome: 'denied', recordType: 'patient' });
    throw forbidden(PATIENT_FILE_MESSAGES.exportForbidden);
  }
  const f = tableFilter(request, query);
  const rows = await withPhoneForms(f, (filter) => allPatients(ctx.db, filter, query));
  await recordAudit(ctx, request, { action: 'patient.export', outcome: 'success', recordType: 'patient', details: { count: rows.length, search: !!query.q } });
  const lines = [CSV_HEADER.map(csvCell).join(';')];
  for (const r of rows) {
    lines.push(
      [r.fullName, r.phoneNumber, r.email, formatDate(r.birthDate), formatDate(r.lastConsultationAt), r.consultationCount].map(csvCell).join(';'),
    );
  }
  // BOM and semicolons: what a French spreadsheet opens without an import dialog.
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}

function mayRead(user: SessionUser, record: PatientRecord | null): record is PatientRecord {
  if (!record) return false;
  const platform = isPlatformRole(user.role);
  if (!platform && record.organizationId !== user.organizationId) return false;
  if (user.role === 'PT' && user.patientId !== record.id) return false;
  // Archived files stay readable to SA and DE only (issue 6).
  if (record.archivedAt && !platform) return false;
  return true;
}

/** The patient the caller may read, or a journalled 404. */
export async function readablePatient(ctx: AppContext, request: FastifyRequest, idPatient: string, action: string): Promise<PatientRecord> {
  const user = caller(request);
  const record = UUID.test(idPatient) ? await findPatientRecord(ctx.db, idPatient) : null;
  if (!mayRead(user, record)) {
    await recordAudit(ctx, request, { action, outcome: 'denied', recordType: 'patient', recordId: idPatient, patientId: idPatient });
    throw notFound(PATIENT_NOT_FOUND, 'patient_not_found');
  }
  return record;
}

/** The patient the caller may change (dps write, checked by the route), live and in scope. */
async function writablePatient(ctx: AppContext, request: FastifyRequest, idPatient: string, action: string): Promise<PatientRecord> {
  const record = await readablePatient(ctx, request, idPatient, action);
  if (record.archivedAt) {
    await recordAudit(ctx, request, { action, outcome: 'denied', recordType: 'patient', recordId: idPatient, patientId: idPatient });
    throw conflict(PATIENT_FILE_MESSAGES.archived, 'patient_archived');
  }
  return record;
}

/** Plain-text first lines of a rich text: tags dropped, blocks become line breaks. */
export function excerptOf(html: string, length = EXCERPT_LENGTH): string {
  const withBreaks = html.replace(/<\/(p|div|li|h[1-6])>|<br\s*\/?>/gi, '\n');
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
  return text.length > length ? text.slice(0, length - 1).trimEnd() + '…' : text;
}

export function toNotice(n: { id: string; consultationId: string; star: number; patientOpinion: string; recommend: boolean; createdAt: Date; updatedAt: Date }): Notice {
  return {
    idNotice: n.id,
    idConsultation: n.consultationId,
    Star: n.star,
    PatientOpinion: n.patientOpinion,
    Recommend: n.recommend,
    createdAt: n.createdAt.toISOString(),
    updatedAt: n.updatedAt.toISOString(),
    editableUntil: new Date(n.createdAt.getTime() + NOTICE_EDIT_WINDOW_MS).toISOString(),
  };
}

function toTimelineEntry(r: TimelineRow) {
  return {
    idConsultation: r.id,
    ConsultationDate: r.consultationDate.toISOString(),
    practitioner: r.practitioner,
    idUser: r.userId,
    speciality: r.speciality,
    idJobSpecialist: r.jobSpecialistId,
    Size: r.size,
    Weight: r.weight,
    imc: computeImc(r.weight, r.size),
    dolorLocation: r.dolorLocation,
    dolorIntensity: r.dolorIntensity,
    excerpt: excerptOf(r.note),
    documentCount: Number(r.documentCount ?? 0),
    notice: r.notice ? toNotice({ ...r.notice, consultationId: r.id }) : null,
  };
}

/** The patient file: identity and the consultation timeline, newest first (one audit row). */
export async function readPatientFile(ctx: AppContext, request: FastifyRequest, idPatient: string): Promise<PatientFile> {
  const user = caller(request);
  const record = await readablePatient(ctx, request, idPatient, 'patient.file.read');
  const timeline = await patientTimeline(ctx.db, record.id);
  await recordAudit(ctx, request, { action: 'patient.file.read', outcome: 'success', recordType: 'patient', recordId: record.id, patientId: record.id });
  return {
    identity: toIdentity(record),
    consultations: timeline.map(toTimelineEntry),
    canWrite: can(user.role, 'dpsWrite') && !record.archivedAt,
    isOwnFile: user.role === 'PT' && user.patientId === record.id,
  };
}

/** Weight, IMC and pain over time; missing values stay null so the curves show gaps. */
export async function readPatientMeasures(ctx: AppContext, request: FastifyRequest, idPatient: string): Promise<PatientMeasures> {
  const record = await readablePatient(ctx, request, idPatient, 'patient.measures.read');
  const rows = await patientMeasureRows(ctx.db, record.id);
  await recordAudit(ctx, request, { action: 'patient.measures.read', outcome: 'success', recordType: 'patient', recordId: record.id, patientId: record.id });
  const points = rows.map((r) => ({
    idConsultation: r.id,
    date: r.consultationDate.toISOString(),
    size: r.size,
    weight: r.weight,
    imc: computeImc(r.weight, r.size),
    dolorLocation: r.dolorLocation,
    dolorIntensity: r.dolorIntensity,
    pain: painLevel(r.dolorIntensity),
  }));
  return {
    points,
    latest: {
      weight: latestWithChange(points, (p) => p.weight),
      imc: latestWithChange(points, (p) => p.imc),
      size: latestWithChange(points, (p) => p.size),
      pain: latestWithChange(points, (p) => p.pain),
    },
  };
}

/** Every document of every consultation of the file. */
export async function readPatientDocuments(ctx: AppContext, request: FastifyRequest, idPatient: string): Promise<PatientDocument[]> {
  const record = await readablePatient(ctx, request, idPatient, 'patient.documents.read');
  const rows = await patientDocumentRows(ctx.db, record.id);
  await recordAudit(ctx, request, {
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

function uniqueViolation(err: unknown): string | null {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return null;
}

/** Identity edit under the SPEC §5 duplicate rules (the patient itself excepted). */
export async function updatePatientIdentity(ctx: AppContext, request: FastifyRequest, idPatient: string, input: ReturnType<typeof normaliseIdentity>): Promise<PatientFile['identity']> {
  const record = await writablePatient(ctx, request, idPatient, 'patient.update');
  const keys = patientKeys(input.fullName, input.phoneNumber, input.email);
  const duplicates = await findOtherDuplicates(ctx.db, record.organizationId, record.id, keys.nameKey, keys.phoneKey);
  let duplicate: 'name' | 'phone' | null = duplicates.name ? 'name' : duplicates.phone ? 'phone' : null;
  if (!duplicate) {
    try {
      await updateIdentity(ctx.db, record.id, { ...input, ...keys }, new Date(ctx.clock.now()));
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === 'patients_org_name_key') duplicate = 'name';
      else if (constraint === 'patients_org_phone_key') duplicate = 'phone';
      else throw err;
    }
  }
  if (duplicate) {
    await recordAudit(ctx, request, { action: 'patient.update', outcome: 'error', recordType: 'patient', recordId: record.id, patientId: record.id, details: { reason: `duplicate_${duplicate}` } });
    throw duplicate === 'name' ? conflict(PATIENT_MESSAGES.duplicateName, 'duplicate_patient_name') : conflict(PATIENT_MESSAGES.duplicatePhone, 'duplicate_patient_phone');
  }
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
  await recordAudit(ctx, request, { action: 'patient.update', outcome: 'success', recordType: 'patient', recordId: record.id, patientId: record.id, details: { fields: changed } });
  return toIdentity((await findPatientRecord(ctx.db, record.id))!);
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

/** Archives a patient: nothing is deleted, who and when are kept (DESIGN §4). */
export async function archivePatient(ctx: AppContext, request: FastifyRequest, idPatient: string): Promise<void> {
  const user = caller(request);
  const record = await writablePatient(ctx, request, idPatient, 'patient.archive');
  const done = await archivePatientRow(ctx.db, record.id, user.id, new Date(ctx.clock.now()));
  if (!done) throw conflict(PATIENT_FILE_MESSAGES.archived, 'patient_archived');
  await recordAudit(ctx, request, { action: 'patient.archive', outcome: 'success', recordType: 'patient', recordId: record.id, patientId: record.id });
}
