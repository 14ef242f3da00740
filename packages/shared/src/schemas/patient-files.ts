import { z } from 'zod';
import type { LatestValue } from '../domain/imc-bands.ts';
import { PATIENT_SORTS } from '../domain/patient-files.ts';
import { noticeSchema } from './notices.ts';
import { PATIENT_MESSAGES, patientCreateSchema } from './patients.ts';
import { dataAnswer, pageAnswer } from './responses.ts';

// The REST resources of the patient list and the patient file (/api/patients).

export const PATIENT_FILE_PAGE_SIZE_MAX = 100;

export const patientTableQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PATIENT_FILE_PAGE_SIZE_MAX).default(25),
  sort: z.enum(PATIENT_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  /** SA and DE only: the archived patients instead of the live ones. */
  archived: z.enum(['0', '1']).optional(),
  /** SA and DE are platform-wide: they may name another organisation (others: their own only). */
  idOrganization: z.uuid().optional(),
  /** Keyset paging: the `nextCursor` of the previous page (then `page` is only echoed). */
  cursor: z.string().max(500).optional(),
});
export type PatientTableQuery = z.infer<typeof patientTableQuerySchema>;

/** One row of /patients/list. */
export const patientTableRowSchema = z.object({
  idPatient: z.string(),
  FullName: z.string(),
  PhoneNumber: z.string(),
  Email: z.string(),
  birthDate: z.string().nullable(),
  lastConsultationAt: z.string().nullable(),
  consultationCount: z.number(),
  archivedAt: z.string().nullable(),
});
export type PatientTableRow = z.infer<typeof patientTableRowSchema>;

/** GET /api/patients: a keyset page (total exact up to 1,000 matches; beyond, 1000 with `totalCapped`, shown "1 000+"). */
export const patientTablePageSchema = pageAnswer(patientTableRowSchema);
export type PatientTablePage = z.infer<typeof patientTablePageSchema>;

export const SEXES = ['F', 'M', 'X'] as const;
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const PATIENT_FILE_MESSAGES_BIRTH = 'Date de naissance invalide : une date réelle, entre 1900 et aujourd’hui, est attendue.';

/** A real calendar day (YYYY-MM-DD), from 1900 to today. */
export function isPlausibleBirthDate(value: string, now = Date.now()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900 && date.getTime() <= now;
}

/** Identity edit: the SPEC §5 creation rules plus the fields of the file. */
export const patientIdentitySchema = patientCreateSchema.extend({
  birthDate: z
    .string()
    .refine(isPlausibleBirthDate, PATIENT_FILE_MESSAGES_BIRTH)
    .nullish()
    .or(z.literal(''))
    .transform((v) => (v ? v : null)),
  sex: z.enum(SEXES).nullish().or(z.literal('')).transform((v) => (v ? v : null)),
  address: optionalText(500),
  notes: optionalText(5000),
});
export type PatientIdentity = z.input<typeof patientIdentitySchema>;
export { PATIENT_MESSAGES };

export const patientIdentityDtoSchema = z.object({
  idPatient: z.string(),
  idOrganization: z.string(),
  FullName: z.string(),
  PhoneNumber: z.string(),
  Email: z.string(),
  birthDate: z.string().nullable(),
  sex: z.enum(SEXES).nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  archivedAt: z.string().nullable(),
  /** Who archived the file (display name), shown to SA and DE. */
  archivedBy: z.string().nullable(),
});
export type PatientIdentityDto = z.infer<typeof patientIdentityDtoSchema>;

/** One consultation of the timeline, newest first. */
export const timelineEntrySchema = z.object({
  idConsultation: z.string(),
  ConsultationDate: z.string(),
  practitioner: z.string(),
  idUser: z.string(),
  speciality: z.string(),
  idJobSpecialist: z.number(),
  Size: z.number().nullable(),
  Weight: z.number().nullable(),
  imc: z.number().nullable(),
  dolorLocation: z.string().nullable(),
  dolorIntensity: z.string().nullable(),
  /** The first lines of ConsultationNote as plain text. */
  excerpt: z.string(),
  documentCount: z.number(),
  notice: noticeSchema.nullable(),
  /** Issue 32: the last change after its creation ("Modifiée le … par …"), null while as created. */
  lastChange: z.object({ at: z.string(), by: z.string().nullable() }).nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const patientFileSchema = z.object({
  identity: patientIdentityDtoSchema,
  consultations: z.array(timelineEntrySchema),
  /** The caller may change the identity and archive (dps write, SPEC §6). */
  canWrite: z.boolean(),
  /** The caller is this patient (PT): read-only except for notices. */
  isOwnFile: z.boolean(),
});
export type PatientFile = z.infer<typeof patientFileSchema>;

export const measurePointSchema = z.object({
  /** null for a weight the patient declared in their diary (`source: 'patient'`). */
  idConsultation: z.string().nullable(),
  /** Where the point comes from: a consultation, or the patient's diary ("déclaré par le patient"). */
  source: z.enum(['consultation', 'patient']),
  selfReported: z.boolean(),
  date: z.string(),
  size: z.number().nullable(),
  weight: z.number().nullable(),
  imc: z.number().nullable(),
  dolorLocation: z.string().nullable(),
  dolorIntensity: z.string().nullable(),
  /** Middle of the intensity range, null when not given. */
  pain: z.number().nullable(),
});
export type MeasurePoint = z.infer<typeof measurePointSchema>;

/** The latest value of a series and its change (domain/imc-bands.ts LatestValue). */
const latestValueSchema = z.object({ value: z.number(), date: z.string(), previous: z.number().nullable(), change: z.number().nullable() }) satisfies z.ZodType<LatestValue>;

export const patientMeasuresSchema = z.object({
  /** Oldest first: one point per consultation, missing values stay null (gaps, never zeros). */
  points: z.array(measurePointSchema),
  latest: z.object({ weight: latestValueSchema.nullable(), imc: latestValueSchema.nullable(), size: latestValueSchema.nullable(), pain: latestValueSchema.nullable() }),
});
export type PatientMeasures = z.infer<typeof patientMeasuresSchema>;

export const patientDocumentSchema = z.object({
  idDocument: z.string(),
  idConsultation: z.string(),
  consultationDate: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number(),
  createdAt: z.string(),
});
export type PatientDocument = z.infer<typeof patientDocumentSchema>;

// The answers of /api/patients/:idPatient (the web client's types come from them).
export const patientFileAnswer = dataAnswer(patientFileSchema);
export const patientIdentityAnswer = dataAnswer(patientIdentityDtoSchema);
export const patientMeasuresAnswer = dataAnswer(patientMeasuresSchema);
export const patientDocumentsAnswer = dataAnswer(z.array(patientDocumentSchema));

export const PATIENT_FILE_MESSAGES = {
  archived: 'Le dossier du patient a été archivé.',
  exportForbidden: 'L’export est réservé aux praticiens.',
  archivedListForbidden: 'Seuls les super administrateurs et les développeurs voient les dossiers archivés.',
  birthDateInvalid: PATIENT_FILE_MESSAGES_BIRTH,
} as const;
