import { z } from 'zod';
import { foldLetters } from '../domain/text.ts';
import { dataAnswer } from './responses.ts';

// Private notes (SPEC §2 /notes, §6 group `note`): a text or a checklist, a colour, the author's
// labels, pinned, archived, an optional reminder and an optional link to a patient.

export const NOTE_LIMITS = {
  titleMax: 200,
  contentMax: 20_000,
  itemsMax: 200,
  itemMax: 500,
  labelsPerUser: 200,
  labelNameMax: 50,
  labelsPerNote: 20,
  searchMax: 100,
} as const;

export const NOTE_COLOURS = ['default', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink', 'grey'] as const;
export type NoteColour = (typeof NOTE_COLOURS)[number];

export const NOTE_MESSAGES = {
  empty: 'Une note vide n’est pas enregistrée : saisissez un titre, un texte ou un élément de liste.',
  titleTooLong: `Le titre ne peut pas dépasser ${NOTE_LIMITS.titleMax} caractères.`,
  contentTooLong: `Le contenu d’une note ne peut pas dépasser ${NOTE_LIMITS.contentMax.toLocaleString('fr-FR')} caractères.`,
  tooManyItems: `Une liste ne peut pas dépasser ${NOTE_LIMITS.itemsMax} éléments.`,
  itemTooLong: `Un élément de liste ne peut pas dépasser ${NOTE_LIMITS.itemMax} caractères.`,
  tooManyLabelsOnNote: `Une note ne peut pas porter plus de ${NOTE_LIMITS.labelsPerNote} libellés.`,
  noteNotFound: 'Note introuvable.',
  labelNotFound: 'Libellé introuvable.',
  labelRequired: 'Saisissez le nom du libellé.',
  labelTooLong: `Le nom d’un libellé ne peut pas dépasser ${NOTE_LIMITS.labelNameMax} caractères.`,
  labelExists: 'Vous avez déjà un libellé de ce nom.',
  tooManyLabels: `Vous ne pouvez pas avoir plus de ${NOTE_LIMITS.labelsPerUser} libellés.`,
  patientNotFound: 'Patient introuvable.',
  patientLinkForbidden: 'Seuls les praticiens peuvent lier une note à un dossier patient.',
  reminderInvalid: 'Date de rappel invalide.',
  colourInvalid: 'Couleur invalide.',
} as const;

export const noteItemSchema = z.object({
  text: z.string().trim().max(NOTE_LIMITS.itemMax, NOTE_MESSAGES.itemTooLong),
  done: z.boolean().default(false),
});
export type NoteItem = z.infer<typeof noteItemSchema>;

const noteFields = {
  title: z.string().trim().max(NOTE_LIMITS.titleMax, NOTE_MESSAGES.titleTooLong),
  kind: z.enum(['text', 'checklist']),
  content: z.string().max(NOTE_LIMITS.contentMax, NOTE_MESSAGES.contentTooLong),
  items: z.array(noteItemSchema).max(NOTE_LIMITS.itemsMax, NOTE_MESSAGES.tooManyItems),
  colour: z.enum(NOTE_COLOURS, NOTE_MESSAGES.colourInvalid),
  labelIds: z.array(z.uuid(NOTE_MESSAGES.labelNotFound)).max(NOTE_LIMITS.labelsPerNote, NOTE_MESSAGES.tooManyLabelsOnNote),
  pinned: z.boolean(),
  archived: z.boolean(),
  reminderAt: z.iso.datetime({ offset: true, error: NOTE_MESSAGES.reminderInvalid }).nullable(),
  /** Also mail the reminder to the author (background job). */
  reminderMail: z.boolean(),
  patientId: z.uuid(NOTE_MESSAGES.patientNotFound).nullable(),
};

/** What a user writes; the server checks emptiness after trimming (SPEC: an empty note is not created). */
export const noteInputSchema = z.object({
  title: noteFields.title.default(''),
  kind: noteFields.kind.default('text'),
  content: noteFields.content.default(''),
  items: noteFields.items.default([]),
  colour: noteFields.colour.default('default'),
  labelIds: noteFields.labelIds.default([]),
  pinned: noteFields.pinned.default(false),
  archived: noteFields.archived.default(false),
  reminderAt: noteFields.reminderAt.default(null),
  reminderMail: noteFields.reminderMail.default(false),
  patientId: noteFields.patientId.default(null),
});
export type NoteInput = z.infer<typeof noteInputSchema>;
export type NoteInputRaw = z.input<typeof noteInputSchema>;

/** A change: only the fields sent (pin, archive, a checkbox… without resending the note). */
export const notePatchSchema = z.object(noteFields).partial();
export type NotePatch = z.infer<typeof notePatchSchema>;

/** SPEC: an empty note is not created: no title, no text and no non-empty checklist item. */
export function isEmptyNote(note: { title: string; kind: 'text' | 'checklist'; content: string; items: NoteItem[] }): boolean {
  if (note.title.trim()) return false;
  if (note.kind === 'text') return !note.content.trim();
  return !note.items.some((i) => i.text.trim());
}

export const NOTE_FILTERS = ['notes', 'reminders', 'archive', 'label'] as const;
export type NoteFilter = (typeof NOTE_FILTERS)[number];

export const noteListQuerySchema = z.object({
  filter: z.enum(NOTE_FILTERS).default('notes'),
  labelId: z.uuid(NOTE_MESSAGES.labelNotFound).optional(),
  q: z.string().trim().max(NOTE_LIMITS.searchMax).optional(),
  patientId: z.uuid(NOTE_MESSAGES.patientNotFound).optional(),
});
export type NoteListQuery = z.infer<typeof noteListQuerySchema>;

export const labelInputSchema = z.object({
  name: z.string({ error: NOTE_MESSAGES.labelRequired }).trim().min(1, NOTE_MESSAGES.labelRequired).max(NOTE_LIMITS.labelNameMax, NOTE_MESSAGES.labelTooLong),
});
export type LabelInput = z.infer<typeof labelInputSchema>;

export const noteLabelSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The URL part of /notes/labels/{labelHandle}/{labelId}. */
  handle: z.string(),
});
export type NoteLabel = z.infer<typeof noteLabelSchema>;

