import PDFDocument from 'pdfkit';
import { formatDate, formatDateTime } from '@wellbe/shared/domain/dates';
import { formatEuros, PAYMENT_MODE_LABELS, type PaymentMode } from '@wellbe/shared/domain/money';
import type { Invoice, Payment, ReceiptsBook } from '@wellbe/shared/schemas/invoices';
import { pdfSafe } from '../../lib/pdf-text.ts';

// The PDFs of the area: the note d'honoraires with its legal mentions, a payment's receipt, and the
// receipts book for the accountant. Built in memory (a few pages), then signed (invoices.files.service).

const TEAL = '#0f766e';
const GREY = '#475569';

function open(title: string): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'A4', margin: 50, lang: 'fr-FR', displayTitle: true, info: { Title: pdfSafe(title), Author: 'WellBe' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fillColor(TEAL).font('Helvetica-Bold').fontSize(18).text(pdfSafe(title)).moveDown(0.5);
  doc.fillColor('black').font('Helvetica').fontSize(10.5);
  return { doc, done };
}

function line(doc: PDFKit.PDFDocument, label: string, value: string | null | undefined) {
  if (!value) return;
  doc.font('Helvetica-Bold').text(pdfSafe(`${label} : `), { continued: true }).font('Helvetica').text(pdfSafe(value));
}

/** The note d'honoraires: the mentions frozen at issue (identity, RPPS/ADELI, SIRET, patient, date of the act, VAT). */
export function invoicePdf(invoice: Invoice, timeZone: string): Promise<Buffer> {
  const m = invoice.mentions;
  const { doc, done } = open(invoice.number ? `Note d'honoraires n° ${invoice.number}` : "Note d'honoraires (brouillon)");
  line(doc, 'Praticien', m.practitioner ?? invoice.practitioner.fullName);
  line(doc, 'RPPS', m.rpps);
  line(doc, 'ADELI', m.adeli);
  line(doc, 'Cabinet', m.organisation);
  line(doc, 'Adresse', m.address);
  line(doc, 'SIRET', m.siret);
  doc.moveDown(0.5);
  line(doc, 'Patient', m.patient ?? invoice.patient.fullName);
  line(doc, "Date de l'acte", formatDate(invoice.actDate));
  line(doc, "Date d'émission", invoice.issuedAt ? formatDateTime(invoice.issuedAt, timeZone) : 'non émise');
  doc.moveDown(0.8).fillColor(TEAL).font('Helvetica-Bold').text('Prestations').fillColor('black').font('Helvetica').moveDown(0.3);
  for (const l of invoice.lines) {
    const discount = l.discountCents ? ` (remise ${formatEuros(l.discountCents)})` : '';
    doc.text(pdfSafe(`${l.label} — ${l.quantity} × ${formatEuros(l.unitPriceCents)}${discount} = ${formatEuros(l.totalCents)}`));
  }
  doc.moveDown(0.5).font('Helvetica-Bold').text(pdfSafe(`Total : ${formatEuros(invoice.totalCents)}`)).font('Helvetica');
  if (invoice.creditedCents) doc.text(pdfSafe(`Avoirs : ${formatEuros(invoice.creditedCents)}`));
  doc.text(pdfSafe(`Réglé : ${formatEuros(invoice.paidCents)} — reste à payer : ${formatEuros(invoice.balanceCents)}`));
  doc.moveDown(0.5).fillColor(GREY).text(pdfSafe(m.vat ?? invoice.vatMention));
  doc.end();
  return done;
}

/** A payment's receipt (reçu). */
export function receiptPdf(invoice: Invoice, payment: Payment, timeZone: string): Promise<Buffer> {
  const { doc, done } = open('Reçu de paiement');
  line(doc, 'Cabinet', invoice.mentions.organisation);
  line(doc, 'Praticien', invoice.mentions.practitioner ?? invoice.practitioner.fullName);
  line(doc, 'Reçu de', invoice.patient.fullName);
  line(doc, 'Facture', invoice.number);
  line(doc, 'Montant', formatEuros(payment.amountCents));
  line(doc, 'Mode', PAYMENT_MODE_LABELS[payment.mode]);
  line(doc, 'Référence', payment.reference);
  line(doc, 'Banque', payment.bank);
  line(doc, 'Date', formatDateTime(payment.paidAt, timeZone));
  doc.moveDown(0.5).text(pdfSafe(`Reste à payer sur la facture : ${formatEuros(invoice.balanceCents)}`));
  doc.end();
  return done;
}

/** The receipts book of a practitioner and period: every receipt in date order, totals per mode and month. */
export function bookPdf(book: ReceiptsBook): Promise<Buffer> {
  const { doc, done } = open('Livre des recettes');
  line(doc, 'Praticien', book.practitioner.fullName);
  line(doc, 'Période', `du ${formatDate(book.from)} au ${formatDate(book.to)}`);
  doc.moveDown(0.5).fontSize(9.5);
  for (const r of book.rows) {
    doc.text(pdfSafe(`${formatDate(r.day)}  ${r.invoiceNumber}  ${r.patient}  ${PAYMENT_MODE_LABELS[r.mode]}${r.reference ? ` (${r.reference})` : ''}  ${formatEuros(r.amountCents)}`));
  }
  doc.moveDown(0.8).fontSize(10.5).fillColor(TEAL).font('Helvetica-Bold').text('Totaux').fillColor('black').font('Helvetica');
  for (const mode of Object.keys(book.byMode) as PaymentMode[]) doc.text(pdfSafe(`${PAYMENT_MODE_LABELS[mode]} : ${formatEuros(book.byMode[mode])}`));
  for (const m of book.byMonth) doc.text(pdfSafe(`${m.month.slice(5)}/${m.month.slice(0, 4)} : ${formatEuros(m.totalCents)}`));
  doc.font('Helvetica-Bold').text(pdfSafe(`Total : ${formatEuros(book.totalCents)}`));
  doc.end();
  return done;
}

