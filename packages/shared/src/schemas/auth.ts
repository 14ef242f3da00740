import { z } from 'zod';
import { passwordSchema } from '../domain/password.ts';
import { ROLES } from '../roles.ts';
import { dataAnswer } from './responses.ts';

// Self-registration (POST /api/auth/register): the rules the register form checks as the user types
// and the server checks again, with their French messages (the web shows them translated).

export const REGISTER_MESSAGES = {
  displayNameRequired: 'Entrez votre nom.',
  displayNameTooLong: 'Le nom ne peut pas dépasser 100 caractères.',
  emailRequired: 'Entrez votre adresse email.',
  emailInvalid: 'Adresse email invalide.',
  policiesRequired: 'Acceptez les conditions générales d’utilisation et la politique de confidentialité pour créer votre compte.',
} as const;

export const DISPLAY_NAME_MAX = 100;
export const EMAIL_MAX = 254;

export const registerDisplayNameSchema = z.string().trim().min(1, REGISTER_MESSAGES.displayNameRequired).max(DISPLAY_NAME_MAX, REGISTER_MESSAGES.displayNameTooLong);
export const registerEmailSchema = z
  .string()
  .trim()
  .min(1, REGISTER_MESSAGES.emailRequired)
  .max(EMAIL_MAX, REGISTER_MESSAGES.emailInvalid)
  .pipe(z.email(REGISTER_MESSAGES.emailInvalid));

/** The account a guest creates: name, email and a password under SPEC §5's rule. */
export const registerAccountSchema = z.object({
  displayName: registerDisplayNameSchema,
  email: registerEmailSchema,
  password: passwordSchema,
  /** Issue 20: the CGU and the privacy policy in force are accepted (recorded with date and IP). */
  acceptPolicies: z.literal(true, REGISTER_MESSAGES.policiesRequired),
});
export type RegisterAccount = z.infer<typeof registerAccountSchema>;

// The answers of /api/auth (SPEC §7): the signed-in user beside `success`, the second factor and the
// sessions of /profile. The web client takes its types from them.

/** SPEC §3 signed-in user, as the server's toSignedInUser sends it. */
export const signedInUserSchema = z.object({
  uid: z.string(),
  id: z.string(),
  from: z.string(),
  role: z.enum(ROLES),
  idOrganization: z.string().nullable(),
  job: z.string(),
  data: z.object({
    displayName: z.string(),
    photoURL: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    username: z.string(),
    organization: z.string().nullable(),
    /** The user's own settings (layout…), stored as the web app writes them. */
    settings: z.record(z.string(), z.unknown()),
    shortcuts: z.array(z.string()),
    idJobSpecialist: z.number().nullable(),
    jobSpecialist: z.string().nullable(),
    dietetic: z.boolean(),
    uuid: z.string(),
    token: z.string(),
    roleLabel: z.string(),
    emailConfirmed: z.boolean(),
    idPatient: z.string().nullable(),
  }),
});

/** Sign-in, registration, renewal, preferences, invitation: the user and their new token. */
export const signedInAnswer = z.object({ success: z.boolean(), user: signedInUserSchema, access_token: z.string() });

/** The invited account an invitation link describes before its password is chosen. */
export const invitationAnswer = z.object({
  success: z.boolean(),
  user: z.object({ displayName: z.string(), username: z.string(), email: z.string(), organization: z.string().nullable() }),
});

export const mfaStateSchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number(),
  /** The organisation requires a second factor of its professionals. */
  required: z.boolean(),
  passkeys: z.array(z.object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() })),
});
export const mfaStateAnswer = dataAnswer(mfaStateSchema);
export const totpSetupAnswer = dataAnswer(z.object({ secret: z.string(), qrCode: z.string() }));
/** Shown once: the codes are stored hashed. */
export const recoveryCodesAnswer = dataAnswer(z.object({ recoveryCodes: z.array(z.string()) }));

