import { can } from '@wellbe/shared/permissions';
import { formatDate } from '@wellbe/shared/domain/dates';
import { todayIn } from '@wellbe/shared/domain/zoned';
import { invoiceNumber, lineTotalCents, VAT_EXEMPT_MENTION, vatOfTotal, formatEuros } from '@wellbe/shared/domain/money';
import {
  INVOICE_MESSAGES,
  type CreditNoteInput,
  type Invoice,
  type InvoiceInput,
  type InvoiceLineInput,
  type InvoiceListQuery,
  type InvoicePatch,
  type InvoiceSummary,
  type PaymentInput,
} from '@wellbe/shared/schemas/invoices';
import { callerScope, hidden, isUuid, ownScope, patientScope, systemScope, type Caller, type OneOrgScope } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor, cappedTotal } from '../../lib/keyset.ts';
import * as agenda from '../agenda/agenda.service.ts';
import { consultationOfPatient } from '../consultations/consultations.service.ts';
import { OrganisationsService } from '../organisations/organisations.service.ts';
import { patientForCaller } from '../patients/patients.service.ts';
import * as repo from './invoices.repository.ts';

// Notes d'honoraires: a draft is free to change; issuing gives it the next number of its issuer's
// series for the year (one transaction, invoices.repository nextNumber) and freezes it. From then
// on it is corrected by credit notes only, and paid by payments, all append-only (the triggers of
// the invoices-triggers migration refuse any UPDATE or DELETE that would rewrite them).

const LIST_TAG = 'invoices:created';

export function writeScope(caller: Caller): OneOrgScope {
  return ownScope(caller, INVOICE_MESSAGES.notFound, 'invoice_not_found');
}

export function statusOf(row: { status: string; totalCents: number; paidCents: number; creditedCents: number }): InvoiceSummary['status'] {
  if (row.status === 'draft') return 'draft';
  if (row.creditedCents >= row.totalCents && row.totalCents > 0) return 'credited';
  if (row.totalCents - row.paidCents - row.creditedCents <= 0) return 'paid';
  return 'issued';
}

export function toSummary(row: repo.InvoiceRow): InvoiceSummary {
  return {
    id: row.id,
    number: row.number,
    status: statusOf(row),
    version: row.version,
    totalCents: row.totalCents,
    paidCents: row.paidCents,
    creditedCents: row.creditedCents,
    balanceCents: row.totalCents - row.paidCents - row.creditedCents,
    actDate: row.actDate,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    patient: { id: row.patientId, fullName: row.patientName },
    practitioner: { id: row.practitionerId, fullName: row.practitionerName ?? '' },
  };
}

/** The VAT mention of an invoice: the exemption of health acts, or the VAT included per rate. */
export function vatMention(lines: { vatRateBp: number | null; totalCents: number }[]): string {
  const taxed = new Map<number, number>();
  for (const l of lines) if (l.vatRateBp) taxed.set(l.vatRateBp, (taxed.get(l.vatRateBp) ?? 0) + l.totalCents);
  const parts = [...taxed].map(([bp, total]) => `TVA ${(bp / 100).toLocaleString('fr-FR')} % incluse : ${formatEuros(vatOfTotal(total, bp))}`);
  const exempt = lines.some((l) => !l.vatRateBp);
  return [...(exempt ? [VAT_EXEMPT_MENTION] : []), ...parts].join(' ; ');
}

/** An invoice the caller reads (a PT: their own, issued ones only), else the area's journalled 404. */
export async function foundInvoice(ctx: AppContext, caller: Caller, id: string, action: string): Promise<repo.InvoiceRow> {
  const row = isUuid(id) ? await repo.findInvoice(ctx.db, callerScope(caller), patientScope(caller, 'read'), id) : undefined;
  if (!row || (caller.role === 'PT' && row.status === 'draft')) {
    await recordAudit(ctx, caller, { action, outcome: 'denied', recordType: 'invoice', recordId: isUuid(id) ? id : null });
    throw hidden(INVOICE_MESSAGES.notFound, 'invoice_not_found');
  }
  return row;
}

async function journal(ctx: AppContext, caller: Caller, action: string, row: { id: string; patientId: string }, details?: Record<string, unknown>) {
  await recordAudit(ctx, caller, { action, outcome: 'success', recordType: 'invoice', recordId: row.id, patientId: row.patientId, details });
}

const CHANGE_REFUSALS = { invoice_issued: INVOICE_MESSAGES.issued, version_conflict: INVOICE_MESSAGES.versionConflict } as const;

