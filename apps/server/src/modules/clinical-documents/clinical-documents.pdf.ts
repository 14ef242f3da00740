import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { KIND_LABELS, type ClinicalDocumentKind, type DocumentContent, type PrescriptionLine } from '@wellbe/shared/schemas/clinical-documents';
import { pdfSafe } from '../../lib/pdf-text.ts';

// The printed document: letterhead (repeated on every page, so a 20-line ordonnance that runs over
// stays attributable page by page), patient, French date, content, signature and the verification QR
// code. The bytes are then signed by the signing module.

export interface PdfInput {
  kind: ClinicalDocumentKind;
  number: string;
  /** DD/MM/YYYY in the organisation's time zone. */
  date: string;
  practitioner: { name: string; speciality: string; rpps: string | null; adeli: string | null; phone: string | null };
  organisation: { name: string; address: string | null; phone: string | null };
  patient: { fullName: string; birthDate: string | null; age: number | null };
  content: DocumentContent;
  recipient: string | null;
  signatureImage: Buffer | null;
  verifyUrl: string;
  shortCode: string;
}

const TEAL = '#0f766e';
const GREY = '#475569';
const NON_DRUG: Record<string, string> = { biologie: 'Biologie', imagerie: 'Imagerie', kinesitherapie: 'Kinésithérapie', dietetique: 'Diététique', sport: 'Activité physique adaptée', autre: 'Autre' };

function lineText(line: PrescriptionLine): string[] {
  if (line.type !== 'medicine') return [`${NON_DRUG[line.type]} : ${line.text}`];
  const head = [line.text, line.dosage, line.form].filter(Boolean).join(' — ');
  const detail = [line.posology, line.duration && `pendant ${line.duration}`, line.quantity && `quantité : ${line.quantity}`].filter(Boolean).join(' ; ');
  return [head + (line.nonSubstituable ? '  [Non substituable]' : ''), ...(detail ? [detail] : [])];
}

function header(doc: PDFKit.PDFDocument, input: PdfInput): void {
  const { practitioner: p, organisation: o } = input;
  const left = doc.page.margins.left;
  const top = doc.page.margins.top;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.fillColor(TEAL).font('Helvetica-Bold').fontSize(13).text(pdfSafe(p.name), left, top, { width: width * 0.6 });
  doc.fillColor(GREY).font('Helvetica').fontSize(9);
  const ids = [p.rpps && `RPPS ${p.rpps}`, p.adeli && `ADELI ${p.adeli}`].filter(Boolean).join(' — ');
  for (const text of [p.speciality, ids, o.name, o.address, [p.phone ?? o.phone].filter(Boolean).map((t) => `Tél. ${t}`).join('')]) {
    if (text) doc.text(pdfSafe(text), { width: width * 0.6 });
  }
  const bottom = doc.y;
  doc.fillColor('black').fontSize(10).text(pdfSafe(`Le ${input.date}`), left + width * 0.6, top, { width: width * 0.4, align: 'right' });
  doc.fillColor(GREY).fontSize(9).text(pdfSafe(`N° ${input.number}`), { width: width * 0.4, align: 'right' });
  doc.y = Math.max(bottom, doc.y) + 6;
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).strokeColor(TEAL).lineWidth(0.8).stroke();
  doc.x = left;
  doc.y += 10;
  doc.fillColor('black').font('Helvetica').fontSize(10.5);
}

function patientBlock(doc: PDFKit.PDFDocument, input: PdfInput): void {
  const { patient } = input;
  const born = patient.birthDate ? `, né(e) le ${patient.birthDate}${patient.age != null ? ` (${patient.age} ans)` : ''}` : '';
  doc.font('Helvetica-Bold').text(pdfSafe(`${patient.fullName}`), { continued: true }).font('Helvetica').text(pdfSafe(born));
  if (input.recipient) doc.moveDown(0.3).text(pdfSafe(`À l'attention de ${input.recipient}`));
  doc.moveDown(0.8).fillColor(TEAL).font('Helvetica-Bold').fontSize(15).text(pdfSafe(KIND_LABELS[input.kind].toUpperCase()), { align: 'center' });
  doc.moveDown(0.6).fillColor('black').font('Helvetica').fontSize(10.5);
}