export const noteSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(['text', 'checklist']),
  content: z.string(),
  items: z.array(z.object({ text: z.string(), done: z.boolean() })),
  colour: z.enum(NOTE_COLOURS),
  labels: z.array(noteLabelSchema),
  pinned: z.boolean(),
  archived: z.boolean(),
  reminderAt: z.string().nullable(),
  reminderMail: z.boolean(),
  /** When the reminder fired (toast, quick panel, mail); null while it is still to come. */
  reminderSentAt: z.string().nullable(),
  patient: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

// The answers of /api/notes (the web client's types come from them).
export const noteAnswer = dataAnswer(noteSchema);
export const noteListAnswer = dataAnswer(z.object({ notes: z.array(noteSchema), labels: z.array(noteLabelSchema) }));
export const noteLabelAnswer = dataAnswer(noteLabelSchema);
export const noteLabelsAnswer = dataAnswer(z.array(noteLabelSchema));

/** SPEC §3 Quick-panel data: notes and events, each with id, title, detail. */
export const quickPanelItemSchema = z.object({ id: z.string(), title: z.string(), detail: z.string() });
export type QuickPanelItem = z.infer<typeof quickPanelItemSchema>;
export const quickPanelDataSchema = z.object({ notes: z.array(quickPanelItemSchema), events: z.array(quickPanelItemSchema) });
export type QuickPanelData = z.infer<typeof quickPanelDataSchema>;
/**
 * GET /api/quick-panel/data (SPEC §7 answers it without an envelope): the panel's data, the
 * server's instant (ISO) and today's note reminders, `due` once fired (the web's toast).
 */
export const quickPanelAnswer = quickPanelDataSchema.extend({
  date: z.string(),
  reminders: z.array(z.object({ id: z.string(), at: z.string(), due: z.boolean() })),
});

/** A readable slug of a label name (the `labelHandle` of SPEC §2): letters and digits, no accent. */
export function labelHandle(name: string): string {
  return (
    foldLetters(name)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'libelle'
  );
}
