import { and, asc, desc, eq, inArray, isNotNull, isNull, like, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { noteLabelLinks, noteLabels, notes } from '../../db/schema/notes.ts';
import { orgFilter, type OrgScope } from '../../access/scope.ts';
import { patients, users } from '../../access/views.ts';
import { escapeLike } from '../../lib/text.ts';

// SQL of the private notes: every query carries the caller's organisation scope and the author's
// id (a note of another user is a row that does not exist for the caller). Labels belong to their
// user alone (no organisation column): the user's id is their scope.

const noteColumns = {
  id: notes.id,
  userId: notes.userId,
  organizationId: notes.organizationId,
  title: notes.title,
  kind: notes.kind,
  content: notes.content,
  items: notes.items,
  colour: notes.colour,
  pinned: notes.pinned,
  archived: notes.archived,
  reminderAt: notes.reminderAt,
  reminderMail: notes.reminderMail,
  reminderSentAt: notes.reminderSentAt,
  patientId: notes.patientId,
  patientName: patients.fullName,
  createdAt: notes.createdAt,
  updatedAt: notes.updatedAt,
};

export interface NoteFilterSql {
  filter: 'notes' | 'reminders' | 'archive' | 'label';
  labelId?: string;
  words: string[];
  patientId?: string;
}

/** The author's notes under a filter of the side list, pinned first, newest change first. */
export async function listNotes(db: Database, scope: OrgScope, userId: string, f: NoteFilterSql, limit: number) {
  const conditions: (SQL | undefined)[] = [orgFilter(scope, notes.organizationId), eq(notes.userId, userId)];
  if (f.filter === 'archive') conditions.push(eq(notes.archived, true));
  else conditions.push(eq(notes.archived, false));
  if (f.filter === 'reminders') conditions.push(isNotNull(notes.reminderAt));
  if (f.filter === 'label' && f.labelId) {
    conditions.push(inArray(notes.id, db.select({ id: noteLabelLinks.noteId }).from(noteLabelLinks).where(eq(noteLabelLinks.labelId, f.labelId))));
  }
  if (f.patientId) conditions.push(eq(notes.patientId, f.patientId));
  for (const word of f.words) conditions.push(like(notes.searchKey, `%${escapeLike(word)}%`));
  return db
    .select(noteColumns)
    .from(notes)
    .leftJoin(patients, eq(patients.id, notes.patientId))
    .where(and(...conditions))
    .orderBy(desc(notes.pinned), f.filter === 'reminders' ? asc(notes.reminderAt) : desc(notes.updatedAt), desc(notes.id))
    .limit(limit);
}

export async function findNote(db: Database, scope: OrgScope, userId: string, id: string) {
  const [row] = await db
    .select(noteColumns)
    .from(notes)
    .leftJoin(patients, eq(patients.id, notes.patientId))
    .where(and(eq(notes.id, id), orgFilter(scope, notes.organizationId), eq(notes.userId, userId)))
    .limit(1);
  return row ?? null;
}
export type NoteRow = NonNullable<Awaited<ReturnType<typeof findNote>>>;

export type NoteValues = Omit<typeof notes.$inferInsert, 'id'>;

export async function insertNote(db: Database, values: NoteValues, labelIds: string[]): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(notes).values(values).returning({ id: notes.id });
    if (labelIds.length) await tx.insert(noteLabelLinks).values(labelIds.map((labelId) => ({ noteId: row.id, labelId })));
    return row.id;
  });
}

/** What a change reads of the note it merges into (locked: a concurrent change waits for this one). */
export type NoteText = Pick<typeof notes.$inferSelect, 'title' | 'kind' | 'content' | 'items' | 'reminderAt'>;

/**
 * Applies a change computed from the note as it is now: the row is locked first, so a change
 * queued behind another merges into what that one saved instead of an earlier read. `change` may
 * throw (the note would be empty): nothing is written then. False: no such note.
 */
export async function updateNote(
  db: Database,
  scope: OrgScope,
  userId: string,
  id: string,
  change: (current: NoteText) => Partial<NoteValues>,
  labelIds: string[] | undefined,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const mine = and(eq(notes.id, id), orgFilter(scope, notes.organizationId), eq(notes.userId, userId));
    const [current] = await tx
      .select({ title: notes.title, kind: notes.kind, content: notes.content, items: notes.items, reminderAt: notes.reminderAt })
      .from(notes)
      .where(mine)
      .for('update');
    if (!current) return false;
    await tx.update(notes).set(change(current)).where(mine);
    if (labelIds) {
      await tx.delete(noteLabelLinks).where(eq(noteLabelLinks.noteId, id));
      if (labelIds.length) await tx.insert(noteLabelLinks).values(labelIds.map((labelId) => ({ noteId: id, labelId })));
    }
    return true;
  });
}

export async function deleteNote(db: Database, scope: OrgScope, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(notes)
    .where(and(eq(notes.id, id), orgFilter(scope, notes.organizationId), eq(notes.userId, userId)))
    .returning({ id: notes.id });
  return rows.length > 0;
}

