import { z } from 'zod';
import { isDay } from '../domain/consultation.ts';
import { FIELD_MESSAGES } from './fields.ts';
import { dataAnswer } from './responses.ts';

// The patient's rights (RGPD art. 15 and 20, CNIL délibération 2021-122 on traceability): the
// export of their file (FHIR R4, PDF), "who opened my file" and the flag of an access they do not
// recognise, answered by the organisation's administrators in /admin.

export const RECORDS_MESSAGES = {
  flagExists: 'Cet accès a déjà été signalé.',
  flagNotFound: 'Signalement introuvable.',
  eventNotFound: 'Accès introuvable.',
  accessLogReserved: 'Le journal des accès d’un dossier est réservé au patient et aux administrateurs.',
  exportReserved: 'L’export est réservé au patient et aux praticiens de son dossier.',
  linkExpired: 'Ce lien de téléchargement a expiré. Exportez de nouveau le dossier.',
  answerRequired: 'Saisissez une réponse.',
  answerTooLong: 'Réponse trop longue (2 000 caractères au plus).',
  cursor: 'Curseur invalide.',
} as const;

/** Exports of one patient's file allowed per hour (FHIR and PDF together). */
export const EXPORTS_PER_HOUR = 5;
/** A document up to this size is inlined in the Bundle (base64); a larger one is a signed link. */
export const INLINE_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
/** How long the signed link of a linked document stays valid. */
export const DOCUMENT_LINK_TTL_MS = 10 * 60_000;

/** What an access touched, as the patient reads it. */
export const ACCESS_KINDS = ['dossier', 'consultation', 'document', 'export'] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

const day = z.string().refine(isDay, FIELD_MESSAGES.dayFormat);

export const accessLogQuerySchema = z.object({
  kind: z.enum(ACCESS_KINDS).optional(),
  from: day.optional(),
  to: day.optional(),
  /** Opaque keyset cursor of the previous page (`nextCursor`). */
  cursor: z
    .string()
    .max(80)
    .regex(/^\d{13}_\d{1,18}$/, RECORDS_MESSAGES.cursor)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AccessLogQuery = z.infer<typeof accessLogQuerySchema>;

export const accessFlagStateSchema = z.object({
  idFlag: z.string(),
  status: z.enum(['open', 'answered']),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type AccessFlagState = z.infer<typeof accessFlagStateSchema>;

export const accessLogEntrySchema = z.object({
  /** The journal row's id. */
  id: z.number(),
  at: z.string(),
  /** Who, as the patient may read it: a name, 'Vous', 'Support technique WellBe'… */
  actor: z.string(),
  /** The actor's role code (null for an anonymous request or WellBe support). */
  role: z.string().nullable(),
  kind: z.enum(ACCESS_KINDS),
  /** read, write, export, denied (a refused attempt). */
  operation: z.enum(['read', 'write', 'export', 'denied']),
  /** The journal's action code, for the curious reader. */
  action: z.string(),
  /** Issue 32: a change to the record, in words ("a modifié la consultation du 20/11/2026"), else null. */
  change: z.string().nullable().optional(),
  /** The day (DD/MM/YYYY, the organisation's zone) of the consultation a change is about: the screen words the change in its language. */
  changeOn: z.string().nullable().optional(),
  self: z.boolean(),
  flag: accessFlagStateSchema.nullable(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogPageSchema = z.object({ items: z.array(accessLogEntrySchema), nextCursor: z.string().nullable() });
export type AccessLogPage = z.infer<typeof accessLogPageSchema>;
export const accessLogAnswer = dataAnswer(accessLogPageSchema);

export const accessFlagCreateSchema = z.object({
  comment: z.string().trim().max(1000).default(''),
});

export const accessFlagAnswerSchema = z.object({
  answer: z.string().trim().min(1, RECORDS_MESSAGES.answerRequired).max(2000, RECORDS_MESSAGES.answerTooLong),
});

export const accessFlagListQuerySchema = z.object({
  status: z.enum(['open', 'answered']).optional(),
  cursor: z
    .string()
    .max(80)
    // The flag's id is a uuid, checked as one: a string of 36 dashes would reach PostgreSQL.
    .regex(/^\d{13}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, RECORDS_MESSAGES.cursor)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AccessFlagListQuery = z.infer<typeof accessFlagListQuerySchema>;

/** A flag as the organisation's administrators see it in /admin. */
export const accessFlagSchema = z.object({
  idFlag: z.string(),
  createdAt: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  comment: z.string(),
  status: z.enum(['open', 'answered']),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  answeredBy: z.string().nullable(),
  /** The flagged journal row. */
  event: z.object({ id: z.number(), at: z.string(), action: z.string(), actor: z.string(), role: z.string().nullable(), ip: z.string().nullable(), outcome: z.string() }),
});
export type AccessFlag = z.infer<typeof accessFlagSchema>;
export const accessFlagAnswer = dataAnswer(accessFlagSchema);

export const accessFlagPageSchema = z.object({ items: z.array(accessFlagSchema), nextCursor: z.string().nullable() });
export type AccessFlagPage = z.infer<typeof accessFlagPageSchema>;
export const accessFlagPageAnswer = dataAnswer(accessFlagPageSchema);
/** A flag just raised by the patient. */
export const accessFlagCreatedAnswer = dataAnswer(z.object({ idFlag: z.string() }));
