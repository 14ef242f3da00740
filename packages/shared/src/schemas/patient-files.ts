import { z } from 'zod';
import type { LatestValue } from '../domain/imc-bands.ts';
import { PATIENT_SORTS } from '../domain/patient-files.ts';
import type { Notice } from './notices.ts';
import { PATIENT_MESSAGES, patientCreateSchema } from './patients.ts';
import { pageAnswer } from './responses.ts';

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

export interface PatientIdentityDto {
  idPatient: string;
  idOrganization: string;
  FullName: string;
  PhoneNumber: string;
  Email: string;
  birthDate: string | null;
  sex: (typeof SEXES)[number] | null;
  address: string | null;
  notes: string | null;
  createdAt: string;
  archivedAt: string | null;
  /** Who archived the file (display name), shown to SA and DE. */
  archivedBy: string | null;
}

/** One consultation of the timeline, newest first. */
export interface TimelineEntry {
  idConsultation: string;
  ConsultationDate: string;
  practitioner: string;
  idUser: string;
  speciality: string;
  idJobSpecialist: number;
  Size: number | null;
  Weight: number | null;
  imc: number | null;
  dolorLocation: string | null;
  dolorIntensity: string | null;
  /** The first lines of ConsultationNote as plain text. */
  excerpt: string;
  documentCount: number;
  notice: Notice | null;
}

export interface PatientFile {
  identity: PatientIdentityDto;
  consultations: TimelineEntry[];
  /** The caller may change the identity and archive (dps write, SPEC §6). */
  canWrite: boolean;
  /** The caller is this patient (PT): read-only except for notices. */
  isOwnFile: boolean;
}

export interface MeasurePoint {
  idConsultation: string;
  date: string;
  size: number | null;
  weight: number | null;
  imc: number | null;
  dolorLocation: string | null;
  dolorIntensity: string | null;
  /** Middle of the intensity range, null when not given. */
  pain: number | null;
}

export interface PatientMeasures {
  /** Oldest first: one point per consultation, missing values stay null (gaps, never zeros). */
  points: MeasurePoint[];
  latest: { weight: LatestValue | null; imc: LatestValue | null; size: LatestValue | null; pain: LatestValue | null };
}

export interface PatientDocument {
  idDocument: string;
  idConsultation: string;
  consultationDate: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  createdAt: string;
}

export const PATIENT_FILE_MESSAGES = {
  archived: 'Le dossier du patient a été archivé.',
  exportForbidden: 'L’export est réservé aux praticiens.',
  archivedListForbidden: 'Seuls les super administrateurs et les développeurs voient les dossiers archivés.',
  birthDateInvalid: PATIENT_FILE_MESSAGES_BIRTH,
} as const;
