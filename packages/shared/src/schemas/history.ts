import { z } from 'zod';
import { pgIntQuery } from './fields.ts';
import { dataAnswer, okSchema, pageAnswer } from './responses.ts';

// Issue 32: the history of a clinical record (every version, who, when, what changed), signing,
// locking and addenda. The server writes a version in the transaction of each change; these are
// the shapes of what it answers.

export const HISTORY_MESSAGES = {
  locked: 'Cette consultation est signée ou verrouillée : elle ne peut plus être modifiée. Ajoutez un complément.',
  signNotAuthor: 'Seul l’auteur de la consultation peut la signer.',
  alreadySigned: 'Cette consultation est déjà signée.',
  addendumEmpty: 'Le complément ne peut pas être vide.',
  addendumTooLong: 'Le complément ne doit pas dépasser 50 000 caractères.',
  cursor: 'Curseur de pagination invalide : rechargez l’historique.',
  lockHours: 'Le délai de verrouillage doit être un nombre entier d’heures entre 1 et 72.',
} as const;

/** Default delay before an unsigned consultation locks itself (organisation setting, 1–72 h). */
export const DEFAULT_LOCK_HOURS = 24;
export const HISTORY_PAGE_MAX = 200;
export const ADDENDUM_MAX = 50_000;

export const VERSION_KINDS = ['created', 'updated', 'signed', 'locked', 'addendum', 'archived'] as const;
export type VersionKind = (typeof VERSION_KINDS)[number];

/** One field's change between a version and the one before it (values as stored: text, number, list). */
export const fieldChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type FieldChange = z.infer<typeof fieldChangeSchema>;

export const historyEntrySchema = z.object({
  version: z.number(),
  at: z.string(),
  author: z.object({ id: z.string().nullable(), name: z.string().nullable(), role: z.string().nullable() }),
  kind: z.string(),
  reason: z.string().nullable(),
  changes: z.array(fieldChangeSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** GET …/history: oldest first, up to 200 versions a page, `cursor` = the previous page's `nextCursor`. */
export const historyQuerySchema = z.object({
  pageSize: pgIntQuery({ min: 1, max: HISTORY_PAGE_MAX }).default(HISTORY_PAGE_MAX),
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,8}$/, HISTORY_MESSAGES.cursor)
    .optional(),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;
export const historyAnswer = pageAnswer(historyEntrySchema);

/** POST /api/consultations/:id/addenda. */
export const addendumInputSchema = z.object({
  text: z.string({ error: HISTORY_MESSAGES.addendumEmpty }).max(ADDENDUM_MAX * 2, HISTORY_MESSAGES.addendumTooLong),
});
export const addendumSchema = z.object({ id: z.string(), text: z.string(), at: z.string(), authorId: z.string(), authorName: z.string() });
export type Addendum = z.infer<typeof addendumSchema>;
export const addendumAnswer = dataAnswer(addendumSchema);
export const signAnswer = okSchema;

/** The last `records:verify` (/admin). */
export const verificationSchema = z.object({
  at: z.string(),
  chains: z.number(),
  versions: z.number(),
  ok: z.boolean(),
  failures: z.array(z.object({ recordType: z.string(), recordId: z.string(), version: z.number(), reason: z.string() })),
});
export type Verification = z.infer<typeof verificationSchema>;
export const verificationAnswer = dataAnswer(verificationSchema.nullable());
