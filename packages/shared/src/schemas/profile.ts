import { z } from 'zod';
import { PASSWORD_MESSAGES, passwordSchema } from '../domain/password.ts';
import { isValidPhone, PHONE_MESSAGE } from '../domain/phone.ts';
import { isValidAdeli, isValidRpps, PROFESSIONAL_ID_MESSAGES } from '../domain/rpps.ts';
import { dataAnswer } from './responses.ts';

// SPEC §3 profile form, §5 password change and §7 /api/profil: one schema for the screen and the server.

export const PROFILE_MESSAGES = {
  oldPasswordWrong: 'Ancien mot de passe incorrect',
  samePassword: 'Le nouveau mot de passe doit être différent de l’ancien.',
  usernameLocked: 'Le nom d’utilisateur ne peut pas être modifié.',
  avatarType: 'L’image doit être au format PNG ou JPEG.',
  avatarTooLarge: 'L’image dépasse la taille maximale autorisée (2 Mo).',
  avatarUnreadable: 'L’image est illisible.',
  avatarMissing: 'Aucune image reçue.',
  signatureTooLarge: 'L’image de la signature dépasse 1 Mo.',
} as const;

/** Avatar upload limit. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The signature image drawn on the practitioner's documents (PNG or JPEG). */
export const SIGNATURE_MAX_BYTES = 1024 * 1024;
/** Side of the square thumbnail kept for an avatar. */
export const AVATAR_SIZE = 256;

/** An empty phone clears the number; anything else must be French or international. */
const phone = z
  .string()
  .trim()
  .max(40, PHONE_MESSAGE)
  .refine((v) => v === '' || isValidPhone(v), PHONE_MESSAGE)
  .nullish();

/** The editable part of the profile form (SPEC §2: phones and the three password fields). */
const editableFields = {
  phoneNumber: phone,
  professionalNumber: phone,
  oldPassword: z.string({ error: PASSWORD_MESSAGES.oldRequired }).min(1, PASSWORD_MESSAGES.oldRequired),
  password: passwordSchema,
  passwordConfirm: z.string({ error: PASSWORD_MESSAGES.mismatch }),
};

type PasswordValues = { oldPassword?: unknown; password?: unknown; passwordConfirm?: unknown };

// The cross-field rules run on every change even while another field is still invalid, so that
// each message shows under its own field as the user types (SPEC §5 "checked on every change");
// `when` lets them run on a half-valid value, hence the optional chaining.
const always = { when: () => true };

function withPasswordRules<T extends z.ZodType<PasswordValues>>(schema: T): T {
  return schema
    .refine((v) => v?.password === v?.passwordConfirm, { message: PASSWORD_MESSAGES.mismatch, path: ['passwordConfirm'], ...always })
    .refine((v) => !v?.password || v.password !== v.oldPassword, { message: PROFILE_MESSAGES.samePassword, path: ['password'], ...always });
}

/** The form of the profile screen. */
export const profileFormSchema = withPasswordRules(z.object(editableFields));
export type ProfileFormValues = z.input<typeof profileFormSchema>;

/** SPEC §7 POST /api/profil action read. */
export const profileReadBody = z.object({ Iduser: z.uuid(), idOrganization: z.uuid().nullish() });

/** SPEC §7 POST /api/profil action updatePassword: `userUpdate{...}`. */
export const userUpdateSchema = withPasswordRules(
  z.object({
    Iduser: z.uuid(),
    idOrganization: z.uuid().nullish(),
    // Sent by the screen as shown; it cannot change.
    username: z.string().max(254).nullish(),
    ...editableFields,
  }),
);
export type UserUpdate = z.input<typeof userUpdateSchema>;

/**
 * POST /api/profil action updatePhones: the phones alone. A deliberate choice beyond SPEC §2/§5,
 * which put the phones and the password in one save: SPEC §5's password rule applies to the
 * password fields when they are used, and changing a phone number must not force a new password.
 */
export const phonesUpdateSchema = z.object({
  Iduser: z.uuid(),
  idOrganization: z.uuid().nullish(),
  phoneNumber: phone,
  professionalNumber: phone,
});
export type PhonesUpdate = z.input<typeof phonesUpdateSchema>;
/** The phones part of the profile form. */
export const profilePhonesFormSchema = z.object({ phoneNumber: phone, professionalNumber: phone });

/** An empty number clears it; spaces typed between digit groups are dropped. */
function nationalNumber(valid: (v: string) => boolean, message: string) {
  return z
    .string()
    .max(40, message)
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => v === '' || valid(v), message)
    .nullish();
}

/** The professional identifiers part of the profile form (issue 37). */
export const professionalIdsFormSchema = z.object({
  rpps: nationalNumber(isValidRpps, PROFESSIONAL_ID_MESSAGES.rpps),
  adeli: nationalNumber(isValidAdeli, PROFESSIONAL_ID_MESSAGES.adeli),
});
export type ProfessionalIdsFormValues = z.input<typeof professionalIdsFormSchema>;

/** POST /api/profil action updateProfessionalIds: the RPPS and ADELI numbers of the caller's own profile. */
export const professionalIdsUpdateSchema = professionalIdsFormSchema.extend({ Iduser: z.uuid(), idOrganization: z.uuid().nullish() });
export type ProfessionalIdsUpdate = z.input<typeof professionalIdsUpdateSchema>;

/** SPEC §3 profile form, as the server answers it (never a password hash). */
export const profileSchema = z.object({
  idUser: z.string(),
  /** One profile per user: the profile is the user's own record. */
  idProfil: z.string(),
  idOrganization: z.string().nullable(),
  idJobSpecialist: z.number().nullable(),
  active: z.enum(['Y', 'N']),
  organization: z.string().nullable(),
  username: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  email: z.string(),
  /** The user's job, else their speciality, else their role label (SPEC §2 "job or role"). */
  job: z.string(),
  role: z.string(),
  roleLabel: z.string(),
  phoneNumber: z.string(),
  professionalNumber: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  /** RPPS (11 digits) and ADELI (9) numbers of a health professional; empty when unknown. */
  rpps: z.string(),
  adeli: z.string(),
  photoURL: z.string(),
  avatar: z.string(),
  // The form's password fields, always empty in an answer.
  oldPassword: z.literal(''),
  password: z.literal(''),
  passwordConfirm: z.literal(''),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * SPEC §7 reads `data.data` as the profile while the profile screen reads the answer's `data` as the
 * profile: the answer's `data` is the profile and also carries it under `data`.
 */
// Strict: the /api/profil actions answer one of these two (a union takes the first that fits), so the
// plain answer must refuse the password change's `access_token` rather than drop it.
export const profileAnswer = z.strictObject({ ...dataAnswer(profileSchema.extend({ data: profileSchema })).shape });
/** After a password change: the same, with the token the session goes on with. */
export const profilePasswordAnswer = profileAnswer.extend({ access_token: z.string() });
