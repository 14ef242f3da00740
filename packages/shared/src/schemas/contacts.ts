import { z } from 'zod';
import { isValidPhone, PHONE_MESSAGE } from '../domain/phone.ts';
import { isValidRpps } from '../domain/rpps.ts';
import { VCARD_ADDRESS_TYPES, VCARD_EMAIL_TYPES, VCARD_PHONE_TYPES } from '../domain/vcard.ts';
import { dataAnswer } from './responses.ts';

export { VCARD_ADDRESS_TYPES as CONTACT_ADDRESS_TYPES, VCARD_EMAIL_TYPES as CONTACT_EMAIL_TYPES, VCARD_PHONE_TYPES as CONTACT_PHONE_TYPES };

// The practice's address book (SPEC §2 /contact, §3 Contact and Contact user, §7 contact calls):
// correspondents shared by the organisation's staff; stars, frequent contacts and groups per user.

export const CONTACT_PROFESSIONS = ['generaliste', 'specialiste', 'kinesitherapeute', 'laboratoire', 'pharmacie', 'hopital', 'autre'] as const;
export type ContactProfession = (typeof CONTACT_PROFESSIONS)[number];

export const CONTACT_LIMITS = {
  nameMax: 100,
  companyMax: 200,
  addressMax: 500,
  prefixMax: 30,
  /** Emails and phones of one contact. */
  listMax: 10,
  urlMax: 500,
  /** A photo read from a vCard, before its thumbnail is made. */
  photoBytes: 2 * 1024 * 1024,
  notesMax: 5000,
  groupNameMax: 60,
  groupsPerUser: 50,
  bulkMax: 500,
  /** A .vcf import: 5 MB of text, at most this many cards. */
  vcardBytes: 5_000_000,
  vcardCards: 2000,
  searchMax: 100,
  frequentCount: 10,
} as const;

export const CONTACT_MESSAGES = {
  nameRequired: 'Saisissez le prénom ou le nom du contact.',
  tooLong: (max: number) => `Ce champ ne peut pas dépasser ${max} caractères.`,
  emailInvalid: 'Adresse e-mail invalide.',
  phoneInvalid: PHONE_MESSAGE,
  rppsInvalid: 'Numéro RPPS/ADELI invalide : 11 chiffres attendus, avec une clé de contrôle correcte.',
  birthdayInvalid: 'Date de naissance invalide.',
  avatarInvalid: 'L’avatar doit être une adresse https.',
  urlInvalid: 'Le site web doit être une adresse http ou https.',
  tooManyItems: (max: number) => `${max} au plus.`,
  typeInvalid: 'Type invalide.',
  photoInvalid: (who: string) => `La photo de ${who} n’est pas une image JPEG ou PNG lisible de 2 Mo au plus.`,
  professionInvalid: 'Profession invalide.',
  contactNotFound: 'Contact introuvable.',
  groupNotFound: 'Groupe introuvable.',
  groupRequired: 'Saisissez le nom du groupe.',
  groupExists: 'Vous avez déjà un groupe de ce nom.',
  tooManyGroups: `Vous ne pouvez pas avoir plus de ${CONTACT_LIMITS.groupsPerUser} groupes.`,
  vcardTooBig: 'Fichier trop volumineux : un fichier vCard ne peut pas dépasser 5 Mo.',
  vcardInvalid: (line: string) => `Fiche vCard invalide (${line}) : rien n’a été importé.`,
  noOrganisation: 'Aucune organisation n’est associée à ce compte.',
  messageRequired: 'Saisissez votre message.',
  subjectRequired: 'Saisissez l’objet du message.',
  noPracticeEmail: 'Le cabinet n’a pas d’adresse e-mail : appelez-le directement.',
  cursorInvalid: 'Curseur de page invalide.',
  vcardEmpty: 'Le fichier est vide.',
} as const;

/** RPPS (and the 11-digit ADELI form), spaces between digit groups allowed: one rule with the profile's. */
function isValidContactRpps(value: string): boolean {
  return isValidRpps(value.replace(/\s/g, ''));
}

const text = (max: number) => z.string().trim().max(max, CONTACT_MESSAGES.tooLong(max));
const optionalText = (max: number) => text(max).default('');

function validBirthday(value: string): boolean {
  const d = new Date(value + 'T00:00:00Z');
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && value >= '1900-01-01';
}

const emailField = z
  .string()
  .trim()
  .max(254, CONTACT_MESSAGES.emailInvalid)
  .refine((v) => v === '' || z.email().safeParse(v).success, CONTACT_MESSAGES.emailInvalid);
const phoneField = z
  .string()
  .trim()
  .max(30, CONTACT_MESSAGES.phoneInvalid)
  .refine((v) => v === '' || isValidPhone(v), CONTACT_MESSAGES.phoneInvalid);

