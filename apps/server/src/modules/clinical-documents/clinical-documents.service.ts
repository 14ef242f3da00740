import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ageOn } from '@wellbe/shared/domain/age';
import { fillTemplate, initialsOf, type TemplateValues } from '@wellbe/shared/domain/clinical-documents';
import { formatDate } from '@wellbe/shared/domain/dates';
import { formatImc } from '@wellbe/shared/domain/imc';
import { formatDecimal } from '@wellbe/shared/domain/decimal';
import { todayIn } from '@wellbe/shared/domain/zoned';
import {
  CLINICAL_DOCUMENT_MESSAGES as M,
  KIND_LABELS,
  contentProblem,
  type ClinicalDocumentDetail,
  type ClinicalDocumentKind,
  type ClinicalDocumentRow,
  type CreateClinicalDocument,
  type DocumentContent,
  type Verification,
} from '@wellbe/shared/schemas/clinical-documents';
import type { AppContext } from '../../context.ts';
import { everyOrganisation, hidden, isUuid, ownPatientId, patientScope, type Actor, type Caller, type OneOrgScope } from '../../access/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { ExportCursor } from '../../lib/keyset.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { richTextToPlain } from '../../lib/rich-text.ts';
import { openSecret, sealSecret } from '../../lib/secret.ts';
import { patientConversation, sendFile } from '../chat/chat.service.ts';
import { consultationOfPatient } from '../consultations/consultations.service.ts';
import { latestMeasures } from '../consultations/consultations.measures.service.ts';
import { readContact } from '../contacts/contacts.service.ts';
import { OrganisationsService } from '../organisations/organisations.service.ts';
import { patientForCaller, patientOrgScope } from '../patients/patients.service.ts';
import { signatureImage as signatureImageOf } from '../profile/profile.signature.ts';
import { pdfSigner } from '../signing/signing.service.ts';
import * as repo from './clinical-documents.repository.ts';
import { renderDocumentPdf } from './clinical-documents.pdf.ts';
import { templateForDocument } from './clinical-documents.templates.service.ts';

// Ordonnances, certificates and letters: written from a
// template and the patient's file, rendered, signed with the organisation's certificate, numbered
// per organisation, immutable once issued, verifiable by anyone holding the paper's token.

const TOKEN_PURPOSE = 'clinical-document-verify';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const pdfUrl = (id: string) => `/api/clinical-documents/${id}/pdf`;

function verifyUrl(ctx: AppContext, sealed: string): string {
  // The demo's papers keep their token readable (db/seed/clinical-documents.ts).
  const token = sealed.startsWith('demo:') ? sealed.slice(5) : openSecret(ctx.jwtKey, TOKEN_PURPOSE, sealed)?.toString('utf8');
  return token ? `${ctx.config.publicUrl}/verify/${token}` : '';
}

function statusOf(row: { replacedById: string | null; revokedAt: Date | null }): ClinicalDocumentRow['status'] {
  return row.revokedAt ? 'revoked' : row.replacedById ? 'replaced' : 'valid';
}

function toRow(ctx: AppContext, row: repo.DocumentListRow): ClinicalDocumentRow {
  return { id: row.id, kind: row.kind, number: row.number, issuedAt: row.issuedAt, status: statusOf(row), pdfUrl: pdfUrl(row.id), verifyUrl: verifyUrl(ctx, row.verifyTokenSealed) };
}

function fillContent(content: DocumentContent, values: TemplateValues): DocumentContent {
  const fill = (text: string | undefined) => (text === undefined ? undefined : fillTemplate(text, values));
  return {
    ...content,
    text: fill(content.text),
    lines: content.lines?.map((line) => (line.type === 'medicine' ? { ...line, text: fill(line.text)!, posology: fill(line.posology) } : { ...line, text: fill(line.text)! })),
  };
}

interface Draft {
  kind: ClinicalDocumentKind;
  patientId: string;
  consultationId: string | null;
  templateId: string | null;
  content: DocumentContent;
  replaces: string | null;
}

