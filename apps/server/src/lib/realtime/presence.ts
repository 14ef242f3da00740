import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { realtimePresence } from '../../db/schema/realtime.ts';
import type { Caller } from '../../access/caller.ts';
import { accountFilter, type OrgScope } from '../../access/scope.ts';
import type { AppContext } from '../../context.ts';
import { presenceListenersList } from './registry.ts';

// Presence across server processes (issue 16): a row per (server, user) while the user holds a
// signed-in socket on that server. Hubs refresh their rows every ping period; a row older than
// PRESENCE_STALE_MS (a server that died without cleaning up) no longer counts.

export const PRESENCE_STALE_MS = 90_000;

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** Whether the user holds a signed-in socket on another server (a fresh row). */
async function elsewhere(db: Executor, serverId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: realtimePresence.userId })
    .from(realtimePresence)
    .where(and(eq(realtimePresence.userId, userId), ne(realtimePresence.serverId, serverId), gt(realtimePresence.seenAt, sql`now() - ${`${PRESENCE_STALE_MS / 1000} seconds`}::interval`)))
    .limit(1);
  return !!row;
}

/**
 * The user's row on this server, written and compared with the other servers' under a lock per user
 * (two servers changing the same user's presence at once take turns): answers whether the user's
 * state across all servers changed, i.e. whether they were offline everywhere else.
 */
async function changePresence(db: Database, serverId: string, userId: string, write: (tx: Executor) => Promise<unknown>): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`wellbe_presence:${userId}`}))`);
    const other = await elsewhere(tx, serverId, userId);
    await write(tx);
    return !other;
  });
}

/** This server holds a socket of the user: answers whether they just came online (no other server had them). */
export async function setPresence(db: Database, serverId: string, user: Caller): Promise<boolean> {
  return changePresence(db, serverId, user.id, (tx) =>
    tx
      .insert(realtimePresence)
      .values({ serverId, userId: user.id, organizationId: user.organizationId })
      .onConflictDoUpdate({ target: [realtimePresence.serverId, realtimePresence.userId], set: { seenAt: sql`now()` } }),
  );
}

/** This server's last socket of the user closed: answers whether they went offline (no other server has them). */
export async function dropPresence(db: Database, serverId: string, userId: string): Promise<boolean> {
  return changePresence(db, serverId, userId, (tx) => tx.delete(realtimePresence).where(and(eq(realtimePresence.serverId, serverId), eq(realtimePresence.userId, userId))));
}

export async function dropServerPresence(db: Executor, serverId: string): Promise<void> {
  await db.delete(realtimePresence).where(eq(realtimePresence.serverId, serverId));
}

export async function refreshPresence(db: Executor, serverId: string): Promise<void> {
  await db.update(realtimePresence).set({ seenAt: sql`now()` }).where(eq(realtimePresence.serverId, serverId));
}

/** The users among `ids` (inside the scope) with a signed-in socket on any server. */
export async function onlineUsers(db: Pick<Database, 'selectDistinct'>, scope: OrgScope, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectDistinct({ userId: realtimePresence.userId })
    .from(realtimePresence)
    .where(and(inArray(realtimePresence.userId, ids), accountFilter(scope, realtimePresence.organizationId), gt(realtimePresence.seenAt, sql`now() - ${`${PRESENCE_STALE_MS / 1000} seconds`}::interval`)));
  return new Set(rows.map((r) => r.userId));
}

/**
 * A hub's presence rows: a user's socket opened or closed, their row follows, one write after the
 * other per user (a socket closing while the row of its opening is still being written must not
 * leave the row behind: the user would look online until this server stops).
 */
export class PresenceWriter {
  /** Presence writes in progress per user, chained; and the users whose row this server wrote. */
  private readonly writes = new Map<string, Promise<void>>();
  private readonly present = new Set<string>();

  constructor(
    private readonly ctx: AppContext,
    private readonly serverId: string,
    /** Whether this server holds a signed-in socket of the user now. */
    private readonly connected: (userId: string) => boolean,
    private readonly stopped: () => boolean,
    private readonly log: (message: string) => void,
  ) {}

  follow(user: Caller): void {
    const run = (this.writes.get(user.id) ?? Promise.resolve()).then(() => this.sync(user));
    this.writes.set(user.id, run);
    void run.finally(() => {
      if (this.writes.get(user.id) === run) this.writes.delete(user.id);
    });
  }

  /** Writes the row when the user's connected state differs from it, then tells the modules. */
  private async sync(user: Caller): Promise<void> {
    if (this.stopped()) return;
    const online = this.connected(user.id);
    if (online === this.present.has(user.id)) return;
    try {
      // Told only when the user's state changes across all servers: a user already online through
      // another server (or still online there) is no news for their contacts.
      const changed = online ? await setPresence(this.ctx.db, this.serverId, user) : await dropPresence(this.ctx.db, this.serverId, user.id);
      if (online) this.present.add(user.id);
      else this.present.delete(user.id);
      if (changed) for (const listener of presenceListenersList()) await listener(this.ctx, user, online);
    } catch (err) {
      this.log(`Temps réel : présence non enregistrée (${(err as Error).message})`);
    }
  }
}
