import { computeImc } from '@wellbe/shared/domain/imc';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../access/index.ts';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { auditRow } from '../../lib/audit.ts';
import { excerpt } from '../../lib/rich-text.ts';
import { consultationTimeline } from '../consultations/consultations.service.ts';
import { documentCountSql } from '../documents/documents.service.ts';
import { lastConsultationChangeSql } from '../history/history.service.ts';
import { noticeSql, timelineNotice } from '../notices/notices.service.ts';

/** What the file adds to each consultation: its document count, notice and last change (the patient a placeholder: the statement is prepared). */
const fileExtras = (consultationId: PgColumn, patientId: string) => ({
  documentCount: documentCountSql(patientId, consultationId),
  notice: noticeSql(consultationId),
  lastChange: lastConsultationChangeSql(consultationId),
});

/**
 * The consultations of the file, newest first, each with its document count and notice, and the
 * read's journal row ('patient.file.read'): one prepared statement, so the timeline never leaves unjournalled.
 */
export async function timeline(ctx: AppContext, caller: Caller, patientId: string) {
  const journal = auditRow(ctx, caller, { action: 'patient.file.read', outcome: 'success', recordType: 'patient', recordId: patientId, patientId });
  const rows = await consultationTimeline(ctx, caller, patientId, 'patient_file_timeline', fileExtras, journal);
  return rows.map((r) => ({
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
    excerpt: excerpt(r.note),
    documentCount: Number(r.documentCount ?? 0),
    notice: timelineNotice(r.notice, r.id),
    // Issue 32: "Modifiée le … par …" (null while it is as created).
    lastChange: r.lastChange ? { at: new Date(r.lastChange.at).toISOString(), by: r.lastChange.name } : null,
  }));
}

