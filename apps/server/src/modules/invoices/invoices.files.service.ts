import { INVOICE_MESSAGES, type ReceiptsBook, type ReceiptsBookQuery } from '@wellbe/shared/schemas/invoices';
import { hidden, systemScope, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { OrganisationsService } from '../organisations/organisations.service.ts';
import { signPdf } from '../signing/signing.service.ts';
import { receiptsBook, receiptsBookCsv } from './invoices.book.service.ts';
import { bookPdf, invoicePdf, receiptPdf } from './invoices.pdf.ts';
import { foundInvoice, readInvoice } from './invoices.service.ts';

// The files of the area (the note d'honoraires, a receipt, the receipts book), each journalled as
// the read of the patient data it carries.

/** Signs a PDF of the area with its organisation's certificate (signing module, PAdES-compatible). */
function sign(ctx: AppContext, organizationId: string, pdf: Buffer, reason: string): Promise<Buffer> {
  return signPdf(ctx, systemScope(organizationId), pdf, { reason, name: 'WellBe', location: 'France', contactInfo: '' });
}

export interface FileOut {
  type: string;
  fileName: string;
  body: Buffer | string;
}

export async function invoiceFile(ctx: AppContext, caller: Caller, id: string): Promise<FileOut> {
  const row = await foundInvoice(ctx, caller, id, 'invoice.pdf');
  const invoice = await readInvoice(ctx, caller, row.id, false);
  const timeZone = await new OrganisationsService(ctx).timeZone(row.organizationId);
  const pdf = await sign(ctx, row.organizationId, await invoicePdf(invoice, timeZone), `Note d'honoraires ${invoice.number ?? ''}`.trim());
  await recordAudit(ctx, caller, { action: 'invoice.pdf', outcome: 'success', recordType: 'invoice', recordId: row.id, patientId: row.patientId });
  return { type: 'application/pdf', fileName: `facture-${invoice.number ?? 'brouillon'}.pdf`, body: pdf };
}

export async function receiptFile(ctx: AppContext, caller: Caller, id: string, paymentId: string): Promise<FileOut> {
  const row = await foundInvoice(ctx, caller, id, 'invoice.receipt');
  const invoice = await readInvoice(ctx, caller, row.id, false);
  const payment = invoice.payments.find((p) => p.id === paymentId);
  if (!payment) throw hidden(INVOICE_MESSAGES.notFound, 'payment_not_found');
  const timeZone = await new OrganisationsService(ctx).timeZone(row.organizationId);
  const pdf = await sign(ctx, row.organizationId, await receiptPdf(invoice, payment, timeZone), `Reçu de paiement, facture ${invoice.number}`);
  await recordAudit(ctx, caller, { action: 'invoice.receipt', outcome: 'success', recordType: 'invoice', recordId: row.id, patientId: row.patientId, details: { paymentId } });
  return { type: 'application/pdf', fileName: `recu-${invoice.number}-${payment.paidAt.slice(0, 10)}.pdf`, body: pdf };
}

/** The receipts book as data (the screen), CSV (French Excel) or PDF. */
export async function receiptsBookOut(ctx: AppContext, caller: Caller, query: ReceiptsBookQuery): Promise<{ data: ReceiptsBook } | { file: FileOut }> {
  const book = await receiptsBook(ctx, caller, query);
  if (query.format === 'json') return { data: book };
  const name = `livre-des-recettes-${query.from}-${query.to}`;
  if (query.format === 'csv') return { file: { type: 'text/csv; charset=utf-8', fileName: `${name}.csv`, body: receiptsBookCsv(book) } };
  const pdf = await sign(ctx, caller.organizationId!, await bookPdf(book), 'Livre des recettes');
  return { file: { type: 'application/pdf', fileName: `${name}.pdf`, body: pdf } };
}
