import { DOCUMENT_MESSAGES, isAcceptedExtension } from '@wellbe/shared/schemas/documents';
import type { AppContext } from '../../context.ts';
import { actingScope, hidden, isUuid, patientScope, type Caller, type PatientScope } from '../../access/index.ts';
import type { ExportCursor } from '../../lib/keyset.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { HISTORY_MESSAGES } from '@wellbe/shared/schemas/history';
import { articleUsesFile } from '../articles/articles.service.ts';
import { chatAttachmentUsesFile } from '../chat/chat.files.ts';
import { holdOpenConsultation } from '../consultations/consultations.lock.service.ts';
import { consultationOfPatient, consultationSql } from '../consultations/consultations.service.ts';
import { exerciseUsesFile } from '../exercises/exercises.service.ts';
import { diaryPhotoUsesFile } from '../diary/diary.photos.ts';
import { recordVersion } from '../history/history.service.ts';
import { patientForCaller } from '../patients/patients.service.ts';
import {
  consultationDocumentRows,
  exportPage,
  findDocument,
  findLinkedDocument,
  insertDocument,
  documentUsesFile,
  liveDocumentCount,
  patientDocumentRows,
} from './documents.repository.ts';
import { detectType, DOCUMENT_TYPES, matchesExtension, type ReceivedFile } from './documents.storage.ts';

/** Keeps the name a practitioner chose, without any path or control character. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
}

/**
 * SPEC §7 document create. The received file is kept only when every rule holds: the consultation
 * belongs to that patient and to the caller's organisation, the extension is accepted and the bytes
 * are of that type. Otherwise the temporary file is removed and no row is written.
 */
export async function createDocument(
  ctx: AppContext,
  caller: Caller,
  input: { idConsultation: string; idPatient: string; fileName: string; file: ReceivedFile },
): Promise<{ idDocument: string }> {
  const { file } = input;
  try {
    const patient = await patientForCaller(ctx, caller, input.idPatient, 'document.create', 'write');
    const consultation = await consultationOfPatient(ctx, caller, input.idConsultation, patient.id);
    if (!consultation) {
      await recordAudit(ctx, caller, { action: 'document.create', outcome: 'denied', recordType: 'consultation', recordId: input.idConsultation, patientId: patient.id, details: { reason: 'consultation_mismatch' } });
      throw badRequest(DOCUMENT_MESSAGES.mismatch, 'consultation_mismatch');
    }
    // Issue 32: a signed or locked consultation's documents list is part of what cannot change.
    const refuseLocked = async () => {
      await recordAudit(ctx, caller, { action: 'document.create', outcome: 'denied', recordType: 'consultation', recordId: consultation.id, patientId: patient.id, details: { reason: 'locked' } });
      return conflict(HISTORY_MESSAGES.locked, 'locked');
    };
    // Refused early when already locked (nothing stored); checked again under a lock below.
    if (consultation.lockedAt) throw await refuseLocked();
    const fileName = cleanFileName(input.fileName);
    if (!isAcceptedExtension(fileName)) throw badRequest(DOCUMENT_MESSAGES.badExtension, 'bad_extension');
    const type = await detectType(file);
    if (!type || !matchesExtension(type, fileName)) {
      await recordAudit(ctx, caller, { action: 'document.create', outcome: 'error', recordType: 'document', patientId: patient.id, details: { reason: 'bad_content' } });
      throw badRequest(DOCUMENT_MESSAGES.badContent, 'bad_content');
    }
    // In the store (fsynced, or uploaded to S3) before the row exists and before the answer.
    const stored = await ctx.storage.commit(file);
    // No row, so no file: remove what this request created, unless another row shares the content.
    const forgetStored = async () => {
      if (stored && !(await storedFileInUse(ctx, file.sha256))) await ctx.storage.delete(file.sha256);
    };
    let idDocument: string | null;
    try {
      const scope = actingScope(caller, patient.organizationId, DOCUMENT_MESSAGES.notFound, 'document_not_found');
      // Issue 32: the consultation's documents list is part of its content, so the row and the
      // consultation's new version commit together (the history shows the upload when it happened).
      idDocument = await ctx.db.transaction(async (tx) => {
        // Signing or the lock job may have committed since `consultation` was read (the type
        // check and the store take time): the row is held until this transaction commits.
        if (!(await holdOpenConsultation(tx, caller, consultation.id))) return null;
        const inserted = await insertDocument(tx, scope, {
          patientId: patient.id,
          consultationId: consultation.id,
          uploadedBy: caller.id,
          fileName,
          mimeType: DOCUMENT_TYPES[type].mime,
          sizeBytes: file.size,
          sha256: file.sha256,
        });
        await recordVersion({ db: tx }, scope, { type: 'consultation', id: consultation.id }, { kind: 'updated', at: new Date(ctx.clock.now()), author: caller });
        return inserted;
      });
    } catch (err) {
      await forgetStored();
      throw err;
    }
    if (idDocument === null) {
      await forgetStored();
      throw await refuseLocked();
    }
    await recordAudit(ctx, caller, {
      action: 'document.create',
      outcome: 'success',
      recordType: 'document',
      recordId: idDocument,
      patientId: patient.id,
      details: { consultationId: consultation.id, size: file.size, type },
    });
    return { idDocument };
  } finally {
    await ctx.storage.discard(file);
  }
}

