import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '@wellbe/shared/domain/zoned';
import { organisations, patients } from '../../db/tables.ts';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';

// "Today" of a patient's menu and sport program is the day of their practice's time zone
// ('Paramètres'), through the one date rule (todayIn), not the server's nor Paris's.

let t: TestApp;
let pt: Session;
let lucas: string;

const get = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: s.auth });

beforeAll(async () => {
  t = await createTestApp();
  pt = await t.login('pt');
  [{ id: lucas }] = await t.ctx.db.select({ id: patients.id }).from(patients).where(eq(patients.fullName, 'Lucas Bernard'));
});
afterAll(async () => {
  await t.close();
});

describe('the practice’s time zone', () => {
  it('a patient’s menu and program of the day follow their practice’s day, not Paris’s', async () => {
    // At any instant one of these two zones (UTC+14, UTC−11) is on another calendar day than Paris.
    const now = t.clock.now();
    const zone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((z) => todayIn(z, now) !== todayIn('Europe/Paris', now))!;
    const [{ organizationId }] = await t.ctx.db.select({ organizationId: patients.organizationId }).from(patients).where(eq(patients.id, lucas));
    const [{ settings }] = await t.ctx.db.select({ settings: organisations.settings }).from(organisations).where(eq(organisations.id, organizationId));
    await t.ctx.db.update(organisations).set({ settings: { ...settings, timeZone: zone } }).where(eq(organisations.id, organizationId));
    try {
      expect(json(await get(pt, '/api/dietetics/my-menu')).data.today.day).toBe(todayIn(zone, t.clock.now()));
      expect(json(await get(pt, '/api/sport-programs/mine')).data.today).toBe(todayIn(zone, t.clock.now()));
    } finally {
      await t.ctx.db.update(organisations).set({ settings }).where(eq(organisations.id, organizationId));
    }
  });
});
