import { can } from '@wellbe/shared/permissions';
import { formatDate } from '@wellbe/shared/domain/dates';
import { addDays, todayIn } from '@wellbe/shared/domain/zoned';
import { zonedInstant } from '@wellbe/shared/domain/zoned-instant';
import { bookTotals, centsToDecimalComma, formatEuros, PAYMENT_MODE_LABELS, type PaymentMode } from '@wellbe/shared/domain/money';
import { INVOICE_MESSAGES, type ReceiptsBook, type ReceiptsBookQuery } from '@wellbe/shared/schemas/invoices';
import { everyOrganisation, hidden, systemScope, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { csvDocument } from '../../lib/csv.ts';
import { badRequest } from '../../lib/errors.ts';
import * as agenda from '../agenda/agenda.service.ts';
import { OrganisationsService } from '../organisations/organisations.service.ts';
import { patientForCaller } from '../patients/patients.service.ts';
import * as book from './invoices.book.repository.ts';
import * as repo from './invoices.repository.ts';
import { writeScope } from './invoices.service.ts';

// The accountant's side: the livre des recettes (BNC: every receipt, in date order, per
// practitioner), the export of a period, the dashboard's figures and the unpaid reminders.

const MAX_PERIOD_DAYS = 366;

/** [from, to] as days of the organisation's zone → the instants [start of from, start of the day after to). */
function periodBounds(from: string, to: string, timeZone: string): [Date, Date] {
  const start = zonedInstant(from, '00:00', timeZone);
  const end = zonedInstant(addDays(to, 1), '00:00', timeZone);
  if (!(end > start) || end.getTime() - start.getTime() > (MAX_PERIOD_DAYS + 1) * 86_400_000) throw badRequest(INVOICE_MESSAGES.period, 'bad_period');
  return [start, end];
}

async function zoneOf(ctx: AppContext, caller: Caller) {
  return new OrganisationsService(ctx).timeZone(caller.organizationId);
}

export async function receiptsBook(ctx: AppContext, caller: Caller, query: ReceiptsBookQuery): Promise<ReceiptsBook> {
  const scope = writeScope(caller);
  // A practitioner's book is their own unless the caller keeps the organisation's (PA, AD, RH).
  const practitionerId = query.practitionerId ?? caller.id;
  if (practitionerId !== caller.id && !['PA', 'AD', 'RH'].includes(caller.role)) throw hidden(INVOICE_MESSAGES.practitionerNotFound, 'practitioner_not_found');
  const practitioner = await repo.findPractitioner(ctx.db, scope, practitionerId);
  if (!practitioner) throw hidden(INVOICE_MESSAGES.practitionerNotFound, 'practitioner_not_found');
  const timeZone = await zoneOf(ctx, caller);
  const [from, to] = periodBounds(query.from, query.to, timeZone);
  const payments = await book.bookPayments(ctx.db, scope, practitioner.id, from, to);
  const rows = payments.map((p) => ({
    paymentId: p.paymentId,
    day: todayIn(timeZone, p.paidAt),
    patient: p.patient,
    invoiceNumber: p.invoiceNumber ?? '',
    mode: p.mode as PaymentMode,
    reference: p.reference,
    amountCents: p.amountCents,
  }));
  await recordAudit(ctx, caller, { action: 'invoice.book', outcome: 'success', recordType: 'invoice', details: { practitionerId: practitioner.id, from: query.from, to: query.to, count: rows.length, format: query.format } });
  return { practitioner: { id: practitioner.id, fullName: `${practitioner.firstName} ${practitioner.lastName}`.trim() }, from: query.from, to: query.to, rows, ...bookTotals(rows) };
}

/** The receipts book as French Excel reads it: `;`, BOM, CRLF (lib/csv.ts), amounts with a decimal comma. */
export function receiptsBookCsv(b: ReceiptsBook): string {
  const rows: (string | number)[][] = b.rows.map((r) => [formatDate(r.day), r.patient, r.invoiceNumber, PAYMENT_MODE_LABELS[r.mode], r.reference ?? '', centsToDecimalComma(r.amountCents)]);
  rows.push([]);
  for (const mode of Object.keys(b.byMode) as PaymentMode[]) rows.push(['Total', '', '', PAYMENT_MODE_LABELS[mode], '', centsToDecimalComma(b.byMode[mode])]);
  for (const m of b.byMonth) rows.push([`Total ${m.month.slice(5)}/${m.month.slice(0, 4)}`, '', '', '', '', centsToDecimalComma(m.totalCents)]);
  rows.push(['Total', '', '', '', '', centsToDecimalComma(b.totalCents)]);
  return csvDocument(['Date', 'Patient', 'Facture', 'Mode', 'Référence', 'Montant (€)'], rows);
}

/** Every invoice issued, credit note and payment of the organisation in a period (CSV for the accountant). */
export async function accountantExport(ctx: AppContext, caller: Caller, query: { from: string; to: string }): Promise<string> {
  const scope = writeScope(caller);
  const timeZone = await zoneOf(ctx, caller);
  const [from, to] = periodBounds(query.from, query.to, timeZone);
  const { issued, credits, payments } = await book.exportRows(ctx.db, scope, from, to);
  const day = (d: Date | null) => (d ? formatDate(todayIn(timeZone, d)) : '');
  const rows = [
    ...issued.map((r) => ({ at: r.at!, cells: [day(r.at), 'Facture', r.number ?? '', '', r.patient, '', '', centsToDecimalComma(r.amountCents)] })),
    ...credits.map((r) => ({ at: r.at, cells: [day(r.at), 'Avoir', r.number, r.invoiceNumber ?? '', r.patient, '', '', centsToDecimalComma(-r.amountCents)] })),
    ...payments.map((r) => ({ at: r.at, cells: [day(r.at), 'Paiement', '', r.invoiceNumber ?? '', r.patient, PAYMENT_MODE_LABELS[r.mode as PaymentMode] ?? r.mode, r.reference ?? '', centsToDecimalComma(r.amountCents)] })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  await recordAudit(ctx, caller, { action: 'invoice.export', outcome: 'success', recordType: 'invoice', details: { from: query.from, to: query.to, count: rows.length } });
  return csvDocument(['Date', 'Pièce', 'Numéro', 'Facture', 'Patient', 'Mode', 'Référence', 'Montant (€)'], rows.map((r) => r.cells));
}

/** The dashboard's figures: today's receipts (the practitioner's own, or the organisation's for AD/RH/PA) and the unpaid count. */
export async function dayFigures(ctx: AppContext, caller: Caller) {
  const scope = writeScope(caller);
  const timeZone = await zoneOf(ctx, caller);
  const today = todayIn(timeZone, ctx.clock.now());
  const [from, to] = periodBounds(today, today, timeZone);
  const own = can(caller.role, 'invoicesWrite') && caller.role !== 'PA' ? caller.id : null;
  const figures = await book.dayFigures(ctx.db, scope, own, from, to);
  return { day: today, ...figures };
}

/** Days after the issue when each reminder leaves (level 1, level 2). */
export const REMINDER_DAYS = [15, 30] as const;

/**
 * The background job: mails each reminder due to the patients of unpaid invoices, once per
 * invoice and level (invoice_reminders' key decides, whichever server runs the job).
 */
export async function sendInvoiceReminders(ctx: Pick<AppContext, 'db' | 'clock' | 'mailer'>): Promise<number> {
  const now = new Date(ctx.clock.now());
  let sent = 0;
  for (const [index, days] of REMINDER_DAYS.entries()) {
    // Across practices on purpose: the job serves every organisation, each row re-scoped below.
    const due = await book.takeDueReminders(ctx.db, everyOrganisation(), index + 1, new Date(now.getTime() - days * 86_400_000), now);
    for (const d of due) {
      const facts = await book.reminderFacts(ctx.db, systemScope(d.organizationId), d.invoiceId);
      if (!facts?.email) continue;
      await ctx.mailer.send({
        to: facts.email,
        subject: `Rappel : facture ${facts.number} en attente de règlement`,
        text: `Bonjour ${facts.fullName},\n\nSauf erreur de notre part, la facture ${facts.number} d'un montant de ${formatEuros(facts.totalCents)} n'est pas encore entièrement réglée. Vous pouvez la consulter dans votre espace WellBe.\n\nSi vous avez réglé entre-temps, merci de ne pas tenir compte de ce message.`,
      });
      sent++;
    }
  }
  return sent;
}

/** A patient's no-shows (appointments marked absent), with the fee invoice if one was made. */
export async function noShows(ctx: AppContext, caller: Caller, patientId: string) {
  const scope = writeScope(caller);
  await patientForCaller(ctx, caller, patientId, 'invoice.no_shows', 'read');
  const absent = (await agenda.patientAppointments(ctx, scope, patientId)).filter((a) => a.status === 'absent');
  const billed = await book.invoicesOfAppointments(ctx.db, scope, absent.map((a) => a.id));
  await recordAudit(ctx, caller, { action: 'invoice.no_shows', outcome: 'success', recordType: 'patient', recordId: patientId, patientId, details: { count: absent.length } });
  return absent.map((a) => ({ appointmentId: a.id, startsAt: a.startsAt.toISOString(), practitioner: a.practitionerName ?? '', invoiceId: billed.find((b) => b.appointmentId === a.id)?.id ?? null }));
}