/** A refused change of an invoice, journalled before its 409: an attempt to rewrite an issued one is on record. */
async function refuseChange(ctx: AppContext, caller: Caller, row: { id: string; patientId: string }, reason: keyof typeof CHANGE_REFUSALS, details: Record<string, unknown>): Promise<never> {
  await recordAudit(ctx, caller, { action: 'invoice.update', outcome: 'error', recordType: 'invoice', recordId: row.id, patientId: row.patientId, details: { reason, ...details } });
  throw conflict(CHANGE_REFUSALS[reason], reason);
}

async function toInvoice(ctx: AppContext, row: repo.InvoiceRow): Promise<Invoice> {
  const { lines, payments, credits } = await repo.detailsOf(ctx.db, systemScope(row.organizationId), row.id);
  return {
    ...toSummary(row),
    appointmentId: row.appointmentId,
    consultationId: row.consultationId,
    vatMention: vatMention(lines),
    mentions: row.mentions,
    lines: lines.map((l) => ({ id: l.id, actId: l.actId, label: l.label, quantity: l.quantity, unitPriceCents: l.unitPriceCents, discountCents: l.discountCents, totalCents: l.totalCents })),
    payments: payments.map(toPayment),
    creditNotes: credits.map((c) => ({ id: c.id, invoiceId: c.invoiceId, number: c.number, amountCents: c.amountCents, reason: c.reason, issuedAt: c.issuedAt.toISOString() })),
  };
}

export function toPayment(p: { id: string; invoiceId: string; amountCents: number; mode: string; reference: string | null; bank: string | null; paidAt: Date }) {
  return { id: p.id, invoiceId: p.invoiceId, amountCents: p.amountCents, mode: p.mode as Invoice['payments'][number]['mode'], reference: p.reference, bank: p.bank, paidAt: p.paidAt.toISOString() };
}

/** Lines as stored: each act in the caller's reach, the discount within the line, the total within an integer. */
async function checkLines(ctx: AppContext, scope: OneOrgScope, lines: InvoiceLineInput[]): Promise<{ lines: repo.NewLine[]; totalCents: number }> {
  const out: repo.NewLine[] = [];
  for (const l of lines) {
    const act = l.actId ? await repo.findAct(ctx.db, scope, l.actId) : null;
    if (l.actId && !act) throw hidden(INVOICE_MESSAGES.actNotFound, 'act_not_found');
    const discountCents = l.discountCents ?? 0;
    if (discountCents > l.quantity * l.unitPriceCents) throw badRequest(INVOICE_MESSAGES.discountAboveLine, 'discount_above_line');
    out.push({ actId: act?.id ?? null, label: l.label, quantity: l.quantity, unitPriceCents: l.unitPriceCents, discountCents, vatRateBp: act?.vatRateBp ?? null, totalCents: lineTotalCents({ ...l, discountCents }) });
  }
  const totalCents = out.reduce((s, l) => s + l.totalCents, 0);
  if (totalCents > 2_147_483_647) throw badRequest(INVOICE_MESSAGES.totalTooLarge, 'total_too_large');
  return { lines: out, totalCents };
}

/** The practitioner billed: named (in the organisation) or the caller when they bill. */
async function practitionerOf(ctx: AppContext, caller: Caller, scope: OneOrgScope, requested: string | undefined) {
  const id = requested ?? caller.id;
  const row = await repo.findPractitioner(ctx.db, scope, id);
  if (!row) throw hidden(INVOICE_MESSAGES.practitionerNotFound, 'practitioner_not_found');
  return row;
}

export async function createInvoice(ctx: AppContext, caller: Caller, input: InvoiceInput): Promise<Invoice> {
  if (!can(caller.role, 'invoicesWrite')) throw forbidden();
  const scope = writeScope(caller);
  const patient = await patientForCaller(ctx, caller, input.patientId, 'invoice.create', 'write');
  const practitioner = await practitionerOf(ctx, caller, scope, input.practitionerId);
  let actDate = input.actDate;
  if (input.appointmentId) {
    const appointment = await agenda.found(ctx, scope, input.appointmentId);
    if (appointment.patientId !== patient.id) throw hidden(INVOICE_MESSAGES.appointmentNotFound, 'appointment_not_found');
    // Honoured: the act took place; absent: the optional no-show fee.
    if (appointment.status !== 'honoré' && appointment.status !== 'absent') throw conflict(INVOICE_MESSAGES.appointmentNotHonoured, 'appointment_not_honoured');
    const { timeZone } = await agenda.orgSettings(ctx, scope);
    actDate ??= todayIn(timeZone, appointment.startsAt);
  }
  if (input.consultationId && !(await consultationOfPatient(ctx, caller, input.consultationId, patient.id))) throw hidden(INVOICE_MESSAGES.consultationNotFound, 'consultation_not_found');
  const { lines, totalCents } = await checkLines(ctx, scope, input.lines);
  actDate ??= await new OrganisationsService(ctx).today(scope.organizationId);
  const id = await repo.insertDraft(
    ctx.db,
    scope,
    {
      patientId: patient.id,
      practitionerId: practitioner.id,
      appointmentId: input.appointmentId ?? null,
      consultationId: input.consultationId ?? null,
      actDate,
      totalCents,
      createdBy: caller.id,
      createdAt: new Date(ctx.clock.now()),
    },
    lines,
  );
  await journal(ctx, caller, 'invoice.create', { id, patientId: patient.id }, { totalCents, lines: lines.length });
  if (input.issue) return issueInvoice(ctx, caller, id);
  return readInvoice(ctx, caller, id, false);
}

