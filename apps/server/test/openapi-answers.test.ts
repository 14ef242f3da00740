import SwaggerParser from '@apidevtools/swagger-parser';
import fc from 'fast-check';
import { allows } from '@wellbe/shared/permissions';
import type { Role } from '@wellbe/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from './helpers.ts';
import { callsOf, hash, openApiDocument, operationsOf, send, urlOf, type OpenApiDocument, type WalkedOperation } from './openapi-walk.ts';

// The API document is a contract a client can be generated from: it is valid OpenAPI (checked by
// an independent validator), says which operations need a bearer token, and every operation
// declares its answers. Each operation is then called once with valid inputs, as a user its access
// allows, and its answer is checked against the schema it declares (plugins/openapi.ts checks
// every answer of every API test the same way: createTestApp's checkResponses).

/** Generous: a call on a loaded 2-core CI machine answers in milliseconds; 15 s is a hang. */
const HANG_MS = 15_000;
const SKIPPED: Record<string, string> = { 'GET /api/ws': 'WebSocket upgrade, not a request/answer call' };
/** Who calls an operation: the first of these its access allows (DE reaches the most). */
const CALLERS: [string, Role][] = [
  ['de', 'DE'],
  ['sa', 'SA'],
  ['pa', 'PA'],
  ['pr', 'PR'],
  ['pt', 'PT'],
  ['us', 'US'],
];

let t: TestApp;
let doc: OpenApiDocument;
let operations: WalkedOperation[];
const sessions: Record<string, Session> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const [user] of CALLERS) sessions[user] = await t.login(user);
  doc = await openApiDocument(t, sessions.de.auth);
  operations = operationsOf(doc).filter(({ key }) => !SKIPPED[key]);
});
afterAll(() => t?.close());

function accessOf({ method, path }: WalkedOperation) {
  const url = path.replace(/\{([^}]+)\}/g, ':$1');
  return t.app.routeCatalog.find((r) => r.method === method.toUpperCase() && r.url === url)?.access;
}

// A browser navigation (the start and the return of a sign-in by identity provider) succeeds with its redirect.
const successOf = (op: WalkedOperation['op']) => Object.entries(op.responses ?? {}).filter(([code]) => /^[23]/.test(code));

describe('the API document', () => {
  it('is valid OpenAPI for an independent validator', async () => {
    expect(doc.openapi).toMatch(/^3\.0\./);
    // The validator dereferences in place: it gets its own copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('declares bearer tokens, on every operation that needs a signed-in caller, and no body on a GET', () => {
    expect(doc.components?.securitySchemes).toEqual({ bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } });
    const wrong = operations.filter((o) => {
      const access = accessOf(o);
      const needsUser = access !== 'open' && access !== 'guest' && access !== 'guestOnly';
      return needsUser !== Boolean(o.op.security?.some((s) => 'bearerAuth' in s));
    });
    expect(wrong.map((o) => o.key)).toEqual([]);
    expect(operations.find((o) => o.key === 'GET /api/patients')?.op.security).toEqual([{ bearerAuth: [] }]);
    expect(operations.filter((o) => o.method === 'get' && o.op.requestBody).map((o) => o.key)).toEqual([]);
  });

  it('declares the success answers and the one error shape of every operation', () => {
    const withoutSuccess = operations.filter((o) => successOf(o.op).length === 0).map((o) => o.key);
    expect(withoutSuccess).toEqual([]);
    const withoutError = operations.filter((o) => !o.op.responses?.['4XX']?.content?.['application/json']).map((o) => o.key);
    expect(withoutError).toEqual([]);
  });
});

describe('every operation, called once with valid inputs', () => {
  it('answers what its schema declares', async () => {
    const uncalled: string[] = [];
    const unchecked: string[] = [];
    const statuses: Record<string, number> = {};
    for (const o of operations) {
      const access = accessOf(o);
      const caller = CALLERS.find(([, role]) => access && allows(access, role));
      const guest = access === 'guest' || access === 'guestOnly' || access === 'open';
      if (!caller && !guest) {
        uncalled.push(`${o.key} (accès ${access})`);
        continue;
      }
      const [call] = fc.sample(callsOf(o.op, false), { seed: hash(o.key) | 0, numRuns: 1 });
      const headers = caller && access !== 'open' ? sessions[caller[0]].auth : {};
      const res = await send(t, headers, o.method, urlOf(o.path, call), call.body, HANG_MS);
      statuses[o.key] = res.statusCode;
      // A declared status (or its class) means the serializer checked the answer against it.
      const declared = o.op.responses ?? {};
      if (!declared[String(res.statusCode)] && !declared[`${String(res.statusCode)[0]}XX`]) unchecked.push(`${o.key} → ${res.statusCode}`);
      if (res.statusCode === 401 && caller) sessions[caller[0]] = await t.login(caller[0]);
    }
    const reached = Object.values(statuses).filter((s) => s < 300).length;
    console.info(`openapi answers: ${operations.length} operations, ${reached} answered 2xx; the others a declared error`);
    expect(uncalled).toEqual([]);
    expect(unchecked).toEqual([]);
    expect([...new Set(t.app.responseMismatches)]).toEqual([]);
  }, 120_000);
});
