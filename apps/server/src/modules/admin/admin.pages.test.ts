import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditEvents } from '../../db/schema/audit.ts';
import { patients } from '../../db/schema/patients.ts';
import { createTestApp, type Session, type TestApp } from '../../../test/helpers.ts';

// Issue 31: a page of the journal picked by number is read from the indexes (its own rows, and the
// rows about its patients written from outside it: patient_organization_id, set by the database)
// instead of walking the whole journal. The pages must be the ones the former single condition
// ("the row's organisation, or its patient's") answered: checked here against that condition,
// written as plain SQL, on more rows than a page, with rows of both kinds at the same instant.

let t: TestApp;
let sa: Session;
let pa: Session;
let pr2: Session;
let demoPatients: string[];
let nordPatient: string;

const journal = (session: Session, query: string) => t.app.inject({ method: 'GET', url: `/api/admin/journal${query}`, headers: session.auth });

/** The ids of an organisation's journal as the former condition read them, newest first. */
async function formerJournal(organizationId: string | null, where = sql`true`): Promise<string[]> {
  const { rows } = (await t.ctx.db.execute(sql`select a.id::text as id from audit_events a left join patients p on p.id = a.patient_id
    where (a.organization_id = ${organizationId} or p.organization_id = ${organizationId}) and ${where}
    order by a.at desc, a.id desc`)) as unknown as { rows: { id: string }[] };
  return rows.map((r) => r.id);
}

/** Every page by number, `pageSize` rows each, up to the last. */
async function pagesByNumber(session: Session, query: string, pageSize: number): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; page < 100; page++) {
    const res = await journal(session, `?pageSize=${pageSize}&page=${page}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as { id: number }[];
    ids.push(...rows.map((r) => String(r.id)));
    if (rows.length < pageSize) return ids;
  }
  throw new Error('trop de pages');
}

beforeAll(async () => {
  t = await createTestApp();
  sa = await t.login('sa');
  pa = await t.login('pa');
  pr2 = await t.login('pr2');
  const ids = async (org: string | null) => (await t.ctx.db.select({ id: patients.id }).from(patients).where(sql`${patients.organizationId} = ${org}`)).map((r) => r.id);
  demoPatients = await ids(pa.idOrganization);
  nordPatient = (await ids(pr2.idOrganization))[0]!;
  // 150 rows over 50 instants (three rows share each one): Cabinet Démo's users, Centre Santé
  // Nord's users on their own patient and refused on Cabinet Démo's, a platform act without an
  // organisation on Cabinet Démo's patients.
  const base = Date.parse('2026-03-02T10:00:00Z');
  const rows: (typeof auditEvents.$inferInsert)[] = [];
  for (let i = 0; i < 150; i++) {
    const at = new Date(base + Math.floor(i / 3) * 60_000);
    const demoPatient = demoPatients[i % demoPatients.length]!;
    const kind = i % 5;
    if (kind === 0) rows.push({ at, userId: pa.id, role: 'PA', organizationId: pa.idOrganization, action: 'pages.read', patientId: demoPatient, outcome: 'success' });
    else if (kind === 1) rows.push({ at, userId: pr2.id, role: 'PR', organizationId: pr2.idOrganization, action: 'pages.read', patientId: nordPatient, outcome: 'success' });
    else if (kind === 2) rows.push({ at, userId: pr2.id, role: 'PR', organizationId: pr2.idOrganization, action: 'pages.read', patientId: demoPatient, outcome: 'denied' });
    else if (kind === 3) rows.push({ at, userId: sa.id, role: 'DE', organizationId: null, action: 'pages.platform', patientId: demoPatient, outcome: 'success' });
    else rows.push({ at, userId: pa.id, role: 'PA', organizationId: pa.idOrganization, action: 'pages.list', outcome: 'success' });
  }
  await t.ctx.db.insert(auditEvents).values(rows);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/journal, pages by number', () => {
  it('answers, page after page, exactly the rows and order of the former condition', async () => {
    const demo = await formerJournal(pa.idOrganization);
    expect(demo.length).toBeGreaterThan(100);
    expect(await pagesByNumber(pa, '', 7)).toEqual(demo);
    // SA filtering on one organisation reads the same two parts.
    const nord = await formerJournal(pr2.idOrganization);
    expect(await pagesByNumber(sa, `&organizationId=${pr2.idOrganization}`, 9)).toEqual(nord);
    // With filters: the refusals, and one action.
    expect(await pagesByNumber(pa, '&outcome=denied', 4)).toEqual(await formerJournal(pa.idOrganization, sql`a.outcome = 'denied'`));
    expect(await pagesByNumber(pa, '&action=platform', 5)).toEqual(await formerJournal(pa.idOrganization, sql`a.action like '%platform%'`));
    // The count is the former one too.
    const first = (await journal(pa, '?pageSize=7')).json();
    expect(first).toMatchObject({ total: demo.length, totalCapped: false });
  });

  it('names a row’s patient organisation only when it is not the row’s own, whatever the writer says', async () => {
    const [own, outside, forged] = await t.ctx.db
      .insert(auditEvents)
      .values([
        { userId: pa.id, role: 'PA', organizationId: pa.idOrganization, action: 'pages.check', patientId: demoPatients[0], outcome: 'success' },
        { userId: pr2.id, role: 'PR', organizationId: pr2.idOrganization, action: 'pages.check', patientId: demoPatients[0], outcome: 'denied' },
        // A row claiming a patient organisation it has no patient for: the database clears it.
        { userId: pr2.id, role: 'PR', organizationId: pr2.idOrganization, action: 'pages.check', outcome: 'success', patientOrganizationId: pa.idOrganization },
      ])
      .returning({ patientOrganizationId: auditEvents.patientOrganizationId });
    expect(own!.patientOrganizationId).toBeNull();
    expect(outside!.patientOrganizationId).toBe(pa.idOrganization);
    expect(forged!.patientOrganizationId).toBeNull();
  });
});
