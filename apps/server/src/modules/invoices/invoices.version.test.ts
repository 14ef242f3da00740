import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/tables.ts';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';
import { openApiDocument } from '../../../test/openapi-walk.ts';

// Two people editing one draft: each PATCH names the version it read, and the later save of a
// draft that moved meanwhile is refused (409, French message) instead of silently replacing the
// earlier one.

let t: TestApp;
let pr: Session;
let pa: Session;
let helene: string;

const consultation = { label: 'Consultation diététique', quantity: 1, unitPriceCents: 5000 };
const CONFLICT = 'Cette facture a été modifiée entre-temps : rechargez-la avant d’enregistrer.';

const read = async (session: Session, id: string) => json(await t.app.inject({ method: 'GET', url: `/api/invoices/${id}`, headers: session.auth })).data;
const patch = (session: Session, id: string, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/invoices/${id}`, headers: session.auth, payload });

async function draft(): Promise<{ id: string; version: number }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/invoices', headers: pr.auth, payload: { patientId: helene, lines: [consultation] } });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data;
}

beforeAll(async () => {
  t = await createTestApp();
  pr = await t.login('pr');
  pa = await t.login('pa');
  const res = await t.app.inject({ method: 'POST', url: '/api/patient', headers: pr.auth, payload: { action: 'list', Iduser: pr.id, idOrganization: pr.idOrganization, q: 'helene martin' } });
  helene = json(res).data[0].idPatient;
});
afterAll(async () => {
  await t.close();
});

describe('a draft saved by two people', () => {
  it('keeps the first save and refuses the second, made on the version both read', async () => {
    const { id } = await draft();
    const [first, second] = [await read(pr, id), await read(pa, id)];
    expect(first.version).toBe(1);
    expect(second.version).toBe(1);
    const listed = json(await t.app.inject({ method: 'GET', url: `/api/invoices?patientId=${helene}`, headers: pr.auth })).data;
    expect(listed.find((i: { id: string }) => i.id === id).version).toBe(1);

    const saved = await patch(pr, id, { version: first.version, actDate: '2026-03-09', lines: [{ ...consultation, unitPriceCents: 6000 }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved).data).toMatchObject({ version: 2, totalCents: 6000, actDate: '2026-03-09' });

    const stale = await patch(pa, id, { version: second.version, lines: [{ ...consultation, label: 'Bilan', unitPriceCents: 7000 }] });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(json(stale).error).toMatchObject({ code: 'version_conflict', message: CONFLICT });

    // The stored draft is the first save's, lines included.
    const now = await read(pr, id);
    expect(now).toMatchObject({ version: 2, totalCents: 6000, actDate: '2026-03-09', status: 'draft' });
    expect(now.lines.map((l: { label: string; unitPriceCents: number }) => [l.label, l.unitPriceCents])).toEqual([['Consultation diététique', 6000]]);
    const refused = await t.handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, id), eq(auditEvents.action, 'invoice.update'), eq(auditEvents.outcome, 'error')));
    expect(refused.map((r) => r.details)).toEqual([{ reason: 'version_conflict', version: 1 }]);

    // Reloaded, the second editor saves on the current version.
    const again = await patch(pa, id, { version: now.version, lines: [{ ...consultation, label: 'Bilan', unitPriceCents: 7000 }] });
    expect(again.statusCode, again.body).toBe(200);
    expect(json(again).data).toMatchObject({ version: 3, totalCents: 7000 });
  });

  it('bumps the version when the draft is issued, and still answers an issued invoice’s 409', async () => {
    const { id } = await draft();
    const issued = await t.app.inject({ method: 'POST', url: `/api/invoices/${id}/issue`, headers: pr.auth });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(json(issued).data.version).toBe(2);
    const late = await patch(pa, id, { version: 1, lines: [consultation] });
    expect(late.statusCode).toBe(409);
    expect(json(late).error.code).toBe('invoice_issued');
    // The attempt to rewrite an issued invoice is on record, and the invoice is as issued.
    const refused = await t.handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, id), eq(auditEvents.action, 'invoice.update'), eq(auditEvents.outcome, 'error')));
    expect(refused.map((r) => r.details)).toEqual([{ reason: 'invoice_issued', status: 'issued' }]);
    expect(await read(pr, id)).toMatchObject({ version: 2, totalCents: 5000 });
  });

  it('refuses a PATCH without a valid version (400) and changes nothing', async () => {
    const { id } = await draft();
    for (const version of [undefined, 0, 2_147_483_648, '1']) {
      const res = await patch(pr, id, { version, lines: [{ ...consultation, unitPriceCents: 1 }] });
      expect(res.statusCode, `${version}: ${res.body}`).toBe(400);
    }
    expect(await read(pr, id)).toMatchObject({ version: 1, totalCents: 5000 });
  });
});

describe('the API document', () => {
  it('describes the version read and written, and the 409 of the PATCH', async () => {
    const doc = (await openApiDocument(t, (await t.login('de')).auth)) as unknown as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: { required: string[]; properties: Record<string, unknown> } }> }; responses: Record<string, { description?: string }> }>>;
    };
    const op = doc.paths['/api/invoices/{id}'].patch;
    const body = op.requestBody.content['application/json'].schema;
    expect(body.required).toContain('version');
    expect(body.properties.version).toMatchObject({ type: 'integer', minimum: 1, maximum: 2_147_483_647 });
    expect(op.responses['409'].description).toContain('version_conflict');
    const answer = JSON.stringify(doc.paths['/api/invoices/{id}'].get.responses['200']);
    expect(answer).toContain('"version"');
  });
});
