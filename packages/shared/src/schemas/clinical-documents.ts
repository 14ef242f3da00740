import { z } from 'zod';
import { TEMPLATE_FIELDS, unknownFields } from '../domain/clinical-documents.ts';
import { boundedText, textField, uuidId } from './fields.ts';
import { dataAnswer, idString, instant } from './responses.ts';

// Ordonnances, certificates and letters issued as signed PDFs.

export const CLINICAL_DOCUMENT_MESSAGES = {
  notFound: 'Document introuvable.',
  templateNotFound: 'Modèle introuvable.',
  consultationMismatch: 'Cette consultation n’appartient pas à ce patient.',
  emptyOrdonnance: 'Une ordonnance doit comporter au moins une ligne.',
  emptyDocument: 'Le document est vide : écrivez son texte.',
  lineTooLong: 'Une ligne ne doit pas dépasser 500 caractères.',
  tooManyLines: 'Une ordonnance ne doit pas dépasser 60 lignes.',
  unknownField: (names: string[]) => `Champ inconnu dans le modèle : ${names.map((n) => `{{${n}}}`).join(', ')}. Champs possibles : ${TEMPLATE_FIELDS.map((n) => `{{${n}}}`).join(', ')}.`,
  kindMismatch: 'Ce modèle est pour un autre type de document.',
  alreadyReplaced: 'Ce document a déjà été remplacé ou révoqué : corrigez le plus récent.',
  alreadyRevoked: 'Ce document est déjà révoqué.',
  revokedNotSent: 'Ce document est révoqué : il ne peut pas être envoyé au patient.',
  reasonRequired: 'Indiquez le motif de la révocation.',
  verifyNotFound: 'Ce lien de vérification ne correspond à aucun document.',
  recipientNotFound: 'Destinataire introuvable dans le carnet d’adresses.',
  templateNotEditable: 'Seuls les administrateurs du cabinet modifient ses modèles ; dupliquez-le pour l’adapter.',
  sharedTemplateAdminOnly: 'Seuls les administrateurs du cabinet créent ses modèles communs.',
  kindUnknown: 'Type de document inconnu (ordonnance, certificat ou courrier).',
} as const;

export const DOCUMENT_KINDS = ['ordonnance', 'certificat', 'courrier'] as const;
export type ClinicalDocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_STATUSES = ['valid', 'replaced', 'revoked'] as const;
export const LINE_MAX = 500;

/** French labels of what a user reads (the PDF's title, the lists). */
export const KIND_LABELS: Record<ClinicalDocumentKind, string> = { ordonnance: 'Ordonnance', certificat: 'Certificat médical', courrier: 'Courrier' };
export const STATUS_LABELS = { valid: 'Valide', replaced: 'Remplacé', revoked: 'Révoqué' } as const;

const line = (label: string, max = LINE_MAX) => z.string().trim().max(max, CLINICAL_DOCUMENT_MESSAGES.lineTooLong).optional().describe(label);

export const NON_DRUG_TYPES = ['biologie', 'imagerie', 'kinesitherapie', 'dietetique', 'sport', 'autre'] as const;

export const medicineLineSchema = z.object({
  type: z.literal('medicine'),
  text: z.string().trim().min(1, CLINICAL_DOCUMENT_MESSAGES.emptyOrdonnance).max(LINE_MAX, CLINICAL_DOCUMENT_MESSAGES.lineTooLong),
  dosage: line('Dosage', 120),
  form: line('Forme', 120),
  posology: line('Posologie'),
  duration: line('Durée', 120),
  quantity: line('Quantité', 120),
  nonSubstituable: z.boolean().optional(),
  /** In the upper part of an ALD two-part ordonnance (related to the long-term condition). */
  ald: z.boolean().optional(),
});
export const otherLineSchema = z.object({
  type: z.enum(NON_DRUG_TYPES),
  text: z.string().trim().min(1, CLINICAL_DOCUMENT_MESSAGES.emptyOrdonnance).max(LINE_MAX, CLINICAL_DOCUMENT_MESSAGES.lineTooLong),
  ald: z.boolean().optional(),
});
export const prescriptionLineSchema = z.discriminatedUnion('type', [medicineLineSchema, otherLineSchema]);
export type PrescriptionLine = z.infer<typeof prescriptionLineSchema>;

export const CERTIFICATE_TYPES = ['sport', 'presence', 'libre'] as const;

/** What the practitioner wrote; which parts count depends on the kind (checked by `contentProblem`). */
export const documentContentSchema = z.object({
  lines: z.array(prescriptionLineSchema).max(60, CLINICAL_DOCUMENT_MESSAGES.tooManyLines).optional(),
  /** ALD two-part layout (ordonnance bizone). */
  ald: z.boolean().optional(),
  format: z.enum(['A4', 'A5']).optional(),
  certificateType: z.enum(CERTIFICATE_TYPES).optional(),
  sport: textField('Le sport', 120, { required: false }).optional(),
  competition: z.boolean().optional(),
  recipientContactId: uuidId().optional(),
  /** Free text (certificate, letter, ordonnance note): template fields already filled or to fill. */
  text: boundedText(20_000).optional(),
});
export type DocumentContent = z.infer<typeof documentContentSchema>;

