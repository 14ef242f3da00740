import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers.ts';

// One error shape, security headers, 404 JSON under /api, the web fallback, OpenAPI,
// health 503 when the database is down, and nothing secret in the logs.

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'wellbe-test-web-'));
const ASSET = 'assets/index-3f2a1b.js';
const assetText = 'export const answer = 42;\n'.repeat(200);
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="fr"><head><script type="module" src="/assets/index-3f2a1b.js"></script></head><body><div id="root"></div></body></html>');
fs.writeFileSync(path.join(webDist, ASSET), assetText);
// An asset as the build leaves it (vite.config precompress): compressed beside it at the highest levels.
const BUILT = 'assets/core-7c1d2e.js';
const builtText = 'export function greet(name) { return `Bonjour ${name}`; }\n'.repeat(300);
const builtBr = brotliCompressSync(builtText, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
const builtGz = gzipSync(builtText, { level: 9 });
fs.writeFileSync(path.join(webDist, BUILT), builtText);
fs.writeFileSync(path.join(webDist, `${BUILT}.br`), builtBr);
fs.writeFileSync(path.join(webDist, `${BUILT}.gz`), builtGz);

const logLines: string[] = [];
const CLINICAL = 'Lombalgie chronique, suspicion de hernie discale L4-L5';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    webDist,
    logStream: { write: (line) => void logLines.push(line) },
    // Every request logged (the sample at 1), so that the test below sees what a line would hold.
    config: { requestLog: { slowMs: 600_000, sampleRate: 1 } },
    routes: (app) => {
      // A failing query holding a value a consultation could hold: it must not reach the logs.
      app.post('/api/__probe/failing-query', { config: { access: 'open' } }, async () => {
        await app.ctx.db.execute(sql`select ${CLINICAL}::integer`);
        return { success: true };
      });
      // An answer the size of a 10-practitioner agenda week (~240 kB of JSON).
      app.get('/api/__probe/large', { config: { access: 'open' } }, async () => ({
        success: true,
        data: Array.from({ length: 900 }, (_, i) => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, practitionerId: '11111111-1111-4111-8111-111111111111', typeLabel: 'Consultation', colour: '#1565c0', title: `Rendez-vous ${i}`, startsAt: new Date(Date.UTC(2026, 0, 1, 8) + i * 1_800_000).toISOString(), endsAt: new Date(Date.UTC(2026, 0, 1, 8, 30) + i * 1_800_000).toISOString(), status: 'confirmé' })),
      }));
      // A fault of the server itself (no input caused it): the 500 an operator must see.
      app.post('/api/__probe/internal-failure', { config: { access: 'open' } }, async () => {
        throw new Error('panne interne de test');
      });
    },
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const errorShape = (code: string) => ({ success: false, error: { code, message: expect.any(String) } });