/** WebAuthn client extension inputs (AuthenticationExtensionsClientInputs). */
const passkeyExtensions = z.object({
  appid: z.string().optional(),
  credProps: z.boolean().optional(),
  hmacCreateSecret: z.boolean().optional(),
  minPinLength: z.boolean().optional(),
  prf: z.unknown().optional(),
});
const credentialDescriptor = z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() });
/** WebAuthn PublicKeyCredentialCreationOptionsJSON (@simplewebauthn/server), with the stored challenge's id. */
export const passkeyOptionsAnswer = dataAnswer(
  z.object({
    challengeId: z.string(),
    options: z.object({
      challenge: z.string(),
      rp: z.object({ name: z.string(), id: z.string().optional() }),
      user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
      pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
      timeout: z.number().optional(),
      excludeCredentials: z.array(credentialDescriptor).optional(),
      authenticatorSelection: z
        .object({ authenticatorAttachment: z.string().optional(), residentKey: z.string().optional(), requireResidentKey: z.boolean().optional(), userVerification: z.string().optional() })
        .optional(),
      hints: z.array(z.string()).optional(),
      attestation: z.string().optional(),
      attestationFormats: z.array(z.string()).optional(),
      extensions: passkeyExtensions.optional(),
    }),
  }),
);

const deviceRowSchema = z.object({ id: z.string(), device: z.string(), ip: z.string().nullable(), createdAt: z.string(), lastSeenAt: z.string(), expiresAt: z.string() });
export const sessionRowSchema = deviceRowSchema.extend({ method: z.string(), current: z.boolean() });
export type SessionRow = z.infer<typeof sessionRowSchema>;
export type DeviceRow = z.infer<typeof deviceRowSchema>;
export const sessionsAnswer = dataAnswer(z.object({ sessions: z.array(sessionRowSchema), devices: z.array(deviceRowSchema) }));
export const revokedCountAnswer = dataAnswer(z.object({ count: z.number() }));

/** An account's sign-in counters, for its administrator. */
export const signInLockSchema = z.object({ locked: z.boolean(), lockedUntil: z.string().nullable(), failures: z.number(), lastFailureAt: z.string().nullable() });
export const signInLockAnswer = dataAnswer(signInLockSchema);
/** How many counters were cleared. */
export const signInUnlockAnswer = dataAnswer(z.object({ cleared: z.number() }));

// SPEC §7 POST /api/user: the sign-in actions (login, second factor, passkeys) and `read`.

/**
 * The answer of `login` (and of each step that ends a sign-in): the user, and their fields again
 * under `data` with the token. Strict: the actions of /api/user answer one of several shapes (a
 * union takes the first that fits), so this one must refuse the enrolment's `recoveryCodes`.
 */
export const loginAnswer = z.strictObject({
  success: z.boolean(),
  id: z.string(),
  role: z.enum(ROLES),
  user: signedInUserSchema,
  data: signedInUserSchema.shape.data.extend({
    access_token: z.string(),
    idOrganization: z.string().nullable(),
    job: z.string(),
    role: z.enum(ROLES),
    from: z.string(),
  }),
});
/** TOTP set up during a sign-in: the login answer and the recovery codes (shown once). */
export const loginEnrolledAnswer = loginAnswer.extend({ recoveryCodes: z.array(z.string()) });
/** The TOTP key of an enrolment at sign-in, with its otpauth URI and QR code. */
export const totpEnrolAnswer = dataAnswer(z.object({ secret: z.string(), uri: z.string(), qrCode: z.string() }));
/** WebAuthn PublicKeyCredentialRequestOptionsJSON (@simplewebauthn/server), with the stored challenge's id. */
export const passkeySignInOptionsAnswer = dataAnswer(
  z.object({
    challengeId: z.string(),
    options: z.object({
      challenge: z.string(),
      timeout: z.number().optional(),
      rpId: z.string().optional(),
      allowCredentials: z.array(credentialDescriptor).optional(),
      userVerification: z.string().optional(),
      hints: z.array(z.string()).optional(),
      extensions: passkeyExtensions.optional(),
    }),
  }),
);
/** `read`: the caller the token names. */
export const userReadAnswer = dataAnswer(z.object({ idUser: z.string(), idRole: z.enum(ROLES), idOrganization: z.string().nullable() }));