/** Why a content cannot be issued (French), or null. */
export function contentProblem(kind: ClinicalDocumentKind, content: DocumentContent): string | null {
  const unknown = templateProblem(content);
  if (unknown) return unknown;
  if (kind === 'ordonnance') return content.lines?.length ? null : CLINICAL_DOCUMENT_MESSAGES.emptyOrdonnance;
  if (kind === 'certificat' && content.certificateType === 'sport') return null;
  return content.text?.trim() ? null : CLINICAL_DOCUMENT_MESSAGES.emptyDocument;
}

export const createClinicalDocumentSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: CLINICAL_DOCUMENT_MESSAGES.kindUnknown }),
  patientId: uuidId(),
  consultationId: uuidId().optional(),
  templateId: uuidId().optional(),
  content: documentContentSchema.default({}),
  /** Also post the signed PDF in the chat between the practitioner and the patient. */
  sendToPatient: z.boolean().optional(),
});
export type CreateClinicalDocument = z.infer<typeof createClinicalDocumentSchema>;

export const replaceClinicalDocumentSchema = z.object({ content: documentContentSchema });
export const revokeClinicalDocumentSchema = z.object({ reason: textField('Le motif', 500, { requiredMessage: CLINICAL_DOCUMENT_MESSAGES.reasonRequired }) });
export const clinicalDocumentListQuery = z.object({ patientId: uuidId() });

export const issuedDocumentSchema = z.object({ id: idString, number: z.string(), pdfUrl: z.string(), verifyUrl: z.string(), chatId: idString.optional() });
export const sentDocumentAnswer = dataAnswer(z.object({ chatId: idString }));
export const issuedDocumentAnswer = dataAnswer(issuedDocumentSchema);

export const clinicalDocumentRowSchema = z.object({
  id: idString,
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string(),
  issuedAt: instant,
  status: z.enum(DOCUMENT_STATUSES),
  pdfUrl: z.string(),
  verifyUrl: z.string(),
});
export type ClinicalDocumentRow = z.infer<typeof clinicalDocumentRowSchema>;
export const clinicalDocumentListAnswer = dataAnswer(z.array(clinicalDocumentRowSchema));

export const clinicalDocumentDetailSchema = clinicalDocumentRowSchema.extend({
  patientId: idString,
  consultationId: idString.nullable(),
  authorName: z.string(),
  content: documentContentSchema,
  sha256: z.string(),
  replacesId: idString.nullable(),
  replacedById: idString.nullable(),
  revokedAt: instant.nullable(),
  revokeReason: z.string().nullable(),
});
export type ClinicalDocumentDetail = z.infer<typeof clinicalDocumentDetailSchema>;
export const clinicalDocumentDetailAnswer = dataAnswer(clinicalDocumentDetailSchema);

/** The public verification (no sign-in): never the content nor the patient's full name. */
export const verificationSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  issuedAt: instant,
  issuer: z.object({ name: z.string(), speciality: z.string(), rpps: z.string().nullable() }),
  patientInitials: z.string(),
  sha256: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
});
export type Verification = z.infer<typeof verificationSchema>;
/** As the issue states it: the fields themselves, without the usual `{ success, data }` envelope. */
export const verificationAnswer = verificationSchema;
export const verifyParams = z.object({ token: z.string().max(100) });

// Templates: the organisation's (`shared`) and each practitioner's own.
export const templateInputSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: CLINICAL_DOCUMENT_MESSAGES.kindUnknown }),
  name: textField('Le nom du modèle', 120),
  content: documentContentSchema,
  /** An organisation template (its administrators) rather than the author's own. */
  shared: z.boolean().default(false),
});
export type TemplateInput = z.infer<typeof templateInputSchema>;
export const templateUpdateSchema = templateInputSchema.omit({ shared: true }).extend({ active: z.boolean().optional() });
export const templateSchema = z.object({
  id: idString,
  kind: z.enum(DOCUMENT_KINDS),
  name: z.string(),
  content: documentContentSchema,
  shared: z.boolean(),
  active: z.boolean(),
  /** Whether the caller may edit it (their own, or the organisation's for its administrators). */
  editable: z.boolean(),
});
export type DocumentTemplate = z.infer<typeof templateSchema>;
export const templateAnswer = dataAnswer(templateSchema);
export const templateListAnswer = dataAnswer(z.array(templateSchema));
export const templateListQuery = z.object({ kind: z.enum(DOCUMENT_KINDS).optional(), all: z.enum(['0', '1']).optional() });

/** A template's fields must all exist (a misspelt one would print as is). */
export function templateProblem(content: DocumentContent): string | null {
  const texts = [content.text ?? '', ...(content.lines ?? []).flatMap((l) => [l.text, ...('posology' in l ? [l.posology ?? ''] : [])])];
  const unknown = [...new Set(texts.flatMap(unknownFields))];
  return unknown.length ? CLINICAL_DOCUMENT_MESSAGES.unknownField(unknown) : null;
}