export async function readInvoice(ctx: AppContext, caller: Caller, id: string, journalIt = true): Promise<Invoice> {
  const row = await foundInvoice(ctx, caller, id, 'invoice.read');
  if (journalIt) await journal(ctx, caller, 'invoice.read', row);
  return toInvoice(ctx, row);
}

/** A draft's new lines, refused with 409 when it was issued, or changed since `patch.version` was read. */
export async function updateInvoice(ctx: AppContext, caller: Caller, id: string, patch: InvoicePatch): Promise<Invoice> {
  const scope = writeScope(caller);
  const row = await foundInvoice(ctx, caller, id, 'invoice.update');
  if (row.status !== 'draft') return refuseChange(ctx, caller, row, 'invoice_issued', { status: row.status });
  const { lines, totalCents } = await checkLines(ctx, scope, patch.lines);
  // The statement checks the draft state and the version again: an issue or another save that won
  // the race leaves the invoice as it made it, and this save changes nothing.
  const version = await repo.replaceDraftLines(ctx.db, scope, row.id, patch.version, { totalCents, actDate: patch.actDate }, lines);
  if (version === null) {
    const now = await repo.findInvoice(ctx.db, callerScope(caller), patientScope(caller, 'read'), row.id);
    if (now && now.status !== 'draft') return refuseChange(ctx, caller, row, 'invoice_issued', { status: now.status });
    // As consultations do: the refused save is journalled, with the version it had read.
    return refuseChange(ctx, caller, row, 'version_conflict', { version: patch.version });
  }
  await journal(ctx, caller, 'invoice.update', row, { totalCents, lines: lines.length, version });
  return readInvoice(ctx, caller, row.id, false);
}

/** Deleting is never possible (a tax inspection reads the whole series): the answer says why. */
export async function deleteInvoice(ctx: AppContext, caller: Caller, id: string): Promise<never> {
  const row = await foundInvoice(ctx, caller, id, 'invoice.delete');
  await recordAudit(ctx, caller, { action: 'invoice.delete', outcome: 'denied', recordType: 'invoice', recordId: row.id, patientId: row.patientId });
  throw conflict(INVOICE_MESSAGES.neverDeleted, 'invoice_never_deleted');
}

/** The issuer of a series: the practitioner billing in their own name, or the organisation billing as a company. */
async function issuerOf(ctx: AppContext, scope: OneOrgScope, practitionerId: string) {
  const org = await repo.organisationOf(ctx.db, scope);
  const settings = (org?.settings ?? {}) as Record<string, unknown>;
  const asCompany = settings.invoicesBillAsCompany === true;
  const timeZone = typeof settings.timeZone === 'string' && settings.timeZone ? settings.timeZone : 'Europe/Paris';
  return { issuerId: asCompany ? scope.organizationId : practitionerId, org, timeZone };
}

export async function issueInvoice(ctx: AppContext, caller: Caller, id: string): Promise<Invoice> {
  if (!can(caller.role, 'invoicesWrite')) throw forbidden();
  const scope = writeScope(caller);
  const row = await foundInvoice(ctx, caller, id, 'invoice.issue');
  if (row.status !== 'draft') throw conflict(INVOICE_MESSAGES.alreadyIssued, 'invoice_issued');
  const { issuerId, org, timeZone } = await issuerOf(ctx, scope, row.practitionerId);
  const practitioner = await repo.findPractitioner(ctx.db, scope, row.practitionerId);
  const at = new Date(ctx.clock.now());
  const year = Number(todayIn(timeZone, at).slice(0, 4));
  // Who issues and to whom do not change with a PATCH of the draft; its date and lines do, so
  // those mentions are built from the locked draft (repo.issueDraft), not from `row`.
  const number = await repo.issueDraft(ctx.db, scope, row.id, { issuerId, year, at, format: (rank) => invoiceNumber(year, rank) }, (draft, lines) => ({
    practitioner: practitioner ? `${practitioner.firstName} ${practitioner.lastName}`.trim() : (row.practitionerName ?? ''),
    rpps: practitioner?.rpps ?? null,
    adeli: practitioner?.adeli ?? null,
    organisation: org?.name ?? '',
    address: org?.address ?? null,
    siret: org?.siret ?? null,
    patient: row.patientName,
    actDate: formatDate(draft.actDate),
    vat: vatMention(lines),
  }));
  if (!number) throw conflict(INVOICE_MESSAGES.alreadyIssued, 'invoice_issued');
  await journal(ctx, caller, 'invoice.issue', row, { number });
  return readInvoice(ctx, caller, row.id, false);
}

