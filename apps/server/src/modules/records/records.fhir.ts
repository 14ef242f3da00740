import { createHash } from 'node:crypto';
import type {
  Appointment,
  Bundle,
  DocumentReference,
  Encounter,
  Observation,
  Organization,
  Patient,
  Practitioner,
  QuestionnaireResponse,
  Resource,
} from '@medplum/fhirtypes';
import { computeImc } from '@wellbe/shared/domain/imc';
import { richTextToPlain } from '../../lib/rich-text.ts';
import type { appointmentExportPage } from '../agenda/agenda.export.ts';
import type { consultationExportPage } from '../consultations/consultations.service.ts';
import type { documentExportPage } from '../documents/documents.service.ts';
import type { noticeExportPage } from '../notices/notices.service.ts';
import type { ExportPractitioner } from './records.repository.ts';

/** The rows of an export page of each area, as its service answers them. */
type RowOf<F extends (...args: any[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>[number];
export type ExportConsultation = RowOf<typeof consultationExportPage>;
export type ExportDocument = RowOf<typeof documentExportPage>;
export type ExportNotice = RowOf<typeof noticeExportPage>;
export type ExportAppointment = RowOf<typeof appointmentExportPage>;

// FHIR R4 resources of the patient export (RGPD art. 20, a portable format). Each builder is pure:
// it turns one plain row into resources. References point inside the Bundle (`urn:uuid:` full
// URLs), so the file reads on its own (Apple Health's import, Medplum, any R4 server).

export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
const OBS_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';

/** The LOINC codes and UCUM units the export uses (vital signs profile of FHIR R4). */
export const CODES = {
  height: { code: '8302-2', display: 'Body height', unit: 'cm' },
  weight: { code: '29463-7', display: 'Body weight', unit: 'kg' },
  bmi: { code: '39156-5', display: 'Body mass index (BMI) [Ratio]', unit: 'kg/m2' },
  painIntensity: { code: '72514-3', display: 'Pain severity - 0-10 verbal numeric rating [Score] - Reported' },
  painLocation: { code: '38204-4', display: 'Pain primary location' },
} as const;

export const ref = (id: string) => ({ reference: `urn:uuid:${id}` });

/** A stable UUID for a resource derived from a row (an Observation of a consultation, …). */
export function derivedId(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('|')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A narrative (`text`) from labelled lines, escaped: the clinical text never becomes markup. */
export function narrative(lines: [string, string | null | undefined][]) {
  const body = lines
    .filter(([, v]) => v && v.trim())
    .map(([k, v]) => `<p><b>${escapeXml(k)}</b> : ${escapeXml(v!.trim())}</p>`)
    .join('');
  return body ? { status: 'generated' as const, div: `<div xmlns="http://www.w3.org/1999/xhtml">${body}</div>` } : undefined;
}

function splitName(fullName: string): { family: string; given?: string[] } {
  const words = fullName.trim().split(/\s+/);
  return words.length > 1 ? { given: words.slice(0, -1), family: words[words.length - 1] } : { family: words[0] ?? '' };
}

const GENDER: Record<string, Patient['gender']> = { M: 'male', F: 'female', male: 'male', female: 'female', homme: 'male', femme: 'female', other: 'other', autre: 'other' };

export function patientResource(p: {
  id: string;
  organizationId: string;
  fullName: string;
  phoneNumber: string;
  email: string;
  birthDate: string | null;
  sex: string | null;
  address: string | null;
}): Patient {
  const telecom: NonNullable<Patient['telecom']> = [];
  if (p.phoneNumber) telecom.push({ system: 'phone', value: p.phoneNumber });
  if (p.email) telecom.push({ system: 'email', value: p.email });
  return {
    resourceType: 'Patient',
    id: p.id,
    active: true,
    name: [{ use: 'official', text: p.fullName, ...splitName(p.fullName) }],
    ...(telecom.length ? { telecom } : {}),
    gender: p.sex ? (GENDER[p.sex] ?? 'unknown') : 'unknown',
    ...(p.birthDate ? { birthDate: p.birthDate } : {}),
    ...(p.address ? { address: [{ text: p.address }] } : {}),
    managingOrganization: ref(p.organizationId),
  };
}

export function organizationResource(o: { id: string; name: string; address: string | null; phone: string | null; email: string | null; siret: string | null }): Organization {
  const telecom: NonNullable<Organization['telecom']> = [];
  if (o.phone) telecom.push({ system: 'phone', value: o.phone });
  if (o.email) telecom.push({ system: 'email', value: o.email });
  return {
    resourceType: 'Organization',
    id: o.id,
    active: true,
    name: o.name,
    // SIRET of the practice (INSEE's register).
    ...(o.siret ? { identifier: [{ system: 'https://sirene.fr', value: o.siret }] } : {}),
    ...(telecom.length ? { telecom } : {}),
    ...(o.address ? { address: [{ text: o.address }] } : {}),
  };
}

export function practitionerResource(u: ExportPractitioner): Practitioner {
  const text = `${u.firstName} ${u.lastName}`.trim() || u.displayName;
  const telecom: NonNullable<Practitioner['telecom']> = [];
  if (u.contactPhone) telecom.push({ system: 'phone', value: u.contactPhone });
  if (u.contactEmail) telecom.push({ system: 'email', value: u.contactEmail });
  return {
    resourceType: 'Practitioner',
    id: u.id,
    active: true,
    name: [{ text, family: u.lastName || text, ...(u.firstName ? { given: [u.firstName] } : {}) }],
    ...(u.professionalNumber ? { identifier: [{ type: { text: 'Numéro professionnel' }, value: u.professionalNumber }] } : {}),
    ...(telecom.length ? { telecom } : {}),
    ...(u.job ? { qualification: [{ code: { text: u.job } }] } : {}),
  };
}

export function encounterResource(c: ExportConsultation, patientId: string, organizationId: string): Encounter {
  const start = c.consultationDate.toISOString();
  return {
    resourceType: 'Encounter',
    id: c.id,
    status: 'finished',
    class: { system: ACT_CODE, code: 'AMB', display: 'ambulatory' },
    ...(c.speciality ? { type: [{ text: c.speciality }] } : {}),
    subject: ref(patientId),
    participant: [{ individual: ref(c.userId) }],
    period: { start, end: start },
    ...(richTextToPlain(c.diagnostic) ? { reasonCode: [{ text: richTextToPlain(c.diagnostic) }] } : {}),
    serviceProvider: ref(organizationId),
    text: narrative([
      ['Diagnostic', richTextToPlain(c.diagnostic)],
      ['Catégorie de soins', c.healthCareCategory],
      ['Note', richTextToPlain(c.consultationNote)],
      ['Irradiation', c.eradiation],
      ['Facteur déclenchant', c.triggeringFactor],
      ['Traitement antalgique', c.antalgesicTreatment],
      ['Traitement', c.treatmentName],
      ['Efficacité du traitement', c.treatmentEfficacy],
      ['Prévention', [c.prevention1, c.prevention2, c.prevention3].filter(Boolean).join(' ; ')],
    ]),
  };
}

function observationBase(c: ExportConsultation, patientId: string, key: string, category: 'vital-signs' | 'survey'): Omit<Observation, 'code'> {
  return {
    resourceType: 'Observation',
    id: derivedId(c.id, key),
    status: 'final',
    category: [{ coding: [{ system: OBS_CATEGORY, code: category, display: category === 'vital-signs' ? 'Vital Signs' : 'Survey' }] }],
    subject: ref(patientId),
    encounter: ref(c.id),
    effectiveDateTime: c.consultationDate.toISOString(),
    performer: [ref(c.userId)],
  };
}

function quantityObservation(c: ExportConsultation, patientId: string, key: keyof typeof CODES & ('height' | 'weight' | 'bmi'), value: number): Observation {
  const code = CODES[key];
  return {
    ...observationBase(c, patientId, key, 'vital-signs'),
    code: { coding: [{ system: LOINC, code: code.code, display: code.display }], text: code.display },
    valueQuantity: { value, unit: code.unit, system: UCUM, code: code.unit },
  };
}

/** Height, weight, BMI, pain intensity and location of one consultation, for what was measured. */
export function consultationObservations(c: ExportConsultation, patientId: string): Observation[] {
  const out: Observation[] = [];
  if (c.size != null && c.size > 0) out.push(quantityObservation(c, patientId, 'height', c.size));
  if (c.weight != null && c.weight > 0) out.push(quantityObservation(c, patientId, 'weight', c.weight));
  const imc = computeImc(c.weight, c.size);
  if (imc !== null) out.push(quantityObservation(c, patientId, 'bmi', imc));
  const range = c.dolorIntensity ? /^(\d+)-(\d+)$/.exec(c.dolorIntensity.trim()) : null;
  if (range) {
    out.push({
      ...observationBase(c, patientId, 'pain-intensity', 'survey'),
      code: { coding: [{ system: LOINC, code: CODES.painIntensity.code, display: CODES.painIntensity.display }], text: 'Intensité de la douleur' },
      valueRange: { low: { value: Number(range[1]), unit: '{score}', system: UCUM, code: '{score}' }, high: { value: Number(range[2]), unit: '{score}', system: UCUM, code: '{score}' } },
    });
  }
  if (c.dolorLocation && c.dolorLocation !== 'Non Renseigné') {
    out.push({
      ...observationBase(c, patientId, 'pain-location', 'survey'),
      code: { coding: [{ system: LOINC, code: CODES.painLocation.code, display: CODES.painLocation.display }], text: 'Localisation de la douleur' },
      valueCodeableConcept: { text: c.dolorLocation },
    });
  }
  return out;
}

/** A document: inlined (`data`) when small, else a signed link valid a few minutes (`url`). */
export function documentReferenceResource(d: ExportDocument, patientId: string, content: { data: string } | { url: string }): DocumentReference {
  return {
    resourceType: 'DocumentReference',
    id: d.id,
    status: 'current',
    subject: ref(patientId),
    date: d.createdAt.toISOString(),
    author: [ref(d.uploadedBy)],
    description: d.fileName,
    content: [{ attachment: { contentType: d.mimeType, title: d.fileName, size: d.sizeBytes, creation: d.createdAt.toISOString(), ...content } }],
    context: { encounter: [ref(d.consultationId)] },
  };
}

/** The patient's notice on a consultation (stars, opinion, recommendation) as their answers. */
export function noticeResource(n: ExportNotice, patientId: string): QuestionnaireResponse {
  return {
    resourceType: 'QuestionnaireResponse',
    id: n.id,
    status: 'completed',
    subject: ref(patientId),
    encounter: ref(n.consultationId),
    authored: n.createdAt.toISOString(),
    author: ref(patientId),
    source: ref(patientId),
    item: [
      { linkId: 'star', text: 'Note (sur 5)', answer: [{ valueInteger: n.star }] },
      ...(n.patientOpinion.trim() ? [{ linkId: 'opinion', text: 'Avis', answer: [{ valueString: n.patientOpinion.trim() }] }] : []),
      { linkId: 'recommend', text: 'Recommande', answer: [{ valueBoolean: n.recommend }] },
    ],
  };
}

/** The agenda's statuses as FHIR R4 Appointment statuses. */
const APPOINTMENT_STATUS: Record<string, Appointment['status']> = {
  demandé: 'pending',
  confirmé: 'booked',
  honoré: 'fulfilled',
  absent: 'noshow',
  annulé: 'cancelled',
};

export function appointmentResource(a: ExportAppointment, patientId: string): Appointment {
  const where = a.teleconsultation ? 'Téléconsultation' : (a.location ?? '');
  return {
    resourceType: 'Appointment',
    id: a.id,
    status: APPOINTMENT_STATUS[a.status] ?? 'proposed',
    ...(a.type ? { serviceType: [{ text: a.type }], description: a.type } : {}),
    start: a.startsAt.toISOString(),
    end: a.endsAt.toISOString(),
    created: a.createdAt.toISOString(),
    ...(a.status === 'annulé' && a.cancelReason ? { cancelationReason: { text: a.cancelReason } } : {}),
    ...(where ? { comment: where } : {}),
    participant: [
      { actor: ref(patientId), status: 'accepted' },
      { actor: ref(a.practitionerId), status: 'accepted' },
    ],
  };
}

/** The Bundle's opening, up to its `entry` array: the entries follow, then BUNDLE_CLOSE. */
export function bundleOpening(id: string, timestamp: Date): string {
  const head: Bundle = { resourceType: 'Bundle', id, meta: { lastUpdated: timestamp.toISOString() }, type: 'collection', timestamp: timestamp.toISOString() };
  const json = JSON.stringify(head);
  return `${json.slice(0, -1)},"entry":[`;
}
export const BUNDLE_CLOSE = ']}';

/** One Bundle entry as JSON text. */
export function entryJson(resource: Resource & { id?: string }): string {
  return JSON.stringify({ fullUrl: `urn:uuid:${resource.id}`, resource });
}
