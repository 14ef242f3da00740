import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from './helpers.ts';
import { callsOf, hash, openApiDocument, operationsOf, send, urlOf } from './openapi-walk.ts';

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

/**
 * Operations not fuzzed, each with its reason. Anything else is called.
 * - The WebSocket's upgrade is no HTTP call (its messages are validated by the realtime hub's schemas).
 */
const SKIPPED: Record<string, string> = {
  'GET /api/ws': 'WebSocket upgrade, not a request/answer call',
};

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
    const operations = operationsOf(await openApiDocument(t, sessions.de.auth));
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
            const res = await send(t, sessions[user].auth, method, urlOf(path, call), call.body, HANG_MS);
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
