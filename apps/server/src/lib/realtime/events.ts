import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { orgFilter, type OrgScope } from '../../access/scope.ts';
import type { Database } from '../../db/client.ts';
import { realtimeEvents } from '../../db/schema/realtime.ts';
import type { RealtimeEvent } from './registry.ts';

// The SQL of the stored events (realtime_events), read by the hub's tail and its replays.
//
// Stored events go out in the order of their position (tx, id) — the writing transaction, then the
// id — and only once final: `tx` below the oldest transaction still running. An id is taken at
// INSERT but the row appears at COMMIT, so a transaction holding id 41 may commit after the one
// holding 42; delivering 42 first, or a client resuming after 42, would skip 41 forever.

/** A stored event's place in the delivery order. */
export interface Position {
  tx: bigint;
  id: number;
}

export const ORIGIN: Position = { tx: 0n, id: 0 };

export function isAfter(a: Position, b: Position): boolean {
  return a.tx > b.tx || (a.tx === b.tx && a.id > b.id);
}

/**
 * The oldest transaction of THIS database still running (its events, and every later one, wait):
 * `pg_snapshot_xmin` minus the transactions of the cluster's other databases, which write no event
 * here (the test suite runs one database per file on one cluster; a shared cluster in production).
 * A transaction listed as running that no longer shows in pg_stat_activity is kept: waiting is safe,
 * passing it is not (its rows are invisible to this statement's snapshot). Ids compared on their
 * low 32 bits: running transactions are never 2^31 apart.
 */
const HORIZON = sql`coalesce(
  (select min(x) from pg_snapshot_xip(pg_current_snapshot()) x
    where (x::text::bigint % 4294967296) not in (
      select a.backend_xid::text::bigint from pg_stat_activity a where a.datname is distinct from current_database() and a.backend_xid is not null)),
  pg_snapshot_xmax(pg_current_snapshot()))`;

const after = (from: Position) => sql`(${realtimeEvents.tx}, ${realtimeEvents.id}) > (${from.tx.toString()}::xid8, ${from.id}::bigint)`;

function toEvent(row: { id: number; type: string; organizationId: string | null; userIds: string[] | null; data: Record<string, unknown> }): RealtimeEvent {
  return { id: row.id, type: row.type, organizationId: row.organizationId, userIds: row.userIds, data: row.data };
}

/** The last final event of the table: where a starting hub's tail begins. */
export async function finalEnd(db: Database): Promise<Position> {
  const [row] = await db
    .select({ tx: realtimeEvents.tx, id: realtimeEvents.id })
    .from(realtimeEvents)
    .where(sql`${realtimeEvents.tx} < ${HORIZON}`)
    .orderBy(desc(realtimeEvents.tx), desc(realtimeEvents.id))
    .limit(1);
  return row ? { tx: BigInt(row.tx), id: row.id } : ORIGIN;
}

/** The position of the event a client saw last (0: before every event); null when not stored. */
export async function positionOf(db: Database, id: number): Promise<Position | null> {
  if (id === 0) return ORIGIN;
  const [row] = await db.select({ tx: realtimeEvents.tx }).from(realtimeEvents).where(eq(realtimeEvents.id, id)).limit(1);
  return row ? { tx: BigInt(row.tx), id } : null;
}

/** Up to `limit` events after `from`, in order, each with whether it is final yet. */
export async function eventsAfter(db: Database, from: Position, limit: number): Promise<{ event: RealtimeEvent; position: Position; final: boolean }[]> {
  const rows = await db
    .select({
      id: realtimeEvents.id,
      tx: realtimeEvents.tx,
      type: realtimeEvents.type,
      organizationId: realtimeEvents.organizationId,
      userIds: realtimeEvents.userIds,
      data: realtimeEvents.data,
      final: sql<boolean>`${realtimeEvents.tx} < ${HORIZON}`,
    })
    .from(realtimeEvents)
    .where(after(from))
    .orderBy(asc(realtimeEvents.tx), asc(realtimeEvents.id))
    .limit(limit);
  return rows.map((row) => ({ event: toEvent(row), position: { tx: BigInt(row.tx), id: row.id }, final: row.final }));
}

/**
 * A socket's missed events in (from, to], at most `limit`: those of its organisation (`scope`, the
 * socket's own organisation; null: none) or of none, addressed to everybody there or to the user.
 */
export async function missedEvents(
  db: Database,
  audience: { scope: OrgScope | null; userId: string },
  from: Position,
  to: Position,
  limit: number,
): Promise<{ event: RealtimeEvent; position: Position }[]> {
  const noOrganisation = isNull(realtimeEvents.organizationId);
  const rows = await db
    .select()
    .from(realtimeEvents)
    .where(
      and(
        after(from),
        sql`(${realtimeEvents.tx}, ${realtimeEvents.id}) <= (${to.tx.toString()}::xid8, ${to.id}::bigint)`,
        audience.scope ? or(orgFilter(audience.scope, realtimeEvents.organizationId), noOrganisation) : noOrganisation,
        or(isNull(realtimeEvents.userIds), sql`${audience.userId}::uuid = any(${realtimeEvents.userIds})`),
      ),
    )
    .orderBy(asc(realtimeEvents.tx), asc(realtimeEvents.id))
    .limit(limit);
  return rows.map((row) => ({ event: toEvent(row), position: { tx: BigInt(row.tx), id: row.id } }));
}

/** Events are kept a day (a client offline longer refetches everything). */
export async function purgeEvents(db: Database, retention: string): Promise<void> {
  await db.execute(sql`delete from realtime_events where created_at < now() - ${retention}::interval`);
}
