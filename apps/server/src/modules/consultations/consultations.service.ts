import { applyAnalgesicRule, DIETETIC_FIELDS, GENERAL_SPECIALIST_ID, hasDieteticFields, isConsultationEmpty } from '@wellbe/shared/domain/consultation';
import { CONSULTATION_MESSAGES, RICH_TEXT_MAX, type ConsultationDetail } from '@wellbe/shared/schemas/consultations';
import { HISTORY_MESSAGES } from '@wellbe/shared/schemas/history';
import { hasOffset, instantIn } from '@wellbe/shared/domain/zoned-instant';
import type { consultationFieldsSchema } from '@wellbe/shared/schemas/consultations';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { actingScope, hidden, isUuid, patientScope, type Caller, type OrgScope, type PatientAccessMode } from '../../access/index.ts';
import type { ExportCursor } from '../../lib/keyset.ts';
import { auditParams, preparedAuditInStatement, recordAudit, type AuditRow } from '../../lib/audit.ts';
import { preparedScope, preparedScopeShape, scopeParams } from '../../access/filters.ts';
import { preparedOnce } from '../../lib/prepared.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { consultationDocuments } from '../documents/documents.service.ts';
import { OrganisationsService } from '../organisations/organisations.service.ts';
import { patientForCaller } from '../patients/patients.service.ts';
import { recordVersion } from '../history/history.service.ts';
import { consultationAddenda } from './consultations.lock.service.ts';
import {
  carePairs,
  exportPage,
  findConsultation,
  insertConsultation,
  liveConsultationCondition,
  liveConsultationDate,
  measureRows,
  timelineRows,
  updateConsultation as updateRow,
  type ConsultationRow,
  type ConsultationValues,
  type TimelineExtras,
} from './consultations.repository.ts';

type Fields = z.output<typeof consultationFieldsSchema>;

/**
 * The consultation's date as sent: with an offset ('Z', '+01:00'), that instant; without one, the
 * practice's wall-clock time, read in its organisation's zone (`new Date()` read it in the server
 * process's, an hour or two off in Paris on a server set to UTC); none: now.
 */
async function consultationDate(ctx: AppContext, organizationId: string, sent: string | null | undefined): Promise<Date> {
  if (!sent) return new Date(ctx.clock.now());
  return hasOffset(sent) ? new Date(sent) : instantIn(sent, await new OrganisationsService(ctx).timeZone(organizationId));
}

/** The stored values of a form: sanitised rich text, the SPEC §4 analgesic rule, dietetic fields only
 * for specialists other than 1 (SPEC §7). */
function toValues(form: Fields, jobSpecialistId: number, consultationDate: Date): ConsultationValues {
  // 'Soins' under either spelling of the spec (§3 HealthCareCategoy, §7 HealthCareCategory).
  const { HealthCareCategoy, ...rest } = form;
  const input = { ...rest, HealthCareCategory: form.HealthCareCategory || HealthCareCategoy || '' };
  if (isConsultationEmpty(input)) throw badRequest(CONSULTATION_MESSAGES.empty, 'empty_consultation');
  const fields = applyAnalgesicRule(input);
  const dietetic = hasDieteticFields(jobSpecialistId);
  const dieteticValues = Object.fromEntries(DIETETIC_FIELDS.map((f) => [f, dietetic ? (fields[f]?.trim() ?? null) : null]));
  return {
    jobSpecialistId,
    consultationDate,
    consultationNote: cleanRichText(fields.ConsultationNote, 'Consultation'),
    diagnostic: cleanRichText(fields.Diagnostic, 'Diagnostic'),
    healthCareCategory: cleanRichText(fields.HealthCareCategory, 'Soins'),
    size: fields.Size ?? null,
    weight: fields.Weight ?? null,
    dolorLocation: fields.dolorLocation ?? null,
    dolorIntensity: fields.dolorIntensity ?? null,
    eradiation: fields.eradiation?.trim() || null,
    triggeringFactor: fields.triggeringFactor?.trim() || null,
    startEradiationDate: fields.startEradiationDate ?? null,
    antalgesicTreatment: fields.antalgesicTreatment,
    treatmentName: fields.treatmentName?.trim() ?? '',
    treatmentEfficacy: fields.treatmentEfficacy ?? 'Non renseigné',
    preventionType: fields.preventionType ?? null,
    prevention1: fields.prevention1?.trim() || null,
    prevention2: fields.prevention2?.trim() || null,
    prevention3: fields.prevention3?.trim() || null,
    ...dieteticValues,
  };
}

