import { fold } from '@wellbe/shared/domain/text';
import { EXERCISE_MEDIA, SPORT_MESSAGES, type Exercise, type ExercisePage, type ExerciseSearchQuery, type ExerciseWrite, type SportCatalog } from '@wellbe/shared/schemas/sport';
import { callerScope, catalogScope, hidden, isUuid, ownScope, recordCatalog, type Caller, type OneOrgScope } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { exerciseSearchKey } from '../../db/seed/sport/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { StagedFile } from '../../lib/storage/index.ts';
import { detectType } from '../documents/documents.storage.ts';
import { catalogEntriesUsable } from '../sport-catalogs/sport-catalogs.service.ts';
import * as repo from './exercises.repository.ts';

// The exercise library: the shared free-exercise-db exercises and each organisation's own. Search
// is accent-insensitive on the French and English names, with the catalog filters. Practitioners
// add and edit their organisation's exercises; the shared library is translated by developers.

export const EXERCISE_MESSAGES = {
  libraryReadOnly: 'Seul un développeur modifie la bibliothèque partagée ; ajoutez plutôt un exercice à votre organisation.',
} as const;

export function toExercise(row: repo.ExerciseListRow | repo.ExerciseRow): Exercise {
  const translated = !!row.nameFr;
  return {
    id: row.id,
    name: row.nameFr ?? row.nameEn ?? '',
    nameFr: row.nameFr,
    nameEn: row.nameEn,
    translated,
    instructions: row.instructionsFr?.length ? row.instructionsFr : row.instructionsEn,
    categoryId: row.categoryId,
    levelId: row.levelId,
    equipmentId: row.equipmentId,
    primaryBodyPartIds: row.primaryBodyPartIds,
    secondaryBodyPartIds: row.secondaryBodyPartIds,
    source: row.organizationId ? 'organisation' : 'library',
    // The version (a prefix of the content hash) changes with the file: the browser's copy is never stale.
    media: row.mediaSha256 && row.mediaMime ? { kind: row.mediaMime.startsWith('video/') ? 'video' : 'image', mime: row.mediaMime, version: row.mediaSha256.slice(0, 12) } : null,
  };
}

/** The exercises of `ids` the scope's organisation sees (the library and its own), for the program builder. */
export async function visibleExercises(ctx: AppContext, scope: OneOrgScope, ids: string[]): Promise<repo.ExerciseRow[]> {
  return repo.findMany(ctx.db, recordCatalog(scope.organizationId), ids);
}

export async function searchExercises(ctx: AppContext, caller: Caller, query: ExerciseSearchQuery): Promise<ExercisePage> {
  const { rows, total } = await repo.search(ctx.pool, catalogScope(caller), fold(query.q ?? ''), query);
  return { items: rows.map(toExercise), total };
}

async function exerciseFor(ctx: AppContext, caller: Caller, id: string) {
  const row = isUuid(id) ? await repo.find(ctx.db, catalogScope(caller), id) : undefined;
  if (!row) throw hidden(SPORT_MESSAGES.exerciseNotFound, 'exercise_not_found');
  return row;
}

export async function readExercise(ctx: AppContext, caller: Caller, id: string): Promise<Exercise> {
  return toExercise(await exerciseFor(ctx, caller, id));
}

/**
 * Every catalog id of the body names an active entry the exercise's owner may use: a WellBe entry
 * or one of its organisation's (a library exercise: WellBe entries only), never another's.
 */
async function checkCatalogs(ctx: AppContext, owner: string | null, body: ExerciseWrite) {
  const usable = async (name: SportCatalog, ids: number[]) => catalogEntriesUsable(ctx, recordCatalog(owner), name, ids, { activeOnly: true });
  const ok =
    (await usable('categories', [body.categoryId])) &&
    (await usable('levels', [body.levelId])) &&
    (await usable('equipments', body.equipmentId ? [body.equipmentId] : [])) &&
    (await usable('bodyparts', [...body.primaryBodyPartIds, ...body.secondaryBodyPartIds]));
  if (!ok) throw badRequest(SPORT_MESSAGES.catalogValue, 'catalog_value');
}

function values(body: ExerciseWrite) {
  return {
    nameFr: body.nameFr,
    instructionsFr: body.instructionsFr,
    categoryId: body.categoryId,
    levelId: body.levelId,
    equipmentId: body.equipmentId,
    primaryBodyPartIds: [...new Set(body.primaryBodyPartIds)],
    secondaryBodyPartIds: [...new Set(body.secondaryBodyPartIds)],
  };
}

export async function createExercise(ctx: AppContext, caller: Caller, body: ExerciseWrite): Promise<Exercise> {
  const { organizationId } = ownScope(caller, SPORT_MESSAGES.exerciseNotFound, 'exercise_not_found');
  await checkCatalogs(ctx, organizationId, body);
  const row = await repo.insert(ctx.db, { ...values(body), organizationId, nameEn: null, instructionsEn: [], searchKey: exerciseSearchKey(body.nameFr, null), createdBy: caller.id });
  await recordAudit(ctx, caller, { action: 'exercise.create', outcome: 'success', recordType: 'exercise', recordId: row.id });
  return toExercise(row);
}

