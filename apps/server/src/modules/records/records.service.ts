import { Readable } from 'node:stream';
import type { Resource } from '@medplum/fhirtypes';
import { todayIn } from '@wellbe/shared/domain/zoned';
import { formatDate } from '@wellbe/shared/domain/dates';
import {
  DOCUMENT_LINK_TTL_MS,
  EXPORTS_PER_HOUR,
  INLINE_DOCUMENT_MAX_BYTES,
  RECORDS_MESSAGES,
} from '@wellbe/shared/schemas/records';
import { hidden, patientScope, systemScope, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { hardLimit, MINUTE, Throttle } from '../../lib/throttle.ts';
import type { ExportCursor } from '../../lib/keyset.ts';
import { appointmentExportPage } from '../agenda/agenda.export.ts';
import { consultationExportPage } from '../consultations/consultations.service.ts';
import { documentExportPage, linkedDocument } from '../documents/documents.service.ts';
import { noticeExportPage } from '../notices/notices.service.ts';
import { clinicalDocumentExportPage } from '../clinical-documents/clinical-documents.service.ts';
import { clinicalDocumentReference, medicationRequests } from './records.clinical.ts';
import { latestVersions, patientVersions } from '../history/history.service.ts';
import { consultationAddenda } from '../consultations/consultations.lock.service.ts';
import { getOrganisationSettings } from '../organisations/organisations.service.ts';
import { patientForCaller } from '../patients/patients.service.ts';
import {
  BUNDLE_CLOSE,
  bundleOpening,
  consultationObservations,
  derivedId,
  documentReferenceResource,
  encounterResource,
  entryJson,
  noticeResource,
  appointmentResource,
  organizationResource,
  patientResource,
  practitionerResource,
  type ExportDocument,
} from './records.fhir.ts';
import { readDocumentLink, signDocumentLink } from './records.links.ts';
import { practitionerAuthor, provenanceResource, withAddenda } from './records.provenance.ts';
// Only the type: exportPdf loads the module on the first PDF, pdfkit costing ~0.3 s of CPU at every start.
import type { SummaryPdf } from './records.pdf.ts';
import { organisationRow, practitionerRows } from './records.repository.ts';

// The patient's rights (RGPD art. 15 and 20; CNIL délibération 2021-122 on traceability):
// - the export of one file as a FHIR R4 Bundle and as a French PDF summary, streamed from keyset
//   pages (a file of 500 consultations and 2 GB of documents never sits whole in memory);
// - "who opened my file" and the flags of unrecognised accesses: records.access.ts.

type PatientRecord = Awaited<ReturnType<typeof patientForCaller>>;

const EXPORT_RULE = hardLimit(EXPORTS_PER_HOUR, 60 * MINUTE);

/** Rows per keyset page of an export: one page in memory at a time. */
export const EXPORT_PAGE = 100;

// ---- Export ----

/** Who may export a file: the patient themself, and the practitioners (dps roles) who reach it. */
async function exportablePatient(ctx: AppContext, caller: Caller, idPatient: string, action: string): Promise<PatientRecord> {
  // The scope first: another organisation's or another patient's id answers 404 (journalled).
  const patient = await patientForCaller(ctx, caller, idPatient, action, 'read');
  const throttle = new Throttle(ctx.db, ctx.clock);
  const key = `records.export:${patient.id}`;
  try {
    await throttle.assertFree([key]);
  } catch (err) {
    await recordAudit(ctx, caller, { action, outcome: 'denied', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { reason: 'throttled' } });
    throw err;
  }
  await throttle.fail(key, EXPORT_RULE, caller.id);
  await recordAudit(ctx, caller, { action, outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id });
  return patient;
}

/** Every row of a keyset-paged query, one page in memory at a time. */
async function* pages<T extends { id: string; cursorAt: string }>(read: (after: ExportCursor) => Promise<T[]>): AsyncGenerator<T> {
  let after: ExportCursor = null;
  for (;;) {
    const rows = await read(after);
    for (const row of rows) yield row;
    if (rows.length < EXPORT_PAGE) return;
    const last = rows[rows.length - 1];
    after = { at: last.cursorAt, id: last.id };
  }
}

/** What the sections of an export read from: the file, and what they learn on the way. */
interface ExportSource {
  ctx: AppContext;
  caller: Caller;
  patient: PatientRecord;
  /** Authors met in consultations and documents: the Practitioner resources, written last. */
  practitioners: Set<string>;
  /** Date of each consultation written, for notices (a Map of ids and dates: bytes per row). */
  consultationDates: Map<string, Date>;
  /** Issue 32: the records written to the Bundle (their versions' Provenance targets them). */
  written: Set<string>;
  versions?: Map<string, number>;
}

function exportSource(ctx: AppContext, caller: Caller, patient: PatientRecord): ExportSource {
  return { ctx, caller, patient, practitioners: new Set(), consultationDates: new Map(), written: new Set([patient.id]) };
}

// Each section reads its rows through its area's service, in the caller's read scope.
const consultations = (s: ExportSource) => pages((after) => consultationExportPage(s.ctx, s.caller, s.patient.id, after, EXPORT_PAGE));
const documentRows = (s: ExportSource) => pages((after) => documentExportPage(s.ctx, s.caller, s.patient.id, after, EXPORT_PAGE));
const clinicalDocumentRows = (s: ExportSource) => pages((after) => clinicalDocumentExportPage(s.ctx, s.caller, s.patient.id, after, EXPORT_PAGE));
const noticeRows = (s: ExportSource) => pages((after) => noticeExportPage(s.ctx, s.caller, s.patient.id, after, EXPORT_PAGE));
const appointmentRows = (s: ExportSource) => pages((after) => appointmentExportPage(s.ctx, s.caller, s.patient.id, after, EXPORT_PAGE));
// The file's organisation and its practitioners: the patient row was read through the caller's scope.
const fileScope = (s: { patient: PatientRecord }) => systemScope(s.patient.organizationId);

/** A small document inlined as base64; a larger one as a signed link valid DOCUMENT_LINK_TTL_MS. */
async function documentContent(s: ExportSource, d: ExportDocument): Promise<{ data: string } | { url: string }> {
  if (d.sizeBytes <= INLINE_DOCUMENT_MAX_BYTES) {
    const stream = await s.ctx.storage.get(d.sha256);
    if (stream) {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return { data: Buffer.concat(chunks).toString('base64') };
    }
  }
  const token = signDocumentLink(s.ctx.jwtKey, {
    documentId: d.id,
    patientId: s.patient.id,
    userId: s.caller.id,
    role: s.caller.role,
    organizationId: s.caller.organizationId,
    expiresAt: s.ctx.clock.now() + DOCUMENT_LINK_TTL_MS,
  });
  return { url: `${s.ctx.config.publicUrl.replace(/\/$/, '')}/api/records/documents?t=${token}` };
}

/** The sections of the Bundle, in order. Each reads its own rows page by page and yields resources. */
type Section = (s: ExportSource) => AsyncIterable<Resource>;

async function* patientSection(s: ExportSource) {
  s.versions = await latestVersions(s.ctx, patientScope(s.caller, 'read'), s.patient.id);
  yield withVersion(patientResource(s.patient), s.versions.get(s.patient.id));
  const organisation = await organisationRow(s.ctx.db, fileScope(s), s.patient.organizationId);
  if (organisation) yield organizationResource(organisation);
}

async function* consultationSection(s: ExportSource) {
  for await (const c of consultations(s)) {
    s.practitioners.add(c.userId);
    s.consultationDates.set(c.id, c.consultationDate);
    s.written.add(c.id);
    const addenda = await consultationAddenda(s.ctx, s.caller, [c.id]);
    yield withVersion(withAddenda(encounterResource(c, s.patient.id, s.patient.organizationId), addenda, (iso) => formatDate(iso)), s.versions?.get(c.id));
    yield* consultationObservations(c, s.patient.id);
  }
}

async function* documentSection(s: ExportSource) {
  for await (const d of documentRows(s)) {
    s.practitioners.add(d.uploadedBy);
    yield documentReferenceResource(d, s.patient.id, await documentContent(s, d));
  }
}

/** Issue 33: the issued ordonnances, certificates and letters, and an ordonnance's medicines. */
async function* clinicalDocumentSection(s: ExportSource) {
  for await (const d of clinicalDocumentRows(s)) {
    s.practitioners.add(d.authorId);
    const context = { patientId: s.patient.id, pdfUrl: d.pdfUrl, encounterId: d.consultationId && s.written.has(d.consultationId) ? d.consultationId : null };
    yield clinicalDocumentReference(d, context);
    yield* medicationRequests(d, context);
  }
}

async function* noticeSection(s: ExportSource) {
  for await (const n of noticeRows(s)) {
    s.written.add(n.id);
    yield withVersion(noticeResource(n, s.patient.id), s.versions?.get(n.id));
  }
}

/** Issue 32: a Provenance per version of a record written to the Bundle. */
async function* provenanceSection(s: ExportSource) {
  for await (const v of patientVersions(s.ctx, patientScope(s.caller, 'read'), s.patient.id)) {
    if (!s.written.has(v.recordType === 'patient' ? s.patient.id : v.recordId)) continue;
    const author = practitionerAuthor(v);
    if (author) s.practitioners.add(author);
    yield provenanceResource(v, { patientId: s.patient.id, organizationId: s.patient.organizationId });
  }
}

/** `meta.versionId`: the record's current version (every record has one since issue 32). */
function withVersion<R extends Resource>(resource: R, version: number | undefined): R {
  return version ? { ...resource, meta: { ...resource.meta, versionId: String(version) } } : resource;
}

async function* appointmentSection(s: ExportSource) {
  for await (const a of appointmentRows(s)) {
    s.practitioners.add(a.practitionerId);
    yield appointmentResource(a, s.patient.id);
  }
}

async function* practitionerSection(s: ExportSource) {
  const ids = [...s.practitioners];
  for (let i = 0; i < ids.length; i += 200) {
    for (const u of await practitionerRows(s.ctx.db, fileScope(s), ids.slice(i, i + 200))) yield practitionerResource(u);
  }
}

export const FHIR_SECTIONS: Section[] = [patientSection, consultationSection, documentSection, clinicalDocumentSection, noticeSection, appointmentSection, provenanceSection, practitionerSection];

async function* bundleText(s: ExportSource, sections: Section[]): AsyncGenerator<string> {
  yield bundleOpening(derivedId(s.patient.id, 'export', String(s.ctx.clock.now())), new Date(s.ctx.clock.now()));
  let first = true;
  for (const section of sections) {
    for await (const resource of section(s)) {
      yield (first ? '' : ',') + entryJson(resource);
      first = false;
    }
  }
  yield BUNDLE_CLOSE;
}

function fileStem(patient: PatientRecord, day: string): string {
  const ascii = patient.fullName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `dossier-${ascii || 'patient'}-${day}`;
}

/** The FHIR R4 Bundle of one file, as a stream of JSON text (journalled as an export). */
export async function exportFhir(ctx: AppContext, caller: Caller, idPatient: string): Promise<{ fileName: string; stream: Readable }> {
  const patient = await exportablePatient(ctx, caller, idPatient, 'records.export.fhir');
  const { timeZone } = await getOrganisationSettings(ctx, patient.organizationId);
  const source = exportSource(ctx, caller, patient);
  return { fileName: `${fileStem(patient, todayIn(timeZone, ctx.clock.now()))}.fhir.json`, stream: Readable.from(bundleText(source, FHIR_SECTIONS)) };
}

/** The French PDF summary of the same content (journalled as an export). */
export async function exportPdf(ctx: AppContext, caller: Caller, idPatient: string): Promise<{ fileName: string; stream: Readable }> {
  const patient = await exportablePatient(ctx, caller, idPatient, 'records.export.pdf');
  const { timeZone } = await getOrganisationSettings(ctx, patient.organizationId);
  const organisation = await organisationRow(ctx.db, fileScope({ patient }), patient.organizationId);
  const pdf = new (await import('./records.pdf.ts')).SummaryPdf({ patient, organisation, generatedAt: new Date(ctx.clock.now()), timeZone });
  const source = exportSource(ctx, caller, patient);
  void writePdf(source, pdf);
  return { fileName: `${fileStem(patient, todayIn(timeZone, ctx.clock.now()))}.pdf`, stream: pdf.doc as unknown as Readable };
}

async function writePdf(s: ExportSource, pdf: SummaryPdf): Promise<void> {
  try {
    const names = new Map<string, string>();
    pdf.heading('Consultations');
    let count = 0;
    for await (const c of consultations(s)) {
      if (!names.has(c.userId)) {
        const [u] = await practitionerRows(s.ctx.db, fileScope(s), [c.userId]);
        names.set(c.userId, u ? `${u.firstName} ${u.lastName}`.trim() : 'Praticien');
      }
      s.consultationDates.set(c.id, c.consultationDate);
      pdf.consultation({ ...c, practitioner: names.get(c.userId) ?? null });
      pdf.addenda(await consultationAddenda(s.ctx, s.caller, [c.id]));
      count++;
    }
    if (count === 0) pdf.empty('Aucune consultation.');
    pdf.heading('Documents');
    count = 0;
    for await (const d of documentRows(s)) {
      pdf.document(d);
      count++;
    }
    if (count === 0) pdf.empty('Aucun document.');
    pdf.heading('Mes avis');
    count = 0;
    for await (const n of noticeRows(s)) {
      pdf.notice(n, s.consultationDates.get(n.consultationId) ?? null);
      count++;
    }
    if (count === 0) pdf.empty('Aucun avis.');
    pdf.finish();
  } catch (err) {
    // The answer has started: the download is cut, never a half-written file that looks whole.
    pdf.doc.destroy(err as Error);
  }
}

/** A document behind a signed export link: no session, the link is the permission (10 minutes). */
export async function openLinkedDocument(ctx: AppContext, ip: string | null, token: string) {
  const link = readDocumentLink(ctx.jwtKey, token, ctx.clock.now());
  // The link is the permission: its scope is the one patient it was signed for.
  const doc = link ? await linkedDocument(ctx, { organizationId: null, patientId: link.patientId, archived: true }, link.documentId) : null;
  const stream = doc ? await ctx.storage.get(doc.sha256) : null;
  if (!link || !doc || !stream) throw hidden(RECORDS_MESSAGES.linkExpired, 'link_expired');
  await recordAudit(
    ctx,
    { id: link.userId, role: link.role, organizationId: link.organizationId, ip },
    { action: 'document.download', outcome: 'success', recordType: 'document', recordId: doc.id, patientId: doc.patientId, details: { via: 'export_link' } },
  );
  return { stream, fileName: doc.fileName, mimeType: doc.mimeType, size: doc.sizeBytes };
}
