import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './helpers.ts';

// Issue 2, crash safety of the embedded PostgreSQL, proven on the REAL server (`main.ts` in its own
// process, on a temporary DATA_DIR): a committed row survives `kill -9`, the next start deals with
// the orphaned PostgreSQL, a second server on the same DATA_DIR refuses, SIGTERM finishes the
// request in flight and stops PostgreSQL. No PostgreSQL is left running whatever happens.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const START_TIMEOUT = 90_000;

let dataDir: string;
const children = new Set<ChildProcess>();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves when the output matches. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
}

function startServer(port: number): Server {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: path.join(dataDir, 'no-web') };
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'JWT_SECRET', 'WELLBE_DEMO', 'SMTP_HOST']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
      for (const l of listeners) l();
    }),
  );
  const waitFor = (pattern: RegExp, timeoutMs = START_TIMEOUT) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(out)) return done(resolve);
        if (child.exitCode !== null || child.signalCode !== null) return done(() => reject(new Error(`server exited before ${pattern}:\n${out}`)));
      };
      const timer = setTimeout(() => done(() => reject(new Error(`timeout waiting for ${pattern}:\n${out}`))), timeoutMs);
      const done = (fn: () => void) => {
        clearTimeout(timer);
        listeners.delete(check);
        fn();
      };
      listeners.add(check);
      check();
    });
  return { child, port, output: () => out, exited, waitFor };
}

async function startReady(): Promise<Server> {
  const server = startServer(await freePort());
  await server.waitFor(/WellBe est prêt/);
  return server;
}

async function api(server: Server, method: string, url: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${server.port}${url}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as any };
}

const signIn = (server: Server, Username: string, Password: string) => api(server, 'POST', '/api/user', { action: 'login', Username, Password });

function postmasterPid(): number | null {
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]) || null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function gone(pid: number, timeoutMs = 30_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (alive(pid) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  return !alive(pid);
}

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wellbe-crash-'));
  // The embedded PostgreSQL runs as the `postgres` user when the tests run as root: it must reach DATA_DIR/pg.
  fs.chmodSync(dataDir, 0o755);
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  const pid = postmasterPid();
  if (pid && alive(pid)) {
    process.kill(pid, 'SIGINT');
    await gone(pid);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const account = { displayName: 'Louis Pasteur', email: 'louis.pasteur@exemple.fr', password: 'Vaccin-1885!' };
const second = { displayName: 'Marie Curie', email: 'marie.curie@exemple.fr', password: 'Radium-1867!' };

describe.sequential('the real server on its embedded PostgreSQL', () => {
  it('keeps a committed row after kill -9; the next start stops the orphaned PostgreSQL and comes up', async () => {
    const first = await startReady();
    expect((await api(first, 'GET', '/api/health')).json).toEqual({ status: 'ok' });
    expect((await signIn(first, 'pr', DEMO_PASSWORD)).status).toBe(200);
    const reg = await api(first, 'POST', '/api/auth/register', { user: account });
    expect(reg.status).toBe(201);

    const orphan = postmasterPid();
    expect(orphan).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    // The server died, its PostgreSQL did not: that is the situation the next start must handle.
    expect(alive(orphan!)).toBe(true);

    const next = await startReady();
    expect(next.output()).toContain(`PostgreSQL orphelin détecté (PID ${orphan})`);
    expect(alive(orphan!)).toBe(false);
    expect((await api(next, 'GET', '/api/health')).status).toBe(200);
    const back = await signIn(next, account.email, account.password);
    expect(back.status).toBe(200);
    expect(back.json.data.displayName).toBe('Louis Pasteur');
    // The demo data was seeded once, not twice.
    expect(next.output()).not.toContain('Données de démonstration chargées');
    expect((await signIn(next, 'pr', DEMO_PASSWORD)).status).toBe(200);

    // A second server on the same DATA_DIR refuses with a clear message and a non-zero exit.
    const intruder = startServer(await freePort());
    const code = await intruder.exited;
    expect(code).not.toBe(0);
    expect(intruder.output()).toMatch(/Un autre serveur WellBe \(PID \d+\) utilise déjà le dossier de données/);
    // ...and the first one is unharmed.
    expect((await api(next, 'GET', '/api/health')).status).toBe(200);

    next.child.kill('SIGKILL');
    await next.exited;
  }, 240_000);

  it('SIGTERM finishes the request in flight, then stops the embedded PostgreSQL', async () => {
    const server = await startReady();
    const pgPid = postmasterPid();
    expect(pgPid).toBeGreaterThan(0);

    // A registration whose body is still arriving when SIGTERM comes.
    const body = JSON.stringify({ user: second });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: server.port, method: 'POST', path: '/api/auth/register', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      void server.waitFor(/SIGTERM reçu/).then(() => req.end(body.slice(10)), reject);
    });
    await new Promise((r) => setTimeout(r, 300)); // let the request reach the server first
    server.child.kill('SIGTERM');

    const res = await answer;
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body).user.data.email).toBe(second.email);

    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('PostgreSQL embarqué arrêté');
    expect(await gone(pgPid!, 5_000)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'wellbe.pid'))).toBe(false);

    // What was answered is kept.
    const again = await startReady();
    expect((await signIn(again, second.email, second.password)).status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 240_000);
});
