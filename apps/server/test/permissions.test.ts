import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_GROUPS, PERMISSIONS, type Access } from '@wellbe/shared/permissions';
import { ROLES, type Role } from '@wellbe/shared/roles';
import { auditEvents, organisations } from '../src/db/tables.ts';
import { createTestApp, type Session, type TestApp } from './helpers.ts';

// Authorisation is a hook driven by packages/shared. One probe route per permission group
// (registered by the test only), then for each group one allowed and one denied role.

const probe = (access: Access) => `/api/__probe/${access}`;

let t: TestApp;
const sessions = {} as Record<Role, Session>;
beforeAll(async () => {
  t = await createTestApp({
    routes: (app) => {
      for (const access of [...PERMISSION_GROUPS, 'open', 'guest', 'authenticated'] as Access[]) {
        app.get(probe(access), { config: { access } }, async (request) => ({ success: true, role: request.user?.role ?? null }));
      }
      app.get('/api/__probe/patient-data', { config: { access: 'dps', patientData: true } }, async () => ({ success: true }));
    },
  });
  for (const role of ROLES) sessions[role] = await t.login(role.toLowerCase());
});
afterAll(async () => {
  await t.close();
});

function call(access: Access, role: Role | null) {
  return t.app.inject({ method: 'GET', url: probe(access), headers: role ? sessions[role].auth : {} });
}

describe('each permission group of SPEC §6: one allowed and one denied role', () => {
  for (const group of PERMISSION_GROUPS) {
    const members = PERMISSIONS[group] as readonly Role[];
    const outsider = ROLES.find((r) => !members.includes(r));

    if (group === 'guestOnly') {
      it('guestOnly: a guest passes, any signed-in role is refused', async () => {
        expect((await call(group, null)).statusCode).toBe(200);
        const res = await call(group, 'SA');
        expect(res.statusCode).toBe(403);
      });
      continue;
    }

    it(`${group}: ${members[members.length - 1]} allowed, ${outsider ?? 'a guest'} denied`, async () => {
      const allowed = await call(group, members[members.length - 1]);
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json().role).toBe(members[members.length - 1]);
      if (outsider) {
        const denied = await call(group, outsider);
        expect(denied.statusCode).toBe(403);
        expect(denied.json()).toEqual({ success: false, error: { code: 'forbidden', message: 'Accès refusé.' } });
      }
      // A guest is never in a group.
      const guest = await call(group, null);
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toEqual({ success: false, error: { code: 'unauthorized', message: 'Authentification requise.' } });
    });
  }

  it('every role in a group passes, every other role is refused (dps, the patient records)', async () => {
    for (const role of ROLES) {
      const res = await call('dps', role);
      expect(res.statusCode, role).toBe((PERMISSIONS.dps as readonly Role[]).includes(role) ? 200 : 403);
    }
  });

  it('open routes take anyone, guest routes only guests, authenticated routes any role', async () => {
    expect((await call('open', null)).statusCode).toBe(200);
    expect((await call('open', 'PT')).statusCode).toBe(200);
    expect((await call('guest', null)).statusCode).toBe(200);
    expect((await call('guest', 'US')).statusCode).toBe(403);
    expect((await call('authenticated', null)).statusCode).toBe(401);
    expect((await call('authenticated', 'RE')).statusCode).toBe(200);
  });
});

describe('routes must declare their access', () => {
  it('an /api route without config.access stops the start', async () => {
    await expect(
      createTestApp({
        routes: (app) => {
          app.get('/api/__probe/undeclared', async () => ({ success: true }));
        },
      }),
    ).rejects.toThrow(/ne déclare pas son accès/);
  });
});

describe('ids in a body are checked against the token', () => {
  const read = (s: Session, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/user', headers: s.auth, payload: { action: 'read', ...body } });

  it('POST /api/user read with another user’s Iduser: 403', async () => {
    const res = await read(sessions.PR, { Iduser: sessions.PA.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'identity_mismatch', message: 'Les identifiants envoyés ne correspondent pas à votre session.' },
    });
  });

  it('POST /api/user read with another organisation’s idOrganization: 403; its own: 200', async () => {
    const [nord] = await t.ctx.db.select().from(organisations).where(eq(organisations.name, 'Centre Santé Nord'));
    const res = await read(sessions.PR, { Iduser: sessions.PR.id, idOrganization: nord.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('identity_mismatch');

    const own = await read(sessions.PR, { Iduser: sessions.PR.id, idOrganization: sessions.PR.idOrganization });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ success: true, data: { idUser: sessions.PR.id, idRole: 'PR', idOrganization: sessions.PR.idOrganization } });
  });
});

describe('audit of patient data', () => {
  const lastAudit = async (userId: string) =>
    (await t.ctx.db.select().from(auditEvents).where(eq(auditEvents.userId, userId)).orderBy(desc(auditEvents.id)).limit(1))[0];

  it('a patient list (POST /api/patient list) writes a success row: who, action, when, IP, outcome', async () => {
    const pr = sessions.PR;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patient',
      headers: pr.auth,
      remoteAddress: '192.0.2.10',
      payload: { action: 'list', Iduser: pr.id, idOrganization: pr.idOrganization },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThan(0);
    const row = await lastAudit(pr.id);
    expect(row).toMatchObject({ userId: pr.id, role: 'PR', organizationId: pr.idOrganization, outcome: 'success', ip: '192.0.2.10', recordType: 'patient' });
    expect(row.action).toMatch(/list/);
    expect(Math.abs(row.at.getTime() - t.clock.now())).toBeLessThan(1000);
    // Never a name, a phone or a token in the journal.
    const text = JSON.stringify(row);
    expect(text).not.toMatch(/Bernard|06 45|eyJ/);
  });

  it('a refused patient list (US role) writes a denied row', async () => {
    const us = sessions.US;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patient',
      headers: us.auth,
      payload: { action: 'list', Iduser: us.id, idOrganization: us.idOrganization },
    });
    expect(res.statusCode).toBe(403);
    const row = await lastAudit(us.id);
    expect(row).toMatchObject({ userId: us.id, role: 'US', outcome: 'denied' });
    expect(row.action).toMatch(/patient/);
  });

  it('a refused call on any route flagged patientData writes a denied row; an allowed one on a plain route writes none', async () => {
    const rh = sessions.RH;
    const res = await t.app.inject({ method: 'GET', url: '/api/__probe/patient-data', headers: rh.auth });
    expect(res.statusCode).toBe(403);
    const rows = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, rh.id), eq(auditEvents.outcome, 'denied')));
    expect(rows).toHaveLength(1);
    expect(rows[0].action).toBe('GET /api/__probe/patient-data');

    const before = (await t.ctx.db.select().from(auditEvents).where(eq(auditEvents.userId, sessions.DE.id))).length;
    await call('agenda', 'DE');
    const after = (await t.ctx.db.select().from(auditEvents).where(eq(auditEvents.userId, sessions.DE.id))).length;
    expect(after).toBe(before);
  });
});
