import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { WebSocket } from 'ws';
import { allows } from '@wellbe/shared/permissions';
import {
  REALTIME_AUTH_TIMEOUT_MS,
  REALTIME_CLOSE,
  REALTIME_REPLAY_LIMIT,
  REALTIME_RESYNC,
  type RealtimeServerFrame,
} from '@wellbe/shared/realtime';
import { realtimeAuthFrame, realtimeClientFrame } from '@wellbe/shared/schemas/realtime';
import type { Caller } from '../../access/caller.ts';
import type { AppContext } from '../../context.ts';
import { realtimeEvents } from '../../db/tables.ts';
import { closeSockets } from './close.ts';
import { dropPresence, dropServerPresence, refreshPresence, setPresence } from './presence.ts';
import { REALTIME_CHANNEL, REVOKE_CHANNEL } from './publish.ts';
import { presenceListenersList, realtimeMessageHandler, realtimeType, sharedReads, type RealtimeEvent, type RealtimeTypeOptions, type SharedReads } from './registry.ts';

type Coalesce = NonNullable<RealtimeTypeOptions['coalesce']>;

/** The events of a coalesced type waiting for their next frame, and its timer. */
interface Batch {
  events: RealtimeEvent[];
  timer: NodeJS.Timeout | null;
  flushing: boolean;
}

// One hub per server process (DESIGN §8): it holds this process's sockets, listens on PostgreSQL
// for every server's events (its own included: one path for all), and pushes each event to the
// sockets of its audience after the event type's resolver has re-read and re-authorised it for
// each recipient.
//
// Stored events go out in the order of their position (tx, id) — the writing transaction, then the
// id — and only once final: `tx` below the oldest transaction still running. An id is taken at
// INSERT but the row appears at COMMIT, so a transaction holding id 41 may commit after the one
// holding 42; delivering 42 first, or a client resuming after 42, would skip 41 forever. A
// notification only wakes the hub, which reads the table from its position (the tail): a late
// commit holds back the events after it until it lands, a lost notification is caught up by the
// next one (or the periodic read), and every socket gets each event once, in one order.

/** A stored event's place in the delivery order. */
interface Position {
  tx: bigint;
  id: number;
}

const ORIGIN: Position = { tx: 0n, id: 0 };

function isAfter(a: Position, b: Position): boolean {
  return a.tx > b.tx || (a.tx === b.tx && a.id > b.id);
}

/** An event with its position (stored events), or without (ephemeral ones). */
interface Queued {
  event: RealtimeEvent;
  position: Position | null;
}

/** Events read from the table per query of the tail. */
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

const TAIL_BATCH = 500;
/** The tail reads again after this long when a running transaction holds events back (doubling). */
const HELD_RETRY_MS = [5, 10, 20, 50, 100, 250];
/** A hold longer than this is logged (a long transaction delays every live event). */
const HELD_WARN_MS = 10_000;
/** And every so often anyway (a notification lost between a commit and its NOTIFY). */
const TAIL_SAFETY_MS = 5000;

/** Sockets are also re-checked on this period (a token that simply reaches its expiry). */
const RECHECK_MS = 60_000;
const PURGE_MS = 3600_000;
const RETENTION = '1 day';
/** Client messages allowed per socket per 10 s (typing indicators are sent at most every 3 s). */
const MESSAGE_BUDGET = 50;
const PING_MS = 30_000;

interface Connection {
  socket: WebSocket;
  ip: string | null;
  token: string | null;
  caller: Caller | null;
  exp: number;
  /** Set while missed events are replayed: live events wait here, then go out in order. */
  pending: Queued[] | null;
  /** Stored events at or before this position were sent (or not owed) to the socket: never again. */
  floor: Position | null;
  /** Frames go out in the order their events came, whatever the order their re-reads answer in. */
  queue: Promise<void>;
  authTimer: NodeJS.Timeout | null;
  expiryTimer: NodeJS.Timeout | null;
  budget: { start: number; count: number };
  alive: boolean;
}

/**
 * The HTTP authentication's own check (plugins/authenticate.ts) and its consent gate
 * (plugins/realtime.ts), so a socket obeys the same rules.
 */
