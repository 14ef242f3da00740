import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { realtimePresence } from '../../db/tables.ts';
import type { Caller } from '../../access/caller.ts';

// Presence across server processes (issue 16): a row per (server, user) while the user holds a
// signed-in socket on that server. Hubs refresh their rows every ping period; a row older than
// PRESENCE_STALE_MS (a server that died without cleaning up) no longer counts.

export const PRESENCE_STALE_MS = 90_000;

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

export async function setPresence(db: Executor, serverId: string, user: Caller): Promise<void> {
  await db
    .insert(realtimePresence)
    .values({ serverId, userId: user.id, organizationId: user.organizationId })
    .onConflictDoUpdate({ target: [realtimePresence.serverId, realtimePresence.userId], set: { seenAt: sql`now()` } });
}

export async function dropPresence(db: Executor, serverId: string, userId: string): Promise<void> {
  await db.delete(realtimePresence).where(and(eq(realtimePresence.serverId, serverId), eq(realtimePresence.userId, userId)));
}

export async function dropServerPresence(db: Executor, serverId: string): Promise<void> {
  await db.delete(realtimePresence).where(eq(realtimePresence.serverId, serverId));
}

export async function refreshPresence(db: Executor, serverId: string): Promise<void> {
  await db.update(realtimePresence).set({ seenAt: sql`now()` }).where(eq(realtimePresence.serverId, serverId));
}

/** The users among `ids` with a signed-in socket on any server. */
export async function onlineUsers(db: Pick<Database, 'selectDistinct'>, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectDistinct({ userId: realtimePresence.userId })
    .from(realtimePresence)
    .where(and(inArray(realtimePresence.userId, ids), gt(realtimePresence.seenAt, sql`now() - ${`${PRESENCE_STALE_MS / 1000} seconds`}::interval`)));
  return new Set(rows.map((r) => r.userId));
}