/** The fields a template may name, from the patient's file, the consultation and the author. */
async function fieldValues(ctx: AppContext, caller: Caller, patient: { id: string; fullName: string; birthDate: string | null }, today: string, author: string, diagnostic: string | null) {
  const measures = await latestMeasures(ctx, caller, patient.id);
  return {
    patient: patient.fullName,
    naissance: patient.birthDate ? formatDate(patient.birthDate) : '',
    age: patient.birthDate ? String(ageOn(patient.birthDate, today)) : '',
    date: formatDate(today),
    praticien: author,
    poids: measures.weight != null ? `${formatDecimal(Number(measures.weight))} kg` : '',
    taille: measures.size != null ? `${formatDecimal(Number(measures.size))} cm` : '',
    imc: formatImc(measures.weight, measures.size),
    diagnostic: diagnostic ? richTextToPlain(diagnostic).trim() : '',
  } satisfies TemplateValues;
}

async function issue(ctx: AppContext, caller: Caller, draft: Draft) {
  const action = draft.replaces ? 'clinical-document.replace' : 'clinical-document.create';
  const patient = await patientForCaller(ctx, caller, draft.patientId, action, 'write');
  const scope: OneOrgScope = patientOrgScope(caller, patient);
  const consultation = draft.consultationId ? await consultationOfPatient(ctx, caller, draft.consultationId, patient.id) : null;
  if (draft.consultationId && !consultation) throw hidden(M.consultationMismatch, 'consultation_not_found');
  const template = draft.templateId ? await templateForDocument(ctx, caller, draft.templateId, draft.kind) : null;
  const merged: DocumentContent = { ...(template ?? {}), ...draft.content };
  if (!draft.content.lines?.length && template?.lines) merged.lines = template.lines;
  if (!draft.content.text?.trim() && template?.text) merged.text = template.text;
  const problem = contentProblem(draft.kind, merged);
  if (problem) throw badRequest(problem, 'invalid_document');

  const organisations = new OrganisationsService(ctx);
  const timeZone = await organisations.timeZone(scope.organizationId);
  const now = new Date(ctx.clock.now());
  const today = todayIn(timeZone, now);
  const head = await repo.letterhead(ctx.db, scope, caller.id);
  if (!head) throw hidden(M.notFound);
  const content = fillContent(merged, await fieldValues(ctx, caller, patient, today, head.name, consultation?.diagnostic ?? null));
  const recipient = content.recipientContactId ? await readContact(ctx, caller, content.recipientContactId).catch(() => null) : null;
  if (content.recipientContactId && !recipient) throw hidden(M.recipientNotFound, 'recipient_not_found');

  const token = randomBytes(18).toString('base64url');
  const url = `${ctx.config.publicUrl}/verify/${token}`;
  const id = randomUUID();
  // The key and the signature image are read before the numbering transaction (signing needs no connection).
  const signatureImage = await signatureImageOf(ctx, caller.id);
  const sign = await pdfSigner(ctx, scope);
  let signed: Buffer = Buffer.alloc(0);
  const number = await repo.issueDocument(ctx.db, scope, { id, replacesId: draft.replaces, year: Number(today.slice(0, 4)) }, async (number) => {
    const unsigned = await renderDocumentPdf({
      kind: draft.kind,
      number,
      date: formatDate(today),
      practitioner: { name: head.name, speciality: head.job || head.speciality || '', rpps: head.rpps, adeli: head.adeli, phone: head.phone },
      organisation: { name: head.organisation, address: head.address, phone: head.organisationPhone },
      patient: { fullName: patient.fullName, birthDate: patient.birthDate ? formatDate(patient.birthDate) : null, age: patient.birthDate ? ageOn(patient.birthDate, today) : null },
      content,
      recipient: recipient ? [recipient.prefix, recipient.name, recipient.lastName].filter(Boolean).join(' ') : null,
      signatureImage,
      verifyUrl: url,
      shortCode: token,
    });
    const pdf = (signed = await sign(unsigned, { reason: `${KIND_LABELS[draft.kind]} ${number}`, name: head.name, location: head.organisation, contactInfo: head.phone ?? '' }));
    return {
      patientId: patient.id,
      consultationId: consultation?.id ?? null,
      templateId: draft.templateId,
      authorId: caller.id,
      kind: draft.kind,
      content,
      issuedAt: now,
      pdf,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      verifyTokenHash: hashToken(token),
      verifyTokenSealed: sealSecret(ctx.jwtKey, TOKEN_PURPOSE, Buffer.from(token)),
    };
  });
  if (!number) throw conflict(M.alreadyReplaced, 'already_replaced');
  const issued = { id, number };
  await recordAudit(ctx, caller, { action, outcome: 'success', recordType: 'clinical-document', recordId: issued.id, patientId: patient.id, details: { kind: draft.kind, number: issued.number, replaces: draft.replaces } });
  return { id: issued.id, number: issued.number, pdfUrl: pdfUrl(issued.id), verifyUrl: url, pdf: signed, patientId: patient.id, kind: draft.kind };
}

