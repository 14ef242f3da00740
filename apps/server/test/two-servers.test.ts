import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { dropDatabase, ensureDatabase, withDatabase } from '../src/db/database.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { S3_CREDENTIALS, startS3, type TestS3 } from './s3.ts';
import { drizzle } from 'drizzle-orm/node-postgres';
import { publishRealtime } from '../src/lib/realtime/index.ts';
import { api, children, freePort, signIn, startServer, type ServerProcess } from './server-process.ts';
import { until } from './until.ts';
import { wsClient } from './ws-client.ts';

// Several app servers on one PostgreSQL (the test database server) and one S3 store (s3rver):
// two real server processes (main.ts) started together behave as one product.

const JOURNAL = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../src/db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n' + randomBytes(64).toString('hex'), 'latin1');

let s3: TestS3;
let adminUrl: string;
let dbName: string;
let db: pg.Pool;
const dirs: string[] = [];
let a: ServerProcess;
let b: ServerProcess;
let env: NodeJS.ProcessEnv;

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wellbe-two-servers-'));
  dirs.push(dir);
  return dir;
}

const mailFiles = (dir: string) => {
  const mail = path.join(dir, 'mail');
  return fs.existsSync(mail) ? fs.readdirSync(mail) : [];
};

async function call(server: ServerProcess, method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${server.port}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as any };
}

