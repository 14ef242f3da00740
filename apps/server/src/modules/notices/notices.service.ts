import type { FastifyRequest } from 'fastify';
import { NOTICE_MESSAGES, noticeEditable, type Notice, type NoticeCreate, type NoticeFields, type NoticeSummary } from '@wellbe/shared/schemas/notices';
import type { AppContext } from '../../context.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { caller } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { toNotice } from '../patients/patients.records.service.ts';
import { findConsultationOwner, findNotice, insertNotice, noticeSummary, updateNotice } from './notices.repository.ts';

// SPEC §3 Notice (issue 6): only the patient (PT) of the consultation leaves one, once per
// consultation, and may change it during 7 days. Practitioners read them on the file.

export async function createNotice(ctx: AppContext, request: FastifyRequest, input: NoticeCreate): Promise<Notice> {
  const user = caller(request);
  const consultation = await findConsultationOwner(ctx.db, input.idConsultation);
  const own = !!consultation && user.role === 'PT' && !!user.patientId && consultation.patientId === user.patientId && consultation.organizationId === user.organizationId;
  if (!own) {
    await recordAudit(ctx, request, {
      action: 'notice.create',
      outcome: 'denied',
      recordType: 'consultation',
      recordId: input.idConsultation,
      patientId: consultation?.patientId ?? null,
    });
    // Someone else's consultation is not named: not found for a patient, refused for staff.
    if (!consultation || user.role === 'PT') throw notFound(NOTICE_MESSAGES.consultationNotFound, 'consultation_not_found');
    throw forbidden(NOTICE_MESSAGES.onlyPatient, 'notice_patient_only');
  }
  const now = new Date(ctx.clock.now());
  const row = await insertNotice(ctx.db, {
    organizationId: consultation.organizationId,
    patientId: consultation.patientId,
    consultationId: consultation.id,
    userId: user.id,
    star: input.Star,
    patientOpinion: input.PatientOpinion,
    recommend: input.Recommend,
    createdAt: now,
    updatedAt: now,
  });
  if (!row) {
    await recordAudit(ctx, request, { action: 'notice.create', outcome: 'error', recordType: 'consultation', recordId: consultation.id, patientId: consultation.patientId, details: { reason: 'already_given' } });
    throw conflict(NOTICE_MESSAGES.alreadyGiven, 'notice_exists');
  }
  await recordAudit(ctx, request, { action: 'notice.create', outcome: 'success', recordType: 'notice', recordId: row.id, patientId: row.patientId });
  return toNotice(row);
}

export async function editNotice(ctx: AppContext, request: FastifyRequest, idNotice: string, input: NoticeFields): Promise<Notice> {
  const user = caller(request);
  const notice = /^[0-9a-f-]{36}$/i.test(idNotice) ? await findNotice(ctx.db, idNotice) : null;
  if (!notice || user.role !== 'PT' || user.patientId !== notice.patientId) {
    await recordAudit(ctx, request, { action: 'notice.update', outcome: 'denied', recordType: 'notice', recordId: idNotice, patientId: notice?.patientId ?? null });
    if (!notice || user.role === 'PT') throw notFound(NOTICE_MESSAGES.noticeNotFound, 'notice_not_found');
    throw forbidden(NOTICE_MESSAGES.onlyPatient, 'notice_patient_only');
  }
  const now = ctx.clock.now();
  if (!noticeEditable(notice.createdAt, now)) {
    await recordAudit(ctx, request, { action: 'notice.update', outcome: 'denied', recordType: 'notice', recordId: notice.id, patientId: notice.patientId, details: { reason: 'edit_window_over' } });
    throw forbidden(NOTICE_MESSAGES.editWindowOver, 'notice_edit_window_over');
  }
  const row = await updateNotice(ctx.db, notice.id, { star: input.Star, patientOpinion: input.PatientOpinion, recommend: input.Recommend, updatedAt: new Date(now) });
  await recordAudit(ctx, request, { action: 'notice.update', outcome: 'success', recordType: 'notice', recordId: notice.id, patientId: notice.patientId });
  return toNotice(row!);
}

/** The organisation's average, shown on the patient list. */
export async function organisationNoticeSummary(ctx: AppContext, request: FastifyRequest): Promise<NoticeSummary> {
  const user = caller(request);
  // The practice's figure, for its practitioners and administrators; a patient sees their own notices only.
  if (user.role === 'PT') throw forbidden();
  if (!user.organizationId) return { average: null, count: 0, recommendRate: null };
  const row = await noticeSummary(ctx.db, user.organizationId);
  const total = Number(row?.count ?? 0);
  return {
    average: total && row.average != null ? Math.round(Number(row.average) * 10) / 10 : null,
    count: total,
    recommendRate: total ? Math.round((row.recommended / total) * 100) / 100 : null,
  };
}