export async function listInvoices(ctx: AppContext, caller: Caller, query: InvoiceListQuery) {
  const after = query.cursor ? decodeCursor(LIST_TAG, query.cursor, { key: 'timestamptz' }) : undefined;
  const { rows, count } = await repo.pageInvoices(ctx.db, callerScope(caller), patientScope(caller, 'read'), { patientId: query.patientId, unpaid: query.unpaid === 'true' }, query.pageSize, after);
  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);
  await recordAudit(ctx, caller, { action: 'invoice.list', outcome: 'success', recordType: 'invoice', patientId: query.patientId ?? null, details: { count: page.length } });
  return {
    data: page.map(toSummary),
    ...cappedTotal(count),
    page: query.page,
    pageSize: query.pageSize,
    nextCursor: rows.length > query.pageSize && last ? encodeCursor(LIST_TAG, { key: last.key, id: last.id }) : null,
  };
}

/** The patient's own issued invoices (their space). */
export async function myInvoices(ctx: AppContext, caller: Caller): Promise<InvoiceSummary[]> {
  if (caller.role !== 'PT' || !caller.patientId) return [];
  const { rows } = await repo.pageInvoices(ctx.db, callerScope(caller), patientScope(caller, 'read'), { patientId: caller.patientId }, 200);
  const issued = rows.filter((r) => r.status !== 'draft').slice(0, 200);
  await recordAudit(ctx, caller, { action: 'invoice.list', outcome: 'success', recordType: 'invoice', patientId: caller.patientId, details: { count: issued.length } });
  return issued.map(toSummary);
}

export async function addPayment(ctx: AppContext, caller: Caller, id: string, input: PaymentInput) {
  const scope = writeScope(caller);
  const row = await foundInvoice(ctx, caller, id, 'invoice.payment');
  if (row.status === 'draft') throw conflict(INVOICE_MESSAGES.notIssued, 'invoice_not_issued');
  const paidAt = new Date(ctx.clock.now());
  const result = await repo.insertPayment(ctx.db, scope, row.id, { amountCents: input.amountCents, mode: input.mode, reference: input.reference || null, bank: input.bank || null, paidAt, receivedBy: caller.id });
  if (result === 'not_issued') throw conflict(INVOICE_MESSAGES.notIssued, 'invoice_not_issued');
  if (result === 'above_balance') throw badRequest(INVOICE_MESSAGES.paymentAboveBalance, 'payment_above_balance');
  await journal(ctx, caller, 'invoice.payment', row, { paymentId: result.id, amountCents: input.amountCents, mode: input.mode });
  const after = await foundInvoice(ctx, caller, row.id, 'invoice.payment');
  return { payment: toPayment({ id: result.id, invoiceId: row.id, amountCents: input.amountCents, mode: input.mode, reference: input.reference || null, bank: input.bank || null, paidAt }), invoice: toSummary(after) };
}

export async function addCreditNote(ctx: AppContext, caller: Caller, id: string, input: CreditNoteInput) {
  const scope = writeScope(caller);
  const row = await foundInvoice(ctx, caller, id, 'invoice.credit');
  if (row.status === 'draft') throw conflict(INVOICE_MESSAGES.notIssued, 'invoice_not_issued');
  const { timeZone } = await issuerOf(ctx, scope, row.practitionerId);
  const at = new Date(ctx.clock.now());
  const year = Number(todayIn(timeZone, at).slice(0, 4));
  const result = await repo.insertCreditNote(ctx.db, scope, row.id, { amountCents: input.amountCents, reason: input.reason ?? '', at, year, createdBy: caller.id, format: (rank) => invoiceNumber(year, rank, 'AV-') });
  if (result === 'not_issued') throw conflict(INVOICE_MESSAGES.notIssued, 'invoice_not_issued');
  if (result === 'nothing') throw conflict(INVOICE_MESSAGES.nothingToCredit, 'nothing_to_credit');
  if (result === 'above_remaining') throw badRequest(INVOICE_MESSAGES.creditAboveRemaining, 'credit_above_remaining');
  await journal(ctx, caller, 'invoice.credit', row, { creditNoteId: result.id });
  const invoice = await readInvoice(ctx, caller, row.id, false);
  const creditNote = invoice.creditNotes.find((c) => c.id === result.id)!;
  const { appointmentId: _a, consultationId: _c, vatMention: _v, mentions: _m, lines: _l, payments: _p, creditNotes: _cn, ...summary } = invoice;
  return { creditNote, invoice: summary };
}
