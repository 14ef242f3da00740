import { fold } from '@wellbe/shared/domain/text';
import { SPORT_MESSAGES, type Exercise, type ExercisePage, type ExerciseSearchQuery, type ExerciseWrite } from '@wellbe/shared/schemas/sport';
import { hidden, isUuid, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { CATALOG_TABLES, exerciseSearchKey } from '../../db/seed/sport/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { inArray } from 'drizzle-orm';
import * as repo from './exercises.repository.ts';

// The exercise library: the shared free-exercise-db exercises and each organisation's own. Search
// is accent-insensitive on the French and English names, with the catalog filters. Practitioners
// add and edit their organisation's exercises; the shared library is translated by developers.

export const EXERCISE_MESSAGES = {
  libraryReadOnly: 'Seul un développeur modifie la bibliothèque partagée ; ajoutez plutôt un exercice à votre organisation.',
  noOrganisation: 'Aucune organisation n’est associée à ce compte.',
} as const;

export function toExercise(row: repo.ExerciseRow): Exercise {
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
  };
}

/** The exercises of `ids` the organisation sees (the library and its own), for the program builder. */
export async function visibleExercises(ctx: AppContext, organizationId: string, ids: string[]): Promise<repo.ExerciseRow[]> {
  return repo.findMany(ctx.db, organizationId, ids);
}

export async function searchExercises(ctx: AppContext, caller: Caller, query: ExerciseSearchQuery): Promise<ExercisePage> {
  const { rows, total } = await repo.search(ctx.db, caller.organizationId, fold(query.q ?? ''), query);
  return { items: rows.map(toExercise), total };
}

async function exerciseFor(ctx: AppContext, caller: Caller, id: string) {
  const row = isUuid(id) ? await repo.find(ctx.db, caller.organizationId, id) : undefined;
  if (!row) throw hidden(SPORT_MESSAGES.exerciseNotFound, 'exercise_not_found');
  return row;
}

export async function readExercise(ctx: AppContext, caller: Caller, id: string): Promise<Exercise> {
  return toExercise(await exerciseFor(ctx, caller, id));
}

/** Every catalog id of the body exists (an inactive entry is refused for a new value). */
async function checkCatalogs(ctx: AppContext, body: ExerciseWrite) {
  const exists = async (table: (typeof CATALOG_TABLES)[keyof typeof CATALOG_TABLES], ids: number[]) => {
    const unique = [...new Set(ids)];
    if (!unique.length) return true;
    const rows = await ctx.db.select({ id: table.id, active: table.active }).from(table).where(inArray(table.id, unique));
    return rows.length === unique.length && rows.every((r) => r.active);
  };
  const ok =
    (await exists(CATALOG_TABLES.categories, [body.categoryId])) &&
    (await exists(CATALOG_TABLES.levels, [body.levelId])) &&
    (await exists(CATALOG_TABLES.equipments, body.equipmentId ? [body.equipmentId] : [])) &&
    (await exists(CATALOG_TABLES.bodyparts, [...body.primaryBodyPartIds, ...body.secondaryBodyPartIds]));
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
  if (!caller.organizationId) throw badRequest(EXERCISE_MESSAGES.noOrganisation, 'no_organisation');
  await checkCatalogs(ctx, body);
  const row = await repo.insert(ctx.db, { ...values(body), organizationId: caller.organizationId, nameEn: null, instructionsEn: [], searchKey: exerciseSearchKey(body.nameFr, null), createdBy: caller.id });
  await recordAudit(ctx, caller, { action: 'exercise.create', outcome: 'success', recordType: 'exercise', recordId: row.id });
  return toExercise(row);
}

export async function updateExercise(ctx: AppContext, caller: Caller, id: string, body: ExerciseWrite): Promise<Exercise> {
  const before = await exerciseFor(ctx, caller, id);
  if (!before.organizationId && caller.role !== 'DE') throw forbidden(EXERCISE_MESSAGES.libraryReadOnly, 'library_read_only');
  await checkCatalogs(ctx, body);
  const row = await repo.update(ctx.db, id, { ...values(body), searchKey: exerciseSearchKey(body.nameFr, before.nameEn) });
  await recordAudit(ctx, caller, { action: 'exercise.update', outcome: 'success', recordType: 'exercise', recordId: id, details: { before: { nameFr: before.nameFr }, after: { nameFr: row.nameFr } } });
  return toExercise(row);
}
