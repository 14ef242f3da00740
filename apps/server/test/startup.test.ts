import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { dropDatabase, ensureDatabase, withDatabase } from '../src/db/database.ts';
import { DataDirLockedError, lockDataDir } from '../src/db/lock.ts';
import { loadJwtKey } from '../src/lib/secret.ts';
import { DEMO_PASSWORD } from './helpers.ts';
import { api, cleanUp, freePort, signIn, startReady, startServer } from './server-process.ts';

// Configuration from the environment, the generated JWT secret, the DATA_DIR lock, and the
// DATABASE_URL path of the real server (no demo data unless WELLBE_DEMO=1, first SA from the
// environment).

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wellbe-startup-'));
});
afterAll(() => cleanUp(tmp), 60_000);

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', dataDir: path.resolve('data'), demo: true, logLevel: 'info', publicUrl: 'http://localhost:3000' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtp).toBeUndefined();
  });

  it('loads demo data on an external database only with WELLBE_DEMO=1', () => {
    const url = 'postgres://u:p@db.example:5432/wellbe';
    expect(loadConfig({ DATABASE_URL: url }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, WELLBE_DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ WELLBE_DEMO: '0' }).demo).toBe(false);
  });

  it('logs failures, requests over 1 s and 1 % of the others by default; LOG_SLOW_MS and LOG_SAMPLE_RATE change it', () => {
    expect(loadConfig({}).requestLog).toEqual({ slowMs: 1000, sampleRate: 0.01 });
    expect(loadConfig({ LOG_SLOW_MS: '250', LOG_SAMPLE_RATE: '1' }).requestLog).toEqual({ slowMs: 250, sampleRate: 1 });
    expect(loadConfig({ LOG_SAMPLE_RATE: '0' }).requestLog.sampleRate).toBe(0);
    expect(() => loadConfig({ LOG_SAMPLE_RATE: '5' })).toThrow(/LOG_SAMPLE_RATE : une part entre 0 et 1/);
    expect(() => loadConfig({ LOG_SAMPLE_RATE: 'un peu' })).toThrow(/LOG_SAMPLE_RATE : une part entre 0 et 1/);
    expect(() => loadConfig({ LOG_SLOW_MS: '-5' })).toThrow(/LOG_SLOW_MS : un nombre de millisecondes positif ou nul/);
    expect(() => loadConfig({ LOG_SLOW_MS: 'lent' })).toThrow(/LOG_SLOW_MS : un nombre de millisecondes/);
  });

  it('refuses a bad environment with a French message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Configuration invalide : PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'court' })).toThrow(/JWT_SECRET doit contenir au moins 32 caractères/);
  });
});

describe('JWT secret', () => {
  it('is generated once in DATA_DIR with 0600 permissions, and JWT_SECRET wins', () => {
    const dir = path.join(tmp, 'secret');
    const first = loadJwtKey(dir);
    const file = path.join(dir, 'jwt-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(loadJwtKey(dir)).equals(Buffer.from(first))).toBe(true);
    const fromEnv = loadJwtKey(dir, 'x'.repeat(40));
    expect(new TextDecoder().decode(fromEnv)).toBe('x'.repeat(40));
  });
});

describe('DATA_DIR lock', () => {
  it('refuses a DATA_DIR held by a live server, takes over one left by a dead one, and releases', async () => {
    const dir = path.join(tmp, 'lock');
    fs.mkdirSync(dir);
    const file = path.join(dir, 'wellbe.pid');

    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(file, String(holder.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(`Un autre serveur WellBe (PID ${holder.pid}) utilise déjà le dossier de données`);
    } finally {
      holder.kill('SIGKILL');
    }
    await new Promise((r) => holder.on('exit', r));

    // A pid reused by an unrelated process after a reboot does not lock the server out.
    const unrelated = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(file, String(unrelated.pid));
      lockDataDir(dir)();
    } finally {
      unrelated.kill('SIGKILL');
    }

    // The holder died (kill -9 leaves its lock file): the next server takes over.
    fs.writeFileSync(file, String(holder.pid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(file, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe('the real server with DATABASE_URL', () => {
  const adminUrl = inject('pgAdminUrl');
  const name = `wellbe_test_external_${randomBytes(4).toString('hex')}`;
  const admin = { username: 'admin', password: 'Premier-Admin-2026!' };
  afterAll(() => dropDatabase(adminUrl, name), 60_000);

  it('migrates an empty database, creates the first SA from the environment, loads no demo data', async () => {
    await ensureDatabase(adminUrl, name);
    const dataDir = path.join(tmp, 'external');
    const env = { DATABASE_URL: withDatabase(adminUrl, name), WELLBE_ADMIN_USERNAME: admin.username, WELLBE_ADMIN_PASSWORD: admin.password };

    // A weak first password stops the start before any account is created.
    const weak = startServer(dataDir, await freePort(), { ...env, WELLBE_ADMIN_PASSWORD: 'admin' });
    expect(await weak.exited).not.toBe(0);
    expect(weak.output()).toContain('Le mot de passe doit contenir 11 caractères minimum');

    const server = await startReady(dataDir, env);
    expect(server.output()).toContain('Super administrateur admin créé');
    expect((await api(server, 'GET', '/api/health')).json).toEqual({ status: 'ok' });
    const sa = await signIn(server, admin.username, admin.password);
    expect(sa.status).toBe(200);
    expect(sa.json.role).toBe('SA');
    expect((await signIn(server, 'pr', DEMO_PASSWORD)).status).toBe(401);
    expect((await api(server, 'GET', '/api/meta')).json.demo).toBe(false);
    // No PostgreSQL of its own.
    expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(false);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // WELLBE_DEMO=1 on the same database adds the demo data; the SA stays.
    const demo = await startReady(dataDir, { ...env, WELLBE_DEMO: '1' });
    expect((await signIn(demo, 'pr', DEMO_PASSWORD)).status).toBe(200);
    expect((await signIn(demo, admin.username, admin.password)).status).toBe(200);
    demo.child.kill('SIGTERM');
    expect(await demo.exited).toBe(0);
  }, 240_000);
});