/** An authorised, audited download; `inline` only for what a browser shows safely. */
export async function openDocument(ctx: AppContext, caller: Caller, id: string, inline: boolean) {
  // Found only on a patient inside the caller's scope: another organisation's document is unknown.
  const doc = isUuid(id) ? await findDocument(ctx.db, patientScope(caller, 'read'), id) : null;
  if (!doc) {
    await recordAudit(ctx, caller, { action: 'document.download', outcome: 'denied', recordType: 'document', recordId: id });
    throw hidden(DOCUMENT_MESSAGES.notFound, 'document_not_found');
  }
  // Fail here (404) rather than mid-stream when the file is missing from the store.
  const stream = await ctx.storage.get(doc.sha256);
  if (!stream) throw notFound(DOCUMENT_MESSAGES.notFound, 'document_not_found');
  await recordAudit(ctx, caller, { action: 'document.download', outcome: 'success', recordType: 'document', recordId: id, patientId: doc.patientId, details: { inline } });
  const previewable = doc.mimeType.startsWith('image/') || doc.mimeType === 'application/pdf';
  return { stream, fileName: doc.fileName, mimeType: doc.mimeType, size: doc.sizeBytes, disposition: inline && previewable ? 'inline' : 'attachment' };
}

/**
 * Whether a row still points at a stored file. Files are shared by content across the store:
 * patient documents, chat attachments, exercise images or videos and article covers and pictures;
 * the hourly sweep deletes a file none of them names. Each area answers for its own rows.
 */
export async function storedFileInUse(ctx: Pick<AppContext, 'db'>, sha256: string): Promise<boolean> {
  // Asked one after the other, documents first (the usual holder): most files stop at the first.
  if (await documentUsesFile(ctx.db, sha256)) return true;
  for (const holder of [chatAttachmentUsesFile, exerciseUsesFile, articleUsesFile, diaryPhotoUsesFile]) if (await holder(ctx, sha256)) return true;
  return false;
}

// ---- For the consultation, the patient file and the export: the caller's read scope ----

/** The live documents of one consultation, oldest first. */
export async function consultationDocuments(ctx: AppContext, caller: Caller, consultationId: string) {
  return consultationDocumentRows(ctx.db, patientScope(caller, 'read'), consultationId);
}

/** Every live document of a patient's live consultations, newest consultation first. */
export async function patientDocuments(ctx: AppContext, caller: Caller, patientId: string) {
  return patientDocumentRows(ctx.db, patientScope(caller, 'read'), patientId, consultationSql.date);
}

/** A page of a patient's live documents (of live consultations) for the export, oldest first. */
export async function documentExportPage(ctx: AppContext, caller: Caller, patientId: string, after: ExportCursor, limit: number) {
  return exportPage(ctx.db, patientScope(caller, 'read'), patientId, consultationSql.live, after, limit);
}

/** The timeline's document count of each consultation of a patient (SQL on its id column). */
export const documentCountSql = liveDocumentCount;

/** A live document inside a scope the caller has no session for (a signed export link's patient). */
export async function linkedDocument(ctx: AppContext, scope: PatientScope, documentId: string) {
  return isUuid(documentId) ? findLinkedDocument(ctx.db, scope, documentId) : null;
}
