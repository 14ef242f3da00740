import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { realtimeEvents } from '../../db/tables.ts';

export const REALTIME_CHANNEL = 'wellbe_realtime';
export const REVOKE_CHANNEL = 'wellbe_realtime_revoke';
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more: a larger event travels as its id alone
// and each server reads the row.
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
 * NOTIFY until COMMIT, and the stored row appears at the same moment.
 */
export async function publishRealtime(db: Executor, input: PublishInput): Promise<number | null> {
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
  const full = JSON.stringify({ id, type: input.type, organizationId: input.organisationId, userIds, data: input.data });
  const payload = full.length <= MAX_INLINE_PAYLOAD || id === null ? full : JSON.stringify({ id });
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
  return id;
}
