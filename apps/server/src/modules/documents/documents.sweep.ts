import type { AppContext } from '../../context.ts';
import { storedFileInUse } from './documents.service.ts';

/** An object younger than this may belong to an upload whose row is being written right now. */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

/**
 * Removes document files no row points at: what a server that stopped between storing a file and
 * writing its row (a crash, a kill) left in the store. Run hourly as a background job; files
 * younger than an hour are left alone, an upload in flight finishes within that time.
 */
export async function sweepOrphanDocuments(ctx: Pick<AppContext, 'db' | 'storage' | 'clock'>): Promise<number> {
  const cutoff = ctx.clock.now() - SWEEP_GRACE_MS;
  let removed = 0;
  for await (const key of ctx.storage.list()) {
    if (!/^[0-9a-f]{64}$/.test(key)) continue; // avatars and logos are managed by their owners
    if (await storedFileInUse(ctx, key)) continue;
    const modified = await ctx.storage.modifiedAt(key);
    if (modified === null || modified > cutoff) continue;
    await ctx.storage.delete(key);
    removed++;
  }
  return removed;
}