export type TokenChecker = (
  ctx: AppContext,
  token: string,
  ip: string | null,
  options?: { fresh?: boolean },
) => Promise<{ ok: true; caller: Caller; exp: number } | { ok: false; reason: 'expired' | 'invalid' | 'consent_required' }>;

/** How a refused check closes the socket: a fresh token helps unless consent is owed. */
const refusal = (reason: string) => (reason === 'consent_required' ? REALTIME_CLOSE.consentRequired : REALTIME_CLOSE.unauthenticated);

export interface HubOptions {
  checkToken: TokenChecker;
  log?: (message: string) => void;
}

export class RealtimeHub {
  private readonly connections = new Set<Connection>();
  private listener: pg.Client | null = null;
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;
  private readonly log: (message: string) => void;
  private readonly checkToken: TokenChecker;
  /** Presence writes in progress per user, chained; and the users whose row this server wrote. */
  private readonly presenceWrites = new Map<string, Promise<void>>();
  private readonly present = new Set<string>();
  /** Coalesced event types (presence): what waits for the next frame, per type. */
  private readonly batches = new Map<string, Batch>();
  /** This process's id in realtime_presence (several servers share one database). */
  readonly serverId = randomUUID();
  /** The last stored event the tail dispatched (null until start has read where the table ends). */
  private position: Position | null = null;
  private tailRunning = false;
  private tailAgain = false;
  /** Waiting for a read of the tail that starts after they asked (caughtUp). */
  private tailWaiters: (() => void)[] = [];
  private heldTimer: NodeJS.Timeout | null = null;
  private heldRetries = 0;
  /** Since when a running transaction holds events back (null: none), and whether that was logged. */
  private heldSince: number | null = null;
  private heldLogged = false;

  constructor(
    private readonly ctx: AppContext,
    options: HubOptions,
  ) {
    this.checkToken = options.checkToken;
    this.log = options.log ?? (() => {});
  }

  /** Signed-in sockets on this server (tests, bench, presence). */
  get size(): number {
    let n = 0;
    for (const c of this.connections) if (c.caller) n++;
    return n;
  }

  /** Whether this server holds a signed-in socket of the user. */
  isConnected(userId: string): boolean {
    for (const c of this.connections) if (c.caller?.id === userId) return true;
    return false;
  }

  async start(): Promise<void> {
    await this.listen();
    // Listening first: whatever commits from now on is after this position or wakes the tail.
    this.position = await this.finalEnd();
    this.tail();
    const safety = setInterval(() => this.tail(), TAIL_SAFETY_MS);
    const recheck = setInterval(() => void this.recheck(() => true), RECHECK_MS);
    const purge = setInterval(() => void this.purge(), PURGE_MS);
    const ping = setInterval(() => {
      this.ping();
      void refreshPresence(this.ctx.db, this.serverId).catch(() => {});
    }, PING_MS);
    for (const t of [safety, recheck, purge, ping]) t.unref();
    this.timers.push(safety, recheck, purge, ping);
  }

