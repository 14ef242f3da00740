import { DIARY_LIMITS, DIARY_MESSAGES, type DiaryEntry } from '@wellbe/shared/schemas/diary';
import { hidden, isUuid, patientScope, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { StagedFile } from '../../lib/storage/index.ts';
import { detectType } from '../documents/documents.storage.ts';
import * as repo from './diary.repository.ts';
import { entryOf } from './diary.service.ts';

// A meal's photo: one image typed by its bytes (JPEG, PNG or WebP, never by its name or declared
// type), at most 10 MB, in the file store; read back by the patient and their practice.

async function imageType(file: StagedFile): Promise<string | null> {
  const type = await detectType(file);
  if (type === 'jpeg' || type === 'png') return `image/${type}`;
  const { head } = file;
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

/** One of the PT's own meals, found before the upload is read (another caller: a journalled 404). */
export async function mealForPhoto(ctx: AppContext, caller: Caller, id: string): Promise<{ patientId: string }> {
  const patientId = caller.role === 'PT' ? caller.patientId : null;
  const row = patientId && isUuid(id) ? await repo.findEntry(ctx.db, patientScope(caller, 'read'), id) : null;
  if (!row || row.kind !== 'meal' || row.patientId !== patientId) {
    await recordAudit(ctx, caller, { action: 'diary.photo.set', outcome: 'denied', recordType: 'diary_entry', recordId: id });
    throw hidden(DIARY_MESSAGES.notFound, 'diary_entry_not_found');
  }
  return { patientId };
}

/** The PT sets the photo of one of their meals; the staged upload is always discarded. */
export async function setMealPhoto(ctx: AppContext, caller: Caller, id: string, file: StagedFile | null): Promise<DiaryEntry> {
  try {
    const { patientId } = await mealForPhoto(ctx, caller, id);
    const scope = patientScope(caller, 'read');
    if (!file || file.size === 0) throw badRequest(DIARY_MESSAGES.photoMissing, 'photo_missing');
    const mime = await imageType(file);
    if (!mime) {
      await recordAudit(ctx, caller, { action: 'diary.photo.set', outcome: 'error', recordType: 'diary_entry', recordId: id, patientId, details: { reason: 'bad_content' } });
      throw badRequest(DIARY_MESSAGES.photoType, 'photo_type');
    }
    if (file.size > DIARY_LIMITS.photoBytes) throw new AppError(413, 'payload_too_large', DIARY_MESSAGES.photoSize);
    await ctx.storage.commit(file);
    await repo.setPhoto(ctx.db, scope, id, patientId, { hash: file.sha256, mime });
    await recordAudit(ctx, caller, { action: 'diary.photo.set', outcome: 'success', recordType: 'diary_entry', recordId: id, patientId, details: { type: mime, size: file.size } });
    return entryOf(ctx, caller, id);
  } finally {
    await ctx.storage.discard(file);
  }
}

/** A meal's photo, for the patient and the practitioners of their file. */
export async function openMealPhoto(ctx: AppContext, caller: Caller, id: string) {
  const row = isUuid(id) ? await repo.findEntry(ctx.db, patientScope(caller, 'read'), id) : null;
  if (!row) {
    await recordAudit(ctx, caller, { action: 'diary.photo.read', outcome: 'denied', recordType: 'diary_entry', recordId: id });
    throw hidden(DIARY_MESSAGES.notFound, 'diary_entry_not_found');
  }
  const stream = row.photoHash ? await ctx.storage.get(row.photoHash) : null;
  if (!stream || !row.photoMime) throw notFound(DIARY_MESSAGES.photoMissing, 'no_photo');
  await recordAudit(ctx, caller, { action: 'diary.photo.read', outcome: 'success', recordType: 'diary_entry', recordId: id, patientId: row.patientId });
  return { stream, mime: row.photoMime };
}

/** Whether a stored file is a meal's photo (documents' sweep and shared-file deletion). */
export async function diaryPhotoUsesFile(ctx: Pick<AppContext, 'db'>, sha256: string): Promise<boolean> {
  return repo.photoUsesFile(ctx.db, sha256);
}