beforeAll(async () => {
  s3 = await startS3();
  adminUrl = inject('pgAdminUrl');
  // An empty database: both servers find it unmigrated and start at the same moment.
  dbName = `wellbe_two_${process.pid}_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(adminUrl, dbName);
  db = new pg.Pool({ connectionString: withDatabase(adminUrl, dbName), max: 2 });
  // pool.end() resolves once its clients are asked to close, not once they have: the DROP DATABASE
  // (FORCE) of afterAll can reach one still closing, whose FATAL 57P01 the pool re-emits — without
  // a listener, an uncaught error that failed a CI run after every test had passed.
  db.on('error', () => {});
  env = {
    DATABASE_URL: withDatabase(adminUrl, dbName),
    WELLBE_DEMO: '1',
    STORAGE_URL: s3.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    WORKERS: '1',
    LOG_LEVEL: 'warn',
    ...S3_CREDENTIALS,
  };
  const [portA, portB] = [await freePort(), await freePort()];
  a = startServer(dataDir(), portA, env);
  b = startServer(dataDir(), portB, env);
  await Promise.all([a.waitFor(/WellBe est prêt/, 150_000), b.waitFor(/WellBe est prêt/, 150_000)]);
}, 180_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await db?.end();
  if (dbName) await dropDatabase(adminUrl, dbName);
  await s3?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}, 60_000);

describe('two app servers on one PostgreSQL and one S3 store', () => {
  it('applied the migrations once when both started together', async () => {
    const applied = [a, b].map((s) => /Migrations appliquées : (\d+)/.exec(s.output())?.[1] ?? null);
    // One server applied all of them; the other waited on the advisory lock and found nothing to do.
    expect(applied.sort()).toEqual([String(JOURNAL.entries.length), null].sort());
    expect([a, b].filter((s) => s.output().includes('Base de données à jour'))).toHaveLength(1);
    const { rows } = await db.query('select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations');
    expect(rows[0]).toEqual({ n: JOURNAL.entries.length, d: JOURNAL.entries.length });
    // The demo data, created under the same lock, exists once.
    const users = await db.query(`select count(*)::int as n from users where username = 'pr'`);
    expect(users.rows[0].n).toBe(1);
    for (const s of [a, b]) expect((await api(s, 'GET', '/api/ready')).json).toEqual({ status: 'ok', checks: { database: true, migrations: true, storage: true } });
  });

  it('a document uploaded through A downloads through B (the file is in S3, not on A)', async () => {
    const login = await signIn(a, 'pr', DEMO_PASSWORD);
    expect(login.status).toBe(200);
    const token = login.json.data.access_token as string;
    const me = { Iduser: login.json.id as string, idOrganization: login.json.data.idOrganization as string };
    const patients = await call(a, 'POST', '/api/patient', token, { action: 'list', ...me, q: 'helene martin' });
    const idPatient = patients.json.data[0].idPatient as string;
    const idConsultation = randomUUID();
    const created = await call(a, 'POST', '/api/consultation', token, { action: 'createBySpeciality', idPatient, ...me, idConsultation, consultationCreate: { Diagnostic: '<p>Bilan</p>' } });
    expect(created.status).toBe(200);

    const form = new FormData();
    for (const [k, v] of Object.entries({ action: 'create', ...me, idConsultation: created.json.idConsultation, idPatient })) form.append(k, v);
    form.append('document', new Blob([PDF], { type: 'application/pdf' }), 'compte-rendu.pdf');
    const up = await fetch(`http://127.0.0.1:${a.port}/api/document`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(up.status).toBe(200);
    const { idDocument } = (await up.json()) as { idDocument: string };

    const down = await fetch(`http://127.0.0.1:${b.port}/api/documents/${idDocument}/download`, { headers: { authorization: `Bearer ${token}` } });
    expect(down.status).toBe(200);
    expect(down.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await down.arrayBuffer()).equals(PDF)).toBe(true);
    // Nothing of it stayed on A's disk: the store is S3.
    const aFiles = path.join(dirs[0], 'files');
    const onA = fs.existsSync(aFiles) ? fs.readdirSync(aFiles).filter((f) => f !== '.tmp') : [];
    expect(onA).toEqual([]);
  });

  it('a profile photo uploaded through A is served by B, and a replaced one is gone from both', async () => {
    const login = await signIn(a, 'us', DEMO_PASSWORD);
    const token = login.json.data.access_token as string;
    const send = async (color: string) => {
      const form = new FormData();
      const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: color } }).png().toBuffer();
      form.append('avatar', new Blob([png], { type: 'image/png' }), 'photo.png');
      const res = await fetch(`http://127.0.0.1:${a.port}/api/profil/avatar`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { data: { photoURL: string } } }).data.data.photoURL;
    };
    const first = await send('#3a7bd5');
    const served = await fetch(`http://127.0.0.1:${b.port}${first}`);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('png');
    const second = await send('#d53a7b');
    expect(second).not.toBe(first);
    for (const s of [a, b]) {
      expect((await fetch(`http://127.0.0.1:${s.port}${second}`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${s.port}${first}`)).status).toBe(404);
    }
  });

  it('a mail job enqueued through A is sent once in total, with workers in both servers', async () => {
    const emails = ['pa@demo.wellbe.fr', 'pg@demo.wellbe.fr', 'pr@demo.wellbe.fr', 'ad@demo.wellbe.fr', 'rh@demo.wellbe.fr'];
    const count = () => mailFiles(dirs[0]).length + mailFiles(dirs[1]).length;
    for (const s of [a, b]) expect(s.output()).toContain('Tâches de fond : exécutées par ce serveur (WORKERS=1)');
    const before = count();
    for (const email of emails) expect((await api(a, 'POST', '/api/auth/forgot-password', { email })).status).toBe(200);
    // Every job done and gone (so nobody can send it again), and one mail per request.
    await until(
      async () => (await db.query('select count(*)::int as n from graphile_worker.jobs')).rows[0].n,
      (n) => n === 0,
    );
    await until(count, (n) => n >= before + emails.length);
    const sent = [...mailFiles(dirs[0]), ...mailFiles(dirs[1])];
    for (const email of emails) expect(sent.filter((f) => f.endsWith(`-${email}.eml`)), email).toHaveLength(1);
    expect(count()).toBe(before + emails.length);
  });

  it('counts sign-in failures made on both servers together (the throttle lives in PostgreSQL)', async () => {
    // Four free-then-slowed failures alternating servers and login forms: the account waits 1 s.
    for (const [server, login] of [[a, 'rh'], [b, 'rh@demo.wellbe.fr'], [a, 'rh'], [b, 'RH@demo.wellbe.fr']] as const) {
      expect((await signIn(server, login, 'Wrong-pass-1!A')).status).toBe(401);
    }
    // Each further failure, on the other server, doubles the wait: only a shared counter gets to 4 s.
    // A refused attempt (429) counts no failure: retrying until the wait is over is the wait.
    const failOnceFree = (server: ServerProcess, password: string) => until(() => signIn(server, 'rh', password), (res) => res.status !== 429, 15_000);
    expect((await failOnceFree(a, 'Wrong-pass-2!A')).status).toBe(401);
    expect((await failOnceFree(b, 'Wrong-pass-3!A')).status).toBe(401);
    for (const server of [a, b]) {
      const res = await fetch(`http://127.0.0.1:${server.port}/api/user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'login', Username: 'rh', Password: DEMO_PASSWORD }),
      });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(2);
      expect(((await res.json()) as any).error.code).toBe('too_many_attempts');
    }
  }, 30_000);

  it('a WORKERS=0 server serves requests and queues mails; the servers with workers send them', async () => {
    const c = startServer(dataDir(), await freePort(), { ...env, WORKERS: '0' });
    await c.waitFor(/WellBe est prêt/, 120_000);
    expect(c.output()).toContain('Tâches de fond : non exécutées par ce serveur (WORKERS=0)');
    const cDir = dirs.at(-1)!;
    const count = () => mailFiles(dirs[0]).length + mailFiles(dirs[1]).length;
    const before = count();
    expect((await api(c, 'POST', '/api/auth/forgot-password', { email: 'us@demo.wellbe.fr' })).status).toBe(200);
    await until(count, (n) => n > before);
    expect(count()).toBe(before + 1);
    expect(mailFiles(cDir)).toEqual([]);
    c.child.kill('SIGTERM');
    expect(await c.exited).toBe(0);
  }, 150_000);
});

