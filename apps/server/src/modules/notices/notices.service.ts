import { NOTICE_EDIT_WINDOW_MS, NOTICE_MESSAGES, noticeEditable, type Notice, type NoticeCreate, type NoticeFields, type NoticeSummary } from '@wellbe/shared/schemas/notices';
import { actingScope, hidden, isUuid, mayGiveNotice, mayReadPracticeFigures, ownScope, patientScope, type Caller } from '../../access/index.ts';
import type { ExportCursor } from '../../lib/keyset.ts';
import type { AppContext } from '../../context.ts';
import { recordVersion } from '../history/history.service.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict, forbidden } from '../../lib/errors.ts';
import { consultationInScope, consultationSql } from '../consultations/consultations.service.ts';
import { consultationNotice, exportPage, findNotice, insertNotice, noticeSummary, updateNotice, type NoticeJson } from './notices.repository.ts';

/** A notice as the API answers it (the patient file's timeline shows it too). */
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

// SPEC §3 Notice: only the patient (PT) of the consultation leaves one, once per
// consultation, and may change it during 7 days. Practitioners read them on the file.

export async function createNotice(ctx: AppContext, caller: Caller, input: NoticeCreate): Promise<Notice> {
  // Inside the caller's scope only: another organisation's consultation does not exist for them.
  const consultation = await consultationInScope(ctx, caller, input.idConsultation, 'read');
  if (!consultation || !mayGiveNotice(caller, consultation)) {
    await recordAudit(ctx, caller, {
      action: 'notice.create',
      outcome: 'denied',
      recordType: 'consultation',
      recordId: input.idConsultation,
      patientId: consultation?.patientId ?? null,
    });
    // Staff of the practice are told why; anyone else learns nothing about the id.
    if (!consultation || caller.role === 'PT') throw hidden(NOTICE_MESSAGES.consultationNotFound, 'consultation_not_found');
    throw forbidden(NOTICE_MESSAGES.onlyPatient, 'notice_patient_only');
  }
  const now = new Date(ctx.clock.now());
  const scope = actingScope(caller, consultation.organizationId, NOTICE_MESSAGES.consultationNotFound, 'consultation_not_found');
  // Issue 32: a notice and its first version commit together.
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertNotice(tx, scope, {
      patientId: consultation.patientId,
      consultationId: consultation.id,
      userId: caller.id,
      star: input.Star,
      patientOpinion: input.PatientOpinion,
      recommend: input.Recommend,
      createdAt: now,
      updatedAt: now,
    });
    if (inserted) await recordVersion({ db: tx }, scope, { type: 'notice', id: inserted.id }, { kind: 'created', at: now, author: caller });
    return inserted;
  });
  if (!row) {
    await recordAudit(ctx, caller, { action: 'notice.create', outcome: 'error', recordType: 'consultation', recordId: consultation.id, patientId: consultation.patientId, details: { reason: 'already_given' } });
    throw conflict(NOTICE_MESSAGES.alreadyGiven, 'notice_exists');
  }
  await recordAudit(ctx, caller, { action: 'notice.create', outcome: 'success', recordType: 'notice', recordId: row.id, patientId: row.patientId });
  return toNotice(row);
}

export async function editNotice(ctx: AppContext, caller: Caller, idNotice: string, input: NoticeFields): Promise<Notice> {
  const notice = isUuid(idNotice) ? await findNotice(ctx.db, patientScope(caller, 'read'), idNotice) : null;
  if (!notice || !mayGiveNotice(caller, notice)) {
    await recordAudit(ctx, caller, { action: 'notice.update', outcome: 'denied', recordType: 'notice', recordId: idNotice, patientId: notice?.patientId ?? null });
    if (!notice || caller.role === 'PT') throw hidden(NOTICE_MESSAGES.noticeNotFound, 'notice_not_found');
    throw forbidden(NOTICE_MESSAGES.onlyPatient, 'notice_patient_only');
  }
  const now = ctx.clock.now();
  if (!noticeEditable(notice.createdAt, now)) {
    await recordAudit(ctx, caller, { action: 'notice.update', outcome: 'denied', recordType: 'notice', recordId: notice.id, patientId: notice.patientId, details: { reason: 'edit_window_over' } });
    throw forbidden(NOTICE_MESSAGES.editWindowOver, 'notice_edit_window_over');
  }
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateNotice(tx, patientScope(caller, 'read'), notice.id, { star: input.Star, patientOpinion: input.PatientOpinion, recommend: input.Recommend, updatedAt: new Date(now) });
    const scope = actingScope(caller, updated?.organizationId ?? null, NOTICE_MESSAGES.noticeNotFound, 'notice_not_found');
    if (updated) await recordVersion({ db: tx }, scope, { type: 'notice', id: notice.id }, { kind: 'updated', at: new Date(now), author: caller });
    return updated;
  });
  await recordAudit(ctx, caller, { action: 'notice.update', outcome: 'success', recordType: 'notice', recordId: notice.id, patientId: notice.patientId });
  return toNotice(row!);
}

/** The organisation's average, shown on the patient list. */
export async function organisationNoticeSummary(ctx: AppContext, caller: Caller): Promise<NoticeSummary> {
  const user = caller;
  // The practice's figure, for its practitioners and administrators; a patient sees their own notices only.
  if (!mayReadPracticeFigures(user)) throw forbidden();
  if (!user.organizationId) return { average: null, count: 0, recommendRate: null };
  const row = await noticeSummary(ctx.db, ownScope(user, NOTICE_MESSAGES.noticeNotFound, 'notice_not_found'));
  const total = Number(row?.count ?? 0);
  return {
    average: total && row.average != null ? Math.round(Number(row.average) * 10) / 10 : null,
    count: total,
    recommendRate: total ? Math.round((row.recommended / total) * 100) / 100 : null,
  };
}

// ---- For the patient file and the export ----

/** The timeline's notice of each consultation (SQL on its id column), read back with `timelineNotice`. */
export const noticeSql = consultationNotice;

/** A notice of the timeline's JSON as the API answers it. */
export function timelineNotice(n: NoticeJson | null, consultationId: string): Notice | null {
  return n ? toNotice({ ...n, consultationId, createdAt: new Date(n.createdAt), updatedAt: new Date(n.updatedAt) }) : null;
}

/** A page of a patient's notices (on live consultations) for the export, oldest first. */
export async function noticeExportPage(ctx: AppContext, caller: Caller, patientId: string, after: ExportCursor, limit: number) {
  return exportPage(ctx.db, patientScope(caller, 'read'), patientId, consultationSql.live, after, limit);
}
