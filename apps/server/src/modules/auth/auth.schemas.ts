import { registerAccountSchema } from '@wellbe/shared/schemas/auth';
import { z } from 'zod';

export const credentialsBody = z.object({
  email: z.string().min(1).max(254),
  password: z.string().min(1).max(256),
});

export const registerBody = z.object({
  // The register form's rules (packages/shared), plus the optional username of the API.
  user: registerAccountSchema.extend({
    username: z
      .string()
      .trim()
      .min(3, 'Le nom d’utilisateur doit contenir au moins 3 caractères.')
      .max(64)
      .regex(/^[\p{L}\p{N}._@-]+$/u, 'Le nom d’utilisateur ne peut contenir que lettres, chiffres, . _ - @')
      .optional(),
  }),
});

const settingsSchema = z
  .record(z.string(), z.unknown())
  .refine((v) => JSON.stringify(v).length <= 10_000, 'Paramètres trop volumineux.');
const shortcutsSchema = z.array(z.string().max(100)).max(50);
const displayNameSchema = z.string().trim().min(1).max(100);

/** SPEC §7 `POST /api/auth/user/update`: the user object, as the client holds it (fields at the top or in `data`). */
export const userUpdateBody = z.object({
  user: z.object({
    settings: settingsSchema.optional(),
    shortcuts: shortcutsSchema.optional(),
    displayName: displayNameSchema.optional(),
    data: z
      .object({ settings: settingsSchema.optional(), shortcuts: shortcutsSchema.optional(), displayName: displayNameSchema.optional() })
      .loose()
      .optional(),
  }).loose(),
});
