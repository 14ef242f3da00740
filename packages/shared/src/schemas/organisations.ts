import { z } from 'zod';
import { LANGUAGES, MAX_UPLOAD_BYTES, NAVBAR_STYLES } from '../constants.ts';
import { isValidPhone, PHONE_MESSAGE } from '../domain/phone.ts';
import { isValidSiret, normaliseSiret, SIRET_MESSAGE } from '../domain/siret.ts';
import { pgIntQuery } from './fields.ts';
import { dataAnswer, pageAnswer } from './responses.ts';

// /organizations: data and actions for the organisation group (SA, DE).

export const ORGANISATION_FIELD_MESSAGES = {
  nameRequired: 'Le nom est obligatoire.',
  nameTooLong: 'Le nom ne peut pas dépasser 150 caractères.',
  siretInvalid: SIRET_MESSAGE,
  deactivationReason: 'Indiquez la raison de la désactivation.',
  uploadNumber: 'La limite de téléversement doit être un nombre.',
  uploadInteger: 'La limite de téléversement doit être un nombre entier.',
  uploadMin: 'La limite de téléversement doit être d’au moins 1 000 octets.',
  uploadMax: 'La limite de téléversement ne peut pas dépasser 50 000 000 octets.',
  timeZone: 'Fuseau horaire inconnu.',
  sessionNumber: 'La durée maximale de session doit être un nombre.',
  sessionInteger: 'La durée maximale de session doit être un nombre entier d’heures.',
  sessionMin: 'La durée maximale de session doit être d’au moins 1 heure.',
  sessionMax: 'La durée maximale de session ne peut pas dépasser 72 heures.',
  lockNumber: 'Le délai de verrouillage doit être un nombre.',
  lockInteger: 'Le délai de verrouillage doit être un nombre entier d’heures.',
  lockMin: 'Le délai de verrouillage doit être d’au moins 1 heure.',
  lockMax: 'Le délai de verrouillage ne peut pas dépasser 72 heures.',
} as const;

const optionalText = (max: number) =>
  z.string().trim().max(max).nullish().transform((v) => (v ? v : null));

export const organisationSchema = z.object({
  name: z.string().trim().min(1, ORGANISATION_FIELD_MESSAGES.nameRequired).max(150, ORGANISATION_FIELD_MESSAGES.nameTooLong),
  address: optionalText(300),
  phone: z
    .string()
    .trim()
    .max(30)
    .refine((v) => v === '' || isValidPhone(v), PHONE_MESSAGE)
    .nullish()
    .transform((v) => (v ? v : null)),
  email: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Adresse email invalide.')
    .nullish()
    .transform((v) => (v ? v : null)),
  siret: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidSiret(v), ORGANISATION_FIELD_MESSAGES.siretInvalid)
    .nullish()
    .transform((v) => (v ? normaliseSiret(v) : null)),
});
export type OrganisationInput = z.input<typeof organisationSchema>;

export const organisationUpdateSchema = organisationSchema.partial().extend({
  active: z.boolean().optional(),
  /** Required when deactivating: the users of the organisation are told why. */
  deactivationReason: z.string().trim().max(300).optional(),
});
export type OrganisationUpdateInput = z.input<typeof organisationUpdateSchema>;

export const organisationListQuerySchema = z.object({
  page: pgIntQuery({ min: 1 }).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(100).optional(),
  /** Keyset paging: the `nextCursor` of the previous page (then `page` is only echoed). */
  cursor: z.string().max(500).optional(),
});

export const organisationAnswerSchema = z.object({
  idOrganization: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  siret: z.string().nullable(),
  /** Served without a token: the file name is the image's hash. */
  logoUrl: z.string().nullable(),
  active: z.boolean(),
  deactivatedAt: z.string().nullable(),
  deactivationReason: z.string().nullable(),
  userCount: z.number(),
  patientCount: z.number(),
  createdAt: z.string(),
});
export type Organisation = z.infer<typeof organisationAnswerSchema>;

// The answers of /api/organisations.
export const organisationAnswer = dataAnswer(organisationAnswerSchema);
export const organisationPageAnswer = pageAnswer(organisationAnswerSchema);

/** Logo formats accepted, recognised by their bytes. */
export const LOGO_MAX_BYTES = 2_000_000;

// 'Paramètres' of an organisation, applied by the server (defaults: domain/organisation-settings.ts).

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('fr-FR', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const settingsSchema = z.object({
  language: z.enum(LANGUAGES),
  navbarStyle: z.enum(NAVBAR_STYLES),
  uploadLimitBytes: z
    .number({ message: ORGANISATION_FIELD_MESSAGES.uploadNumber })
    .int(ORGANISATION_FIELD_MESSAGES.uploadInteger)
    .min(1_000, ORGANISATION_FIELD_MESSAGES.uploadMin)
    .max(MAX_UPLOAD_BYTES, ORGANISATION_FIELD_MESSAGES.uploadMax),
  timeZone: z.string().trim().refine(isTimeZone, ORGANISATION_FIELD_MESSAGES.timeZone),
  /** Absolute session lifetime (ASVS V7): no renewal of a sign-in beyond it. */
  sessionMaxHours: z
    .number({ message: ORGANISATION_FIELD_MESSAGES.sessionNumber })
    .int(ORGANISATION_FIELD_MESSAGES.sessionInteger)
    .min(1, ORGANISATION_FIELD_MESSAGES.sessionMin)
    .max(72, ORGANISATION_FIELD_MESSAGES.sessionMax)
    .default(12),
  /** A second factor (TOTP or passkey) is required of the professional roles. */
  mfaRequired: z.boolean().default(false),
  /** Issue 32: an unsigned consultation locks itself this many hours after its creation. */
  consultationLockHours: z
    .number({ message: ORGANISATION_FIELD_MESSAGES.lockNumber })
    .int(ORGANISATION_FIELD_MESSAGES.lockInteger)
    .min(1, ORGANISATION_FIELD_MESSAGES.lockMin)
    .max(72, ORGANISATION_FIELD_MESSAGES.lockMax)
    .default(24),
});
export type OrganisationSettingsValues = z.infer<typeof settingsSchema>;

/** The settings as the server answers them (every one filled, defaults included). */
export const organisationSettingsAnswer = dataAnswer(
  z.object({
    language: z.enum(LANGUAGES),
    navbarStyle: z.enum(NAVBAR_STYLES),
    uploadLimitBytes: z.number(),
    timeZone: z.string(),
    sessionMaxHours: z.number(),
    mfaRequired: z.boolean(),
    consultationLockHours: z.number(),
  }),
);
/** The support page's contact of the caller's practice (name and public contact only). */
export const practiceContactAnswer = dataAnswer(organisationAnswerSchema.pick({ name: true, address: true, phone: true, email: true }));

/** What a newly created organisation stores: the second factor is required of its professionals. */
export const NEW_ORGANISATION_SETTINGS = { mfaRequired: true } as const;
