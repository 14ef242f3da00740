import { z } from 'zod';
import { passwordSchema } from '../domain/password.ts';

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
