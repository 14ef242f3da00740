import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '@wellbe/shared/domain/zoned';
import { decimalCommaToCents } from '@wellbe/shared/domain/money';
import { buildApp } from '../../app.ts';
import { connect } from '../../db/client.ts';
import { withDatabase } from '../../db/database.ts';
import { auditEvents, invoices } from '../../db/tables.ts';
import { verifyPdfSignature } from '../../lib/pdf-signing.ts';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';
import { whileHeld } from '../../../test/locks.ts';
import { sendInvoiceReminders } from './invoices.book.service.ts';

let t: TestApp;
let pr: Session;
let pr2: Session;
let helene: string;
let mathilde: string;

const DAY = 86_400_000;
const paris = (ms: number) => todayIn('Europe/Paris', ms);

async function patientId(session: Session, q: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/patient', headers: session.auth, payload: { action: 'list', Iduser: session.id, idOrganization: session.idOrganization, q } });
  return json(res).data[0].idPatient;
}

const consultation = { label: 'Consultation diététique', quantity: 1, unitPriceCents: 5000 };

function post(session: Session, url: string, payload?: object) {
  return t.app.inject({ method: 'POST', url, headers: session.auth, ...(payload ? { payload } : {}) });
}

async function issued(session: Session, lines = [consultation], patient = helene) {
  const res = await post(session, '/api/invoices', { patientId: patient, lines, issue: true });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data;
}

beforeAll(async () => {
  t = await createTestApp();
  pr = await t.login('pr');
  pr2 = await t.login('pr2');
  helene = await patientId(pr, 'helene martin');
  mathilde = await patientId(pr2, 'mathilde');
});
afterAll(async () => {
  await t.close();
});