describe('one error shape, 400 for bad input', () => {
  it('malformed JSON: 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user', headers: { 'content-type': 'application/json' }, payload: '{"action": "login", "Username": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: { code: 'malformed_json', message: 'Le corps de la requête n’est pas un JSON valide.' } });
  });

  it('wrong types: 400 with a French message, no stack trace', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user', payload: { action: 'login', Username: 12, Password: ['x'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(errorShape('validation'));
    expect(res.json().error.message).toBe('Requête invalide.');
    expect(res.body).not.toMatch(/at .*\.ts:\d+|node_modules/);
  });

  it('no English validation text anywhere in the answer, details included', async () => {
    const s = await t.login('pr');
    const bad = [
      { url: '/api/user', payload: { action: 'read', Iduser: 'nope' } },
      { url: '/api/user', payload: { action: 'login', Username: ['a'] } },
      { url: '/api/patient', payload: { action: 'list', Iduser: s.id, pageSize: 0, q: 5 } },
      { url: '/api/patient', payload: { action: 'create', Iduser: s.id } },
    ];
    for (const { url, payload } of bad) {
      const res = await t.app.inject({ method: 'POST', url, headers: s.auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body, JSON.stringify(payload)).not.toMatch(/Invalid|expected|received|Too (small|big)|Required/);
    }
  });

  it('a NUL character anywhere in a body or query: 400, not a 500 from PostgreSQL', async () => {
    const s = await t.login('pr');
    const answers = [
      await t.app.inject({ method: 'POST', url: '/api/patient', headers: s.auth, payload: { action: 'list', Iduser: s.id, q: 'a\u0000b' } }),
      await t.app.inject({ method: 'GET', url: '/api/patients?q=%00', headers: s.auth }),
      await t.app.inject({ method: 'POST', url: '/api/auth/user/update', headers: s.auth, payload: { user: { displayName: 'Julien\u0000' } } }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, error: { code: 'validation', message: 'Requête invalide.' } });
    }
  });

  it('a JSON body over the limit: 413 saying the request, not a file, is too large', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user', payload: { action: 'login', Username: 'a'.repeat(1_100_000), Password: 'x' } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, error: { code: 'payload_too_large', message: 'La requête est trop volumineuse (1 Mo au plus hors fichiers).' } });
  });

  it('an unknown or missing action: 400', async () => {
    const s = await t.login('pr');
    for (const payload of [{ action: 'explode' }, { Iduser: s.id }, { action: 42 }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/user', headers: s.auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ success: false, error: { code: 'unknown_action', message: 'Action inconnue.' } });
    }
  });

  it('a bad id: 400, not a 500', async () => {
    const s = await t.login('pr');
    const res = await t.app.inject({ method: 'POST', url: '/api/user', headers: s.auth, payload: { action: 'read', Iduser: "1' or '1'='1" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(errorShape('validation'));
  });

  it('an unknown /api path: 404 JSON, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/nothing-here?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ success: false, error: { code: 'not_found', message: 'Cette adresse d’API n’existe pas.' } });
    }
  });
});

describe('HTTPS when PUBLIC_URL says so', () => {
  it('plain http (the default): neither HSTS nor upgrade-insecure-requests', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
  });

  it('an https PUBLIC_URL turns on HSTS, upgrade-insecure-requests and Secure device cookies', async () => {
    const tls = await createTestApp({ config: { publicUrl: 'https://wellbe.example.fr' } });
    try {
      const res = await tls.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      const login = await tls.app.inject({ method: 'POST', url: '/api/user', payload: { action: 'login', Username: 'pr', Password: DEMO_PASSWORD } });
      expect(login.cookies.find((c) => c.name === 'wellbe_device')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
    } finally {
      await tls.close();
    }
  });
});

describe('security headers', () => {
  // Scripts: same-origin files, and the web app's two inline scripts (first and last in index.html's
  // body: the boot script, the code loader) by the hash of their texts, nothing else inline.
  const sourceIndex = fs.readFileSync(path.resolve(import.meta.dirname, '../../web/index.html'), 'utf8');
  const inline = [...sourceIndex.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const check = (headers: Record<string, unknown>) => {
    const csp = String(headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(inline).toHaveLength(2);
    expect(scriptSrc?.trim()).toBe(`script-src 'self' ${inline.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`).join(' ')}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // The rest of helmet's set, each as helmet words it (plugins/security-headers.ts builds it once).
    expect(headers).toMatchObject({
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
  };

  it('on API answers, successes and failures alike, with Cache-Control: no-store', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/nothing' }),
      await t.app.inject({ method: 'GET', url: '/api/auth/access-token' }),
      await t.app.inject({ method: 'POST', url: '/api/user', payload: { action: 'login', Username: 'pr', Password: DEMO_PASSWORD } }),
    ]) {
      check(res.headers);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('on the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/patients/list' });
    check(res.headers);
  });
});