/** The allow-list pass may add attributes (a link's rel): the stored text keeps within the limit too. */
function cleanRichText(html: string, label: string): string {
  const clean = sanitizeRichText(html);
  if (clean.length > RICH_TEXT_MAX) throw badRequest(CONSULTATION_MESSAGES.richTooLong(label), 'text_too_long');
  return clean;
}

/**
 * SPEC §7 createBySpeciality. The patient must be one the caller may work on (same organisation);
 * the consultation id comes from the client, so a retry after a lost answer finds the consultation
 * it already created and answers the same id instead of a second consultation.
 */
export async function createConsultation(
  ctx: AppContext,
  caller: Caller,
  input: { idPatient: string; idConsultation: string; consultationCreate: Fields },
): Promise<{ idConsultation: string }> {
  const patient = await patientForCaller(ctx, caller, input.idPatient, 'consultation.create', 'write');
  // The speciality is the practitioner's own (never the body's); a platform account without one
  // records as the general profile.
  const jobSpecialistId = caller.jobSpecialistId ?? GENERAL_SPECIALIST_ID;
  const values = toValues(input.consultationCreate, jobSpecialistId, await consultationDate(ctx, patient.organizationId, input.consultationCreate.ConsultationDate));
  const scope = actingScope(caller, patient.organizationId, CONSULTATION_MESSAGES.notFound, 'consultation_not_found');
  // Issue 32: the consultation and its first version commit together.
  const created = await ctx.db.transaction(async (tx) => {
    const inserted = await insertConsultation(tx, scope, { id: input.idConsultation, patientId: patient.id, userId: caller.id }, values);
    if (inserted) await recordVersion({ db: tx }, scope, { type: 'consultation', id: input.idConsultation }, { kind: 'created', at: new Date(ctx.clock.now()), author: caller });
    return inserted;
  });
  if (!created) {
    const existing = await findConsultation(ctx.db, patientScope(caller, 'write'), input.idConsultation);
    if (!existing || existing.patientId !== patient.id || existing.organizationId !== patient.organizationId) {
      await recordAudit(ctx, caller, { action: 'consultation.create', outcome: 'error', recordType: 'consultation', recordId: input.idConsultation, patientId: patient.id, details: { reason: 'id_taken' } });
      throw conflict(CONSULTATION_MESSAGES.idTaken, 'consultation_id_taken');
    }
  }
  await recordAudit(ctx, caller, {
    action: 'consultation.create',
    outcome: 'success',
    recordType: 'consultation',
    recordId: input.idConsultation,
    patientId: patient.id,
    details: created ? undefined : { retry: true },
  });
  return { idConsultation: input.idConsultation };
}

/**
 * A consultation on a patient inside the caller's scope (read: archived patients for SA and DE;
 * write: live patients only), found by a scoped query, or a journalled 404.
 */
export async function consultationForCaller(ctx: AppContext, caller: Caller, id: string, action: string, mode: PatientAccessMode): Promise<ConsultationRow> {
  const row = await consultationInScope(ctx, caller, id, mode);
  if (!row) {
    await recordAudit(ctx, caller, { action, outcome: 'denied', recordType: 'consultation', recordId: id });
    throw hidden(CONSULTATION_MESSAGES.notFound, 'consultation_not_found');
  }
  return row;
}