describe('real time across two app servers (LISTEN/NOTIFY)', () => {
  it('an event reaches clients on both servers within 1 s; a client offline meanwhile gets the three it missed from the other server', async () => {
    const login = await signIn(a, 'pa', DEMO_PASSWORD);
    const token = login.json.data.access_token as string;
    const [userId, org] = [login.json.id as string, login.json.data.idOrganization as string];
    const onA = wsClient(`http://127.0.0.1:${a.port}`);
    const onB = wsClient(`http://127.0.0.1:${b.port}`);
    const ready = await onA.auth(token);
    await onB.auth(token);
    const events = drizzle(db);
    await publishRealtime(events, { type: 'test.both', organisationId: org, userIds: [userId], data: { n: 0 } });
    await onA.next((f) => f.type === 'test.both', 1000);
    await onB.next((f) => f.type === 'test.both', 1000);

    onA.close();
    await onA.closed;
    for (const n of [1, 2, 3]) await publishRealtime(events, { type: 'test.missed', organisationId: org, userIds: [userId], data: { n } });
    await onB.next((f) => f.data?.n === 3);
    const back = wsClient(`http://127.0.0.1:${b.port}`);
    await back.auth(token, ready.cursor! + 1);
    expect(back.frames.filter((f) => f.type === 'test.missed').map((f) => f.data?.n)).toEqual([1, 2, 3]);
    back.close();
    onB.close();
  });

  it('a chat message sent through A reaches pr’s socket on B within 1 s, once; offline on B, pr gets the three missed on reconnect', async () => {
    const pa = await signIn(a, 'pa', DEMO_PASSWORD);
    const pr = await signIn(b, 'pr', DEMO_PASSWORD);
    const [paToken, prToken] = [pa.json.data.access_token as string, pr.json.data.access_token as string];
    const onB = wsClient(`http://127.0.0.1:${b.port}`);
    const ready = await onB.auth(prToken);
    const opened = await call(a, 'GET', `/api/chat/get-chat?contactId=${pr.json.id as string}`, paToken);
    expect(opened.status).toBe(200);
    const chatId = opened.json.chat.id as string;
    const id = randomUUID();
    const started = Date.now();
    const sent = await call(a, 'POST', '/api/chat/send-message', paToken, { chatId, messageText: 'Envoyé par A', id });
    expect(sent.status).toBe(200);
    const frame = await onB.next((f) => f.type === 'chat.message', 1000);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(frame.data).toMatchObject({ chatId, messageId: id, message: { message: 'Envoyé par A' } });
    // A resend through B (network failure on the client) answers the stored message: no second event.
    const resent = await call(b, 'POST', '/api/chat/send-message', paToken, { chatId, messageText: 'Envoyé par A', id });
    expect(resent.json.message.id).toBe(id);

    onB.close();
    await onB.closed;
    for (const n of [1, 2, 3]) expect((await call(a, 'POST', '/api/chat/send-message', paToken, { chatId, messageText: `Hors ligne ${n}` })).status).toBe(200);
    const back = wsClient(`http://127.0.0.1:${b.port}`);
    await back.auth(prToken, ready.cursor);
    const texts = back.frames.filter((f) => f.type === 'chat.message').map((f) => (f.data?.message as { message: string }).message);
    expect(texts).toEqual(['Envoyé par A', 'Hors ligne 1', 'Hors ligne 2', 'Hors ligne 3']);
    back.close();
  });

  it('presence: pa connected on A is online for pr on B, stays online while a tab remains, goes offline with the last one', async () => {
    const pa = await signIn(a, 'pa', DEMO_PASSWORD);
    const pr = await signIn(b, 'pr', DEMO_PASSWORD);
    const [paToken, prToken, paId] = [pa.json.data.access_token as string, pr.json.data.access_token as string, pa.json.id as string];
    const statusOfPa = async () => ((await call(b, 'GET', '/api/chat/contacts', prToken)).json as { id: string; status: string }[]).find((c) => c.id === paId)?.status;
    const paEntry = (f: { type: string; data?: Record<string, unknown> }) =>
      f.type === 'chat.statuses' ? (f.data?.statuses as { userId: string; status: string }[]).find((e) => e.userId === paId) : undefined;
    // The sockets of the tests above are gone: pa starts offline everywhere.
    expect(await until(statusOfPa, (s) => s === 'offline', 5000)).toBe('offline');
    const prOnB = wsClient(`http://127.0.0.1:${b.port}`);
    await prOnB.auth(prToken);

    const firstTab = wsClient(`http://127.0.0.1:${a.port}`);
    await firstTab.auth(paToken);
    // A batch of status changes flushed just as pr signed in (the tests above closing their sockets)
    // may first say offline: pr hears pa come online within the second.
    expect(paEntry(await prOnB.next((f) => paEntry(f)?.status === 'online', 1000))).toMatchObject({ userId: paId, status: 'online' });
    expect(await statusOfPa()).toBe('online');
    const sinceOnline = prOnB.frames.length;

    // A second tab on A, then the first one closes: pa is still connected, nothing changes for pr.
    const secondTab = wsClient(`http://127.0.0.1:${a.port}`);
    await secondTab.auth(paToken);
    firstTab.close();
    await firstTab.closed;
    // A colleague signing in on A afterwards is the marker: pa's going offline, had it been news,
    // would have reached pr before ad's arrival or in the same frame.
    const ad = await signIn(a, 'ad', DEMO_PASSWORD);
    const adOnA = wsClient(`http://127.0.0.1:${a.port}`);
    await adOnA.auth(ad.json.data.access_token as string);
    const adId = ad.json.id as string;
    await prOnB.next((f) => f.type === 'chat.statuses' && (f.data?.statuses as { userId: string }[]).some((e) => e.userId === adId), 10_000);
    expect(await statusOfPa()).toBe('online');
    expect(prOnB.frames.slice(sinceOnline).filter((f) => paEntry(f)?.status === 'offline')).toEqual([]);

    // The last tab closes: pr sees pa go offline live (within 1 s) and in the contact list.
    secondTab.close();
    await secondTab.closed;
    expect(paEntry(await prOnB.next((f) => paEntry(f)?.status === 'offline', 1000))).toMatchObject({ userId: paId, status: 'offline' });
    expect(await statusOfPa()).toBe('offline');
    prOnB.close();
    await prOnB.closed;
    adOnA.close();
  });

  it('a message sent through A reaches each of pr’s sockets exactly once (two tabs on B, one on A), a resend adds nothing', async () => {
    const pa = await signIn(a, 'pa', DEMO_PASSWORD);
    const pr = await signIn(b, 'pr', DEMO_PASSWORD);
    const [paToken, prToken] = [pa.json.data.access_token as string, pr.json.data.access_token as string];
    const tabs = [wsClient(`http://127.0.0.1:${b.port}`), wsClient(`http://127.0.0.1:${b.port}`), wsClient(`http://127.0.0.1:${a.port}`)];
    for (const t of tabs) await t.auth(prToken);
    const paOnA = wsClient(`http://127.0.0.1:${a.port}`);
    await paOnA.auth(paToken);
    const chatId = (await call(a, 'GET', `/api/chat/get-chat?contactId=${pr.json.id as string}`, paToken)).json.chat.id as string;
    const id = randomUUID();
    expect((await call(a, 'POST', '/api/chat/send-message', paToken, { chatId, messageText: 'Une seule fois', id })).status).toBe(200);
    const isIt = (f: { type: string; data?: Record<string, unknown> }) => f.type === 'chat.message' && f.data?.messageId === id;
    for (const t of [...tabs, paOnA]) await t.next(isIt, 1000);
    // The same id sent again (a client retrying through either server) is answered, not re-sent.
    expect((await call(a, 'POST', '/api/chat/send-message', paToken, { chatId, messageText: 'Une seule fois', id })).json.message.id).toBe(id);
    expect((await call(b, 'POST', '/api/chat/send-message', paToken, { chatId, messageText: 'Une seule fois', id })).json.message.id).toBe(id);
    // A new message sent after the resends is the marker: a resend that went out would come before it.
    const marker = randomUUID();
    expect((await call(a, 'POST', '/api/chat/send-message', paToken, { chatId, messageText: 'Repère', id: marker })).status).toBe(200);
    for (const t of [...tabs, paOnA]) await t.next((f) => f.type === 'chat.message' && f.data?.messageId === marker, 10_000);
    expect([...tabs, paOnA].map((t) => t.frames.filter(isIt).length)).toEqual([1, 1, 1, 1]);
    for (const t of [...tabs, paOnA]) t.close();
  });

  it('a logout through A closes the socket the same session holds on B', async () => {
    const login = await signIn(a, 'pg', DEMO_PASSWORD);
    const token = login.json.data.access_token as string;
    const onB = wsClient(`http://127.0.0.1:${b.port}`);
    await onB.auth(token);
    expect((await call(a, 'POST', '/api/auth/logout', token)).status).toBe(200);
    expect((await onB.closed).code).toBe(4401);
  });

  it('a session revoked through A is refused by B within 1 s, though B had its sign-in cached', async () => {
    const login = await signIn(a, 'pr', DEMO_PASSWORD);
    const token = login.json.data.access_token as string;
    // B reads the sign-in twice: the second answer comes from its cache (lib/auth-cache.ts).
    expect((await call(b, 'GET', '/api/auth/sessions', token)).status).toBe(200);
    expect((await call(b, 'GET', '/api/auth/sessions', token)).status).toBe(200);
    expect((await call(a, 'POST', '/api/auth/logout', token)).status).toBe(200);
    const started = Date.now();
    const status = await until(
      async () => (await call(b, 'GET', '/api/auth/sessions', token)).status,
      (s) => s === 401,
      1000,
    );
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(1000);
    // And it stays refused on both.
    expect((await call(a, 'GET', '/api/auth/sessions', token)).status).toBe(401);
    expect((await call(b, 'GET', '/api/auth/sessions', token)).status).toBe(401);
  });

  it('a second-factor token gives one session across servers: two recovery codes on A and B at once, one wins', async () => {
    const token = (await signIn(a, 'pg', DEMO_PASSWORD)).json.data.access_token as string;
    const { secret } = (await call(a, 'POST', '/api/auth/mfa/totp/setup', token, {})).json.data;
    const confirmed = await call(a, 'POST', '/api/auth/mfa/totp/confirm', token, { code: await generate({ secret }) });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.json.data.recoveryCodes as string[];
    const challenge = (await signIn(b, 'pg', DEMO_PASSWORD)).json.mfa_token as string;
    const answers = await Promise.all(
      [a, b].map((server, i) => api(server, 'POST', '/api/user', { action: 'mfaVerify', mfa_token: challenge, code: codes[i] })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('counts the chat send limit across servers: 40 sends at once through A and B, exactly 30 accepted', async () => {
    const token = (await signIn(a, 'ad', DEMO_PASSWORD)).json.data.access_token as string;
    const pgId = (await db.query<{ id: string }>("select id from users where username = 'pg'")).rows[0].id;
    const chat = (await call(b, 'GET', `/api/chat/get-chat?contactId=${pgId}`, token)).json.chat;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => call(i % 2 ? a : b, 'POST', '/api/chat/send-message', token, { chatId: chat.id, messageText: `rafale n°${i}` })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(30);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(10);
  });
});
