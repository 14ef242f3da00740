import WebSocket from 'ws';
import type { RealtimeServerFrame } from '@wellbe/shared/realtime';

// A WebSocket client for the real-time tests: it keeps every frame it receives, waits for the
// next one matching a test, and tells how the socket was closed.

export interface WsClient {
  socket: WebSocket;
  frames: RealtimeServerFrame[];
  opened: Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  send: (frame: unknown) => void;
  /** Resolves with the first frame (already received or to come) matching; rejects after `timeoutMs`. */
  next: (match: (f: RealtimeServerFrame) => boolean, timeoutMs?: number) => Promise<RealtimeServerFrame>;
  /** Opens and authenticates; resolves with the `ready` frame. */
  auth: (token: string, since?: number) => Promise<RealtimeServerFrame>;
  close: () => void;
}

/** Sockets not yet closed: a test that fails half-way must not leave its users online for the next one. */
const open = new Set<WebSocket>();

/** Closes every socket a test left open (an afterEach of the real-time tests). */
export function closeWsClients(): void {
  for (const socket of open) socket.close();
  open.clear();
}

export function wsClient(baseUrl: string): WsClient {
  const socket = new WebSocket(baseUrl.replace(/^http/, 'ws') + '/api/ws');
  open.add(socket);
  socket.on('close', () => open.delete(socket));
  const frames: RealtimeServerFrame[] = [];
  const waiters = new Set<() => void>();
  let consumed = 0;
  socket.on('message', (raw) => {
    frames.push(JSON.parse(raw.toString()) as RealtimeServerFrame);
    for (const w of waiters) w();
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  void opened.catch(() => {});
  const next = (match: (f: RealtimeServerFrame) => boolean, timeoutMs = 5000) =>
    new Promise<RealtimeServerFrame>((resolve, reject) => {
      const check = () => {
        for (let i = consumed; i < frames.length; i++) {
          if (match(frames[i])) {
            consumed = i + 1;
            cleanup();
            resolve(frames[i]);
            return;
          }
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no matching frame within ${timeoutMs} ms; received: ${JSON.stringify(frames)}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  const send = (frame: unknown) => socket.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame));
  return {
    socket,
    frames,
    opened,
    closed,
    send,
    next,
    auth: async (token, since) => {
      await opened;
      send({ type: 'auth', token, since });
      return next((f) => f.type === 'ready');
    },
    close: () => socket.close(),
  };
}
