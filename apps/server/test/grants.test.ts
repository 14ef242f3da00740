import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayGrantRole } from '@wellbe/shared/grants';
import { can } from '@wellbe/shared/permissions';
import { ROLES, type Role } from '@wellbe/shared/roles';
import { auditEvents, users } from '../src/db/tables.ts';
import { createTestApp, type Session, type TestApp } from './helpers.ts';

// The grant matrix: every (granter role × granted role) pair, through the API, against the table of
// packages/shared/src/grants.ts. Creating an account with the role, promoting an account to it, and
// deactivating an account holding it; each refusal is a 403 and a 'denied' row of the journal.
// A Patient account is made only by 'Inviter le patient' (400 here, for whoever may write users).

let t: TestApp;
const sessions = new Map<Role, Session>();

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) sessions.set(role, await t.login(role.toLowerCase()));
});
afterAll(async () => {
  await t.close();
});

async function session(role: Role): Promise<Session> {
  return sessions.get(role)!;
}

/** An account of `role` in Cabinet Démo, written directly: the target of one probe. */
async function target(role: Role): Promise<string> {
  const n = randomUUID().slice(0, 8);
  const [row] = await t.ctx.db
    .insert(users)
    .values({ organizationId: sessions.get('PA')!.idOrganization, username: `cible${n}`, email: `cible.${n}@exemple.fr`, role, firstName: 'Cible', lastName: n, displayName: `Cible ${n}` })
    .returning({ id: users.id });
  return row.id;
}

async function denials(granter: Session, action: string, recordId?: string) {
  const rows = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.userId, granter.id), eq(auditEvents.action, action), eq(auditEvents.outcome, 'denied')));
  return rows.filter((r) => recordId === undefined || r.recordId === recordId);
}

function expectedGrant(granter: Role, role: Role): number {
  if (!can(granter, 'userWrite')) return 403;
  if (role === 'PT') return 400;
  return mayGrantRole(granter, role) ? 201 : 403;
}

describe('grant matrix (SPEC §6 read with common sense)', () => {
  it('creates an account of each role only as the grant table says, journalling each refusal', async () => {
    const mismatches: string[] = [];
    for (const granter of ROLES) {
      const s = await session(granter);
      for (const role of ROLES) {
        const n = randomUUID().slice(0, 8);
        const before = (await denials(s, 'user.create')).length;
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/users',
          headers: s.auth,
          payload: { firstName: 'Essai', lastName: n, username: `essai${n}`, email: `essai.${n}@exemple.fr`, role },
        });
        const want = expectedGrant(granter, role);
        if (res.statusCode !== want) mismatches.push(`${granter} creates ${role}: ${res.statusCode}, expected ${want}`);
        const journalled = (await denials(s, 'user.create')).length - before;
        if (want === 403 && can(granter, 'userWrite') && journalled !== 1) mismatches.push(`${granter} creates ${role}: refusal not journalled`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 180_000);

  it('gives an existing account each role only as the grant table says', async () => {
    const mismatches: string[] = [];
    for (const granter of ROLES) {
      const s = await session(granter);
      for (const role of ROLES) {
        const id = await target('US');
        const res = await t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: s.auth, payload: { role } });
        let want: number;
        if (!can(granter, 'userWrite')) want = 403;
        else if (role === 'US') want = 200;
        else if (role === 'PT') want = 400;
        else want = mayGrantRole(granter, 'US') && mayGrantRole(granter, role) ? 200 : 403;
        if (res.statusCode !== want) mismatches.push(`${granter} gives ${role}: ${res.statusCode}, expected ${want}`);
        const [row] = await t.ctx.db.select({ role: users.role }).from(users).where(eq(users.id, id));
        if (row.role !== (want === 200 ? role : 'US')) mismatches.push(`${granter} gives ${role}: stored ${row.role}`);
        if (want === 403 && can(granter, 'userWrite') && (await denials(s, 'user.update', id)).length !== 1) mismatches.push(`${granter} gives ${role}: refusal not journalled`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 180_000);

  it('deactivates an account holding each role only as the grant table says', async () => {
    const mismatches: string[] = [];
    for (const granter of ROLES) {
      const s = await session(granter);
      for (const role of ROLES) {
        const id = await target(role);
        const res = await t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: s.auth, payload: { active: false } });
        const want = can(granter, 'userWrite') && mayGrantRole(granter, role) ? 200 : 403;
        if (res.statusCode !== want) mismatches.push(`${granter} deactivates ${role}: ${res.statusCode}, expected ${want}`);
        const [row] = await t.ctx.db.select({ active: users.active }).from(users).where(eq(users.id, id));
        if (row.active !== (want !== 200)) mismatches.push(`${granter} deactivates ${role}: active is ${row.active}`);
        if (want === 403 && can(granter, 'userWrite') && (await denials(s, 'user.deactivate', id)).length !== 1) mismatches.push(`${granter} deactivates ${role}: refusal not journalled`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 180_000);

  it('lets nobody change their own role or deactivate themselves', async () => {
    for (const granter of ROLES.filter((r) => can(r, 'userWrite'))) {
      const s = await session(granter);
      expect((await t.app.inject({ method: 'PATCH', url: `/api/users/${s.id}`, headers: s.auth, payload: { role: 'US' } })).statusCode, granter).toBe(403);
      expect((await t.app.inject({ method: 'PATCH', url: `/api/users/${s.id}`, headers: s.auth, payload: { active: false } })).statusCode, granter).toBe(403);
    }
  });
});
