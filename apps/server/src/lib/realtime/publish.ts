import { sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { realtimeEvents } from '../../db/schema/realtime.ts';

export const REALTIME_CHANNEL = 'wellbe_realtime';
export const REVOKE_CHANNEL = 'wellbe_realtime_revoke';
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more (ephemeral events travel whole).
const MAX_INLINE_PAYLOAD = 7000;

export interface PublishInput {
  type: string;
  /** The audience's organisation; null only with `userIds` (platform events such as support). */
  organisationId: string | null;
  /** Only these users (default: every connected user of the organisation). */
  userIds?: string[];
  /** Ids only (DESIGN §8): strings, numbers, booleans or null, never a record or a text. */
  data: Record<string, string | number | boolean | null>;
  /** Not stored, never replayed on reconnect (typing indicators). */
  ephemeral?: boolean;
}

type Executor = Pick<Database, 'execute' | 'insert'>;

function checkIdsOnly(data: PublishInput['data']): void {
  for (const [key, value] of Object.entries(data)) {
    const ok = value === null || typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && value.length <= 100);
    if (!ok) throw new Error(`publishRealtime: '${key}' n’est pas un identifiant (les événements ne portent que des ids)`);
  }
}

/**
 * Publishes an event to the connected clients of every server (DESIGN §8). Called with a
 * transaction, the event leaves when (and only if) the transaction commits: PostgreSQL holds
 * NOTIFY until COMMIT, and the stored row appears at the same moment. A hot path should rather
 * record the event in its transaction and notify after the commit (recordRealtime, notifyRealtime):
 * a transaction that notifies holds PostgreSQL's global notify lock through its commit's disk flush,
 * so such commits run one at a time across the whole database.
 */
export async function publishRealtime(db: Executor, input: PublishInput): Promise<number | null> {
  const pending = await recordRealtime(db, input);
  if (!pending) return null;
  if (db instanceof PgTransaction) await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${pending.payload})`);
  else await notifyRealtime(db as Pick<Database, 'execute'>, pending);
  return pending.id;
}

export interface PendingRealtime {
  id: number | null;
  payload: string;
}

/** Stores the event (unless ephemeral) and answers what notifyRealtime sends; null: no audience. */
export async function recordRealtime(db: Executor, input: PublishInput): Promise<PendingRealtime | null> {
  if (input.organisationId === null && !input.userIds) throw new Error('publishRealtime: an event without organisation names its users');
  checkIdsOnly(input.data);
  const userIds = input.userIds ? [...new Set(input.userIds)] : null;
  if (userIds && userIds.length === 0) return null;
  let id: number | null = null;
  if (!input.ephemeral) {
    const [row] = await db
      .insert(realtimeEvents)
      .values({ type: input.type, organizationId: input.organisationId, userIds, data: input.data })
      .returning({ id: realtimeEvents.id });
    id = row.id;
  }
  if (id !== null) return storedRealtime(id);
  const full = JSON.stringify({ id, type: input.type, organizationId: input.organisationId, userIds, data: input.data });
  if (full.length > MAX_INLINE_PAYLOAD) throw new Error('publishRealtime: un événement éphémère trop grand pour NOTIFY');
  return { id, payload: full };
}

/**
 * A stored event's notification: its id only, which wakes the servers; they read the table in
 * commit-safe order (hub.ts). An ephemeral event's travels whole.
 */
export function storedRealtime(id: number): PendingRealtime {
  return { id, payload: JSON.stringify({ id }) };
}

/**
 * The INSERT of stored events as a fragment of a statement that writes them with what they announce
 * (one round trip: chat messages). `select` yields one row per event with the columns
 * organization_id, user_ids and data (ids only: build it with jsonb_build_object of ids); the
 * fragment answers their ids, to send with notifyRealtime(db, storedRealtime(id)) after the commit.
 */
export function insertRealtimeFrom(type: string, select: SQL): SQL {
  return sql`insert into realtime_events (type, organization_id, user_ids, data) select ${type}, e.organization_id, e.user_ids, e.data from (${select}) e returning id`;
}

/**
 * Sends a recorded event, outside any transaction, in one statement whose commit does not wait for
 * the disk (synchronous_commit off for it alone): the event's row, when there is one, is already
 * durable, and a notification lost in a crash is replayed from that row when clients reconnect.
 */
export async function notifyRealtime(db: Pick<Database, 'execute'>, pending: PendingRealtime | null): Promise<void> {
  if (!pending) return;
  await db.execute(sql`select set_config('synchronous_commit', 'off', true), pg_notify(${REALTIME_CHANNEL}, ${pending.payload})`);
}
