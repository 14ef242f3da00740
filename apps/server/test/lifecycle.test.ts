import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ERROR_MESSAGES } from '@wellbe/shared/errors';
import { REALTIME_CLOSE, REALTIME_PATH } from '@wellbe/shared/realtime';
import { STOP_BUDGET_MS } from '../src/lib/stop.ts';
import { DEMO_PASSWORD } from './helpers.ts';
import { cleanUp, freePort, gone, postInFlight, postmasterPid as pidOf, signIn, startReady, startServer, type ServerProcess } from './server-process.ts';

// Stopping the REAL server (main.ts in its own process) the way systemd, Docker and process
// managers do (SIGTERM, to `npm run serve`) or Ctrl-C (SIGINT), under load: requests in flight
// finish, new ones are refused, WebSockets are closed with the reconnect code, and the embedded
// PostgreSQL is gone (postmaster.pid removed) within Docker's 10 s grace, frozen clients included.
// A signal during the start stops the embedded PostgreSQL too.

let dataDir: string;
const postmasterPid = () => pidOf(dataDir);
const pgFile = () => path.join(dataDir, 'pg', 'postmaster.pid');

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wellbe-lifecycle-'));
  // The embedded PostgreSQL runs as the `postgres` user when the tests run as root.
  fs.chmodSync(dataDir, 0o755);
});
afterAll(() => cleanUp(dataDir), 60_000);