  private async listen(): Promise<void> {
    // A dedicated connection: LISTEN belongs to a session, a pooled one would lose it on release.
    const client = new pg.Client(this.ctx.pool.options);
    client.on('notification', (msg) => {
      if (msg.channel === REALTIME_CHANNEL) void this.onEvent(msg.payload ?? '');
      else if (msg.channel === REVOKE_CHANNEL) void this.onRevoke(msg.payload ?? '');
    });
    client.on('error', () => {});
    client.on('end', () => {
      if (this.stopped || this.listener !== client) return;
      this.listener = null;
      // Events published while the connection was down are not lost: they are rows. Every client
      // reconnects and replays what it missed since its last event id.
      this.log('Temps réel : connexion LISTEN perdue, reconnexion');
      for (const c of this.connections) c.socket.close(REALTIME_CLOSE.goingAway, 'reconnect');
      const retry = setTimeout(() => void this.listen().then(() => this.tail(), () => client.emit('end')), 1000);
      retry.unref();
    });
    await client.connect();
    await client.query(`LISTEN ${REALTIME_CHANNEL}`);
    await client.query(`LISTEN ${REVOKE_CHANNEL}`);
    this.listener = client;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    if (this.heldTimer) clearTimeout(this.heldTimer);
    this.heldTimer = null;
    for (const batch of this.batches.values()) if (batch.timer) clearTimeout(batch.timer);
    this.batches.clear();
    for (const c of this.connections) this.clearTimers(c);
    const sockets = [...this.connections].map((c) => c.socket);
    this.connections.clear();
    await closeSockets(sockets, REALTIME_CLOSE.goingAway, 'server stopping');
    await dropServerPresence(this.ctx.db, this.serverId).catch(() => {});
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => {});
  }

  /** A new socket on /api/ws: it must authenticate with its first message. */
  accept(socket: WebSocket, ip: string | null): void {
    const conn: Connection = {
      socket,
      ip,
      token: null,
      caller: null,
      exp: 0,
      pending: null,
      floor: null,
      queue: Promise.resolve(),
      authTimer: null,
      expiryTimer: null,
      budget: { start: Date.now(), count: 0 },
      alive: true,
    };
    this.connections.add(conn);
    conn.authTimer = setTimeout(() => {
      if (!conn.caller) socket.close(REALTIME_CLOSE.authTimeout, 'authentication timeout');
    }, REALTIME_AUTH_TIMEOUT_MS);
    conn.authTimer.unref();
    socket.on('pong', () => (conn.alive = true));
    socket.on('message', (raw, isBinary) => void this.onMessage(conn, raw as Buffer, isBinary));
    socket.on('close', () => {
      this.clearTimers(conn);
      this.connections.delete(conn);
      if (conn.caller) this.presence(conn.caller);
    });
    socket.on('error', () => {});
  }

  private clearTimers(conn: Connection) {
    if (conn.authTimer) clearTimeout(conn.authTimer);
    if (conn.expiryTimer) clearTimeout(conn.expiryTimer);
    conn.authTimer = conn.expiryTimer = null;
  }

  private send(conn: Connection, frame: RealtimeServerFrame | string): void {
    if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  private async onMessage(conn: Connection, raw: Buffer, isBinary: boolean): Promise<void> {
    let frame: unknown;
    try {
      frame = isBinary ? undefined : JSON.parse(raw.toString('utf8'));
    } catch {
      frame = undefined;
    }
    if (!conn.caller) {
      // Only one authentication attempt: a socket that sends anything else first is closed.
      if (conn.token !== null) return;
      const auth = realtimeAuthFrame.safeParse(frame);
      if (!auth.success) return conn.socket.close(REALTIME_CLOSE.badFrame, 'authentication expected');
      conn.token = auth.data.token;
      await this.authenticate(conn, auth.data.since);
      return;
    }
    const now = Date.now();
    if (now - conn.budget.start > 10_000) conn.budget = { start: now, count: 0 };
    if (++conn.budget.count > MESSAGE_BUDGET) return conn.socket.close(REALTIME_CLOSE.badFrame, 'too many messages');
    const message = realtimeClientFrame.safeParse(frame);
    if (!message.success) return conn.socket.close(REALTIME_CLOSE.badFrame, 'bad frame');
    if (message.data.type === 'ping') return this.send(conn, { type: 'pong' });
    const handler = realtimeMessageHandler(message.data.type);
    if (!handler) return conn.socket.close(REALTIME_CLOSE.badFrame, 'unknown message');
    try {
      await handler(this.ctx, conn.caller, message.data.data ?? {});
    } catch {
      // A refused client message changes nothing and tells nothing (same answer as an unknown id).
    }
  }

  private async authenticate(conn: Connection, since: number | undefined): Promise<void> {
    const checked = await this.checkToken(this.ctx, conn.token!, conn.ip).catch(() => null);
    if (!checked?.ok) return conn.socket.close(refusal(checked?.reason ?? 'invalid'), checked?.reason ?? 'invalid');
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    conn.caller = checked.caller;
    conn.exp = checked.exp * 1000;
    this.presence(checked.caller);
    if (conn.authTimer) clearTimeout(conn.authTimer);
    conn.authTimer = null;
    this.armExpiry(conn);
    if (since !== undefined) {
      // What was committed before this authentication is dispatched (or replayed below), not left
      // to arrive after 'ready' because this server had not read it yet. The client's live events
      // wait in `pending` from now on: that read dispatches events the replay sends too (sent live
      // as well, they came twice).
      conn.pending = [];
      await this.caughtUp();
    }
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    // Live events from now on wait in `pending` while the missed ones are replayed: the tail
    // dispatches in order and synchronously, so everything after `reached` lands there. Those at or
    // before it are in the replay: the floor keeps them from going out twice.
    conn.pending ??= [];
    const reached = this.position ?? ORIGIN;
    try {
      const from = since === undefined ? null : await this.positionOf(since);
      if (since !== undefined && !from) {
        // Purged (older than the retention) or unknown here: the client refetches everything.
        conn.floor = reached;
        void this.queue(conn, { type: REALTIME_RESYNC });
      } else if (from && isAfter(reached, from)) {
        conn.floor = from;
        if (!(await this.replay(conn, from, reached))) void this.queue(conn, { type: REALTIME_RESYNC });
        conn.floor = reached;
      } else {
        // A client that another server brought further than this one: nothing twice.
        conn.floor = from ?? reached;
      }
      void this.queue(conn, { type: 'ready', cursor: conn.floor.id });
    } finally {
      const pending = conn.pending;
      conn.pending = null;
      conn.floor ??= reached;
      for (const { event, position } of pending) void this.deliverTo(conn, event, position);
    }
  }

  /**
   * A user's socket opened or closed: their presence row follows, one write after the other per user
   * (a socket closing while the row of its opening is still being written must not leave the row
   * behind: the user would look online until this server stops).
   */
  private presence(user: Caller): void {
    const run = (this.presenceWrites.get(user.id) ?? Promise.resolve()).then(() => this.syncPresence(user));
    this.presenceWrites.set(user.id, run);
    void run.finally(() => {
      if (this.presenceWrites.get(user.id) === run) this.presenceWrites.delete(user.id);
    });
  }

  /** Writes the row when the user's connected state differs from it, then tells the modules. */
  private async syncPresence(user: Caller): Promise<void> {
    if (this.stopped) return;
    const online = this.isConnected(user.id);
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

  private armExpiry(conn: Connection) {
    if (conn.expiryTimer) clearTimeout(conn.expiryTimer);
    const delay = Math.max(0, Math.min(conn.exp - this.ctx.clock.now(), 2 ** 31 - 1));
    conn.expiryTimer = setTimeout(() => void this.recheck((c) => c === conn), delay);
    conn.expiryTimer.unref();
  }

  /** The last final event of the table: where a starting hub's tail begins. */
  private async finalEnd(): Promise<Position> {
    const [row] = await this.ctx.db
      .select({ tx: realtimeEvents.tx, id: realtimeEvents.id })
      .from(realtimeEvents)
      .where(sql`${realtimeEvents.tx} < ${HORIZON}`)
      .orderBy(desc(realtimeEvents.tx), desc(realtimeEvents.id))
      .limit(1);
    return row ? { tx: BigInt(row.tx), id: row.id } : ORIGIN;
  }

  /** The position of the event a client saw last (0: before every event); null when not stored. */
  private async positionOf(id: number): Promise<Position | null> {
    if (id === 0) return ORIGIN;
    const [row] = await this.ctx.db.select({ tx: realtimeEvents.tx }).from(realtimeEvents).where(eq(realtimeEvents.id, id)).limit(1);
    return row ? { tx: BigInt(row.tx), id } : null;
  }

  /**
   * Reads the table after the hub's position and dispatches its final events in order; one read at
   * a time (a wake-up during a read reads again after it). Events held back by a running
   * transaction are read again shortly, and at once when that transaction's own event wakes it.
   */
  /**
   * Resolves once a read of the tail that started after this call has ended: the hub's position
   * then covers every event committed before the call (a reconnecting client's replay reaches up to
   * it, and its 'ready' comes after everything it missed).
   */
  private caughtUp(): Promise<void> {
    if (this.position === null || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      this.tailWaiters.push(resolve);
      if (this.tailRunning) this.tailAgain = true;
      else this.tail();
    });
  }

  private tail(): void {
    if (this.position === null || this.stopped) return;
    if (this.tailRunning) {
      this.tailAgain = true;
      return;
    }
    this.tailRunning = true;
    void (async () => {
      let held = false;
      try {
        let more = true;
        while ((more || this.tailAgain) && !this.stopped) {
          this.tailAgain = false;
          const waiting = this.tailWaiters.splice(0);
          ({ more, held } = await this.readTail());
          for (const resolve of waiting) resolve();
        }
      } catch (err) {
        held = true;
        this.log(`Temps réel : lecture des événements en échec (${(err as Error).message})`);
      } finally {
        this.tailRunning = false;
        // A failed read (or a stop) must not leave an authentication waiting.
        for (const resolve of this.tailWaiters.splice(0)) resolve();
      }
      if (this.heldTimer) clearTimeout(this.heldTimer);
      this.heldTimer = null;
      if (!held) {
        this.heldRetries = 0;
        this.heldSince = null;
        this.heldLogged = false;
      } else if (!this.stopped) {
        // Correct but slow: a long transaction (with a write) delays every live event until it ends.
        this.heldSince ??= Date.now();
        if (!this.heldLogged && Date.now() - this.heldSince > HELD_WARN_MS) {
          this.heldLogged = true;
          this.log(`Temps réel : des événements attendent depuis ${Math.round((Date.now() - this.heldSince) / 1000)} s la fin d’une transaction plus ancienne`);
        }
        this.heldTimer = setTimeout(() => {
          this.heldTimer = null;
          this.tail();
        }, HELD_RETRY_MS[Math.min(this.heldRetries++, HELD_RETRY_MS.length - 1)]);
        this.heldTimer.unref();
      }
    })();
  }

  private async readTail(): Promise<{ more: boolean; held: boolean }> {
    const from = this.position!;
    const rows = await this.ctx.db
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
      .where(sql`(${realtimeEvents.tx}, ${realtimeEvents.id}) > (${from.tx.toString()}::xid8, ${from.id}::bigint)`)
      .orderBy(asc(realtimeEvents.tx), asc(realtimeEvents.id))
      .limit(TAIL_BATCH);
    for (const row of rows) {
      // Ordered by tx: the first event not final holds back every event after it.
      if (!row.final) return { more: false, held: true };
      const position = { tx: BigInt(row.tx), id: row.id };
      // Synchronous up to the queues: a socket authenticating between two events sees a
      // position that every dispatched event is at or before.
      void this.dispatch({ id: row.id, type: row.type, organizationId: row.organizationId, userIds: row.userIds, data: row.data }, position);
      this.position = position;
    }
    return { more: rows.length === TAIL_BATCH, held: false };
  }

  /** Replays a reconnecting client's missed events in (from, to]; false when too many. */
  private async replay(conn: Connection, from: Position, to: Position): Promise<boolean> {
    const caller = conn.caller!;
    const audience = and(
      caller.organizationId ? or(eq(realtimeEvents.organizationId, caller.organizationId), isNull(realtimeEvents.organizationId)) : isNull(realtimeEvents.organizationId),
      or(isNull(realtimeEvents.userIds), sql`${caller.id}::uuid = any(${realtimeEvents.userIds})`),
    );
    const rows = await this.ctx.db
      .select()
      .from(realtimeEvents)
      .where(
        and(
          sql`(${realtimeEvents.tx}, ${realtimeEvents.id}) > (${from.tx.toString()}::xid8, ${from.id}::bigint)`,
          sql`(${realtimeEvents.tx}, ${realtimeEvents.id}) <= (${to.tx.toString()}::xid8, ${to.id}::bigint)`,
          audience,
        ),
      )
      .orderBy(asc(realtimeEvents.tx), asc(realtimeEvents.id))
      .limit(REALTIME_REPLAY_LIMIT + 1);
    if (rows.length > REALTIME_REPLAY_LIMIT) return false;
    const coalesced = new Map<string, RealtimeEvent[]>();
    for (const row of rows) {
      const event: RealtimeEvent = { id: row.id, type: row.type, organizationId: row.organizationId, userIds: row.userIds, data: row.data };
      if (realtimeType(row.type)?.coalesce) coalesced.set(row.type, [...(coalesced.get(row.type) ?? []), event]);
      else void this.deliverTo(conn, event, { tx: BigInt(row.tx), id: row.id });
    }
    // What a coalesced type says is a state (presence): its missed events go out as one frame.
    for (const [type, events] of coalesced) await this.flushTo([conn], type, events);
    return true;
  }

  private async onEvent(payload: string): Promise<void> {
    let parsed: Partial<RealtimeEvent>;
    try {
      parsed = JSON.parse(payload) as Partial<RealtimeEvent>;
    } catch {
      return;
    }
    // A stored event: the tail reads it (in order, once final). An ephemeral one travels whole.
    if (typeof parsed.id === 'number') return this.tail();
    if (parsed.id === null && typeof parsed.type === 'string') await this.dispatch(parsed as RealtimeEvent);
  }

  /**
   * Pushes an event to this server's sockets of its audience: stored events from the tail, with
   * their position; ephemeral ones as their notification arrives. Resolves once sent.
   */
  async dispatch(event: RealtimeEvent, position: Position | null = null): Promise<void> {
    const coalesce = realtimeType(event.type)?.coalesce;
    if (coalesce) return this.gather(event, coalesce);
    const targets = [...this.connections].filter((c) => c.caller && inAudience(c.caller, event));
    // The resolver runs once per recipient user, whatever the number of their tabs.
    const perUser = new Map<string, Promise<Record<string, unknown> | null>>();
    // And what it reads of the event's own rows is read once for all of them.
    const shared = sharedReads();
    await Promise.all(
      targets.map((conn) => {
        if (conn.pending) {
          conn.pending.push({ event, position });
          return;
        }
        return this.deliverTo(conn, event, position, perUser, shared);
      }),
    );
  }

  /** Queues the event's frame on the socket (its re-read starts now); resolves once sent. */
  private deliverTo(
    conn: Connection,
    event: RealtimeEvent,
    position: Position | null,
    perUser = new Map<string, Promise<Record<string, unknown> | null>>(),
    shared: SharedReads = sharedReads(),
  ): Promise<void> {
    const caller = conn.caller;
    if (!caller || !inAudience(caller, event)) return Promise.resolve();
    if (position && conn.floor && !isAfter(position, conn.floor)) return Promise.resolve();
    const options = realtimeType(event.type);
    if (options?.access && !allows(options.access, caller.role)) return Promise.resolve();
    let data: Promise<Record<string, unknown> | null> = Promise.resolve(event.data);
    if (options?.resolve) {
      const resolve = options.resolve;
      if (!perUser.has(caller.id)) perUser.set(caller.id, resolve(this.ctx, event, caller, shared).catch(() => null));
      data = perUser.get(caller.id)!;
    }
    return this.queue(conn, data.then((d) => (d === null ? null : event.id === null ? { type: event.type, data: d } : { type: event.type, id: event.id, data: d })));
  }

  /** Sends a frame after those queued before it on the socket. */
  private queue(conn: Connection, frame: RealtimeServerFrame | Promise<RealtimeServerFrame | null>): Promise<void> {
    conn.queue = conn.queue.then(async () => {
      const f = await frame;
      if (f) this.send(conn, f);
    });
    return conn.queue;
  }

  /** A coalesced event waits for its type's next frame (at most one per `ms` and socket). */
  private gather(event: RealtimeEvent, coalesce: Coalesce): void {
    let batch = this.batches.get(event.type);
    if (!batch) this.batches.set(event.type, (batch = { events: [], timer: null, flushing: false }));
    batch.events.push(event);
    this.arm(event.type, batch, coalesce);
  }

  private arm(type: string, batch: Batch, coalesce: Coalesce): void {
    // One flush at a time: the next one starts `ms` after the previous one ended (in order).
    if (batch.timer || batch.flushing || this.stopped || !batch.events.length) return;
    batch.timer = setTimeout(() => void this.flush(type, batch, coalesce), coalesce.ms);
    batch.timer.unref();
  }

  private async flush(type: string, batch: Batch, coalesce: Coalesce): Promise<void> {
    batch.timer = null;
    batch.flushing = true;
    const events = batch.events;
    batch.events = [];
    try {
      await this.flushTo([...this.connections], type, events);
    } catch (err) {
      this.log(`Temps réel : envoi groupé ${type} en échec (${(err as Error).message})`);
    } finally {
      batch.flushing = false;
      this.arm(type, batch, coalesce);
    }
  }

  /** One frame per socket for a batch of coalesced events: the batch's reads are made once. */
  private async flushTo(conns: Connection[], type: string, events: RealtimeEvent[]): Promise<void> {
    const options = realtimeType(type);
    if (!options?.coalesce || !events.length) return;
    const targets = conns.filter((c) => c.caller && (!options.access || allows(options.access, c.caller.role)) && events.some((e) => inAudience(c.caller!, e)));
    if (!targets.length) return;
    const recipients = [...new Map(targets.map((c) => [c.caller!.id, c.caller!])).values()];
    const answer = await options.coalesce.batch(this.ctx, events, recipients);
    const perUser = new Map<string, string | null>();
    const serialised = new Map<Record<string, unknown>, string>();
    for (const conn of targets) {
      const caller = conn.caller!;
      if (!perUser.has(caller.id)) {
        const mine = events.filter((e) => inAudience(caller, e));
        const data = answer(caller, mine.length === events.length ? events : mine);
        if (data && !serialised.has(data)) serialised.set(data, JSON.stringify({ type: options.coalesce.frame, data }));
        perUser.set(caller.id, data ? serialised.get(data)! : null);
      }
      const frame = perUser.get(caller.id);
      if (frame) this.send(conn, frame);
    }
  }

  private async onRevoke(payload: string): Promise<void> {
    let target: { userId?: string; organizationId?: string; policies?: boolean; consentUserId?: string };
    try {
      target = JSON.parse(payload) as typeof target;
    } catch {
      return;
    }
    // A policy version written may be owed by everyone now (the consent gate closes their sockets).
    if (target.policies) return this.recheck(() => true);
    if (target.consentUserId) return this.recheck((c) => c.caller?.id === target.consentUserId);
    await this.recheck((c) => (target.userId ? c.caller?.id === target.userId : c.caller?.organizationId === target.organizationId));
  }

  /**
   * Re-checks the token of the matching sockets as an HTTP request would be checked: expired,
   * revoked or no longer matching its user, the socket is closed (the client gets a fresh token).
   */
  async recheck(match: (conn: Connection) => boolean): Promise<void> {
    const conns = [...this.connections].filter((c) => c.caller && c.token && match(c));
    await Promise.all(
      conns.map(async (conn) => {
        // Fresh rows, not the sign-in cache: a revocation's notification may reach the hub first.
        const checked = await this.checkToken(this.ctx, conn.token!, conn.ip, { fresh: true }).catch(() => null);
        if (!checked) return; // the database is away: keep the socket, the next check decides
        if (!checked.ok) {
          this.clearTimers(conn);
          conn.socket.close(refusal(checked.reason), checked.reason);
        } else {
          conn.caller = checked.caller;
          this.armExpiry(conn);
        }
      }),
    );
  }

  private ping() {
    for (const conn of this.connections) {
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
  }

  private async purge(): Promise<void> {
    await this.ctx.db.execute(sql`delete from realtime_events where created_at < now() - ${RETENTION}::interval`).catch(() => {});
  }
}

function inAudience(caller: Caller, event: RealtimeEvent): boolean {
  if (event.organizationId !== null && caller.organizationId !== event.organizationId) return false;
  if (event.userIds && !event.userIds.includes(caller.id)) return false;
  return event.organizationId !== null || !!event.userIds;
}
