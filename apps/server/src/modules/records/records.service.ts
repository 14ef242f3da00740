import { Readable } from 'node:stream';
import type { Resource } from '@medplum/fhirtypes';
import { DEFAULT_TIME_ZONE } from '@wellbe/shared/domain/dates';
import { localParts } from '@wellbe/shared/domain/zoned';
import { accessKind, accessOperation, actorLabel, decodeCursor, encodeCursor } from '@wellbe/shared/domain/records';
import { can } from '@wellbe/shared/permissions';
import {
  DOCUMENT_LINK_TTL_MS,
  EXPORTS_PER_HOUR,
  INLINE_DOCUMENT_MAX_BYTES,
  RECORDS_MESSAGES,
  type AccessFlag,
  type AccessFlagListQuery,
  type AccessFlagPage,
  type AccessLogPage,
  type AccessLogQuery,
} from '@wellbe/shared/schemas/records';
import { hidden, journalOrganisation, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { publishRealtime } from '../../lib/realtime/publish.ts';
import { conflict, forbidden } from '../../lib/errors.ts';
import { hardLimit, MINUTE, Throttle } from '../../lib/throttle.ts';
import { getOrganisationSettings } from '../organisations/organisations.service.ts';
import { messageFromPatient } from '../chat/chat.service.ts';
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
} from './records.fhir.ts';
import { readDocumentLink, signDocumentLink } from './records.links.ts';
// Only the type: exportPdf loads the module on the first PDF, pdfkit costing ~0.3 s of CPU at every start.
import type { SummaryPdf } from './records.pdf.ts';
import {
  accessLogPage,
  answerFlag,
  consultationPage,
  documentPage,
  findFlag,
  findLinkedDocument,
  flagPage,
  insertFlag,
  noticePage,
  appointmentPage,
  organisationAdministrators,
  organisationRow,
  patientEvent,
  practitionerRows,
  EXPORT_PAGE,
  type ExportCursor,
  type ExportDocument,
  type FlagRow,
} from './records.repository.ts';

// The patient's rights (RGPD art. 15 and 20; CNIL délibération 2021-122 on traceability):
// - the export of one file as a FHIR R4 Bundle and as a French PDF summary, streamed from keyset
//   pages (a file of 500 consultations and 2 GB of documents never sits whole in memory);
// - "who opened my file": the journal rows about the file, as the patient may read them;
// - the flag of an access the patient does not recognise, answered by the organisation's PA.

type PatientRecord = Awaited<ReturnType<typeof patientForCaller>>;

const EXPORT_RULE = hardLimit(EXPORTS_PER_HOUR, 60 * MINUTE);

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
}

function exportSource(ctx: AppContext, caller: Caller, patient: PatientRecord): ExportSource {
  return { ctx, caller, patient, practitioners: new Set(), consultationDates: new Map() };
}

const consultations = (s: ExportSource) => pages((after) => consultationPage(s.ctx.db, s.patient.id, after));
const documentRows = (s: ExportSource) => pages((after) => documentPage(s.ctx.db, s.patient.id, after));
const noticeRows = (s: ExportSource) => pages((after) => noticePage(s.ctx.db, s.patient.id, after));
const appointmentRows = (s: ExportSource) => pages((after) => appointmentPage(s.ctx.db, s.patient.id, after));

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
  yield patientResource(s.patient);
  const organisation = await organisationRow(s.ctx.db, s.patient.organizationId);
  if (organisation) yield organizationResource(organisation);
}

async function* consultationSection(s: ExportSource) {
  for await (const c of consultations(s)) {
    s.practitioners.add(c.userId);
    s.consultationDates.set(c.id, c.consultationDate);
    yield encounterResource(c, s.patient.id, s.patient.organizationId);
    yield* consultationObservations(c, s.patient.id);
  }
}

async function* documentSection(s: ExportSource) {
  for await (const d of documentRows(s)) {
    s.practitioners.add(d.uploadedBy);
    yield documentReferenceResource(d, s.patient.id, await documentContent(s, d));
  }
}

async function* noticeSection(s: ExportSource) {
  for await (const n of noticeRows(s)) yield noticeResource(n, s.patient.id);
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
    for (const u of await practitionerRows(s.ctx.db, s.patient.organizationId, ids.slice(i, i + 200))) yield practitionerResource(u);
  }
}

export const FHIR_SECTIONS: Section[] = [patientSection, consultationSection, documentSection, noticeSection, appointmentSection, practitionerSection];

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

function fileStem(patient: PatientRecord, now: number): string {
  const ascii = patient.fullName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `dossier-${ascii || 'patient'}-${localParts(new Date(now), DEFAULT_TIME_ZONE).day}`;
}

