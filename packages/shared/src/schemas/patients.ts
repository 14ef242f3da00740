import { z } from 'zod';
import { isValidPhone, PHONE_MESSAGE } from '../domain/phone.ts';
import { textField } from './fields.ts';
import { pageAnswer } from './responses.ts';

// SPEC §3 patient list entry and §5 new-patient rules, with their exact French messages.
export const PATIENT_MESSAGES = {
  duplicateName: 'Un patient avec ce nom existe déja',
  duplicatePhone: 'Un patient avec ce numéro de téléphone existe déja',
  nameRequired: 'Le nom du patient est obligatoire.',
  phoneRequired: 'Le téléphone est obligatoire.',
  emailRequired: 'L’adresse email est obligatoire.',
  emailInvalid: 'Adresse email invalide.',
  phoneInvalid: PHONE_MESSAGE,
  // The patient's own pages (diary, program and menu of the day, documents, questionnaires) opened
  // by an account linked to no file: one text for all of them.
  noPatientLink: 'Aucun dossier patient n’est lié à ce compte.',
} as const;

export const PATIENT_NAME_MAX = 200;

/** `patientCreate` of SPEC §7: name, phone and email all required (SPEC §5). */
export const patientCreateSchema = z.object({
  FullName: textField('Le nom du patient', PATIENT_NAME_MAX, { requiredMessage: PATIENT_MESSAGES.nameRequired }),
  PhoneNumber: z
    .string({ error: PATIENT_MESSAGES.phoneRequired })
    .trim()
    .min(1, PATIENT_MESSAGES.phoneRequired)
    .max(40, PATIENT_MESSAGES.phoneInvalid)
    .refine(isValidPhone, PATIENT_MESSAGES.phoneInvalid),
  Email: z
    .string({ error: PATIENT_MESSAGES.emailRequired })
    .trim()
    .min(1, PATIENT_MESSAGES.emailRequired)
    .max(254, PATIENT_MESSAGES.emailInvalid)
    .pipe(z.email(PATIENT_MESSAGES.emailInvalid)),
});
export type PatientCreate = z.infer<typeof patientCreateSchema>;

/** Paging and accent-insensitive search of the list action (DESIGN §3). */
export const PATIENT_PAGE_SIZE_MAX = 200;
export const patientListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(PATIENT_PAGE_SIZE_MAX).optional(),
  /** Keyset paging: the `nextCursor` of the previous answer. */
  cursor: z.string().max(500).optional(),
});
export type PatientListQuery = z.infer<typeof patientListQuerySchema>;

/** One entry of the SPEC §3 patient list. */
export const patientListEntrySchema = z.object({ idPatient: z.string(), FullName: z.string(), PhoneNumber: z.string() });
export type PatientListEntry = z.infer<typeof patientListEntrySchema>;

/** SPEC §7 POST /api/patient action list: a keyset page (`nextCursor` and `totalCapped` beside the SPEC's fields). */
export const patientListAnswerSchema = pageAnswer(patientListEntrySchema);
export type PatientListAnswer = z.infer<typeof patientListAnswerSchema>;

/** SPEC §7 POST /api/patient action create, and POST /api/patients: the new patient's id. */
export const patientCreatedAnswer = z.object({ success: z.boolean(), idPatient: z.string() });

/** The SPEC §5 duplicate-name key, kept under this name for the panel's live check. */
export { fold as foldName } from '../domain/text.ts';
