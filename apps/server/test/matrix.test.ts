import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allows, type Access } from '@wellbe/shared/permissions';
import { ROLES, type Role } from '@wellbe/shared/roles';
import type { CatalogRoute } from '../src/modules/admin/route-catalog.ts';
import { createTestApp, type Session, type TestApp } from './helpers.ts';
import { NARROWER } from './narrower.ts';

// Every REST and action route of the product, as each of the ten demo roles, as pr2 of
// the other organisation and without a token, against the SPEC §6 table of packages/shared.
// Routes come from the app's route catalog: a route added by any module is walked automatically.
// Allowed → neither 401 nor 403 (ids are random and bodies empty: 400 or 404 are expected);
// denied → 403; no token → 401. Open routes have no rule to check (SPEC §6).

interface Caller {
  name: string;
  role: Role | null;
}

const CALLERS: Caller[] = [...ROLES.map((role) => ({ name: role.toLowerCase(), role })), { name: 'pr2', role: 'PR' as Role }, { name: 'anonyme', role: null }];

let t: TestApp;
const sessions = new Map<string, Session>();

beforeAll(async () => {
  t = await createTestApp();
  for (const c of CALLERS) if (c.role) sessions.set(c.name, await t.login(c.name));
});
afterAll(async () => {
  await t.close();
});

type Expectation = 'allowed' | 'denied' | 'unauthenticated' | 'free';

function expected(access: Access, role: Role | null, label?: string): Expectation {
  if (label && role && NARROWER[label]?.[role]) return 'denied';
  if (access === 'open') return 'free';
  if (access === 'guest' || access === 'guestOnly') return role ? 'denied' : 'allowed';
  if (!role) return 'unauthenticated';
  return allows(access, role) ? 'allowed' : 'denied';
}

function matches(expectation: Expectation, status: number): boolean {
  if (expectation === 'allowed') return status !== 401 && status !== 403;
  if (expectation === 'denied') return status === 403;
  if (expectation === 'unauthenticated') return status === 401;
  return true;
}

/** A concrete URL: every parameter gets a random id nobody owns. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z0-9_]+\??/g, () => randomUUID());
}

interface Probe {
  label: string;
  method: string;
  url: string;
  access: Access;
  body?: Record<string, unknown>;
}

function probes(catalog: CatalogRoute[]): Probe[] {
  const list: Probe[] = [];
  for (const route of catalog) {
    if (route.url.includes('*') || route.url.startsWith('/api/docs')) continue;
    if (route.actions) {
      for (const [name, access] of Object.entries(route.actions)) {
        list.push({ label: `${route.method} ${route.url} action ${name}`, method: route.method, url: route.url, access, body: { action: name } });
      }
      continue;
    }
    const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
    list.push({ label: `${route.method} ${route.url}`, method: route.method, url: concrete(route.url), access: route.access, ...(withBody ? { body: {} } : {}) });
  }
  return list;
}

async function call(probe: Probe, caller: Caller) {
  const send = () =>
    t.app.inject({
      method: probe.method as 'GET',
      url: probe.url,
      headers: caller.role ? sessions.get(caller.name)!.auth : {},
      ...(probe.body ? { payload: probe.body } : {}),
    });
  let res = await send();
  // A route that ends sessions (sign-out, password change) must not fail the routes after it:
  // a 401 of a signed-in caller is retried once with a fresh session.
  if (res.statusCode === 401 && caller.role) {
    sessions.set(caller.name, await t.login(caller.name));
    res = await send();
  }
  return res;
}

describe('route matrix (SPEC §6)', () => {
  it('walks the routes of every module', () => {
    const urls = new Set(t.app.routeCatalog.map((r) => r.url));
    for (const url of ['/api/user', '/api/Job_specialist', '/api/users', '/api/organisations', '/api/admin/journal', '/api/patient']) {
      expect(urls.has(url), url).toBe(true);
    }
  });

  it('answers every role as the permission table says: 0 mismatches', async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const probe of probes(t.app.routeCatalog)) {
      for (const caller of CALLERS) {
        const expectation = expected(probe.access, caller.role, probe.label);
        if (expectation === 'free') continue;
        const res = await call(probe, caller);
        checked++;
        if (!matches(expectation, res.statusCode)) {
          mismatches.push(`${probe.label} [${probe.access}] as ${caller.name}: ${res.statusCode}, expected ${expectation}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(mismatches).toEqual([]);
    // Every route as twelve callers: on a busy machine this takes longer than one test’s default.
  }, 180_000);
});
