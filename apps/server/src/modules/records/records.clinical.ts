import { createHash } from 'node:crypto';
import type { DocumentReference, MedicationRequest } from '@medplum/fhirtypes';
import { KIND_LABELS, STATUS_LABELS } from '@wellbe/shared/schemas/clinical-documents';
import type { clinicalDocumentExportPage } from '../clinical-documents/clinical-documents.service.ts';
import { derivedId, LOINC, ref } from './records.fhir.ts';

// Issue 33: the clinical documents of the export — each issued paper as a DocumentReference (its
// signed PDF linked, never inlined: the reader signs in to fetch it) and each medicine line of an
// ordonnance as a MedicationRequest carrying the posology as written.

export type ExportClinicalDocument = Awaited<ReturnType<typeof clinicalDocumentExportPage>>[number];

const DOCUMENT_STATUS: Record<ExportClinicalDocument['status'], DocumentReference['status']> = { valid: 'current', replaced: 'superseded', revoked: 'entered-in-error' };
const REQUEST_STATUS: Record<ExportClinicalDocument['status'], MedicationRequest['status']> = { valid: 'active', replaced: 'cancelled', revoked: 'entered-in-error' };
/** LOINC document types of the kinds that have one (a certificate has none). */
const KIND_CODES: Partial<Record<ExportClinicalDocument['kind'], { code: string; display: string }>> = {
  ordonnance: { code: '57833-6', display: 'Prescription for medication' },
  courrier: { code: '34133-9', display: 'Summary of episode note' },
};

interface Context {
  patientId: string;
  /** The PDF's address on this server (signed-in download). */
  pdfUrl: string;
  /** The Encounter of the consultation, when the Bundle holds it. */
  encounterId: string | null;
}

export function clinicalDocumentReference(d: ExportClinicalDocument, c: Context): DocumentReference {
  const code = KIND_CODES[d.kind];
  const title = `${KIND_LABELS[d.kind]} n° ${d.number}`;
  return {
    resourceType: 'DocumentReference',
    id: d.id,
    status: DOCUMENT_STATUS[d.status],
    type: { ...(code ? { coding: [{ system: LOINC, ...code }] } : {}), text: KIND_LABELS[d.kind] },
    subject: ref(c.patientId),
    date: d.issuedAt.toISOString(),
    author: [ref(d.authorId)],
    description: `${title} (${STATUS_LABELS[d.status].toLowerCase()})`,
    ...(d.replacesId ? { relatesTo: [{ code: 'replaces', target: ref(d.replacesId) }] } : {}),
    content: [
      {
        attachment: {
          contentType: 'application/pdf',
          url: c.pdfUrl,
          title,
          size: d.pdf.length,
          // FHIR's Attachment.hash: the base64 SHA-1 of the bytes.
          hash: createHash('sha1').update(d.pdf).digest('base64'),
          creation: d.issuedAt.toISOString(),
        },
      },
    ],
    ...(c.encounterId ? { context: { encounter: [ref(c.encounterId)] } } : {}),
  };
}

/** One MedicationRequest per medicine line of an ordonnance (the non-drug lines stay in its PDF). */
export function medicationRequests(d: ExportClinicalDocument, c: Context): MedicationRequest[] {
  if (d.kind !== 'ordonnance') return [];
  return (d.content.lines ?? []).flatMap((line, i): MedicationRequest[] => {
    if (line.type !== 'medicine') return [];
    const medicine = [line.text, line.dosage, line.form].filter(Boolean).join(' ');
    const dosage = [line.posology, line.duration && `pendant ${line.duration}`].filter(Boolean).join(', ');
    return [
      {
        resourceType: 'MedicationRequest',
        id: derivedId(d.id, 'line', String(i)),
        status: REQUEST_STATUS[d.status],
        intent: 'order',
        groupIdentifier: { value: d.number },
        medicationCodeableConcept: { text: medicine },
        subject: ref(c.patientId),
        ...(c.encounterId ? { encounter: ref(c.encounterId) } : {}),
        authoredOn: d.issuedAt.toISOString(),
        requester: ref(d.authorId),
        ...(dosage ? { dosageInstruction: [{ text: dosage }] } : {}),
        ...(line.quantity ? { note: [{ text: `Quantité : ${line.quantity}` }] } : {}),
        ...(line.nonSubstituable ? { substitution: { allowedBoolean: false, reason: { text: 'Non substituable' } } } : {}),
      },
    ];
  });
}
