import { z } from 'zod';
import { intId } from './fields.ts';

// The reference-table kit: small lists an administrator keeps (job specialities now; sport
// catalogs, food groups and the like next). Each has small integer ids (DESIGN §4), a label in each
// interface language, an order and an active flag; a resource may add its own fields beside these.
// Server (routes + service + repository) and web (list/edit screen) are both driven by this shape.

export const REFERENCE_LANGUAGES = ['fr', 'en', 'tr', 'ar'] as const;
export type ReferenceLanguage = (typeof REFERENCE_LANGUAGES)[number];

export const REFERENCE_MESSAGES = {
  labelRequired: 'Le libellé est obligatoire.',
  labelTooLong: 'Le libellé ne peut pas dépasser 120 caractères.',
} as const;

const label = z.string().trim().min(1, REFERENCE_MESSAGES.labelRequired).max(120, REFERENCE_MESSAGES.labelTooLong);

export const referenceLabelsSchema = z.object({ fr: label, en: label, tr: label, ar: label });
export type ReferenceLabels = z.infer<typeof referenceLabelsSchema>;

/** One row of a reference table as every answer shows it (a resource may add fields: `extend`). */
export const referenceItemSchema = z.object({
  id: z.number(),
  /** The French label (the interface language of SPEC §1). */
  label: z.string(),
  // As stored: the answer is not the input's check (trimmed, 1 to 120 characters).
  labels: z.object({ fr: z.string(), en: z.string(), tr: z.string(), ar: z.string() }),
  /** Display order, ascending; ties are broken by id. */
  position: z.number(),
  active: z.boolean(),
});
export type ReferenceItem = z.infer<typeof referenceItemSchema>;

/**
 * The REST contract of every reference resource `<name>` (e.g. `specialists`):
 * - `GET    /api/<name>`        -> `{ success: true, data: ReferenceItem[] }` (inactive included, ordered)
 * - `POST   /api/<name>`        -> 201 `{ success: true, data: ReferenceItem }` (body: create schema)
 * - `PATCH  /api/<name>/:id`    -> `{ success: true, data: ReferenceItem }` (body: update schema)
 * - `POST   /api/<name>/order`  -> `{ success: true, data: ReferenceItem[] }` (body: `{ ids: number[] }`, the new order)
 * Rows are never deleted (other records point at them): they are deactivated.
 */
export const referenceCreateSchema = z.object({
  labels: referenceLabelsSchema,
  active: z.boolean().optional(),
});
export const referenceUpdateSchema = z.object({
  labels: referenceLabelsSchema.optional(),
  active: z.boolean().optional(),
});
export const referenceOrderSchema = z.object({
  ids: z.array(intId()).min(1).max(1000),
});
export type ReferenceCreate = z.infer<typeof referenceCreateSchema>;
export type ReferenceUpdate = z.infer<typeof referenceUpdateSchema>;