/** The address of a contact's stored photo (a capability URL: an <img> sends no token). */
export const CONTACT_PHOTO_PATH = /^\/api\/contacts\/photo\/[0-9a-f-]{36}\/[0-9a-f]{32}\.png$/;

export const contactInputSchema = z.object({
  name: z.string({ error: CONTACT_MESSAGES.nameRequired }).trim().min(1, CONTACT_MESSAGES.nameRequired).max(CONTACT_LIMITS.nameMax, CONTACT_MESSAGES.tooLong(CONTACT_LIMITS.nameMax)),
  lastName: optionalText(CONTACT_LIMITS.nameMax),
  avatar: z
    .string()
    .trim()
    .max(500, CONTACT_MESSAGES.tooLong(500))
    .refine((v) => v === '' || /^https:\/\/[^\s"'<>]+$/.test(v) || CONTACT_PHOTO_PATH.test(v), CONTACT_MESSAGES.avatarInvalid)
    .default(''),
  nickname: optionalText(CONTACT_LIMITS.nameMax),
  company: optionalText(CONTACT_LIMITS.companyMax),
  jobTitle: optionalText(CONTACT_LIMITS.companyMax),
  email: emailField.default(''),
  phone: phoneField.default(''),
  address: optionalText(CONTACT_LIMITS.addressMax),
  prefix: optionalText(CONTACT_LIMITS.prefixMax),
  emails: z.array(z.object({ value: emailField, type: z.enum(VCARD_EMAIL_TYPES, CONTACT_MESSAGES.typeInvalid).default('work') })).max(CONTACT_LIMITS.listMax, CONTACT_MESSAGES.tooManyItems(CONTACT_LIMITS.listMax)).default([]),
  phones: z.array(z.object({ value: phoneField, type: z.enum(VCARD_PHONE_TYPES, CONTACT_MESSAGES.typeInvalid).default('work') })).max(CONTACT_LIMITS.listMax, CONTACT_MESSAGES.tooManyItems(CONTACT_LIMITS.listMax)).default([]),
  street: optionalText(CONTACT_LIMITS.companyMax),
  postalCode: optionalText(20),
  city: optionalText(CONTACT_LIMITS.nameMax),
  region: optionalText(CONTACT_LIMITS.nameMax),
  country: optionalText(CONTACT_LIMITS.nameMax),
  addressType: z.enum(VCARD_ADDRESS_TYPES, CONTACT_MESSAGES.typeInvalid).default('work'),
  url: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.urlMax, CONTACT_MESSAGES.tooLong(CONTACT_LIMITS.urlMax))
    .refine((v) => v === '' || /^https?:\/\/[^\s"'<>]+$/i.test(v), CONTACT_MESSAGES.urlInvalid)
    .default(''),
  birthday: z
    .string()
    .trim()
    .refine((v) => v === '' || validBirthday(v), CONTACT_MESSAGES.birthdayInvalid)
    .default(''),
  notes: optionalText(CONTACT_LIMITS.notesMax),
  profession: z.enum(CONTACT_PROFESSIONS, CONTACT_MESSAGES.professionInvalid).default('autre'),
  rpps: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidContactRpps(v), CONTACT_MESSAGES.rppsInvalid)
    .transform((v) => v.replace(/\s/g, ''))
    .default(''),
});
export type ContactInput = z.infer<typeof contactInputSchema>;
export type ContactInputRaw = z.input<typeof contactInputSchema>;

/** The fields of a contact as the server sends them (stored values, no input rule). */
const contactFieldsAnswer = {
  name: z.string(),
  lastName: z.string(),
  avatar: z.string(),
  nickname: z.string(),
  company: z.string(),
  jobTitle: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  /** The vCard fields beyond the SPEC's: the lists with their types, the address's parts, URL, prefix. */
  prefix: z.string(),
  emails: z.array(z.object({ value: z.string(), type: z.enum(VCARD_EMAIL_TYPES) })),
  phones: z.array(z.object({ value: z.string(), type: z.enum(VCARD_PHONE_TYPES) })),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  region: z.string(),
  country: z.string(),
  addressType: z.enum(VCARD_ADDRESS_TYPES),
  url: z.string(),
  birthday: z.string(),
  notes: z.string(),
  profession: z.enum(CONTACT_PROFESSIONS),
  rpps: z.string(),
};

/** SPEC §3 Contact, plus profession and RPPS; `starred` is the caller's own. */
export const contactSchema = z.object({ id: z.string(), ...contactFieldsAnswer, starred: z.boolean() });
export type Contact = z.infer<typeof contactSchema>;

/** SPEC §3 Contact user. */
export const contactGroupSchema = z.object({ id: z.string(), name: z.string(), contactIds: z.array(z.string()) });
export type ContactGroup = z.infer<typeof contactGroupSchema>;
export const contactUserSchema = z.object({
  id: z.string(),
  starred: z.array(z.string()),
  frequentContacts: z.array(z.string()),
  groups: z.array(contactGroupSchema),
});
export type ContactUser = z.infer<typeof contactUserSchema>;

const ids = z.array(z.uuid(CONTACT_MESSAGES.contactNotFound)).min(1).max(CONTACT_LIMITS.bulkMax);

/** SPEC §7 contact calls, their bodies as the Fuse address book sends them. */
export const contactsCallSchemas = {
  list: z.object({ id: z.string().max(64).default('all') }),
  addContact: z.object({ newContact: contactInputSchema }),
  updateContact: z.object({ contact: contactInputSchema.extend({ id: z.uuid(CONTACT_MESSAGES.contactNotFound) }) }),
  removeContact: z.object({ contactId: z.uuid(CONTACT_MESSAGES.contactNotFound) }),
  removeContacts: z.object({ contactIds: ids }),
  toggleStarredContact: z.object({ contactId: z.uuid(CONTACT_MESSAGES.contactNotFound) }),
  contactIds: z.object({ contactIds: ids }),
} as const;

export const CONTACT_FILTERS = ['all', 'frequent', 'starred', 'group'] as const;
export const contactListQuerySchema = z.object({
  filter: z.enum(CONTACT_FILTERS).default('all'),
  groupId: z.uuid(CONTACT_MESSAGES.groupNotFound).optional(),
  q: z.string().trim().max(CONTACT_LIMITS.searchMax).optional(),
  profession: z.enum(CONTACT_PROFESSIONS).optional(),
});
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

export const contactBulkSchema = z.object({
  operation: z.enum(['star', 'unstar', 'delete']),
  contactIds: ids,
});

export const groupInputSchema = z.object({
  name: z.string({ error: CONTACT_MESSAGES.groupRequired }).trim().min(1, CONTACT_MESSAGES.groupRequired).max(CONTACT_LIMITS.groupNameMax, CONTACT_MESSAGES.tooLong(CONTACT_LIMITS.groupNameMax)),
  contactIds: z.array(z.uuid(CONTACT_MESSAGES.contactNotFound)).max(CONTACT_LIMITS.bulkMax).default([]),
});

export const vcardImportSchema = z.object({
  vcf: z.string().min(1, CONTACT_MESSAGES.vcardEmpty),
  /** Preview only: what would be created, and which cards duplicate an existing contact. */
  dryRun: z.boolean().default(false),
  /** Skip the cards that duplicate an existing contact (by email or phone). */
  skipDuplicates: z.boolean().default(true),
});

export const vcardPreviewRowSchema = z.object({
  index: z.number(),
  contact: z.object(contactFieldsAnswer),
  /** The existing contact with the same email or phone, if any. */
  duplicateOf: z.object({ id: z.string(), name: z.string(), lastName: z.string() }).nullable(),
});
export type VCardPreviewRow = z.infer<typeof vcardPreviewRowSchema>;
export const vcardImportResultSchema = z.object({ rows: z.array(vcardPreviewRowSchema), created: z.number(), skipped: z.number() });
export type VCardImportResult = z.infer<typeof vcardImportResultSchema>;

export const practiceMessageSchema = z.object({
  subject: z.string({ error: CONTACT_MESSAGES.subjectRequired }).trim().min(1, CONTACT_MESSAGES.subjectRequired).max(200, CONTACT_MESSAGES.tooLong(200)),
  message: z.string({ error: CONTACT_MESSAGES.messageRequired }).trim().min(1, CONTACT_MESSAGES.messageRequired).max(5000, CONTACT_MESSAGES.tooLong(5000)),
});

/** The practice's public card (a patient's /contact). */
export const practiceCardSchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  openingHours: z.string().nullable(),
});
export type PracticeCard = z.infer<typeof practiceCardSchema>;

// The answers of /api/contacts (the web client's types come from them).
export const contactAnswer = dataAnswer(contactSchema);
export const contactListAnswer = dataAnswer(z.object({ items: z.array(contactSchema), nextCursor: z.string().nullable() }));
export const contactUserAnswer = dataAnswer(contactUserSchema);
export const contactGroupAnswer = dataAnswer(contactGroupSchema);
export const vcardImportAnswer = dataAnswer(vcardImportResultSchema);
/** A bulk change: the deleted ids, or the caller's stars and groups after (un)starring. */
export const contactBulkAnswer = dataAnswer(z.union([z.object({ deleted: z.array(z.string()) }), contactUserSchema]));
export const practiceCardAnswer = dataAnswer(practiceCardSchema);
/** "Nous écrire": the patient's conversation with the secretariat (201), or null when mailed (202). */
export const practiceMessageAnswer = z.object({ success: z.boolean(), chatId: z.string().nullable() });

/** SPEC §7 contact calls answer the bare values the Fuse address book reads. */
export const contactsCallAnswers = {
  contacts: z.array(contactSchema),
  user: contactUserSchema,
  contact: contactSchema,
  /** The removed contact's id. */
  removedId: z.string(),
  removedIds: z.array(z.string()),
} as const;
