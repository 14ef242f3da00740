import { DIETETICS_MESSAGES } from '@wellbe/shared/domain/dietetics';
import { fold } from '@wellbe/shared/domain/text';
import { type Food, type FoodCreate } from '@wellbe/shared/schemas/dietetics';
import { catalogScope, hidden, ownScope, recordCatalog, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict } from '../../lib/errors.ts';
import { toFood } from './dietetics.catalog.ts';
import * as repo from './dietetics.foods.repository.ts';

// Foods: the Ciqual table every organisation sees, and each organisation's own (added, archived
// when nothing uses them). A caller searches the Ciqual table and their organisation's foods.

export async function searchFoods(ctx: AppContext, caller: Caller, query: { q?: string; group?: string; limit: number }): Promise<Food[]> {
  const rows = await repo.searchFoods(ctx.pool, catalogScope(caller), fold(query.q ?? '').slice(0, 100), query.group, query.limit);
  return rows.map(toFood);
}

export async function createFood(ctx: AppContext, caller: Caller, input: FoodCreate): Promise<Food> {
  const { organizationId } = ownScope(caller, DIETETICS_MESSAGES.foodNotFound, 'food_not_found');
  const id = await repo.insertFood(ctx.db, { ...input, organizationId, searchKey: fold(input.nameFr) });
  await recordAudit(ctx, caller, { action: 'dietetics.food.create', outcome: 'success', recordType: 'food', recordId: String(id) });
  const [row] = await repo.foodsByIds(ctx.db, recordCatalog(organizationId), [id]);
  return toFood(row);
}

/** An organisation's own food is archived, unless a recipe, menu or program uses it (409). */
export async function deleteFood(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  const scope = ownScope(caller, DIETETICS_MESSAGES.foodNotFound, 'food_not_found');
  const found = await repo.findOwnFood(ctx.db, scope, id);
  if (!found) throw hidden(DIETETICS_MESSAGES.foodNotFound, 'food_not_found');
  if (await repo.foodIsUsed(ctx.db, scope, found.id)) throw conflict(DIETETICS_MESSAGES.foodInUse, 'food_in_use');
  await repo.archiveFood(ctx.db, scope, found.id, caller.id, new Date(ctx.clock.now()));
  await recordAudit(ctx, caller, { action: 'dietetics.food.archive', outcome: 'success', recordType: 'food', recordId: String(found.id) });
}

/** The foods of these ids a record of the organisation may use (the Ciqual table and its own), for another area (the patient's meal diary). */
export async function foodsForRecord(ctx: AppContext, organizationId: string, ids: number[]): Promise<Food[]> {
  return (await repo.foodsByIds(ctx.db, recordCatalog(organizationId), ids)).map(toFood);
}