/** A consultation of a patient the caller may change, for another area (documents). */
export async function consultationOfPatient(ctx: AppContext, caller: Caller, id: string, patientId: string): Promise<ConsultationRow | null> {
  const row = await consultationInScope(ctx, caller, id, 'write');
  return row && row.patientId === patientId ? row : null;
}

/** A live consultation on a patient inside the caller's scope, or null (another area journals its answer). */
export async function consultationInScope(ctx: AppContext, caller: Caller, id: string, mode: PatientAccessMode): Promise<ConsultationRow | null> {
  return isUuid(id) ? findConsultation(ctx.db, patientScope(caller, mode), id) : null;
}

export async function readConsultation(ctx: AppContext, caller: Caller, id: string): Promise<ConsultationDetail> {
  const row = await consultationForCaller(ctx, caller, id, 'consultation.read', 'read');
  const detail = await toDetail(ctx, caller, row);
  await recordAudit(ctx, caller, { action: 'consultation.read', outcome: 'success', recordType: 'consultation', recordId: id, patientId: row.patientId });
  return detail;
}

/** Edit mode: refused with 409 when the consultation moved since `version` was read. */
export async function updateConsultation(ctx: AppContext, caller: Caller, id: string, version: number, input: Fields): Promise<ConsultationDetail> {
  const row = await consultationForCaller(ctx, caller, id, 'consultation.update', 'write');
  const values = toValues(input, row.jobSpecialistId, await consultationDate(ctx, row.organizationId, input.ConsultationDate));
  const at = new Date(ctx.clock.now());
  // Issue 32: the change and its version in one transaction; the lock is a condition of the UPDATE.
  const next = await ctx.db.transaction(async (tx) => {
    const saved = await updateRow(tx, patientScope(caller, 'write'), id, version, values, at);
    if (saved !== null) await recordVersion({ db: tx }, actingScope(caller, row.organizationId, CONSULTATION_MESSAGES.notFound), { type: 'consultation', id }, { kind: 'updated', at, author: caller });
    return saved;
  });
  if (next === null) {
    // Refused by the statement: say why from the row as it is now (locked, or moved since read).
    const locked = !!row.lockedAt || !!(await findConsultation(ctx.db, patientScope(caller, 'write'), id))?.lockedAt;
    await recordAudit(ctx, caller, { action: 'consultation.update', outcome: 'error', recordType: 'consultation', recordId: id, patientId: row.patientId, details: { reason: locked ? 'locked' : 'version_conflict', version } });
    throw locked ? conflict(HISTORY_MESSAGES.locked, 'locked') : conflict(CONSULTATION_MESSAGES.versionConflict, 'version_conflict');
  }
  // The consultation's date (not its text) lets the patient's access log say which one changed.
  const details = { version: next, consultationDate: values.consultationDate.toISOString() };
  await recordAudit(ctx, caller, { action: 'consultation.update', outcome: 'success', recordType: 'consultation', recordId: id, patientId: row.patientId, details });
  const updated = await findConsultation(ctx.db, patientScope(caller, 'write'), id);
  return toDetail(ctx, caller, updated!);
}

