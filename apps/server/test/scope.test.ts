import { AsyncLocalStorage } from 'node:async_hooks';
import { fingerprintSync, loadModule } from 'libpg-query';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPlatformRole, ROLES } from '@wellbe/shared/roles';
import { createTestApp, type Session, type TestApp } from './helpers.ts';
import { CONVERTED_BY_ANOTHER_BRANCH, PLATFORM_WIDE } from './scope.allowlist.ts';
import { probesOf, SCHEMA_TABLES, type Probe } from './scope.probes.ts';
import { analyse } from './scope.sql.ts';

// The scope applies itself (docs/scope.md): every statement the server sends to PostgreSQL about an
// organisation-owned table carries the caller's organisation. Not a review rule but a measurement:
// the pg client of the test app is wrapped, the callers of one organisation (every non-platform
// role of Cabinet Démo, B) walk every read of the API — each GET of /api/docs/json with B's own ids,
// and the SPEC §7 actions that read — and each statement is parsed by PostgreSQL's own parser
// (libpg-query). Wherever a statement reads a table with an `organization_id` column (read from the
// Drizzle schema, not a hand list), that level of the statement must bind B's organisation id as a
// parameter or be correlated to an outer level that does (scope.sql.ts): OrgScope
// (orgFilter/orgWhere) and patientFilter always bind it, so a query that forgot its scope has none.
// Statements keyed by the caller's own user id (their sign-in, their notes…) reach one account of
// one organisation and are not organisation-wide. Nothing of the other organisation (A, Centre
// Santé Nord) may appear in B's answers either.

const ORGANISATION_COLUMN = 'organization_id';

/** Table name → whether it is organisation-owned, from the Drizzle schema. */
const ORG_OWNED = new Set(SCHEMA_TABLES.filter((c) => c.columns.includes(ORGANISATION_COLUMN)).map((c) => c.name));

interface Statement {
  text: string;
  values: unknown[];
}
const capture = new AsyncLocalStorage<Statement[]>();

// Every statement goes through pg.Client#query (the pool's query, Drizzle's, pg-cursor's): record
// those issued while a probe's request is being answered.
const clientQuery = pg.Client.prototype.query;
function wrapClient() {
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const into = capture.getStore();
    if (into) {
      // query(text, values), query({ text, values }) or, as Drizzle sends them, query({ text }, values).
      const [first, second] = args as [unknown, unknown];
      const config = typeof first === 'string' ? { text: first } : (first as { text?: string; values?: unknown });
      const values = config?.values ?? second;
      if (config?.text) into.push({ text: config.text, values: Array.isArray(values) ? values : [] });
    }
    return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof clientQuery;
}

let t: TestApp;
const sessions = new Map<string, Session>();
let organisationB: string;
let secretsA: string[];

const CALLERS = [...ROLES.filter((role) => !isPlatformRole(role)).map((role) => role.toLowerCase()), 'di'];

beforeAll(async () => {
  await loadModule();
  wrapClient();
  t = await createTestApp();
  for (const name of CALLERS) sessions.set(name, await t.login(name));
  organisationB = sessions.get('pr')!.idOrganization!;
  // What of A must never reach B: its name, its patients' names and contacts, its users' names and addresses, its ids.
  const a = await t.handle.pool.query<{ v: string }>(
    `select v from (select o.id::text as v from organisations o where o.id <> $1
                    union all select name from organisations where id <> $1
                    union all select unnest(array[p.id::text, p.full_name, p.email]) from patients p where p.organization_id <> $1
                    union all select unnest(array[u.id::text, u.email, u.username]) from users u where u.organization_id is not null and u.organization_id <> $1) s
      where v is not null and length(v) >= 5`,
    [organisationB],
  );
  secretsA = a.rows.map((r) => r.v);
  expect(secretsA.length).toBeGreaterThan(5);
}, 120_000);

afterAll(async () => {
  pg.Client.prototype.query = clientQuery;
  await t?.close();
});

async function send(caller: string, probe: Probe) {
  const go = () =>
    t.app.inject({
      method: probe.method as 'GET',
      url: probe.url,
      headers: sessions.get(caller)!.auth,
      ...(probe.body ? { payload: probe.body } : {}),
    });
  let res = await go();
  if (res.statusCode === 401) {
    sessions.set(caller, await t.login(caller));
    res = await go();
  }
  return res;
}

describe('organisation scope of every statement', () => {
  it('binds the caller’s organisation in every statement about an organisation-owned table, and answers nothing of another organisation', async () => {
    expect(ORG_OWNED.has('patients') && ORG_OWNED.has('consultations') && !ORG_OWNED.has('organisations')).toBe(true);
    const docRes = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: (await t.login('de')).auth });
    expect(docRes.statusCode).toBe(200);
    const probes = await probesOf(t, docRes.json(), organisationB, sessions);

    const unscoped = new Map<string, string>();
    const seenAllowed = new Set<string>();
    const leaks: string[] = [];
    let statements = 0;
    let owned = 0;
    for (const caller of CALLERS) {
      const self = sessions.get(caller)!;
      for (const probe of probes(caller)) {
        const captured: Statement[] = [];
        const res = await capture.run(captured, () => send(caller, probe));
        const leaked = secretsA.filter((s) => res.body.includes(s));
        if (leaked.length) leaks.push(`${probe.label} as ${caller}: ${leaked.slice(0, 3).join(', ')}`);
        for (const s of captured) {
          statements++;
          let verdict: ReturnType<typeof analyse>;
          try {
            verdict = analyse(s.text, s.values, (table) => ORG_OWNED.has(table), [organisationB, self.id]);
          } catch {
            unscoped.set(`unparsed ${s.text.slice(0, 80)}`, `${probe.label} as ${caller}: PostgreSQL's parser refused it`);
            continue;
          }
          if (verdict.named.length === 0) continue;
          owned++;
          if (verdict.unscoped.length === 0) continue;
          const fingerprint = fingerprintSync(s.text);
          if (CONVERTED_BY_ANOTHER_BRANCH[fingerprint] || PLATFORM_WIDE[fingerprint]) {
            seenAllowed.add(fingerprint);
            continue;
          }
          if (!unscoped.has(fingerprint)) unscoped.set(fingerprint, `${probe.label} as ${caller}: [${verdict.unscoped.join(', ')}] ${s.text.replace(/\s+/g, ' ').slice(0, 300)}`);
        }
      }
    }
    console.info(`scope: ${probes('pr').length} probes a caller, ${statements} statements, ${owned} about organisation-owned tables, ${unscoped.size} unscoped, ${seenAllowed.size} allowed`);
    // The walk reaches the data: statements about organisation-owned tables are the bulk of it.
    expect(owned).toBeGreaterThan(500);
    expect([...unscoped].map(([fingerprint, where]) => `${fingerprint} ${where}`)).toEqual([]);
    expect(leaks).toEqual([]);
    // An allowlist entry no walk needs any more is removed with the branch that converted it.
    expect(Object.keys({ ...CONVERTED_BY_ANOTHER_BRANCH, ...PLATFORM_WIDE }).filter((f) => !seenAllowed.has(f))).toEqual([]);
  }, 600_000);
});