describe('notes d’honoraires', () => {
  it('creates a draft, then issues it with the next number of the practitioner’s series', async () => {
    const draft = await post(pr, '/api/invoices', { patientId: helene, lines: [{ ...consultation, quantity: 2, discountCents: 1000 }] });
    expect(draft.statusCode, draft.body).toBe(201);
    const d = json(draft).data;
    expect(d).toMatchObject({ status: 'draft', number: null, totalCents: 9000, balanceCents: 9000 });
    const res = await post(pr, `/api/invoices/${d.id}/issue`);
    expect(res.statusCode, res.body).toBe(200);
    const year = paris(t.clock.now()).slice(0, 4);
    expect(json(res).data.number).toMatch(new RegExp(`^${year}-\\d{6}$`));
    expect(json(res).data).toMatchObject({ status: 'issued', totalCents: 9000, balanceCents: 9000 });
    const { rows } = await t.handle.pool.query<{ rpps: string }>("select rpps from users where username = 'pr'");
    expect(rows[0].rpps).toMatch(/^\d{11}$/);
    expect(json(res).data.mentions).toMatchObject({ patient: 'Hélène Martin', rpps: rows[0].rpps, vat: 'TVA non applicable, article 261-4-1° du CGI' });
    // Issuing twice takes no second number.
    expect((await post(pr, `/api/invoices/${d.id}/issue`)).statusCode).toBe(409);
  });

  it('refuses bad lines in French and creates nothing', async () => {
    const before = (await t.handle.db.select().from(invoices)).length;
    const zero = await post(pr, '/api/invoices', { patientId: helene, lines: [{ ...consultation, quantity: 0 }] });
    expect(zero.statusCode).toBe(400);
    expect(json(zero).error.message).toContain('La quantité doit être un nombre entier entre 1 et 999');
    const negative = await post(pr, '/api/invoices', { patientId: helene, lines: [{ ...consultation, quantity: -1 }] });
    expect(negative.statusCode).toBe(400);
    const discount = await post(pr, '/api/invoices', { patientId: helene, lines: [{ ...consultation, discountCents: 5001 }] });
    expect(discount.statusCode).toBe(400);
    expect(json(discount).error.message).toBe('La remise ne peut pas dépasser le montant de la ligne.');
    const none = await post(pr, '/api/invoices', { patientId: helene, lines: [] });
    expect(json(none).error.message).toContain('au moins une ligne');
    // Another organisation's patient: the same 404 as a patient that does not exist.
    const foreign = await post(pr, '/api/invoices', { patientId: mathilde, lines: [consultation] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Mathilde');
    expect((await t.handle.db.select().from(invoices)).length).toBe(before);
  });

  it('never changes nor deletes an issued invoice (API 409, database trigger)', async () => {
    const inv = await issued(pr);
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/invoices/${inv.id}`, headers: pr.auth, payload: { version: inv.version, lines: [{ ...consultation, unitPriceCents: 1 }] } });
    expect(patch.statusCode).toBe(409);
    expect(json(patch).error.message).toBe('Une facture émise ne peut plus être modifiée : établissez un avoir.');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/invoices/${inv.id}`, headers: pr.auth });
    expect(del.statusCode).toBe(409);
    await expect(t.handle.db.update(invoices).set({ totalCents: 1 }).where(eq(invoices.id, inv.id))).rejects.toThrow();
    await expect(t.handle.db.delete(invoices).where(eq(invoices.id, inv.id))).rejects.toThrow();
    await expect(t.handle.pool.query('update invoice_lines set unit_price_cents = 1 where invoice_id = $1', [inv.id])).rejects.toThrow(/facture émise/);
    const read = json(await t.app.inject({ method: 'GET', url: `/api/invoices/${inv.id}`, headers: pr.auth })).data;
    expect(read).toMatchObject({ totalCents: 5000, number: inv.number });
  });

  it('balances partial payments and credit notes, and refuses what exceeds them', async () => {
    const inv = await issued(pr, [{ ...consultation, unitPriceCents: 6000 }]);
    const card = await post(pr, `/api/invoices/${inv.id}/payments`, { amountCents: 2500, mode: 'card' });
    expect(card.statusCode, card.body).toBe(201);
    expect(json(card).data.invoice).toMatchObject({ balanceCents: 3500, status: 'issued' });
    const tooMuch = await post(pr, `/api/invoices/${inv.id}/payments`, { amountCents: 3501, mode: 'cash' });
    expect(tooMuch.statusCode).toBe(400);
    expect(json(tooMuch).error.message).toBe('Le paiement dépasse le reste à payer de la facture.');
    const credit = await post(pr, `/api/invoices/${inv.id}/credit-note`, { amountCents: 1000, reason: 'Geste commercial' });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(json(credit).data.creditNote.number).toMatch(/^AV-\d{4}-000001$/);
    expect(json(credit).data.invoice).toMatchObject({ balanceCents: 2500, creditedCents: 1000 });
    const above = await post(pr, `/api/invoices/${inv.id}/credit-note`, { amountCents: 5001 });
    expect(above.statusCode).toBe(400);
    expect(json(above).error.message).toBe('L’avoir dépasse ce qui reste à créditer sur la facture.');
    const cash = await post(pr, `/api/invoices/${inv.id}/payments`, { amountCents: 2500, mode: 'cash' });
    expect(json(cash).data.invoice).toMatchObject({ balanceCents: 0, status: 'paid', paidCents: 5000 });
    const cheque = await post(pr, `/api/invoices/${inv.id}/payments`, { amountCents: 1, mode: 'cheque', reference: '1234567', bank: 'Crédit Agricole' });
    expect(cheque.statusCode).toBe(400);
    // The receipt of the card payment.
    const receipt = await t.app.inject({ method: 'GET', url: `/api/invoices/${inv.id}/payments/${json(card).data.payment.id}/receipt`, headers: pr.auth });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Payments and credit notes are append-only.
    await expect(t.handle.pool.query('update invoice_payments set amount_cents = 1 where invoice_id = $1', [inv.id])).rejects.toThrow(/ni modification ni suppression/);
    await expect(t.handle.pool.query('delete from credit_notes where invoice_id = $1', [inv.id])).rejects.toThrow(/ni modification ni suppression/);
  });

  it('keeps invoices inside their organisation and journals each read', async () => {
    const inv = await issued(pr);
    for (const url of [`/api/invoices/${inv.id}`, `/api/invoices/${inv.id}/pdf`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: pr2.auth });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Hélène');
    }
    expect((await post(pr2, `/api/invoices/${inv.id}/payments`, { amountCents: 100, mode: 'cash' })).statusCode).toBe(404);
    const list = json(await t.app.inject({ method: 'GET', url: '/api/invoices?pageSize=100', headers: pr2.auth }));
    expect(list.data.map((i: { id: string }) => i.id)).not.toContain(inv.id);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/invoices/${inv.id}/pdf`, headers: pr.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(`facture-${inv.number}.pdf`);
    // Signed with the organisation's certificate, over the whole file.
    expect(verifyPdfSignature(pdf.rawPayload).valid).toBe(true);
    const journal = await t.handle.db.select().from(auditEvents).where(and(eq(auditEvents.recordId, inv.id), eq(auditEvents.action, 'invoice.pdf')));
    expect(journal.map((j) => j.outcome).sort()).toEqual(['denied', 'success']);
  });

  it('shows the patient their own issued invoices and lets them download one', async () => {
    const pt = await t.login('pt');
    const { rows } = await t.handle.pool.query<{ patient_id: string }>("select patient_id from users where username = 'pt'");
    const own = await issued(pr, [consultation], rows[0].patient_id);
    const other = await issued(pr);
    const mine = json(await t.app.inject({ method: 'GET', url: '/api/invoices/mine', headers: pt.auth })).data as { id: string }[];
    expect(mine.map((i) => i.id)).toContain(own.id);
    expect(mine.map((i) => i.id)).not.toContain(other.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/invoices/${own.id}/pdf`, headers: pt.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/invoices/${other.id}/pdf`, headers: pt.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/invoices', headers: pt.auth })).statusCode).toBe(403);
  });

  it('mails each reminder of an unpaid invoice once, whatever the runs', async () => {
    const inv = await issued(pr);
    const mailsTo = () => t.mails.filter((m) => m.subject.includes(inv.number)).length;
    t.clock.advance(16 * DAY);
    const ctx = { ...t.ctx };
    await sendInvoiceReminders(ctx);
    await sendInvoiceReminders(ctx);
    await t.drain();
    expect(mailsTo()).toBe(1);
    t.clock.advance(15 * DAY);
    await sendInvoiceReminders(ctx);
    await t.drain();
    expect(mailsTo()).toBe(2);
    // The moved clock expired the sessions: the next tests sign in again.
    pr = await t.login('pr');
    pr2 = await t.login('pr2');
  });
});

describe('numbering under concurrency', () => {
  it('gives 20 simultaneous issues on two servers 20 consecutive numbers', async () => {
    const second = connect(withDatabase(t.adminUrl, t.dbName), 10);
    const other = await buildApp({ ...t.ctx, db: second.db, pool: second.pool }, { webDist: path.join(t.dataDir, 'none'), logger: false });
    await other.ready();
    try {
      const pg = await t.login('pg');
      const drafts: string[] = [];
      for (let i = 0; i < 20; i++) drafts.push(json(await post(pg, '/api/invoices', { patientId: helene, lines: [consultation] })).data.id);
      const answers = await Promise.all(drafts.map((id, i) => (i % 2 ? other : t.app).inject({ method: 'POST', url: `/api/invoices/${id}/issue`, headers: pg.auth })));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      const ranks = answers.map((a) => Number(json(a).data.number.split('-')[1])).sort((a, b) => a - b);
      expect(ranks).toEqual(Array.from({ length: 20 }, (_, i) => ranks[0] + i));
      expect(ranks[0]).toBe(1);
    } finally {
      await other.close();
      await second.close();
    }
  });
});

describe('issuing while the draft is being changed', () => {
  it('freezes the mentions of the draft as changed, not as read before the change committed', async () => {
    const act = await post(pr, '/api/invoices/acts', { label: 'Bilan sportif', priceCents: 6000, vatRateBp: 2000 });
    expect(act.statusCode, act.body).toBe(201);
    const draft = json(await post(pr, '/api/invoices', { patientId: helene, actDate: '2026-03-02', lines: [consultation] })).data;
    const patch = { version: draft.version, actDate: '2026-03-09', lines: [{ actId: json(act).data.id, label: 'Bilan sportif', quantity: 1, unitPriceCents: 6000 }] };
    // The test holds the draft's line: the PATCH has updated the draft and waits to replace its
    // lines when the issue starts, so the issue reads the old draft and must wait for the new one.
    const [patched, issue] = await whileHeld(t.handle.pool, (c) => c.query('select 1 from invoice_lines where invoice_id = $1 for update', [draft.id]), [
      () => t.app.inject({ method: 'PATCH', url: `/api/invoices/${draft.id}`, headers: pr.auth, payload: patch }),
      () => post(pr, `/api/invoices/${draft.id}/issue`),
    ]);
    expect(patched.statusCode, patched.body).toBe(200);
    expect(issue.statusCode, issue.body).toBe(200);
    const read = json(await t.app.inject({ method: 'GET', url: `/api/invoices/${draft.id}`, headers: pr.auth })).data;
    expect(read).toMatchObject({ status: 'issued', actDate: '2026-03-09', totalCents: 6000 });
    expect(read.mentions.actDate).toBe('09/03/2026');
    expect(read.mentions.vat).toContain('TVA 20 % incluse');
    expect(read.mentions.vat).not.toContain('non applicable');
  });
});

describe('livre des recettes', () => {
  it('sums exactly the payments of the period, per mode and per month (random payments)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ cents: fc.integer({ min: 1, max: 50_000 }), mode: fc.constantFrom('cash', 'cheque', 'card', 'transfer'), gapHours: fc.integer({ min: 0, max: 24 * 20 }) }), { minLength: 1, maxLength: 6 }), async (payments) => {
        // A fresh practitioner period: the book of pa from the first payment's day on.
        t.clock.advance(400 * DAY);
        const from = paris(t.clock.now());
        const expected = new Map<string, number>();
        const byMode: Record<string, number> = { cash: 0, cheque: 0, card: 0, transfer: 0 };
        for (const p of payments) {
          t.clock.advance(p.gapHours * 3_600_000);
          // The moved clock expires sessions: pa signs in again, as after a night.
          const pa = await t.login('pa');
          const inv = await issued(pa, [{ label: 'Séance', quantity: 1, unitPriceCents: p.cents }]);
          expect((await post(pa, `/api/invoices/${inv.id}/payments`, { amountCents: p.cents, mode: p.mode })).statusCode).toBe(201);
          const month = paris(t.clock.now()).slice(0, 7);
          expected.set(month, (expected.get(month) ?? 0) + p.cents);
          byMode[p.mode] += p.cents;
        }
        const to = paris(t.clock.now());
        const pa = await t.login('pa');
        const res = await t.app.inject({ method: 'GET', url: `/api/invoices/receipts-book?from=${from}&to=${to}`, headers: pa.auth });
        expect(res.statusCode, res.body).toBe(200);
        const book = json(res).data;
        const total = payments.reduce((s, p) => s + p.cents, 0);
        expect(book.rows).toHaveLength(payments.length);
        expect(book.totalCents).toBe(total);
        expect(book.byMode).toEqual(byMode);
        expect(book.byMonth).toEqual([...expected].sort().map(([month, totalCents]) => ({ month, totalCents })));
        expect(book.rows.map((r: { day: string }) => r.day)).toEqual([...book.rows.map((r: { day: string }) => r.day)].sort());
        // The CSV says the same, in French Excel's dialect.
        const csv = await t.app.inject({ method: 'GET', url: `/api/invoices/receipts-book?from=${from}&to=${to}&format=csv`, headers: pa.auth });
        expect(csv.headers['content-type']).toContain('text/csv');
        expect(csv.body.startsWith('\uFEFF')).toBe(true);
        const cells: string[][] = parse(csv.body, { delimiter: ';', bom: true, relax_column_count: true, skip_empty_lines: true });
        expect(cells[0]).toEqual(['Date', 'Patient', 'Facture', 'Mode', 'Référence', 'Montant (€)']);
        const lines = cells.slice(1, 1 + payments.length);
        expect(lines.reduce((s, l) => s + decimalCommaToCents(l[5]), 0)).toBe(total);
        expect(lines.every((l) => /^\d{2}\/\d{2}\/\d{4}$/.test(l[0]) && /^\d+,\d{2}$/.test(l[5]))).toBe(true);
        expect(decimalCommaToCents(cells.at(-1)![5])).toBe(total);
      }),
      { numRuns: 4, seed: 34 },
    );
  });

  it('exports the period for the accountant and the book as PDF', async () => {
    pr = await t.login('pr');
    const day = paris(t.clock.now());
    const csv = await t.app.inject({ method: 'GET', url: `/api/invoices/accountant-export?from=${day}&to=${day}`, headers: pr.auth });
    expect(csv.statusCode).toBe(200);
    const cells: string[][] = parse(csv.body, { delimiter: ';', bom: true, skip_empty_lines: true });
    expect(cells[0]).toEqual(['Date', 'Pièce', 'Numéro', 'Facture', 'Patient', 'Mode', 'Référence', 'Montant (€)']);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/invoices/receipts-book?from=${day}&to=${day}&format=pdf`, headers: pr.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const bad = await t.app.inject({ method: 'GET', url: `/api/invoices/receipts-book?from=${day}&to=2020-01-01`, headers: pr.auth });
    expect(bad.statusCode).toBe(400);
  });
});