function ordonnance(doc: PDFKit.PDFDocument, content: DocumentContent): void {
  const lines = content.lines ?? [];
  const groups = content.ald
    ? [
        { title: "Prescriptions relatives au traitement de l'affection de longue durée reconnue (ALD)", lines: lines.filter((l) => l.ald) },
        { title: 'Prescriptions sans rapport avec l’affection de longue durée (maladies intercurrentes)', lines: lines.filter((l) => !l.ald) },
      ]
    : [{ title: '', lines }];
  let n = 0;
  for (const group of groups) {
    if (group.title) doc.moveDown(0.4).font('Helvetica-Bold').fontSize(10).text(pdfSafe(group.title)).moveDown(0.3).font('Helvetica').fontSize(10.5);
    for (const line of group.lines) {
      const [first, ...rest] = lineText(line);
      n += 1;
      doc.font('Helvetica-Bold').text(pdfSafe(`${n}. ${first}`));
      doc.font('Helvetica');
      for (const more of rest) doc.text(pdfSafe(more), { indent: 14 });
      doc.moveDown(0.4);
    }
  }
}

function body(doc: PDFKit.PDFDocument, input: PdfInput): void {
  const { content } = input;
  if (input.kind === 'ordonnance') ordonnance(doc, content);
  if (input.kind === 'certificat' && content.certificateType === 'sport') {
    const sport = content.sport?.trim() || 'sport';
    doc.text(
      pdfSafe(
        `Je soussigné(e), ${input.practitioner.name}, certifie avoir examiné ce jour ${input.patient.fullName} et n'avoir pas constaté, à la date de ce jour, de signe clinique apparent contre-indiquant la pratique du sport suivant : ${sport}${content.competition ? ', y compris en compétition' : ''}.`,
      ),
    );
    doc.moveDown(0.6);
  }
  if (content.text?.trim()) doc.text(pdfSafe(content.text.trim()), { align: 'left' });
  if (input.kind === 'certificat') doc.moveDown(0.6).text(pdfSafe("Certificat remis en main propre à l'intéressé(e) pour faire valoir ce que de droit."));
}

async function footer(doc: PDFKit.PDFDocument, input: PdfInput): Promise<void> {
  const qr = await QRCode.toBuffer(input.verifyUrl, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const needed = 110;
  if (doc.y + needed > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const top = doc.y + 16;
  doc.image(qr, left, top, { width: 80 });
  doc.fontSize(8).fillColor(GREY).text(pdfSafe('Vérifier ce document :'), left + 90, top + 4, { width: width * 0.45 });
  doc.text(pdfSafe(input.verifyUrl), { width: width * 0.45, link: input.verifyUrl });
  doc.text(pdfSafe(`Code : ${input.shortCode}`), { width: width * 0.45 });
  doc.text(pdfSafe('Document signé électroniquement.'), { width: width * 0.45 });
  const signX = left + width * 0.62;
  doc.fillColor('black').fontSize(10).text(pdfSafe(input.practitioner.name), signX, top, { width: width * 0.38, align: 'center' });
  if (input.signatureImage) doc.image(input.signatureImage, signX + 10, doc.y + 4, { fit: [width * 0.38 - 20, 60] });
}

/** The unsigned PDF (A4, or A5 for an ordonnance when asked). */
export async function renderDocumentPdf(input: PdfInput): Promise<Buffer> {
  const size = input.kind === 'ordonnance' && input.content.format === 'A5' ? 'A5' : 'A4';
  const doc = new PDFDocument({ size, margin: size === 'A5' ? 32 : 50, lang: 'fr-FR', info: { Title: pdfSafe(`${KIND_LABELS[input.kind]} ${input.number}`), Author: pdfSafe(input.practitioner.name), Creator: 'WellBe' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  header(doc, input);
  // Every further page starts with the letterhead again.
  doc.on('pageAdded', () => header(doc, input));
  patientBlock(doc, input);
  body(doc, input);
  await footer(doc, input);
  doc.end();
  return done;
}
