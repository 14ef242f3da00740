import { useEffect, useRef, useSyncExternalStore } from 'react';
import { REALTIME_CLOSE, REALTIME_PATH, REALTIME_RESYNC, type RealtimeEvents, type RealtimeServerFrame } from '@wellbe/shared/realtime';
import { api, isApiError, renewalsSettled } from './api.ts';
import { queryClient } from './query-client.ts';
import { getSession, setSession, subscribeSession, type SignedInUser } from './session.ts';
import { isTokenValid, readToken } from './token.ts';

// Real time (DESIGN §8): ONE WebSocket per tab, shared by every screen. It opens while someone is
// signed in, sends the token as its first message (never in the URL), and reconnects after a drop
// with backoff, from the last event id it saw, so the server replays what was missed. A socket
// closed for its token (expired, revoked) reconnects with a fresh token from /api/auth/access-token
// (a refusal there ends the session as any 401 does). Screens listen with useRealtimeEvent.

export type RealtimeStatus = 'offline' | 'connecting' | 'online';
type Handler = (data: Record<string, unknown>, frame: RealtimeServerFrame) => void;

const handlers = new Map<string, Set<Handler>>();
const statusListeners = new Set<() => void>();
let status: RealtimeStatus = 'offline';
let socket: WebSocket | null = null;
let started = false;
/**
 * The last event id received (the server sends stored events in its delivery order, which is not
 * always the order of the ids): a reconnect resumes right after it. Null before the first `ready`.
 */
let lastId: number | null = null;
let attempts = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let unsubscribeSession: (() => void) | null = null;

function setStatus(next: RealtimeStatus) {
  if (status === next) return;
  status = next;
  for (const l of statusListeners) l();
}

function emit(type: string, data: Record<string, unknown>, frame: RealtimeServerFrame) {
  for (const handler of handlers.get(type) ?? []) {
    try {
      handler(data, frame);
    } catch (err) {
      console.error(err);
    }
  }
}

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${REALTIME_PATH}`;
}

function onFrame(raw: unknown) {
  let frame: RealtimeServerFrame;
  try {
    frame = JSON.parse(String(raw)) as RealtimeServerFrame;
  } catch {
    return;
  }
  if (frame.type === 'ready') {
    attempts = 0;
    lastId = frame.cursor ?? lastId;
    setStatus('online');
    return;
  }
  if (frame.type === 'pong') return;
  if (frame.type === REALTIME_RESYNC) {
    // Too much was missed to replay: every screen refetches through its REST queries.
    void queryClient.invalidateQueries();
  }
  if (typeof frame.id === 'number') lastId = frame.id;
  emit(frame.type, frame.data ?? {}, frame);
}

function open(token: string) {
  const ws = new WebSocket(socketUrl());
  socket = ws;
  setStatus('connecting');
  ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token, since: lastId ?? undefined }));
  ws.onmessage = (event) => onFrame(event.data);
  ws.onclose = (event) => {
    if (socket !== ws) return;
    socket = null;
    setStatus('offline');
    if (started && getSession().status === 'signed-in') void reconnect(event.code, token);
  };
}

/** How long a refused renewal waits for another tab's renewal (a password change there) to land. */
const RENEWAL_GRACE_MS = 2000;

async function renewToken(on401: 'throw' | 'logout'): Promise<string> {
  const answer = await api<{ user: SignedInUser; access_token: string }>('/auth/access-token', { on401 });
  setSession(answer.user, answer.access_token);
  return answer.access_token;
}

async function freshToken(used: string): Promise<string | null> {
  // Another request (or tab) already renewed it: use that one.
  const renewed = () => {
    const stored = readToken();
    return stored && stored !== used && isTokenValid(stored) ? stored : null;
  };
  const stored = renewed();
  if (stored) return stored;
  try {
    return await renewToken('throw');
  } catch (error) {
    if (!isApiError(error) || error.status !== 401) return null; // a network error retries below
  }
  // Refused: the session may have ended, or a request is renewing the token (a password change
  // revokes the old one, and the server closes the socket before the answer carrying the new one
  // arrives). Only once this tab's renewal has landed, and another tab's had time to, does a
  // refusal end it.
  await Promise.all([renewalsSettled(), new Promise((resolve) => setTimeout(resolve, RENEWAL_GRACE_MS))]);
  const late = renewed();
  if (late) return late;
  try {
    return await renewToken('logout');
  } catch {
    return null; // a 401 has ended the session (and said so)
  }
}

async function reconnect(code: number, used: string) {
  if (retryTimer) return;
  if (code === REALTIME_CLOSE.unauthenticated) {
    const token = await freshToken(used);
    if (!token && getSession().status !== 'signed-in') return;
  }
  // Backoff with jitter, so that a restarted server is not met by every client at once.
  const delay = code === REALTIME_CLOSE.unauthenticated && attempts === 0 ? 0 : Math.min(30_000, 1000 * 2 ** attempts) * (0.5 + Math.random() / 2);
  attempts++;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    connect();
  }, delay);
}

function connect() {
  if (!started || socket) return;
  const token = readToken();
  if (getSession().status !== 'signed-in' || !token) return;
  open(token);
}

function disconnect() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  const ws = socket;
  socket = null;
  ws?.close(1000);
  setStatus('offline');
  lastId = null;
  attempts = 0;
}

/** Starts the shared connection (idempotent); it follows the session from then on. */
export function startRealtime(): void {
  if (started) return;
  started = true;
  unsubscribeSession = subscribeSession(() => {
    if (getSession().status === 'signed-in') connect();
    else disconnect();
  });
  if (typeof window !== 'undefined') window.addEventListener('online', reconnectRealtime);
  connect();
}

/**
 * Connects now instead of at the end of the backoff: back online, or the policies the socket was
 * refused for (close 4403, consent owed) were just accepted.
 */
export function reconnectRealtime(): void {
  if (socket || !retryTimer) return;
  clearTimeout(retryTimer);
  retryTimer = null;
  connect();
}

/** Stops the shared connection (tests; the app keeps it for the life of the tab). */
export function stopRealtime(): void {
  started = false;
  unsubscribeSession?.();
  unsubscribeSession = null;
  disconnect();
}

/** Sends a message on the shared socket when it is up (typing indicators: dropping one is harmless). */
export function sendRealtime(type: string, data: Record<string, unknown>): boolean {
  if (!socket || status !== 'online' || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify({ type, data }));
  return true;
}

export function subscribeRealtime(type: string, handler: Handler): () => void {
  let set = handlers.get(type);
  if (!set) handlers.set(type, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

function subscribeStatus(listener: () => void) {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(subscribeStatus, () => status);
}

type DataOf<T extends string> = T extends keyof RealtimeEvents ? RealtimeEvents[T] & Record<string, unknown> : Record<string, unknown>;

/**
 * Calls `handler` for every event of `type` (the latest handler: no need to memoise it), and keeps
 * the shared connection open. Typical use: invalidate the TanStack Query keys the event names.
 * The pseudo-event 'realtime.resync' fires when missed events could not be replayed.
 */
export function useRealtimeEvent<T extends string>(type: T, handler: (data: DataOf<T>, frame: RealtimeServerFrame) => void): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    startRealtime();
    return subscribeRealtime(type, (data, frame) => ref.current(data as DataOf<T>, frame));
  }, [type]);
}
