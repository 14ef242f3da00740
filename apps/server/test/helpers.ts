import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { connect, migrationsApplied, type Db } from '../src/db/client.ts';
import { dropDatabase, ensureDatabase, withDatabase } from '../src/db/database.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { Jobs } from '../src/lib/jobs/jobs.ts';
import type { Mail, Mailer } from '../src/lib/mailer.ts';
import { createStorage } from '../src/lib/storage/index.ts';
import { TEMPLATE_DB } from './template.ts';

export { DEMO_PASSWORD };

/** A clock tests move by hand (throttling windows, token expiry, invitation validity). */
export class FakeClock {
  constructor(private t = Date.now()) {}
  now() {
    return this.t;
  }
  advance(ms: number) {
    this.t += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  handle: Db;
  clock: FakeClock;
  /** Mails the app sent (delivered by the mail job), newest last. */
  mails: Mail[];
  /** Runs the background jobs that are due (the app's requests already do, see below). */
  drain: () => Promise<void>;
  dataDir: string;
  /** The PostgreSQL server's admin URL and this file's database name (to stop it, to inspect it). */
  adminUrl: string;
  dbName: string;
  /** Signs a demo user in through POST /api/user action login; returns the token and ids. */
  login: (username: string, password?: string) => Promise<Session>;
  close: () => Promise<void>;
}

export interface Session {
  token: string;
  id: string;
  role: string;
  idOrganization: string | null;
  auth: { authorization: string };
}

export interface TestAppOptions {
  /**
   * Registers extra routes on the app before it is ready (test-only probes, e.g. one route per
   * permission group). They go through the same hooks as the real ones; production never has them.
   */
  routes?: (app: FastifyInstance) => void | Promise<void>;
  /** A built web app to serve (default: none, so non-API paths answer 404). */
  webDist?: string;
  /** Receives the app's log lines (default: no logger). */
  logStream?: { write: (line: string) => void };
  /** How the mail job delivers (default: into `mails`); a failing one tests retries. */
  transport?: Mailer;
  /** Check every answer against its declared schema (default true; false = as in production). */
  checkResponses?: boolean;
  /** Configuration the test needs beyond the defaults (TRUST_PROXY, PUBLIC_URL…). */
  config?: Partial<Config>;
}

/** A fresh app on a fresh database cloned from the seeded template (one per test file). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const adminUrl = inject('pgAdminUrl');
  const name = `wellbe_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(adminUrl, name, TEMPLATE_DB);
  const handle = connect(withDatabase(adminUrl, name), 5);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wellbe-test-data-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), publicUrl: 'http://localhost:3000', ...options.config };
  const clock = new FakeClock();
  const mails: Mail[] = [];
  // Mails go through the real job queue (graphile-worker tables in this database); the delivery
  // the job does is recorded in `mails`.
  const jobs = new Jobs({ pool: handle.pool, transport: options.transport ?? { send: async (mail) => void mails.push(mail) }, log: () => {} });
  const ctx: AppContext = {
    config,
    db: handle.db,
    pool: handle.pool,
    clock,
    mailer: jobs.mailer,
    jobs,
    storage: createStorage(dataDir),
    jwtKey: new TextEncoder().encode('test-secret-' + name.padEnd(40, 'x')),
    ping: async () => {
      await handle.pool.query('select 1');
    },
    migrated: () => migrationsApplied(handle.pool),
  };
  const app = await buildApp(ctx, {
    webDist: options.webDist ?? path.join(dataDir, 'no-web-build'),
    logger: options.logStream ? { level: 'info', stream: options.logStream } : false,
    // Every answer the test provokes is checked against its declared schema (plugins/openapi.ts).
    checkResponses: options.checkResponses ?? true,
  });
  try {
    await options.routes?.(app);
    await app.ready();
  } catch (err) {
    // An app that cannot start (a test proving exactly that) leaves no database or folder behind.
    await app.close().catch(() => {});
    await handle.close();
    await dropDatabase(adminUrl, name);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }

  // A running server's in-process worker picks a job up within milliseconds (LISTEN/NOTIFY). The
  // test app has no background worker; instead every request it answers is followed by running
  // the jobs it queued, so a test reads the mail right after the request, as a user would.
  const injectNow = app.inject.bind(app) as (opts: InjectOptions | string) => Promise<LightMyRequestResponse>;
  app.inject = (async (opts: InjectOptions | string) => {
    const res = await injectNow(opts);
    if (jobs.pendingLocal > 0) await jobs.drain();
    return res;
  }) as unknown as typeof app.inject;

  const login = async (username: string, password = DEMO_PASSWORD): Promise<Session> => {
    const res = await app.inject({ method: 'POST', url: '/api/user', payload: { action: 'login', Username: username, Password: password } });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    const body = res.json();
    return { token: body.data.access_token, id: body.id, role: body.role, idOrganization: body.data.idOrganization, auth: { authorization: `Bearer ${body.data.access_token}` } };
  };

  return {
    app,
    ctx,
    handle,
    clock,
    mails,
    drain: () => jobs.drain(),
    dataDir,
    adminUrl,
    dbName: name,
    login,
    close: async () => {
      await app.close();
      await jobs.stop();
      await handle.close();
      await dropDatabase(adminUrl, name);
      fs.rmSync(dataDir, { recursive: true, force: true });
      // The file fails when one of its answers broke the API document's contract.
      assertAnswersDeclared(app);
    },
  };
}

/** Throws with the answers that did not match their route's declared response schema. */
export function assertAnswersDeclared(app: FastifyInstance) {
  const found = [...new Set(app.responseMismatches)];
  if (found.length) throw new Error(`Réponses hors de leur schéma déclaré (${found.length}) :\n${found.slice(0, 30).join('\n')}`);
}

/**
 * A common year (February of 28 days) six or more years after `now`'s: a fixture dated in it never
 * meets the demo's data, seeded around the day of the run, whatever that day is (fixed years did,
 * once the run's date came near them).
 */
export function fixtureYear(now: number = Date.now()): number {
  let year = new Date(now).getUTCFullYear() + 6;
  while (year % 4 === 0) year++;
  return year;
}

/** The JSON of an answer, for terse assertions. */
export function json<T = any>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

/**
 * Every row of a keyset-paged list (issue 13): follows `nextCursor` from the first page to the last
 * and answers the pages' ids in order, and the first page's answer (its total).
 */
export async function walkCursor(app: TestApp['app'], url: string, headers: Record<string, string>, id: (row: any) => string) {
  const ids: string[] = [];
  let first: any;
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const res: LightMyRequestResponse = await app.inject({ method: 'GET', url: cursor ? `${url}&cursor=${encodeURIComponent(cursor)}` : url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: HTTP ${res.statusCode} ${res.body}`);
    const page = res.json() as { data: unknown[]; nextCursor: string | null };
    first ??= page;
    ids.push(...page.data.map(id));
    cursor = page.nextCursor;
    if (!cursor) return { ids, first };
  }
  throw new Error(`${url}: more than 100 pages`);
}