const fileNameOf = (kind: ClinicalDocumentKind, number: string) => `${KIND_LABELS[kind].toLowerCase().replace(/\s+/g, '-')}-${number}.pdf`;

/** Posts a signed PDF in the chat between the practitioner and the patient (issue 33), journalled. */
async function postInChat(ctx: AppContext, caller: Caller, chatId: string, doc: { id: string; patientId: string; kind: ClinicalDocumentKind; number: string; pdf: Buffer }) {
  await sendFile(ctx, caller, chatId, { fileName: fileNameOf(doc.kind, doc.number), bytes: doc.pdf, messageText: `${KIND_LABELS[doc.kind]} N° ${doc.number}` });
  await recordAudit(ctx, caller, { action: 'clinical-document.send', outcome: 'success', recordType: 'clinical-document', recordId: doc.id, patientId: doc.patientId, details: { chatId } });
}

export async function createDocument(ctx: AppContext, caller: Caller, input: CreateClinicalDocument) {
  // The conversation is resolved first: a patient the chat cannot reach refuses before any number is taken.
  const chatId = input.sendToPatient ? await patientConversation(ctx, caller, (await patientForCaller(ctx, caller, input.patientId, 'clinical-document.create', 'write')).id) : undefined;
  const { pdf, patientId, kind, ...issued } = await issue(ctx, caller, { kind: input.kind, patientId: input.patientId, consultationId: input.consultationId ?? null, templateId: input.templateId ?? null, content: input.content, replaces: null });
  if (chatId) await postInChat(ctx, caller, chatId, { id: issued.id, patientId, kind, number: issued.number, pdf });
  return { ...issued, ...(chatId ? { chatId } : {}) };
}

/** "Envoyer dans la messagerie": an issued, unrevoked document posted to the patient's chat. */
export async function sendDocument(ctx: AppContext, caller: Caller, id: string): Promise<{ chatId: string }> {
  const row = await found(ctx, caller, id, 'clinical-document.send', 'write');
  if (row.revokedAt) throw conflict(M.revokedNotSent, 'revoked_not_sent');
  const chatId = await patientConversation(ctx, caller, row.patientId);
  const file = await repo.documentPdf(ctx.db, patientScope(caller, 'write'), id);
  if (!file) throw hidden(M.notFound);
  await postInChat(ctx, caller, chatId, { id, patientId: row.patientId, kind: row.kind, number: row.number, pdf: file.pdf });
  return { chatId };
}

/** A document in the caller's reach, or the journalled 404 (another organisation's, or none). */
async function found(ctx: AppContext, caller: Caller, id: string, action: string, mode: 'read' | 'write'): Promise<repo.DocumentRow> {
  const row = isUuid(id) ? await repo.findDocument(ctx.db, patientScope(caller, mode), id) : undefined;
  if (!row) {
    await recordAudit(ctx, caller, { action, outcome: 'denied', recordType: 'clinical-document', recordId: id });
    throw hidden(M.notFound);
  }
  return row;
}

/** A correction: a new document of the same kind and patient that replaces this one (still readable). */
export async function replaceDocument(ctx: AppContext, caller: Caller, id: string, content: DocumentContent) {
  const old = await found(ctx, caller, id, 'clinical-document.replace', 'write');
  if (old.revokedAt || old.replacedById) throw conflict(M.alreadyReplaced, 'already_replaced');
  const { id: newId, number, pdfUrl, verifyUrl } = await issue(ctx, caller, { kind: old.kind, patientId: old.patientId, consultationId: old.consultationId, templateId: null, content, replaces: old.id });
  return { id: newId, number, pdfUrl, verifyUrl };
}