/** The FHIR R4 Bundle of one file, as a stream of JSON text (journalled as an export). */
export async function exportFhir(ctx: AppContext, caller: Caller, idPatient: string): Promise<{ fileName: string; stream: Readable }> {
  const patient = await exportablePatient(ctx, caller, idPatient, 'records.export.fhir');
  const source = exportSource(ctx, caller, patient);
  return { fileName: `${fileStem(patient, ctx.clock.now())}.fhir.json`, stream: Readable.from(bundleText(source, FHIR_SECTIONS)) };
}

/** The French PDF summary of the same content (journalled as an export). */
export async function exportPdf(ctx: AppContext, caller: Caller, idPatient: string): Promise<{ fileName: string; stream: Readable }> {
  const patient = await exportablePatient(ctx, caller, idPatient, 'records.export.pdf');
  const { timeZone } = await getOrganisationSettings(ctx, patient.organizationId);
  const organisation = await organisationRow(ctx.db, patient.organizationId);
  const pdf = new (await import('./records.pdf.ts')).SummaryPdf({ patient, organisation, generatedAt: new Date(ctx.clock.now()), timeZone });
  const source = exportSource(ctx, caller, patient);
  void writePdf(source, pdf);
  return { fileName: `${fileStem(patient, ctx.clock.now())}.pdf`, stream: pdf.doc as unknown as Readable };
}

async function writePdf(s: ExportSource, pdf: SummaryPdf): Promise<void> {
  try {
    const names = new Map<string, string>();
    pdf.heading('Consultations');
    let count = 0;
    for await (const c of consultations(s)) {
      if (!names.has(c.userId)) {
        const [u] = await practitionerRows(s.ctx.db, s.patient.organizationId, [c.userId]);
        names.set(c.userId, u ? `${u.firstName} ${u.lastName}`.trim() : 'Praticien');
      }
      s.consultationDates.set(c.id, c.consultationDate);
      pdf.consultation({ ...c, practitioner: names.get(c.userId) ?? null });
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
  const doc = link ? await findLinkedDocument(ctx.db, link.documentId, link.patientId) : null;
  const stream = doc ? await ctx.storage.get(doc.sha256) : null;
  if (!link || !doc || !stream) throw hidden(RECORDS_MESSAGES.linkExpired, 'link_expired');
  await recordAudit(
    ctx,
    { id: link.userId, role: link.role, organizationId: link.organizationId, ip },
    { action: 'document.download', outcome: 'success', recordType: 'document', recordId: doc.id, patientId: doc.patientId, details: { via: 'export_link' } },
  );
  return { stream, fileName: doc.fileName, mimeType: doc.mimeType, size: doc.sizeBytes };
}

// ---- Who opened my file ----

/** The patient reads their own log; in the practice, only who reads the journal (PA, SA, DE). */
function mayReadAccessLog(caller: Caller, patient: PatientRecord): boolean {
  return (caller.role === 'PT' && caller.patientId === patient.id) || can(caller.role, 'journal');
}

export async function readAccessLog(ctx: AppContext, caller: Caller, idPatient: string, query: AccessLogQuery): Promise<AccessLogPage> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'records.access_log.read', 'read');
  if (!mayReadAccessLog(caller, patient)) {
    await recordAudit(ctx, caller, { action: 'records.access_log.read', outcome: 'denied', recordType: 'patient', recordId: patient.id, patientId: patient.id });
    throw forbidden(RECORDS_MESSAGES.accessLogReserved);
  }
  const { timeZone } = await getOrganisationSettings(ctx, patient.organizationId);
  const rows = await accessLogPage(ctx.db, {
    patientId: patient.id,
    organizationId: patient.organizationId,
    kind: query.kind,
    from: query.from,
    to: query.to,
    timeZone,
    before: query.cursor ? decodeCursor(query.cursor) : null,
    limit: query.limit,
  });
  // Journalled like every read about a patient; the log itself leaves its own reads out (the
  // repository's rule), or each visit would add a line to what it shows.
  await recordAudit(ctx, caller, { action: 'records.access_log.read', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { count: Math.min(rows.length, query.limit) } });
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      ...actorLabel({ userId: r.userId, role: r.role, nameInOrganisation: r.lastName != null ? `${r.firstName} ${r.lastName}` : null }, caller.role === 'PT' ? caller.id : ''),
      kind: accessKind(r.action, r.recordType),
      operation: accessOperation(r.action, r.outcome),
      action: r.action,
      flag: r.flagId ? { idFlag: r.flagId, status: r.flagStatus!, answer: r.flagAnswer, answeredAt: r.flagAnsweredAt?.toISOString() ?? null } : null,
    })),
    nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1].at, page[page.length - 1].id) : null,
  };
}

