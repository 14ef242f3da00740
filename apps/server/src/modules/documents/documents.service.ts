import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { DOCUMENT_MESSAGES, isAcceptedExtension } from '@wellbe/shared/schemas/documents';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { caller } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findConsultation } from '../consultations/consultations.repository.ts';
import { getPatientInScope } from '../patients/patients.service.ts';
import { findDocument, insertDocument, isFileReferenced } from './documents.repository.ts';
import { detectType, discard, DOCUMENT_TYPES, matchesExtension, storedPath, storeFile, type ReceivedFile } from './documents.storage.ts';

/** Keeps the name a practitioner chose, without any path or control character. */
function cleanFileName(name: string): string {
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
  request: FastifyRequest,
  input: { idConsultation: string; idPatient: string; fileName: string; file: ReceivedFile },
): Promise<{ idDocument: string }> {
  const user = caller(request);
  const { file } = input;
  try {
    const patient = await getPatientInScope(ctx, request, input.idPatient, 'document.create');
    const consultation = await findConsultation(ctx.db, input.idConsultation);
    if (!consultation || consultation.patientId !== patient.id || consultation.organizationId !== patient.organizationId) {
      await recordAudit(ctx, request, { action: 'document.create', outcome: 'denied', recordType: 'consultation', recordId: input.idConsultation, patientId: patient.id, details: { reason: 'consultation_mismatch' } });
      throw badRequest(DOCUMENT_MESSAGES.mismatch, 'consultation_mismatch');
    }
    const fileName = cleanFileName(input.fileName);
    if (!isAcceptedExtension(fileName)) throw badRequest(DOCUMENT_MESSAGES.badExtension, 'bad_extension');
    const type = await detectType(file);
    if (!type || !matchesExtension(type, fileName)) {
      await recordAudit(ctx, request, { action: 'document.create', outcome: 'error', recordType: 'document', patientId: patient.id, details: { reason: 'bad_content' } });
      throw badRequest(DOCUMENT_MESSAGES.badContent, 'bad_content');
    }
    const stored = await storeFile(ctx.config.dataDir, file);
    let idDocument: string;
    try {
      idDocument = await insertDocument(ctx.db, {
        organizationId: patient.organizationId,
        patientId: patient.id,
        consultationId: consultation.id,
        uploadedBy: user.id,
        fileName,
        mimeType: DOCUMENT_TYPES[type].mime,
        sizeBytes: file.size,
        sha256: file.sha256,
      });
    } catch (err) {
      // No row, so no file: remove what this request created, unless another row shares the content.
      if (stored && !(await isFileReferenced(ctx.db, file.sha256))) await fs.rm(storedPath(ctx.config.dataDir, file.sha256), { force: true });
      throw err;
    }
    await recordAudit(ctx, request, {
      action: 'document.create',
      outcome: 'success',
      recordType: 'document',
      recordId: idDocument,
      patientId: patient.id,
      details: { consultationId: consultation.id, size: file.size, type },
    });
    return { idDocument };
  } finally {
    await discard(file);
  }
}

/** An authorised, audited download (issue 5); `inline` only for what a browser shows safely. */
export async function openDocument(ctx: AppContext, request: FastifyRequest, id: string, inline: boolean) {
  const doc = await findDocument(ctx.db, id);
  if (!doc) {
    await recordAudit(ctx, request, { action: 'document.download', outcome: 'denied', recordType: 'document', recordId: id });
    throw notFound(DOCUMENT_MESSAGES.notFound, 'document_not_found');
  }
  await getPatientInScope(ctx, request, doc.patientId, 'document.download', { read: true });
  const filePath = storedPath(ctx.config.dataDir, doc.sha256);
  const stream = createReadStream(filePath);
  // Fail here (404) rather than mid-stream when the file is missing on disk.
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', () => reject(notFound(DOCUMENT_MESSAGES.notFound, 'document_not_found')));
  });
  await recordAudit(ctx, request, { action: 'document.download', outcome: 'success', recordType: 'document', recordId: id, patientId: doc.patientId, details: { inline } });
  const previewable = doc.mimeType.startsWith('image/') || doc.mimeType === 'application/pdf';
  return { stream, fileName: doc.fileName, mimeType: doc.mimeType, size: doc.sizeBytes, disposition: inline && previewable ? 'inline' : 'attachment' };
}
