import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { patients } from './patients.ts';
import { users } from './users.ts';

// Private notes (SPEC §2 /notes): every row belongs to its author; the organisation is kept to
// scope an optional patient link. Labels are the author's own.
export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    organizationId: uuid('organization_id').references(() => organisations.id),
    title: text('title').notNull().default(''),
    kind: text('kind').$type<'text' | 'checklist'>().notNull().default('text'),
    content: text('content').notNull().default(''),
    items: jsonb('items').$type<{ text: string; done: boolean }[]>().notNull().default([]),
    colour: text('colour').notNull().default('default'),
    pinned: boolean('pinned').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    reminderAt: timestamp('reminder_at', { withTimezone: true }),
    reminderMail: boolean('reminder_mail').notNull().default(false),
    /** Set once, by the reminder job, in the same statement that picks the note (sent exactly once). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    patientId: uuid('patient_id').references(() => patients.id),
    /** Folded title, text and items: the accent-insensitive search (trigram index). */
    searchKey: text('search_key').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notes_user_idx').on(t.userId, t.archived, t.pinned, t.updatedAt),
    index('notes_search_trgm').using('gin', sql`${t.searchKey} gin_trgm_ops`),
    index('notes_reminder_due_idx').on(t.reminderAt).where(sql`${t.reminderSentAt} is null and ${t.reminderAt} is not null`),
    index('notes_patient_idx').on(t.patientId).where(sql`${t.patientId} is not null`),
  ],
);

export const noteLabels = pgTable(
  'note_labels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('note_labels_user_name_key').on(t.userId, t.nameKey)],
);

export const noteLabelLinks = pgTable(
  'note_label_links',
  {
    noteId: uuid('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    labelId: uuid('label_id')
      .notNull()
      .references(() => noteLabels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.noteId, t.labelId] }), index('note_label_links_label_idx').on(t.labelId)],
);