describe('the web app', () => {
  it('any non-API path falls back to index.html, never cached', async () => {
    for (const url of ['/', '/login', '/patient/lucas-bernard/123', '/reset-password?token=abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('assets are compressed and cached for good; a missing asset is a 404', async () => {
    const br = await t.app.inject({ method: 'GET', url: `/${ASSET}`, headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(assetText);
    const gz = await t.app.inject({ method: 'GET', url: `/${ASSET}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(assetText);

    const missing = await t.app.inject({ method: 'GET', url: '/assets/index-000000.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('an asset compressed by the build is sent as its .br or .gz file, not compressed again', async () => {
    for (const [accept, encoding, bytes] of [['br, gzip', 'br', builtBr], ['gzip', 'gzip', builtGz]] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/${BUILT}`, headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
    const plain = await t.app.inject({ method: 'GET', url: `/${BUILT}` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(builtText);
  });

  it('API answers are compressed as well (brotli or gzip, at their own levels): the same JSON once decompressed', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/policies/current' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const [encoding, inflate] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/api/policies/current', headers: { 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.rawPayload.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(inflate(res.rawPayload).toString())).toEqual(JSON.parse(plain.body));
    }
  });

  it('a large API answer (an agenda week, ~240 kB) is compressed in one call, its length known, rather than streamed through zlib', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/__probe/large' });
    expect(plain.body.length).toBeGreaterThan(200_000);
    for (const [encoding, inflate] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/api/__probe/large', headers: { 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      // A streamed answer goes out chunked, without a length.
      expect(res.headers['transfer-encoding']).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(inflate(res.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('an answer of 64 kB or more is compressed at the fast levels (brotli 1, gzip 1), a smaller one at level 3 (lib/answer-compression.ts)', async () => {
    const text = { [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT };
    const at = { br: (body: string, q: number) => brotliCompressSync(body, { params: { ...text, [zlibConstants.BROTLI_PARAM_QUALITY]: q } }), gzip: (body: string, level: number) => gzipSync(body, { level, memLevel: 9 }) };
    for (const [url, level] of [['/api/__probe/large', 1], ['/api/policies/current', 3]] as const) {
      const plain = await t.app.inject({ method: 'GET', url });
      for (const encoding of ['br', 'gzip'] as const) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.rawPayload.equals(at[encoding](plain.body, level)), `${url} ${encoding}`).toBe(true);
      }
    }
  });
});

describe('GET /api/docs', () => {
  it('is refused to guests and to every role but DE', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const sa = await t.login('sa');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: sa.auth })).statusCode).toBe(403);
  });

  it('serves a signed-in DE the OpenAPI document generated from the route schemas', async () => {
    const de = await t.login('de');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs', headers: de.auth });
    expect([200, 302]).toContain(ui.statusCode);
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: de.auth });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/user', '/api/auth', '/api/auth/register', '/api/auth/access-token', '/api/auth/user/update', '/api/health']));
    // The action endpoint documents its body: the discriminated union on `action`.
    expect(JSON.stringify(doc.paths['/api/user'].post.requestBody)).toContain('"login"');
  });
});

describe('GET /api/health and /api/ready', () => {
  it('health answers while the process runs; ready is 503 when the database stops, 200 again when it is back', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ok', checks: { database: true, migrations: true, storage: true } });

    // Stop this app's database for real: refuse new connections and cut the app pool's ones.
    const admin = new pg.Client({ connectionString: t.adminUrl });
    await admin.connect();
    const db = admin.escapeIdentifier(t.dbName);
    try {
      await admin.query(`ALTER DATABASE ${db} ALLOW_CONNECTIONS false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [t.dbName]);
      const down = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        success: false,
        error: { code: 'database_unavailable', message: 'Service momentanément indisponible.', details: { checks: { database: false, migrations: false, storage: true } } },
      });
      // Liveness does not depend on the database: a load balancer must not restart every server.
      const alive = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(alive.statusCode).toBe(200);
      expect(alive.json()).toEqual({ status: 'ok' });
    } finally {
      await admin.query(`ALTER DATABASE ${db} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    const back = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(back.statusCode).toBe(200);
  });

  it('ready is 503 while a migration of this code base is not applied', async () => {
    await t.handle.pool.query('alter table drizzle.__drizzle_migrations rename to __drizzle_migrations_away');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({ code: 'not_ready', details: { checks: { database: true, migrations: false, storage: true } } });
    } finally {
      await t.handle.pool.query('alter table drizzle.__drizzle_migrations_away rename to __drizzle_migrations');
    }
  });
});

describe('logs', () => {
  it('hold no password, token, query string or clinical text', async () => {
    const signIn = await t.app.inject({ method: 'POST', url: '/api/user', payload: { action: 'login', Username: 'pa', Password: DEMO_PASSWORD } });
    const token = signIn.json().data.access_token as string;
    await t.app.inject({ method: 'POST', url: '/api/auth', payload: { email: 'pa@demo.wellbe.fr', password: 'Wrong-Secret-42!' } });
    await t.app.inject({ method: 'GET', url: '/api/auth/access-token', headers: { authorization: `Bearer ${token}` } });
    await t.app.inject({ method: 'GET', url: '/reset-password?token=single-use-link-token-123' });
    await t.app.inject({ method: 'POST', url: '/api/user', headers: { 'content-type': 'application/json' }, payload: `{"Password": "${DEMO_PASSWORD}"` });

    // A value PostgreSQL cannot read (22P02) is the input's fault: a French 400 (lib/pg-errors.ts),
    // still logged with its code so that the schema that let it through gets fixed.
    const failed = await t.app.inject({ method: 'POST', url: '/api/__probe/failing-query' });
    expect(failed.statusCode).toBe(400);
    expect(failed.json()).toEqual({ success: false, error: { code: 'invalid_value', message: 'Une valeur envoyée n’a pas un format valide.' } });
    expect(failed.body).not.toContain('select');

    const logged = logLines.join('\n');
    expect(logged).toContain('22P02'); // the failure is logged: PostgreSQL's code, not the value
    expect(logged).toContain('/api/user'); // the logger is on and sees these requests
    expect(logged).toContain('/reset-password');
    for (const secret of [CLINICAL, 'Lombalgie', DEMO_PASSWORD, 'Wrong-Secret-42!', token, token.split('.')[2], 'single-use-link-token-123']) {
      expect(logged).not.toContain(secret);
    }
  });

  it('hold the failures, the slow requests and the sample only (LOG_SAMPLE_RATE, LOG_SLOW_MS)', async () => {
    const policy = t.app.ctx.config.requestLog;
    const requestLines = async () => {
      logLines.length = 0;
      await t.app.inject({ method: 'GET', url: '/api/health' });
      await t.app.inject({ method: 'GET', url: '/api/nowhere' });
      await t.app.inject({ method: 'POST', url: '/api/__probe/internal-failure' });
      return logLines.map((line) => JSON.parse(line)).filter((line) => line.req);
    };
    try {
      // No sample, nothing slow: the failure alone, with what an operator needs to find it.
      Object.assign(policy, { sampleRate: 0, slowMs: 600_000 });
      expect(await requestLines()).toEqual([
        expect.objectContaining({ level: 50, msg: 'requête en échec', req: expect.objectContaining({ method: 'POST', url: '/api/__probe/internal-failure' }), res: { statusCode: 500 }, responseTime: expect.any(Number) }),
      ]);
      // A threshold of 0 makes every answer slow: each request once, the failure still an error.
      Object.assign(policy, { sampleRate: 0, slowMs: 0 });
      expect((await requestLines()).map((line) => [line.msg, line.req.url, line.res.statusCode])).toEqual([
        ['requête lente', '/api/health', 200],
        ['requête lente', '/api/nowhere', 404],
        ['requête en échec', '/api/__probe/internal-failure', 500],
      ]);
    } finally {
      Object.assign(policy, { sampleRate: 1, slowMs: 600_000 });
    }
  });
});