async function toDetail(ctx: AppContext, caller: Caller, row: ConsultationRow): Promise<ConsultationDetail> {
  const [docs, addenda] = await Promise.all([consultationDocuments(ctx, caller, row.id), consultationAddenda(ctx, caller, [row.id])]);
  return {
    signedAt: row.signedAt?.toISOString() ?? null,
    signedByName: row.signedByName,
    lockedAt: row.lockedAt?.toISOString() ?? null,
    addenda: addenda.map(({ consultationId: _, ...a }) => a),
    idConsultation: row.id,
    idPatient: row.patientId,
    patientFullName: row.patientFullName,
    idOrganization: row.organizationId,
    Iduser: row.userId,
    idJobSpecialist: row.jobSpecialistId,
    version: row.version,
    ConsultationDate: row.consultationDate.toISOString(),
    ConsultationNote: row.consultationNote,
    Diagnostic: row.diagnostic,
    HealthCareCategory: row.healthCareCategory,
    Size: row.size,
    Weight: row.weight,
    dolorLocation: row.dolorLocation,
    dolorIntensity: row.dolorIntensity,
    eradiation: row.eradiation,
    triggeringFactor: row.triggeringFactor,
    startEradiationDate: row.startEradiationDate,
    antalgesicTreatment: row.antalgesicTreatment,
    treatmentName: row.treatmentName,
    treatmentEfficacy: row.treatmentEfficacy,
    preventionType: row.preventionType,
    prevention1: row.prevention1,
    prevention2: row.prevention2,
    prevention3: row.prevention3,
    pattern: row.pattern,
    physicalCapacity: row.physicalCapacity,
    riskyFoodsFrequency: row.riskyFoodsFrequency,
    breakfast: row.breakfast,
    lunch: row.lunch,
    dinner: row.dinner,
    snack: row.snack,
    dislikes: row.dislikes,
    documents: docs.map((d) => ({ idDocument: d.id, fileName: d.fileName, mimeType: d.mimeType, size: d.sizeBytes, createdAt: d.createdAt.toISOString() })),
  };
}

// ---- For the patient file and the export (patients, records): the caller's read scope ----

/**
 * The live consultations of a patient, newest first, with what other areas add to each (`extras`)
 * and the read's journal row, in one statement prepared once per shape of scope (issue 31, the
 * patient file's hot read): the scope, the patient and every value of the journal row are
 * placeholders bound per call, so the statement shared by every organisation holds nothing of a
 * caller. `name` names the statement: one per `extras` (a name is one statement text).
 */
export async function consultationTimeline<N>(ctx: AppContext, caller: Caller, patientId: string, name: string, extras: TimelineExtras<N>, journal: AuditRow) {
  const scope = patientScope(caller, 'read');
  const statement = preparedOnce(ctx.db, `${name}_${preparedScopeShape(scope)}`, () =>
    timelineRows(ctx.db, preparedScope(scope), sql.placeholder('patient_id') as unknown as string, extras, preparedAuditInStatement(ctx.db)),
  );
  return statement.execute({ ...scopeParams(scope), ...auditParams(journal), patient_id: patientId });
}

/**
 * Measures of every live consultation of a patient, oldest first: one prepared statement (the file's
 * curves are read with each file), which writes the read's journal row when one is given.
 */
export async function consultationMeasures(ctx: AppContext, caller: Caller, patientId: string, journal?: AuditRow) {
  const scope = patientScope(caller, 'read');
  const statement = preparedOnce(ctx.db, `consultation_measures_${journal ? 'journalled' : 'plain'}_${preparedScopeShape(scope)}`, () =>
    measureRows(ctx.db, preparedScope(scope), sql.placeholder('patient_id') as unknown as string, journal ? preparedAuditInStatement(ctx.db) : undefined),
  );
  return statement.execute({ ...scopeParams(scope), ...(journal ? auditParams(journal) : {}), patient_id: patientId });
}

/** A page of a patient's live consultations for the export, oldest first. */
export async function consultationExportPage(ctx: AppContext, caller: Caller, patientId: string, after: ExportCursor, limit: number) {
  return exportPage(ctx.db, patientScope(caller, 'read'), patientId, after, limit);
}

/** For the areas whose rows hang from a consultation: SQL on a consultation id column, one statement. */
export const consultationSql = { live: liveConsultationCondition, date: liveConsultationDate };

/** The patients and practitioners of the scope's consultations, one patient's or one practitioner's (chat). */
export function consultationCarePairs(ctx: Pick<AppContext, 'db'>, scope: OrgScope, who: { patientId?: string; practitionerId?: string }) {
  return carePairs(ctx.db, scope, who);
}
