import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { NOTE_LIMITS, isEmptyNote, type Note, type NoteColour, type NoteItem } from '@wellbe/shared/schemas/notes';

// The note dialog's draft: what the form holds, what it sends, and what is refused before sending.

export interface Draft {
  title: string;
  kind: 'text' | 'checklist';
  content: string;
  items: NoteItem[];
  colour: NoteColour;
  labelIds: string[];
  pinned: boolean;
  /** The agenda's picker (DD/MM/YYYY HH:mm): a native datetime-local field showed the browser's mm/dd/yyyy. */
  reminder: Dayjs | null;
  reminderMail: boolean;
  patient: { id: string; fullName: string } | null;
}

export function draftOf(note: Note | null, defaults: Partial<Draft>): Draft {
  return {
    title: note?.title ?? '',
    kind: note?.kind ?? 'text',
    content: note?.content ?? '',
    items: note?.items.length ? note.items : [{ text: '', done: false }],
    colour: note?.colour ?? 'default',
    labelIds: note?.labels.map((l) => l.id) ?? [],
    pinned: note?.pinned ?? false,
    reminder: note?.reminderAt ? dayjs(note.reminderAt) : null,
    reminderMail: note?.reminderMail ?? false,
    patient: note?.patient ?? null,
    ...(note ? {} : defaults),
  };
}

/** The body sent to the server; the patient link only for those who may link one. */
export function payloadOf(draft: Draft, mayLink: boolean) {
  return {
    title: draft.title,
    kind: draft.kind,
    content: draft.kind === 'text' ? draft.content : '',
    items: draft.kind === 'checklist' ? draft.items.filter((i) => i.text.trim()) : [],
    colour: draft.colour,
    labelIds: draft.labelIds,
    pinned: draft.pinned,
    reminderAt: draft.reminder?.isValid() ? draft.reminder.toISOString() : null,
    reminderMail: draft.reminderMail,
    ...(mayLink ? { patientId: draft.patient?.id ?? null } : {}),
  };
}

/** The French refusal of a draft the server would refuse too, or null when it may be sent. */
export function draftProblem(draft: Draft, body: ReturnType<typeof payloadOf>, t: TFunction<'notes'>): string | null {
  if (isEmptyNote(body)) return t('errors.empty');
  if (draft.reminder && !draft.reminder.isValid()) return t('errors.reminder');
  if (body.title.trim().length > NOTE_LIMITS.titleMax) return t('errors.titleTooLong', { max: NOTE_LIMITS.titleMax });
  if (body.content.length > NOTE_LIMITS.contentMax) return t('errors.tooLong', { max: NOTE_LIMITS.contentMax.toLocaleString() });
  return null;
}
