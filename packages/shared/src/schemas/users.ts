import { z } from 'zod';
import { isValidPhone, PHONE_MESSAGE } from '../domain/phone.ts';
import { ROLES } from '../roles.ts';
import { intId, pgIntQuery } from './fields.ts';
import { dataAnswer, pageAnswer, type Answer } from './responses.ts';

// /user: the accounts an administrator manages. Field names follow SPEC §3 (profile form).

export const USER_FIELD_MESSAGES = {
  roleUnknown: 'Rôle inconnu.',
  username: 'Le nom d’utilisateur doit contenir 2 à 50 caractères : lettres, chiffres, point, tiret ou souligné.',
} as const;

export const PAGE_SIZES = [10, 25, 50, 100] as const;

const name = (label: string) =>
  z.string().trim().min(1, `${label} est obligatoire.`).max(100, `${label} ne peut pas dépasser 100 caractères.`);
const optionalPhone = z
  .string()
  .trim()
  .max(30)
  .refine((v) => v === '' || isValidPhone(v), PHONE_MESSAGE)
  .nullish()
  .transform((v) => (v ? v : null));

export const usernameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{2,50}$/, USER_FIELD_MESSAGES.username);

export const emailSchema = z.string().trim().max(254).email('Adresse email invalide.');

export const roleSchema = z.enum(ROLES, { message: USER_FIELD_MESSAGES.roleUnknown });

/** Fields an administrator may edit (names, job, speciality, phones, role). */
export const userEditableSchema = z.object({
  firstName: name('Le prénom'),
  lastName: name('Le nom'),
  job: z.string().trim().max(120).nullish().transform((v) => (v ? v : null)),
  idJobSpecialist: intId().nullish().transform((v) => v ?? null),
  phoneNumber: optionalPhone,
  professionalNumber: optionalPhone,
  role: roleSchema,
});

export const userCreateSchema = userEditableSchema.extend({
  username: usernameSchema,
  email: emailSchema,
  /** SA and DE create users in any organisation; others always in their own. */
  idOrganization: z.uuid().nullish(),
});
export type UserCreate = z.infer<typeof userCreateSchema>;
export type UserCreateInput = z.input<typeof userCreateSchema>;

export const userUpdateSchema = userEditableSchema.partial().extend({
  active: z.boolean().optional(),
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

export const userListQuerySchema = z.object({
  page: pgIntQuery({ min: 1 }).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(100).optional(),
  /** SA and DE: restrict to one organisation. */
  organizationId: z.uuid().optional(),
  role: roleSchema.optional(),
  active: z.enum(['true', 'false']).optional(),
  /** Keyset paging: the `nextCursor` of the previous page (then `page` is only echoed). */
  cursor: z.string().max(500).optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const invitePatientSchema = z.object({
  idPatient: z.uuid(),
  /** Defaults to the patient's email address. */
  username: usernameSchema.optional(),
});

export const INVITATION_STATES = ['none', 'pending', 'expired'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** One row of the user list, and the answer of every user endpoint. */
export const managedUserSchema = z.object({
  idUser: z.string(),
  idOrganization: z.string().nullable(),
  organization: z.string().nullable(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  job: z.string().nullable(),
  idJobSpecialist: z.number().nullable(),
  jobSpecialist: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  professionalNumber: z.string().nullable(),
  active: z.boolean(),
  idPatient: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  /** Whether the account still waits for its owner to set a password. */
  invitation: z.enum(INVITATION_STATES),
  invitationExpiresAt: z.string().nullable(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

// The answers of /api/users.
export const managedUserAnswer = dataAnswer(managedUserSchema);
export const managedUserPageAnswer = pageAnswer(managedUserSchema);

/** A page of a keyset-paged list (`pageAnswer` of schemas/responses.ts is its schema). */
export type Paged<T> = Omit<Answer<ReturnType<typeof pageAnswer>>, 'data'> & { data: T[] };