/** The labels of these notes (one query for a page of cards). */
export async function labelsOfNotes(db: Database, noteIds: string[]) {
  if (!noteIds.length) return [];
  return db
    .select({ noteId: noteLabelLinks.noteId, id: noteLabels.id, name: noteLabels.name })
    .from(noteLabelLinks)
    .innerJoin(noteLabels, eq(noteLabels.id, noteLabelLinks.labelId))
    .where(inArray(noteLabelLinks.noteId, noteIds))
    .orderBy(asc(noteLabels.nameKey));
}

// ---- Labels ----

export async function listLabels(db: Database, userId: string) {
  return db.select({ id: noteLabels.id, name: noteLabels.name }).from(noteLabels).where(eq(noteLabels.userId, userId)).orderBy(asc(noteLabels.nameKey));
}

/** Which of these label ids are the user's own. */
export async function ownLabelIds(db: Database, userId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: noteLabels.id })
    .from(noteLabels)
    .where(and(eq(noteLabels.userId, userId), inArray(noteLabels.id, ids)));
  return rows.map((r) => r.id);
}

/**
 * Inserts a label unless the user has `max` already ('limit') or one of that name (null, unique
 * index). The user's row is locked first, so that two creations at once count one after the other
 * (each alone saw 199 and both inserted); FOR NO KEY UPDATE leaves the label's foreign key check free.
 */
export async function insertLabel(db: Database, userId: string, name: string, nameKey: string, max: number): Promise<{ id: string; name: string } | 'limit' | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const [{ n }] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(noteLabels).where(eq(noteLabels.userId, userId));
    if (n >= max) return 'limit';
    const rows = await tx.insert(noteLabels).values({ userId, name, nameKey }).onConflictDoNothing().returning({ id: noteLabels.id, name: noteLabels.name });
    return rows[0] ?? null;
  });
}

export async function renameLabel(db: Database, userId: string, id: string, name: string, nameKey: string): Promise<'ok' | 'missing' | 'duplicate'> {
  const [clash] = await db
    .select({ id: noteLabels.id })
    .from(noteLabels)
    .where(and(eq(noteLabels.userId, userId), eq(noteLabels.nameKey, nameKey)))
    .limit(1);
  if (clash && clash.id !== id) return 'duplicate';
  const rows = await db
    .update(noteLabels)
    .set({ name, nameKey })
    .where(and(eq(noteLabels.id, id), eq(noteLabels.userId, userId)))
    .returning({ id: noteLabels.id });
  return rows.length ? 'ok' : 'missing';
}

/** Deletes a label; its notes stay (the links go with it). */
export async function deleteLabel(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(noteLabels)
    .where(and(eq(noteLabels.id, id), eq(noteLabels.userId, userId)))
    .returning({ id: noteLabels.id });
  return rows.length > 0;
}

// ---- Reminders ----

/**
 * The reminder job, across every organisation (no caller): each row carries its organisation on to
 * the real-time event. Marks the reminders due at `now` as sent and returns them, in one statement: with several workers
 * (SKIP LOCKED) each reminder is taken exactly once.
 */
export async function takeDueReminders(db: Database, now: Date, limit = 500) {
  const due = db
    .select({ id: notes.id })
    .from(notes)
    .where(and(isNotNull(notes.reminderAt), isNull(notes.reminderSentAt), lte(notes.reminderAt, now)))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(notes)
    .set({ reminderSentAt: now })
    .where(inArray(notes.id, due))
    .returning({ id: notes.id, userId: notes.userId, organizationId: notes.organizationId, title: notes.title, content: notes.content, reminderAt: notes.reminderAt, reminderMail: notes.reminderMail });
}

/** The user's reminders between two instants (the quick panel's 'Événements' of today). */
export async function remindersBetween(db: Database, scope: OrgScope, userId: string, from: Date, to: Date) {
  return db
    .select({ id: notes.id, title: notes.title, content: notes.content, items: notes.items, patientId: notes.patientId, reminderAt: notes.reminderAt, reminderSentAt: notes.reminderSentAt })
    .from(notes)
    .where(and(orgFilter(scope, notes.organizationId), eq(notes.userId, userId), eq(notes.archived, false), sql`${notes.reminderAt} >= ${from}`, sql`${notes.reminderAt} < ${to}`))
    .orderBy(asc(notes.reminderAt))
    .limit(50);
}

export async function pinnedNotes(db: Database, scope: OrgScope, userId: string, limit: number) {
  return db
    .select({ id: notes.id, title: notes.title, content: notes.content, items: notes.items, patientId: notes.patientId })
    .from(notes)
    .where(and(orgFilter(scope, notes.organizationId), eq(notes.userId, userId), eq(notes.archived, false), eq(notes.pinned, true)))
    .orderBy(desc(notes.updatedAt))
    .limit(limit);
}

/** The authors' addresses, for the reminder mails. */
export async function emailsOf(db: Database, userIds: string[]): Promise<Map<string, string>> {
  if (!userIds.length) return new Map();
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds));
  return new Map(rows.filter((r) => r.email).map((r) => [r.id, r.email!]));
}