/** Signed-in WebSocket; `frozen` stops reading once signed in (a hung tab: it never answers the close). */
function socket(server: ServerProcess, token: string, frozen = false) {
  return new Promise<{ closed: Promise<number>; ws: WebSocket }>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}${REALTIME_PATH}`);
    const closed = new Promise<number>((done) => ws.on('close', (code) => done(code)));
    ws.on('error', () => {});
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.on('message', (raw) => {
      if (JSON.parse(String(raw)).type !== 'ready') return;
      if (frozen) (ws as unknown as { _socket: { pause: () => void } })._socket.pause();
      resolve({ closed, ws });
    });
    void closed.then((code) => reject(new Error(`socket closed before ready: ${code}`)));
  });
}

/** Readers that keep the server busy until `stop()`; each request remembers when it was sent. */
function load(server: ServerProcess, token: string, readers = 12) {
  let running = true;
  const results: { sentAt: number; outcome: number | string }[] = [];
  const refusals = new Set<string>();
  const loops = Array.from({ length: readers }, async () => {
    while (running) {
      const sentAt = Date.now();
      const outcome = await fetch(`http://127.0.0.1:${server.port}/api/patients?pageSize=25&q=ma`, { headers: { authorization: `Bearer ${token}` } }).then(
        async (res) => {
          const text = await res.text();
          if (res.status === 503) refusals.add(JSON.parse(text).error.message);
          return res.status;
        },
        (err: { cause?: { code?: string } }) => err.cause?.code ?? 'error',
      );
      results.push({ sentAt, outcome });
      if (typeof outcome === 'string') await new Promise((r) => setTimeout(r, 20));
    }
  });
  return {
    results,
    refusals,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** A request on a new connection: refused (connection refused, or 503). */
function newRequest(server: ServerProcess) {
  return new Promise<number | string>((resolve) => {
    http
      .get({ host: '127.0.0.1', port: server.port, path: '/api/health', agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
  });
}

describe.sequential('stopping the real server', () => {
  it('a SIGTERM during the start stops the embedded PostgreSQL; the next start completes it', async () => {
    const starting = startServer(dataDir, await freePort());
    // PostgreSQL is up, the migrations and the first data are being written.
    await starting.waitFor(/PostgreSQL embarqué démarré/);
    const pgPid = postmasterPid();
    expect(pgPid).toBeGreaterThan(0);
    starting.child.kill('SIGTERM');
    // Each check names the server's output: a failure in CI then says what the server did.
    const code = await starting.exited;
    expect(code, starting.output()).toBe(0);
    expect(starting.output()).toContain('SIGTERM reçu pendant le démarrage : arrêt');
    expect(await gone(pgPid!, 5_000), starting.output()).toBe(true);
    expect(fs.existsSync(pgFile()), starting.output()).toBe(false);

    const next = await startReady(dataDir);
    expect((await signIn(next, 'pr', DEMO_PASSWORD)).status).toBe(200);
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  }, 240_000);

  it.each([
    ['SIGTERM', 'to npm run serve', true],
    ['SIGINT', 'to the server', false],
  ] as const)('%s %s under load: in-flight requests finish, new ones are refused, sockets get 1001, PostgreSQL is gone within 10 s', async (signal, _to, npm) => {
    // At 'debug' the server logs each request as it arrives: the test waits for that line.
    const server = await startReady(dataDir, { LOG_LEVEL: 'debug' }, { npm });
    const pgPid = postmasterPid();
    expect(pgPid).toBeGreaterThan(0);
    const token: string = (await signIn(server, 'pr', DEMO_PASSWORD)).json.data.access_token;
    const live = await socket(server, token);
    const frozen = await socket(server, token, true);
    const readers = load(server, token);
    const email = `claude.bernard.${signal.toLowerCase()}@exemple.fr`;
    const signalled = new RegExp(`${signal} reçu : arrêt en cours`);
    // A client that never finishes sending its body (a stalled upload) must not hold the stop.
    const stalled = postInFlight(server, '/api/auth/forgot-password', { email: 'pr@demo.wellbe.fr' }, /a line the server never writes/).then(
      (res) => res.status,
      () => 'cut',
    );
    await server.waitFor(/"url":"\/api\/auth\/forgot-password"[^\n]*"msg":"requête reçue"/);
    const registration = postInFlight(server, '/api/auth/register', { user: { displayName: 'Claude Bernard', email, password: 'Milieu-Interieur-1865!', acceptPolicies: true } }, signalled);
    await server.waitFor(/"url":"\/api\/auth\/register"[^\n]*"msg":"requête reçue"/);
    // The server is busy: some reads have been answered already.
    await new Promise<void>((resolve) => {
      const check = setInterval(() => readers.results.length >= 20 && (clearInterval(check), resolve()), 20);
    });

    const signalledAt = Date.now();
    server.child.kill(signal);
    await server.waitFor(signalled);
    const refused = await newRequest(server);
    const code = await server.exited;
    const stoppedIn = Date.now() - signalledAt;
    await readers.stop();
    frozen.ws.terminate();

    expect(code).toBe(0);
    expect(await stalled).toBe('cut');
    // The bound (Docker's grace before SIGKILL), frozen socket, stalled upload and load included.
    expect(stoppedIn).toBeLessThan(STOP_BUDGET_MS);
    // In flight when the signal came: answered.
    const res = await registration;
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body).user.data.email).toBe(email);
    // The reads around the signal: answered, or refused (a French 503, or the connection: a read
    // the client sends on a kept-alive connection as the server closes it is reset, as with any
    // HTTP/1.1 server; browsers send it again). Never an error answer, never a hang.
    const outcomes = new Set(readers.results.map((r) => r.outcome));
    expect(readers.results.filter((r) => r.sentAt < signalledAt && r.outcome === 200).length).toBeGreaterThan(0);
    expect([...outcomes].filter((o) => ![200, 503, 'ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET'].includes(o))).toEqual([]);
    // After it: refused, in French when the connection was still open.
    expect(['ECONNREFUSED', 503]).toContain(refused);
    for (const message of readers.refusals) expect(message).toBe(ERROR_MESSAGES.serverStopping);
    expect(await live.closed).toBe(REALTIME_CLOSE.goingAway);
    // PostgreSQL stopped cleanly: no process, no postmaster.pid, the DATA_DIR lock released.
    expect(server.output()).toContain('PostgreSQL embarqué arrêté');
    expect(await gone(pgPid!, 5_000)).toBe(true);
    expect(fs.existsSync(pgFile())).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'wellbe.pid'))).toBe(false);

    // What was answered is kept.
    const again = await startReady(dataDir);
    expect((await signIn(again, email, 'Milieu-Interieur-1865!')).status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 240_000);
});
