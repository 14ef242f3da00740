import { sql } from 'drizzle-orm';
import { bigserial, customType, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A transaction id (PostgreSQL xid8), read as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

// Real-time events (DESIGN §8): every published event is a row, so a client that reconnects
// replays what it missed (`id > since`), and its id travels through LISTEN/NOTIFY between servers.
// Ids only in `data`; rows older than a day are purged (a client away longer resynchronises).
// Ids are taken at INSERT but rows appear at COMMIT, in another order: a transaction holding id 41
// may commit after the one holding 42. So events are delivered and replayed in the order of
// (tx, id) — the writing transaction, then the id — and only once `tx` is below the oldest
// transaction still running (pg_snapshot_xmin): from then on nothing can appear before them, and a
// position reached is never passed by a late commit (lib/realtime/hub.ts).
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    /** The audience's organisation; null only for platform events addressed to `userIds` (support). */
    organizationId: uuid('organization_id'),
    /** Only these users; null = every connected user of the organisation. */
    userIds: uuid('user_ids').array(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The writing transaction (its top-level id, so an event written in a savepoint counts with it). */
    tx: xid8('tx').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index('realtime_events_created_idx').on(t.createdAt),
    index('realtime_events_position_idx').on(t.tx, t.id),
  ],
);

// Presence (issue 16): which user holds a signed-in socket on which server process. Each hub keeps
// its rows fresh (seen_at, every ping period) and removes them when the user's last socket closes;
// a server that died leaves rows that stop counting once stale.
export const realtimePresence = pgTable(
  'realtime_presence',
  {
    serverId: uuid('server_id').notNull(),
    userId: uuid('user_id').notNull(),
    organizationId: uuid('organization_id'),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serverId, t.userId] }), index('realtime_presence_user_idx').on(t.userId, t.seenAt)],
);
