import { setTimeout as delay } from 'node:timers/promises';
import type { WebSocket } from 'ws';

/**
 * How long a socket gets to answer the closing handshake when the server stops. ws waits 30 s for
 * it by default, and a client that never answers (a frozen tab, a dead network) held the stop that
 * long: past this it is cut, the client sees the drop and reconnects all the same.
 */
export const CLOSE_GRACE_MS = 1_000;

/** Closes every socket with `code` (a reconnect code), and cuts those that do not answer in time. */
export async function closeSockets(sockets: Iterable<WebSocket>, code: number, reason: string, graceMs = CLOSE_GRACE_MS): Promise<void> {
  const list = [...sockets];
  const closed = list.map((socket) =>
    socket.readyState === socket.CLOSED ? Promise.resolve() : new Promise<void>((resolve) => socket.once('close', () => resolve())),
  );
  for (const socket of list) socket.close(code, reason);
  const grace = new AbortController();
  await Promise.race([Promise.all(closed), delay(graceMs, undefined, { signal: grace.signal }).catch(() => {})]);
  grace.abort();
  for (const socket of list) if (socket.readyState !== socket.CLOSED) socket.terminate();
}
