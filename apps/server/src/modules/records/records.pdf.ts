import PDFDocument from 'pdfkit';
import { formatDate, formatDateTime } from '@wellbe/shared/domain/dates';
import { formatDecimal } from '@wellbe/shared/domain/decimal';
import { computeImc } from '@wellbe/shared/domain/imc';
import { pdfSafe } from '../../lib/pdf-text.ts';
import { richTextToPlain } from '../../lib/rich-text.ts';
import type { ExportConsultation, ExportDocument, ExportNotice } from './records.fhir.ts';

// The readable French summary of the same content as the FHIR export, written page by page into
// a pdfkit stream while the rows are read (pdfkit flushes each finished page).

const SEX_LABEL: Record<string, string> = { M: 'Homme', F: 'Femme', male: 'Homme', female: 'Femme', other: 'Autre' };
const TEAL = '#0f766e';
const GREY = '#475569';

export interface PdfHeader {
  patient: { fullName: string; birthDate: string | null; sex: string | null; phoneNumber: string; email: string; address: string | null };
  organisation: { name: string; address: string | null; phone: string | null; email: string | null } | null;
  generatedAt: Date;
  timeZone: string;
}

export class SummaryPdf {
  readonly doc: PDFKit.PDFDocument;
  private readonly tz: string;

  constructor(header: PdfHeader) {
    this.tz = header.timeZone;
    this.doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      lang: 'fr-FR',
      displayTitle: true,
      info: { Title: pdfSafe(`Résumé du dossier de ${header.patient.fullName}`), Author: 'WellBe', Subject: 'Copie du dossier patient (RGPD art. 15)' },
      bufferPages: false,
    });
    const d = this.doc;
    d.fillColor(TEAL).font('Helvetica-Bold').fontSize(20).text(pdfSafe('Résumé de mon dossier de santé'));
    d.moveDown(0.2).fillColor(GREY).font('Helvetica').fontSize(10).text(pdfSafe(`Édité le ${formatDateTime(header.generatedAt, this.tz)} par WellBe — copie de vos données (RGPD, articles 15 et 20).`));
    this.heading('Identité');
    const p = header.patient;
    this.field('Nom', p.fullName);
    this.field('Date de naissance', p.birthDate ? formatDate(p.birthDate) : 'Non renseignée');
    this.field('Sexe', p.sex ? (SEX_LABEL[p.sex] ?? p.sex) : 'Non renseigné');
    this.field('Téléphone', p.phoneNumber);
    this.field('Adresse électronique', p.email);
    if (p.address) this.field('Adresse', p.address);
    if (header.organisation) {
      this.heading('Établissement');
      const o = header.organisation;
      this.field('Nom', o.name);
      if (o.address) this.field('Adresse', o.address);
      if (o.phone) this.field('Téléphone', o.phone);
      if (o.email) this.field('Adresse électronique', o.email);
    }
  }

  heading(title: string): void {
    this.doc.moveDown(0.8).fillColor(TEAL).font('Helvetica-Bold').fontSize(14).text(pdfSafe(title)).moveDown(0.3);
    this.doc.fillColor('black').font('Helvetica').fontSize(10.5);
  }

  field(label: string, value: string | null | undefined): void {
    if (value == null || value === '') return;
    this.doc.font('Helvetica-Bold').text(pdfSafe(`${label} : `), { continued: true }).font('Helvetica').text(pdfSafe(value));
  }

  empty(text: string): void {
    this.doc.fillColor(GREY).font('Helvetica-Oblique').text(pdfSafe(text)).fillColor('black').font('Helvetica');
  }

  consultation(c: ExportConsultation & { practitioner: string | null }): void {
    const d = this.doc;
    d.moveDown(0.5).font('Helvetica-Bold').fontSize(11.5).fillColor('black');
    d.text(pdfSafe(`${formatDate(c.consultationDate, this.tz)} — ${c.practitioner ?? 'Praticien'}${c.speciality ? ` (${c.speciality})` : ''}`));
    d.font('Helvetica').fontSize(10.5);
    const measures: string[] = [];
    if (c.size) measures.push(`taille ${formatDecimal(c.size, 0)} cm`);
    if (c.weight) measures.push(`poids ${formatDecimal(c.weight, 1)} kg`);
    const imc = computeImc(c.weight, c.size);
    if (imc !== null) measures.push(`IMC ${formatDecimal(imc, 2)} kg/m²`);
    if (measures.length) this.field('Mesures', measures.join(', '));
    const pain = [c.dolorIntensity && c.dolorIntensity !== 'Non Renseigné' ? `intensité ${c.dolorIntensity} sur 10` : null, c.dolorLocation && c.dolorLocation !== 'Non Renseigné' ? c.dolorLocation.toLowerCase() : null].filter(Boolean);
    if (pain.length) this.field('Douleur', pain.join(', '));
    this.field('Diagnostic', richTextToPlain(c.diagnostic));
    this.field('Note', richTextToPlain(c.consultationNote));
    this.field('Traitement', [c.treatmentName, c.treatmentEfficacy && c.treatmentEfficacy !== 'Non renseigné' ? `efficacité : ${c.treatmentEfficacy}` : null].filter(Boolean).join(', '));
    this.field('Prévention', [c.prevention1, c.prevention2, c.prevention3].filter(Boolean).join(' ; '));
  }

  /** Issue 32: the consultation's addenda, dated and signed, under it. */
  addenda(list: { at: string; authorName: string; text: string }[]): void {
    for (const a of list) this.field(`Complément du ${formatDate(a.at, this.tz)} (${a.authorName})`, richTextToPlain(a.text));
  }

  document(doc: ExportDocument): void {
    this.doc.text(pdfSafe(`• ${doc.fileName} — ajouté le ${formatDate(doc.createdAt, this.tz)} — ${formatDecimal(Math.round(doc.sizeBytes / 1000), 0)} ko`));
  }

  notice(n: ExportNotice, consultationDate: Date | null): void {
    const stars = `${n.star} sur 5`;
    const on = consultationDate ? ` (consultation du ${formatDate(consultationDate, this.tz)})` : '';
    this.doc.text(pdfSafe(`• ${formatDate(n.createdAt, this.tz)}${on} : ${stars}, ${n.recommend ? 'recommande' : 'ne recommande pas'}${n.patientOpinion.trim() ? ` — « ${n.patientOpinion.trim()} »` : ''}`));
  }

  finish(): void {
    this.doc.moveDown(1.5).fillColor(GREY).fontSize(9).text(pdfSafe('Le fichier FHIR R4 exporté depuis « Mes données » contient les mêmes informations dans un format lisible par d’autres logiciels de santé.'));
    this.doc.end();
  }
}
