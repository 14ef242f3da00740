import type { WebSocket } from 'ws';
import { REALTIME_CLOSE, type RealtimeServerFrame } from '@wellbe/shared/realtime';
import type { Caller } from '../../access/caller.ts';
import type { AppContext } from '../../context.ts';
import type { Position } from './events.ts';
import type { RealtimeEvent } from './registry.ts';

// A socket of the hub and what every part of the hub does with one.

/** An event with its position (stored events), or without (ephemeral ones). */
export interface Queued {
  event: RealtimeEvent;
  position: Position | null;
}

export interface Connection {
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
export const refusal = (reason: string) => (reason === 'consent_required' ? REALTIME_CLOSE.consentRequired : REALTIME_CLOSE.unauthenticated);

export function send(conn: Connection, frame: RealtimeServerFrame | string): void {
  if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
}

/** Sends a frame after those queued before it on the socket. */
export function queue(conn: Connection, frame: RealtimeServerFrame | Promise<RealtimeServerFrame | null>): Promise<void> {
  conn.queue = conn.queue.then(async () => {
    const f = await frame;
    if (f) send(conn, f);
  });
  return conn.queue;
}

export function inAudience(caller: Caller, event: RealtimeEvent): boolean {
  if (event.organizationId !== null && caller.organizationId !== event.organizationId) return false;
  if (event.userIds && !event.userIds.includes(caller.id)) return false;
  return event.organizationId !== null || !!event.userIds;
}
