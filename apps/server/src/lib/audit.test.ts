import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { anonymous, type Caller } from '../access/caller.ts';
import { auditEvents } from '../db/tables.ts';
import { recordAudit } from './audit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const caller: Caller = {
  id: '11111111-1111-4111-8111-111111111111',
  role: 'PR',
  organizationId: '22222222-2222-4222-8222-222222222222',
  jobSpecialistId: 1,
  tokenVersion: 0,
  patientId: null,
  ip: '203.0.113.7',
};

async function lastRow() {
  const [row] = await t.ctx.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
  return row;
}

describe('recordAudit (the journal, lib/audit.ts)', () => {
  it('writes who, what, which record and patient, when (the app clock), the IP and the outcome', async () => {
    const patientId = '33333333-3333-4333-8333-333333333333';
    await recordAudit(t.ctx, caller, { action: 'patient.file.read', outcome: 'success', recordType: 'patient', recordId: patientId, patientId, details: { count: 2 } });
    expect(await lastRow()).toMatchObject({
      userId: caller.id,
      role: 'PR',
      organizationId: caller.organizationId,
      action: 'patient.file.read',
      recordType: 'patient',
      recordId: patientId,
      patientId,
      ip: '203.0.113.7',
      outcome: 'success',
      details: { count: 2 },
      at: new Date(t.clock.now()),
    });
  });

  it('journals an anonymous request with its IP only', async () => {
    await recordAudit(t.ctx, anonymous('198.51.100.1'), { action: 'GET /api/patients', outcome: 'denied' });
    expect(await lastRow()).toMatchObject({ userId: null, role: null, organizationId: null, ip: '198.51.100.1', outcome: 'denied', recordId: null, patientId: null, details: null });
  });

  it('keeps a malformed patient id of a refused request in recordId, never in the uuid column', async () => {
    await recordAudit(t.ctx, caller, { action: 'patient.file.read', outcome: 'denied', recordType: 'patient', recordId: "1' or 1=1", patientId: "1' or 1=1" });
    expect(await lastRow()).toMatchObject({ recordId: "1' or 1=1", patientId: null, outcome: 'denied' });
  });

  it('writes concurrent rows together, each caller answered only once its row is committed; a refused row fails only its own caller', async () => {
    const before = (await lastRow()).id;
    const good = Array.from({ length: 30 }, (_, i) => recordAudit(t.ctx, caller, { action: 'patient.list', outcome: 'success', details: { n: i } }).then(() => i));
    // A row the table refuses (no action): its caller gets the error, the others are not affected.
    // Its refusal is caught at once: it may come before the good rows are checked.
    const bad = recordAudit(t.ctx, caller, { action: null as unknown as string, outcome: 'success' }).then(() => null, (err: unknown) => err);
    const answered = await Promise.all(good.map((p, i) => p.then(async () => {
      // Resolved means committed: another connection sees the row at once.
      const { rows } = await t.ctx.pool.query('select 1 from audit_events where id > $1 and details @> $2::jsonb', [before, JSON.stringify({ n: i })]);
      return rows.length;
    })));
    expect(answered).toEqual(good.map(() => 1));
    expect(await bad).toBeInstanceOf(Error);
    const { rows } = await t.ctx.pool.query('select count(*)::int as n from audit_events where id > $1', [before]);
    expect(rows[0].n).toBe(30);
  });
});
