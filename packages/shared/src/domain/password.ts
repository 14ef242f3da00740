import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.ts';

// SPEC §5, the password rule and its exact French messages.
export const PASSWORD_MESSAGES = {
  oldRequired: 'Entrez ancien votre mot de passe.',
  newRequired: 'Entrez nouveau votre mot de passe.',
  rule: 'Le mot de passe doit contenir 11 caractères minimum, 1 majuscule, 1 minuscule, 1 chiffre et 1 caractère spécial',
  mismatch: 'Les mots de passe doivent correspondre',
} as const;

export const PASSWORD_SPECIALS = '!@#$%^&*';

/** Each class of the rule, for the strength checklist of the profile screen. */
export const PASSWORD_CHECKS = {
  length: (v: string) => v.length >= PASSWORD_MIN_LENGTH,
  uppercase: (v: string) => /[A-Z]/.test(v),
  lowercase: (v: string) => /[a-z]/.test(v),
  digit: (v: string) => /\d/.test(v),
  special: (v: string) => /[!@#$%^&*]/.test(v),
} as const;

export type PasswordCheck = keyof typeof PASSWORD_CHECKS;

export function meetsPasswordRule(value: string): boolean {
  return Object.values(PASSWORD_CHECKS).every((check) => check(value));
}

/** A new password: required, then the rule. */
export const passwordSchema = z
  .string({ error: PASSWORD_MESSAGES.newRequired })
  .min(1, PASSWORD_MESSAGES.newRequired)
  .refine(meetsPasswordRule, PASSWORD_MESSAGES.rule);

/** The password-change form of SPEC §5 (profile screen, reset and register pages). */
export const passwordChangeSchema = z
  .object({
    oldPassword: z.string({ error: PASSWORD_MESSAGES.oldRequired }).min(1, PASSWORD_MESSAGES.oldRequired),
    password: passwordSchema,
    passwordConfirm: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirm, {
    message: PASSWORD_MESSAGES.mismatch,
    path: ['passwordConfirm'],
  });

/** A new password with its confirmation, without the old one (register, reset). */
export const newPasswordSchema = z
  .object({ password: passwordSchema, passwordConfirm: z.string() })
  .refine((v) => v.password === v.passwordConfirm, {
    message: PASSWORD_MESSAGES.mismatch,
    path: ['passwordConfirm'],
  });