export async function revokeDocument(ctx: AppContext, caller: Caller, id: string, reason: string) {
  const row = await found(ctx, caller, id, 'clinical-document.revoke', 'write');
  if (!(await repo.revokeDocument(ctx.db, patientOrgScope(caller, row), id, caller.id, reason, new Date(ctx.clock.now())))) throw conflict(M.alreadyRevoked, 'already_revoked');
  await recordAudit(ctx, caller, { action: 'clinical-document.revoke', outcome: 'success', recordType: 'clinical-document', recordId: id, patientId: row.patientId });
}

export async function listDocuments(ctx: AppContext, caller: Caller, patientId: string): Promise<ClinicalDocumentRow[]> {
  const patient = await patientForCaller(ctx, caller, patientId, 'clinical-document.list', 'read');
  const rows = await repo.listDocuments(ctx.db, patientScope(caller, 'read'), patient.id);
  await recordAudit(ctx, caller, { action: 'clinical-document.list', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { count: rows.length } });
  return rows.map((r) => toRow(ctx, r));
}

/** The patient's own documents (their space). */
export async function myDocuments(ctx: AppContext, caller: Caller): Promise<ClinicalDocumentRow[]> {
  // A practitioner opening /mes-documents: told why, as the patient's other pages do (not « Document introuvable. »).
  return listDocuments(ctx, caller, ownPatientId(caller));
}

/** A page of the patient's documents for their FHIR export (records), in the caller's read scope. */
export async function clinicalDocumentExportPage(ctx: AppContext, caller: Caller, patientId: string, after: ExportCursor, limit: number) {
  const rows = await repo.exportPage(ctx.db, patientScope(caller, 'read'), patientId, after, limit);
  return rows.map((row) => ({ ...row, status: statusOf(row), pdfUrl: `${ctx.config.publicUrl.replace(/\/$/, '')}${pdfUrl(row.id)}` }));
}

export async function readDocument(ctx: AppContext, caller: Caller, id: string): Promise<ClinicalDocumentDetail> {
  const row = await found(ctx, caller, id, 'clinical-document.read', 'read');
  await recordAudit(ctx, caller, { action: 'clinical-document.read', outcome: 'success', recordType: 'clinical-document', recordId: id, patientId: row.patientId });
  return {
    ...toRow(ctx, row),
    patientId: row.patientId,
    consultationId: row.consultationId,
    authorName: row.authorName,
    content: row.content,
    sha256: row.sha256,
    replacesId: row.replacesId,
    replacedById: row.replacedById,
    revokedAt: row.revokedAt,
    revokeReason: row.revokeReason,
  };
}

export async function documentPdf(ctx: AppContext, caller: Caller, id: string) {
  const row = isUuid(id) ? await repo.documentPdf(ctx.db, patientScope(caller, 'read'), id) : undefined;
  if (!row) {
    await recordAudit(ctx, caller, { action: 'clinical-document.download', outcome: 'denied', recordType: 'clinical-document', recordId: id });
    throw hidden(M.notFound);
  }
  await recordAudit(ctx, caller, { action: 'clinical-document.download', outcome: 'success', recordType: 'clinical-document', recordId: id, patientId: row.patientId });
  return { pdf: row.pdf, fileName: fileNameOf(row.kind, row.number) };
}

/**
 * The public check of a paper (no sign-in): who issued it, when, the patient's initials, the PDF's
 * hash and whether it is still current — never its content nor the patient's name. The token is the
 * capability, so the lookup spans every organisation; an unknown token answers the same 404 whatever
 * exists.
 */
export async function verifyDocument(ctx: AppContext, actor: Actor, token: string): Promise<Verification> {
  const row = token.length >= 20 ? await repo.findByTokenHash(ctx.db, everyOrganisation(), hashToken(token)) : undefined;
  if (!row) {
    await recordAudit(ctx, actor, { action: 'clinical-document.verify', outcome: 'denied', recordType: 'clinical-document' });
    throw hidden(M.verifyNotFound, 'verification_not_found');
  }
  await recordAudit(ctx, actor, { action: 'clinical-document.verify', outcome: 'success', recordType: 'clinical-document', recordId: row.id, patientId: row.patientId });
  return {
    kind: row.kind,
    issuedAt: row.issuedAt,
    issuer: { name: row.issuerName, speciality: row.speciality, rpps: row.rpps },
    patientInitials: initialsOf(row.patientName),
    sha256: row.sha256,
    status: statusOf(row),
  };
}
