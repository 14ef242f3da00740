import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from './helpers.ts';
import { mixedOf, validOf, type JsonSchema } from './schema-arbitrary.ts';

// The property every route must hold, whoever calls it with whatever input: no 5xx and no hang.
// The test walks the server's own OpenAPI document (/api/docs/json), so a new route is fuzzed
// without being listed, and sends each operation generated inputs (see schema-arbitrary.ts) as a
// practitioner (pr) and as a patient (pt). Deterministic: the seed of each operation derives from
// FUZZ_SEED and the operation's name, so a failure printed here reproduces with the same seed
// (FUZZ_SEED=<n> npx vitest run apps/server/test/openapi-fuzz.test.ts; FUZZ_RUNS to try more inputs).

const SEED = Number(process.env.FUZZ_SEED ?? 20_291);
const RUNS = Number(process.env.FUZZ_RUNS ?? 16);
/** Generous: a call on a loaded 2-core CI machine answers in milliseconds; 15 s is a hang. */
const HANG_MS = 15_000;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * Operations not fuzzed, each with its reason. Anything else is called.
 * - The WebSocket's upgrade is no HTTP call (its messages are validated by the realtime hub's schemas).
 */
const SKIPPED: Record<string, string> = {
  'GET /api/ws': 'WebSocket upgrade, not a request/answer call',
};

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface Call {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
}

let t: TestApp;
const sessions: Record<string, Session> = {};

/** What the error handler's net under the schemas caught (lib/pg-errors.ts): a rule a schema lacks. */
const netCaught: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    logStream: {
      write: (line) => {
        if (line.includes('valeur refusée par la base')) netCaught.push(line.slice(0, 600));
      },
    },
  });
  for (const user of ['pr', 'pt', 'de']) sessions[user] = await t.login(user);
});
afterAll(() => t?.close());

function hash(text: string): number {
  let h = 2_166_136_261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16_777_619);
  return h >>> 0;
}

const asText = (v: unknown) => (typeof v === 'string' ? v : v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));

function objectSchema(params: Parameter[]): JsonSchema {
  return { type: 'object', properties: Object.fromEntries(params.map((p) => [p.name, p.schema ?? { type: 'string' }])), required: params.filter((p) => p.required).map((p) => p.name) };
}

/** The inputs of one operation: path parameters, query string and JSON body, each mixed valid and invalid. */
function callsOf(op: Operation): fc.Arbitrary<Call> {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  // A path parameter is always present (it is part of the URL), valid or not.
  const path = pathParams.length ? fc.record(Object.fromEntries(pathParams.map((p) => [p.name, mixedOf(p.schema ?? { type: 'string' })]))) : fc.constant({});
  // Half the inputs are valid as far as the schema says, so that calls reach the services and the database.
  const either = (s: JsonSchema) => fc.oneof(validOf(s), mixedOf(s));
  const query = queryParams.length ? either(objectSchema(queryParams)) : fc.constant({});
  const json = op.requestBody?.content?.['application/json']?.schema;
  const body = json ? either(json) : fc.constant(undefined);
  return fc.record({ path, query, body }).map((c) => ({ path: c.path as Record<string, unknown>, query: (c.query ?? {}) as Record<string, unknown>, body: c.body }));
}

function urlOf(template: string, call: Call): string {
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(asText(call.path[name] ?? '')) || 'x');
  const query = new URLSearchParams();
  if (call.query && typeof call.query === 'object') {
    for (const [k, v] of Object.entries(call.query)) if (v !== undefined) query.append(k, asText(v));
  }
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

let sent = 0;

async function send(user: string, method: string, url: string, body: unknown): Promise<LightMyRequestResponse> {
  // The fuzzer's sign-in attempts with made-up credentials come from addresses of their own
  // (TEST-NET-2), so the sign-in throttling they trigger never locks out the test's own re-sign-in.
  sent++;
  const request = t.app.inject({
    method: method.toUpperCase() as 'GET',
    url,
    remoteAddress: `198.51.100.${(sent % 250) + 1}`,
    headers: { ...sessions[user].auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${HANG_MS / 1000} s`)), HANG_MS);
  });
  try {
    return await Promise.race([request, hang]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Some calls end the session they were sent with (logout, revoking sessions, a password change):
 * the next call then answers 401. The user signs in again, so every later operation still runs
 * as that user rather than as nobody.
 */
async function stillSignedIn(user: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/chat/unread', headers: sessions[user].auth });
  if (res.statusCode === 401) sessions[user] = await t.login(user);
}

describe('every operation of the OpenAPI document, with generated inputs', () => {
  it('never answers 5xx nor hangs, as a practitioner or as a patient', async () => {
    const docRes = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: sessions.de.auth });
    expect(docRes.statusCode).toBe(200);
    const doc = docRes.json() as { paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>> };
    const operations = Object.entries(doc.paths)
      .flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((m) => ({ key: `${m.toUpperCase()} ${path}`, path, method: m, op: item[m]! })))
      .sort((a, b) => a.key.localeCompare(b.key));
    expect(operations.length).toBeGreaterThan(150);

    const failures: string[] = [];
    let calls = 0;
    const statuses = new Map<number, number>();
    for (const { key, path, method, op } of operations) {
      if (SKIPPED[key]) continue;
      for (const user of ['pr', 'pt']) {
        const seed = (SEED ^ hash(`${key} ${user}`)) | 0;
        const details = await fc.check(
          fc.asyncProperty(callsOf(op), async (call) => {
            calls++;
            const res = await send(user, method, urlOf(path, call), call.body);
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (res.statusCode === 401) await stillSignedIn(user);
            if (res.statusCode >= 500) throw new Error(`HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
          }),
          { seed, numRuns: RUNS, endOnFailure: true },
        );
        if (details.failed) {
          const [call] = details.counterexample ?? [];
          const shown = call ? { url: urlOf(path, call), body: call.body } : null;
          failures.push(`${key} as ${user} (seed ${seed}): ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n    input: ${JSON.stringify(shown)?.slice(0, 600)}`);
        }
        await stillSignedIn(user);
      }
    }
    // What the run reached (how many calls got past validation to the services), for whoever reads the log.
    console.info(`openapi fuzz: ${operations.length} operations, ${calls} calls, answers ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    expect(calls).toBeGreaterThan(operations.length);
    expect(failures, failures.join('\n')).toEqual([]);
    // The schemas refuse bad input at the edge; the net under them (a 4xx from a database error) is
    // for the rule a future schema forgets, and none of today's may need it.
    expect(netCaught, netCaught.slice(0, 10).join('\n')).toEqual([]);
  }, 170_000 * Math.max(1, RUNS / 16)); // well under 3 minutes at the default 16 runs
});
