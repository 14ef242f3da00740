import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localParts, zonedInstant, addDays } from '@wellbe/shared/domain/zoned';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';
import { appointments, auditEvents, chatConversations, organisations, users } from '../../db/tables.ts';
import type { Dashboard } from '@wellbe/shared/schemas/dashboard';

// GET /api/dashboard: each role's section, counted on its organisation only. The fixture adds known
// rows to Cabinet Démo and to Centre Santé Nord and checks the differences against a first read.

let t: TestApp;
let ad: Session;
let pa: Session;
let pr: Session;
let pr2: Session;

const read = async (s: Session): Promise<Dashboard> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: s.auth });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
};

beforeAll(async () => {
  t = await createTestApp();
  ad = await t.login('ad');
  pa = await t.login('pa');
  pr = await t.login('pr');
  pr2 = await t.login('pr2');
});
afterAll(async () => {
  await t.close();
});

function todayAt(time: string, days = 0): Date {
  const today = localParts(new Date(), 'Europe/Paris').day;
  return zonedInstant(addDays(today, days), time, 'Europe/Paris');
}

const appointment = (organizationId: string, practitionerId: string, startsAt: Date, status: string) => ({
  organizationId,
  practitionerId,
  title: 'Réunion',
  startsAt,
  endsAt: new Date(startsAt.getTime() + 30 * 60_000),
  status,
  createdAt: new Date(startsAt.getTime() - 3 * 86_400_000),
});

describe('dashboard', () => {
  it('gives AD, RH and PA their organisation’s accounts, agenda load and requests, never another organisation’s', async () => {
    const before = (await read(ad)).administration!;
    const beforePa = (await read(pa)).administration!;
    const demo = ad.idOrganization!;
    const nord = pr2.idOrganization!;
    await t.ctx.db.insert(appointments).values([
      appointment(demo, pr.id, todayAt('12:00'), 'confirmé'),
      appointment(demo, pr.id, todayAt('12:30'), 'honoré'),
      appointment(demo, pr.id, todayAt('13:00'), 'annulé'),
      appointment(demo, pr.id, todayAt('12:00', 2), 'demandé'),
      appointment(nord, pr2.id, todayAt('12:00'), 'confirmé'),
      appointment(nord, pr2.id, todayAt('12:00', 2), 'demandé'),
    ]);
    const account = (organizationId: string, n: number, active: boolean, passwordHash: string | null) => ({
      organizationId,
      username: `tableau${n}`,
      email: `tableau${n}@exemple.fr`,
      role: 'US',
      active,
      passwordHash,
    });
    await t.ctx.db.insert(users).values([account(nord, 1, false, 'x'), account(nord, 2, true, null), account(demo, 3, true, null)]);
    await t.ctx.db.insert(auditEvents).values([
      { organizationId: demo, userId: ad.id, role: 'AD', action: 'patient.read', outcome: 'denied' },
      { organizationId: nord, userId: pr2.id, role: 'PR', action: 'patient.read', outcome: 'denied' },
    ]);

    const after = (await read(ad)).administration!;
    const load = (d: typeof after) => d.todayLoad.find((l) => l.idUser === pr.id)?.appointments ?? 0;
    expect(load(after)).toBe(load(before) + 2);
    expect(after.todayLoad.some((l) => l.idUser === pr2.id)).toBe(false);
    expect(after.requests).toBe(before.requests + 1);
    expect(after.users).toEqual({ ...before.users, pendingInvitations: before.users.pendingInvitations + 1 });
    // Journal lines are for the journal group only.
    expect(after.refusals).toBeNull();
    expect((await read(await t.login('rh'))).administration?.refusals).toBeNull();

    const afterPa = (await read(pa)).administration!;
    expect(afterPa.refusals!.count).toBe(beforePa.refusals!.count + 1);
    expect(afterPa.refusals!.last[0]).toMatchObject({ action: 'patient.read', username: 'ad' });
  });

  it('gives the WellBe roles the platform’s counts, and nothing of it to the others', async () => {
    const sa = await t.login('sa');
    const before = (await read(sa)).wellbe!;
    await t.ctx.db.insert(organisations).values({ name: `Cabinet Tableau ${randomUUID().slice(0, 6)}`, active: false });
    await t.ctx.db.insert(chatConversations).values({ kind: 'support', createdBy: pr2.id, organizationId: pr2.idOrganization, supportStatus: 'open' });
    const after = (await read(sa)).wellbe!;
    expect(after.organisations).toEqual({ active: before.organisations.active, total: before.organisations.total + 1 });
    expect(after.supportOpen).toBe(before.supportOpen + 1);
    expect(after.failedJobs).toBe(0);
    for (const username of ['de', 're']) expect((await read(await t.login(username))).wellbe, username).toEqual(after);
    for (const username of ['pr', 'pt', 'us', 'pg']) {
      const d = await read(await t.login(username));
      expect(d, username).toEqual({ administration: null, wellbe: null });
    }
    expect((await read(sa)).administration).toBeNull();
  });

  it('refuses a guest', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });
});