/** "Je ne reconnais pas cet accès": only the patient, on a row of their own log. */
export async function flagAccess(ctx: AppContext, caller: Caller, idPatient: string, eventId: string, comment: string): Promise<{ idFlag: string }> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'records.flag.create', 'read');
  if (caller.role !== 'PT' || caller.patientId !== patient.id) throw forbidden(RECORDS_MESSAGES.accessLogReserved);
  const event = /^\d{1,15}$/.test(eventId) ? await patientEvent(ctx.db, patient.id, Number(eventId)) : null;
  if (!event) {
    await recordAudit(ctx, caller, { action: 'records.flag.create', outcome: 'denied', recordType: 'audit_event', recordId: eventId, patientId: patient.id });
    throw hidden(RECORDS_MESSAGES.eventNotFound, 'event_not_found');
  }
  const idFlag = await insertFlag(ctx.db, {
    organizationId: patient.organizationId,
    patientId: patient.id,
    auditEventId: event.id,
    flaggedBy: caller.id,
    comment,
    createdAt: new Date(ctx.clock.now()),
  });
  if (!idFlag) throw conflict(RECORDS_MESSAGES.flagExists, 'flag_exists');
  // The journal entry the organisation's administrators see in 'Journal d'accès'.
  await recordAudit(ctx, caller, {
    action: 'records.flag.create',
    outcome: 'success',
    recordType: 'access_flag',
    recordId: idFlag,
    patientId: patient.id,
    details: { auditEventId: event.id, flaggedAction: event.action },
  });
  // /admin 'Signalements' of the organisation's administrators refreshes at once (DESIGN §8).
  const administrators = await organisationAdministrators(ctx.db, patient.organizationId);
  await publishRealtime(ctx.db, { type: 'records.flag', organisationId: patient.organizationId, userIds: administrators, data: { flagId: idFlag } });
  // And a message to them (issue 22): the flag is recorded whatever becomes of it (rate limit…).
  const text = `Signalement : je ne reconnais pas un accès à mon dossier (journal d’accès).${comment.trim() ? `\n${comment.trim()}` : ''}\nÀ traiter depuis /admin, Signalements.`;
  await messageFromPatient(ctx, caller, administrators, text).catch(() => {});
  return { idFlag };
}

function toFlag(r: FlagRow, organizationId: string | null): AccessFlag {
  // The administrator sees the actor's name when the actor is of the flag's organisation (or for
  // SA and DE, anyone's): this is the organisation's own journal.
  const named = r.eventLastName != null && (organizationId === null || r.eventUserOrganisation === organizationId);
  return {
    idFlag: r.id,
    createdAt: r.createdAt.toISOString(),
    patientId: r.patientId,
    patientName: r.patientName,
    comment: r.comment,
    status: r.status,
    answer: r.answer,
    answeredAt: r.answeredAt?.toISOString() ?? null,
    answeredBy: r.answeredBy,
    event: {
      id: r.eventId,
      at: r.eventAt.toISOString(),
      action: r.eventAction,
      actor: r.eventUserId ? (named ? `${r.eventFirstName} ${r.eventLastName}`.trim() : 'hors de votre organisation') : 'Requête sans compte',
      role: r.eventRole,
      ip: r.eventIp,
      outcome: r.eventOutcome,
    },
  };
}

/** /admin 'Signalements': the flags of the caller's organisation (SA, DE: every one). */
export async function listFlags(ctx: AppContext, caller: Caller, query: AccessFlagListQuery): Promise<AccessFlagPage> {
  const organizationId = journalOrganisation(caller, undefined) ?? null;
  const rows = await flagPage(ctx.db, { organizationId, status: query.status, before: query.cursor ? decodeCursor(query.cursor) : null, limit: query.limit });
  const page = rows.slice(0, query.limit);
  await recordAudit(ctx, caller, { action: 'records.flag.list', outcome: 'success', recordType: 'access_flag', details: { count: page.length } });
  return {
    items: page.map((r) => toFlag(r, organizationId)),
    nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1].createdAt, page[page.length - 1].id) : null,
  };
}

export async function answerAccessFlag(ctx: AppContext, caller: Caller, idFlag: string, answer: string): Promise<AccessFlag> {
  const organizationId = journalOrganisation(caller, undefined) ?? null;
  const row = /^[0-9a-f-]{36}$/i.test(idFlag) ? await findFlag(ctx.db, organizationId, idFlag) : null;
  if (!row) {
    await recordAudit(ctx, caller, { action: 'records.flag.answer', outcome: 'denied', recordType: 'access_flag', recordId: idFlag });
    throw hidden(RECORDS_MESSAGES.flagNotFound, 'flag_not_found');
  }
  await answerFlag(ctx.db, row.id, { answer, answeredBy: caller.id, answeredAt: new Date(ctx.clock.now()) });
  await recordAudit(ctx, caller, { action: 'records.flag.answer', outcome: 'success', recordType: 'access_flag', recordId: row.id, patientId: row.patientId });
  // The patient's 'Mes données' shows the answer without a reload.
  await publishRealtime(ctx.db, { type: 'records.flag', organisationId: row.organizationId, userIds: [row.flaggedBy], data: { flagId: row.id } });
  const updated = await findFlag(ctx.db, organizationId, row.id);
  return toFlag(updated!, organizationId);
}
