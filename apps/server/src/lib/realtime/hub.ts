import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { WebSocket } from 'ws';
import { allows } from '@wellbe/shared/permissions';
import { REALTIME_AUTH_TIMEOUT_MS, REALTIME_CLOSE, REALTIME_REPLAY_LIMIT, REALTIME_RESYNC } from '@wellbe/shared/realtime';
import { realtimeAuthFrame, realtimeClientFrame } from '@wellbe/shared/schemas/realtime';
import { systemScope } from '../../access/scope.ts';
import type { AppContext } from '../../context.ts';
import { closeSockets } from './close.ts';
import { Coalescer } from './coalesce.ts';
import { inAudience, queue, refusal, send, type Connection, type TokenChecker } from './connection.ts';
import { isAfter, missedEvents, ORIGIN, positionOf, purgeEvents, type Position } from './events.ts';
import { dropServerPresence, PresenceWriter, refreshPresence } from './presence.ts';
import { REALTIME_CHANNEL, REVOKE_CHANNEL } from './publish.ts';
import { realtimeMessageHandler, realtimeType, sharedReads, type RealtimeEvent, type SharedReads } from './registry.ts';
import { EventTail } from './tail.ts';

export type { TokenChecker } from './connection.ts';

// One hub per server process (DESIGN §8): it holds this process's sockets, listens on PostgreSQL
// for every server's events (its own included: one path for all), and pushes each event to the
// sockets of its audience after the event type's resolver has re-read and re-authorised it for
// each recipient. Stored events come from its tail (tail.ts) in their one order; coalesced types
// (presence) go out in batches (coalesce.ts).

/** And every so often anyway (a notification lost between a commit and its NOTIFY). */
const TAIL_SAFETY_MS = 5000;

/** Sockets are also re-checked on this period (a token that simply reaches its expiry). */
const RECHECK_MS = 60_000;
const PURGE_MS = 3600_000;
const RETENTION = '1 day';
/** Client messages allowed per socket per 10 s (typing indicators are sent at most every 3 s). */
const MESSAGE_BUDGET = 50;
const PING_MS = 30_000;

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
  /** This process's id in realtime_presence (several servers share one database). */
  readonly serverId = randomUUID();
  private readonly tail: EventTail;
  private readonly coalescer: Coalescer;
  private readonly presence: PresenceWriter;

  constructor(
    private readonly ctx: AppContext,
    options: HubOptions,
  ) {
    this.checkToken = options.checkToken;
    this.log = options.log ?? (() => {});
    this.tail = new EventTail(ctx.db, (event, position) => void this.dispatch(event, position), this.log);
    this.coalescer = new Coalescer(ctx, () => [...this.connections], this.log);
    this.presence = new PresenceWriter(ctx, this.serverId, (userId) => this.isConnected(userId), () => this.stopped, this.log);
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
    // Listening first: whatever commits from now on is after the tail's position or wakes it.
    await this.tail.start();
    const safety = setInterval(() => this.tail.wake(), TAIL_SAFETY_MS);
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
      const retry = setTimeout(() => void this.listen().then(() => this.tail.wake(), () => client.emit('end')), 1000);
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
    this.tail.stop();
    this.coalescer.stop();
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
      if (conn.caller) this.presence.follow(conn.caller);
    });
    socket.on('error', () => {});
  }

  private clearTimers(conn: Connection) {
    if (conn.authTimer) clearTimeout(conn.authTimer);
    if (conn.expiryTimer) clearTimeout(conn.expiryTimer);
    conn.authTimer = conn.expiryTimer = null;
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
    if (message.data.type === 'ping') return send(conn, { type: 'pong' });
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
    this.presence.follow(checked.caller);
    if (conn.authTimer) clearTimeout(conn.authTimer);
    conn.authTimer = null;
    this.armExpiry(conn);
    if (since !== undefined) {
      // What was committed before this authentication is dispatched (or replayed below), not left
      // to arrive after 'ready' because this server had not read it yet. The client's live events
      // wait in `pending` from now on: that read dispatches events the replay sends too (sent live
      // as well, they came twice).
      conn.pending = [];
      await this.tail.caughtUp();
    }
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    // Live events from now on wait in `pending` while the missed ones are replayed: the tail
    // dispatches in order and synchronously, so everything after `reached` lands there. Those at or
    // before it are in the replay: the floor keeps them from going out twice.
    conn.pending ??= [];
    const reached = this.tail.position ?? ORIGIN;
    try {
      const from = since === undefined ? null : await positionOf(this.ctx.db, since);
      if (since !== undefined && !from) {
        // Purged (older than the retention) or unknown here: the client refetches everything.
        conn.floor = reached;
        void queue(conn, { type: REALTIME_RESYNC });
      } else if (from && isAfter(reached, from)) {
        conn.floor = from;
        if (!(await this.replay(conn, from, reached))) void queue(conn, { type: REALTIME_RESYNC });
        conn.floor = reached;
      } else {
        // A client that another server brought further than this one: nothing twice.
        conn.floor = from ?? reached;
      }
      void queue(conn, { type: 'ready', cursor: conn.floor.id });
    } finally {
      const pending = conn.pending;
      conn.pending = null;
      conn.floor ??= reached;
      for (const { event, position } of pending) void this.deliverTo(conn, event, position);
    }
  }

  private armExpiry(conn: Connection) {
    if (conn.expiryTimer) clearTimeout(conn.expiryTimer);
    const delay = Math.max(0, Math.min(conn.exp - this.ctx.clock.now(), 2 ** 31 - 1));
    conn.expiryTimer = setTimeout(() => void this.recheck((c) => c === conn), delay);
    conn.expiryTimer.unref();
  }

  /** Replays a reconnecting client's missed events in (from, to]; false when too many. */
  private async replay(conn: Connection, from: Position, to: Position): Promise<boolean> {
    const caller = conn.caller!;
    // A socket hears its own organisation's events exactly (inAudience), SA and DE included.
    const scope = caller.organizationId ? systemScope(caller.organizationId) : null;
    const rows = await missedEvents(this.ctx.db, { scope, userId: caller.id }, from, to, REALTIME_REPLAY_LIMIT + 1);
    if (rows.length > REALTIME_REPLAY_LIMIT) return false;
    const coalesced = new Map<string, RealtimeEvent[]>();
    for (const { event, position } of rows) {
      if (realtimeType(event.type)?.coalesce) coalesced.set(event.type, [...(coalesced.get(event.type) ?? []), event]);
      else void this.deliverTo(conn, event, position);
    }
    // What a coalesced type says is a state (presence): its missed events go out as one frame.
    for (const [type, events] of coalesced) await this.coalescer.flushTo([conn], type, events);
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
    if (typeof parsed.id === 'number') return this.tail.wake();
    if (parsed.id === null && typeof parsed.type === 'string') await this.dispatch(parsed as RealtimeEvent);
  }

  /**
   * Pushes an event to this server's sockets of its audience: stored events from the tail, with
   * their position; ephemeral ones as their notification arrives. Resolves once sent.
   */
  async dispatch(event: RealtimeEvent, position: Position | null = null): Promise<void> {
    const coalesce = realtimeType(event.type)?.coalesce;
    if (coalesce) return this.coalescer.gather(event, coalesce);
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
    return queue(conn, data.then((d) => (d === null ? null : event.id === null ? { type: event.type, data: d } : { type: event.type, id: event.id, data: d })));
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
    await purgeEvents(this.ctx.db, RETENTION).catch(() => {});
  }
}
