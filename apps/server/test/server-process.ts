import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The REAL server (`main.ts`) in its own process, for the tests that prove what only a process can
// show: crash safety, the DATA_DIR lock, signals, the DATABASE_URL path.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const START_TIMEOUT = 90_000;

/** Every server a test started and that has not exited yet (afterAll kills what is left). */
export const children = new Set<ChildProcess>();

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves when the output matches; rejects if the server exits first. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
}

/**
 * Starts main.ts on `dataDir` with a clean environment plus `env`; with `npm`, through `npm run
 * serve` as a process manager would (then `child` is npm, and a signal goes to npm).
 */
export function startServer(dataDir: string, port: number, env: NodeJS.ProcessEnv = {}, { npm = false } = {}): ServerProcess {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'JWT_SECRET', 'WELLBE_DEMO', 'WELLBE_ADMIN_USERNAME', 'WELLBE_ADMIN_PASSWORD', 'SMTP_HOST']) {
    delete base[name];
  }
  const [command, args] = npm ? ['npm', ['run', '--silent', 'serve']] : [process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts']];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...base, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: path.join(dataDir, 'no-web'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
        if (child.exitCode !== null || child.signalCode !== null) {
          return done(() => reject(new Error(`server exited before ${pattern}:\n${out}`)));
        }
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

export async function startReady(dataDir: string, env?: NodeJS.ProcessEnv, options?: { npm?: boolean }): Promise<ServerProcess> {
  const server = startServer(dataDir, await freePort(), env, options);
  await server.waitFor(/WellBe est prêt/);
  return server;
}

export async function api(server: ServerProcess, method: string, url: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${server.port}${url}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as any };
}

export const signIn = (server: ServerProcess, Username: string, Password: string) =>
  api(server, 'POST', '/api/user', { action: 'login', Username, Password });

/**
 * A JSON POST whose body is still arriving when the server gets its stop signal: its first bytes
 * are sent now, the rest once the output matches `signalled`. Resolves with the answer.
 */
export function postInFlight(server: ServerProcess, url: string, payload: unknown, signalled: RegExp) {
  const body = JSON.stringify(payload);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: server.port, method: 'POST', path: url, agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 10));
    void server.waitFor(signalled).then(() => req.end(body.slice(10)), reject);
  });
}

export function postmasterPid(dataDir: string): number | null {
  try {
    // initdb's bootstrap backend writes a negative pid: a process group, never to be signalled.
    const pid = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function gone(pid: number, timeoutMs = 30_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (alive(pid) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  return !alive(pid);
}

/** Kills the servers still running and stops a PostgreSQL left on `dataDir`, then removes it. */
export async function cleanUp(dataDir: string): Promise<void> {
  for (const child of children) child.kill('SIGKILL');
  const pid = postmasterPid(dataDir);
  if (pid && alive(pid)) {
    process.kill(pid, 'SIGINT');
    await gone(pid);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