/** An exercise the caller may change: their organisation's, or the shared library for a developer. */
/** Also checked before an upload is read: no byte is stored for an exercise the caller cannot edit. */
export async function editableExercise(ctx: AppContext, caller: Caller, id: string) {
  const row = await exerciseFor(ctx, caller, id);
  if (!row.organizationId && caller.role !== 'DE') throw forbidden(EXERCISE_MESSAGES.libraryReadOnly, 'library_read_only');
  return row;
}

/** Writes an exercise the caller may edit (editableExercise), inside the caller's scope. */
async function updateInScope(ctx: AppContext, caller: Caller, id: string, values: Parameters<typeof repo.update>[3]): Promise<repo.ExerciseRow> {
  const row = await repo.update(ctx.db, callerScope(caller), id, values);
  if (!row) throw hidden(SPORT_MESSAGES.exerciseNotFound, 'exercise_not_found');
  return row;
}

/** The media type read from the first bytes (never the name): JPEG, PNG, MP4 ('ftyp' box) or WebM (EBML). */
async function mediaType(file: StagedFile): Promise<{ mime: string; maxBytes: number; tooLarge: string } | null> {
  const image = await detectType(file);
  if (image === 'jpeg' || image === 'png') return { mime: `image/${image}`, maxBytes: EXERCISE_MEDIA.imageMaxBytes, tooLarge: SPORT_MESSAGES.mediaImageTooLarge };
  const video = { maxBytes: EXERCISE_MEDIA.videoMaxBytes, tooLarge: SPORT_MESSAGES.mediaVideoTooLarge };
  if (file.head.subarray(4, 8).toString('latin1') === 'ftyp') return { mime: 'video/mp4', ...video };
  if (file.head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return { mime: 'video/webm', ...video };
  return null;
}

/** Sets an exercise's image or short video from a staged upload; the staged file is always discarded. */
export async function setExerciseMedia(ctx: AppContext, caller: Caller, id: string, file: StagedFile | null): Promise<Exercise> {
  try {
    const before = await editableExercise(ctx, caller, id);
    if (!file || file.size === 0) throw badRequest(SPORT_MESSAGES.mediaMissing, 'media_missing');
    const type = await mediaType(file);
    if (!type) {
      await recordAudit(ctx, caller, { action: 'exercise.media', outcome: 'error', recordType: 'exercise', recordId: id, details: { reason: 'bad_content' } });
      throw badRequest(SPORT_MESSAGES.mediaType, 'media_type');
    }
    if (file.size > type.maxBytes) throw new AppError(413, 'payload_too_large', type.tooLarge);
    await ctx.storage.commit(file);
    // The previous file stays in the store until the hourly sweep finds no row pointing at it.
    const row = await updateInScope(ctx, caller, id, { mediaSha256: file.sha256, mediaMime: type.mime, mediaSize: file.size });
    await recordAudit(ctx, caller, { action: 'exercise.media', outcome: 'success', recordType: 'exercise', recordId: id, details: { type: type.mime, size: file.size, replaced: !!before.mediaSha256 } });
    return toExercise(row);
  } finally {
    await ctx.storage.discard(file);
  }
}

export async function removeExerciseMedia(ctx: AppContext, caller: Caller, id: string): Promise<Exercise> {
  await editableExercise(ctx, caller, id);
  const row = await updateInScope(ctx, caller, id, { mediaSha256: null, mediaMime: null, mediaSize: null });
  await recordAudit(ctx, caller, { action: 'exercise.media.remove', outcome: 'success', recordType: 'exercise', recordId: id });
  return toExercise(row);
}

/** The media of an exercise the caller sees (the library, or their organisation's own). */
export async function openExerciseMedia(ctx: AppContext, caller: Caller, id: string) {
  const row = await exerciseFor(ctx, caller, id);
  const stream = row.mediaSha256 ? await ctx.storage.get(row.mediaSha256) : null;
  if (!stream || !row.mediaMime || row.mediaSize == null) throw notFound(SPORT_MESSAGES.noMedia, 'no_media');
  return { stream, mime: row.mediaMime, size: row.mediaSize };
}

/** Archives an organisation's own exercise (programs that use it keep showing it). */
export async function archiveExercise(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  await editableExercise(ctx, caller, id);
  await updateInScope(ctx, caller, id, { archivedAt: new Date(ctx.clock.now()), archivedBy: caller.id });
  await recordAudit(ctx, caller, { action: 'exercise.archive', outcome: 'success', recordType: 'exercise', recordId: id });
}

export async function updateExercise(ctx: AppContext, caller: Caller, id: string, body: ExerciseWrite): Promise<Exercise> {
  const before = await editableExercise(ctx, caller, id);
  await checkCatalogs(ctx, before.organizationId, body);
  const row = await updateInScope(ctx, caller, id, { ...values(body), searchKey: exerciseSearchKey(body.nameFr, before.nameEn) });
  await recordAudit(ctx, caller, { action: 'exercise.update', outcome: 'success', recordType: 'exercise', recordId: id, details: { before: { nameFr: before.nameFr }, after: { nameFr: row.nameFr } } });
  return toExercise(row);
}

/** Whether an exercise still shows a stored file (the documents' sweep: files are shared by content). */
export async function exerciseUsesFile(ctx: Pick<AppContext, 'db'>, sha256: string): Promise<boolean> {
  return repo.mediaUsesFile(ctx.db, sha256);
}
