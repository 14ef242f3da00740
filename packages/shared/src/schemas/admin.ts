import { z } from 'zod';
import { isDay } from '../domain/consultation.ts';
import { FIELD_MESSAGES, pgIntQuery } from './fields.ts';
import { pageAnswer } from './responses.ts';

// /admin, 'Journal d'accès': the audit journal, filtered and paged.

export const ADMIN_MESSAGES = {
  dateRange: 'La date de début doit précéder la date de fin.',
  noOrganisation: 'Aucune organisation choisie.',
} as const;

// A real calendar day: '2026-13-45' has the right shape but PostgreSQL refuses it (it was a 500).
const day = z.string().refine(isDay, FIELD_MESSAGES.dayFormat);

export const journalQuerySchema = z.object({
  page: pgIntQuery({ min: 1 }).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  /** SA and DE: one organisation; others are always scoped to their own. */
  organizationId: z.uuid().optional(),
  userId: z.uuid().optional(),
  patientId: z.uuid().optional(),
  /** Free text on the user's username or names. */
  user: z.string().trim().max(100).optional(),
  /** Free text on the patient's name. */
  patient: z.string().trim().max(100).optional(),
  action: z.string().trim().max(100).optional(),
  outcome: z.enum(['success', 'denied', 'error']).optional(),
  /** Calendar days, in the organisation's time zone, both included. */
  from: day.optional(),
  to: day.optional(),
  /** Keyset paging: the `nextCursor` of the previous page (then `page` is only echoed). */
  cursor: z.string().max(500).optional(),
});
export type JournalQuery = z.infer<typeof journalQuerySchema>;
export type JournalFilters = Omit<JournalQuery, 'page' | 'pageSize' | 'cursor'>;

export const journalEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  username: z.string().nullable(),
  role: z.string().nullable(),
  organizationId: z.string().nullable(),
  action: z.string(),
  recordType: z.string().nullable(),
  recordId: z.string().nullable(),
  patientId: z.string().nullable(),
  patientName: z.string().nullable(),
  ip: z.string().nullable(),
  outcome: z.enum(['success', 'denied', 'error']),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;
/** A page of the journal, with the organisation's time zone (times are shown in it). */
export const journalPageAnswer = pageAnswer(journalEntrySchema).extend({ timeZone: z.string() });
export type JournalPage = z.infer<typeof journalPageAnswer>;

export const JOURNAL_CSV_HEADER = ['Date', 'Utilisateur', 'Identifiant', 'Rôle', 'Action', 'Type', 'Enregistrement', 'Patient', 'Adresse IP', 'Résultat'];
