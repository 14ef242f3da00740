import { can } from '@wellbe/shared/permissions';
import { formatDateTime } from '@wellbe/shared/domain/dates';
import { todayIn } from '@wellbe/shared/domain/zoned';
import { dayBounds } from '@wellbe/shared/domain/zoned-instant';
import { fold } from '@wellbe/shared/domain/text';
import {
  NOTE_LIMITS,
  NOTE_MESSAGES,
  isEmptyNote,
  labelHandle,
  noteInputSchema,
  type LabelInput,
  type Note,
  type NoteInputRaw,
  type NoteLabel,
  type NoteListQuery,
  type NotePatch,
  type QuickPanelItem,
} from '@wellbe/shared/schemas/notes';
import { callerScope, hidden, isUuid, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { publishRealtime, registerRealtimeType } from '../../lib/realtime/index.ts';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import { OrganisationsService } from '../organisations/organisations.service.ts';
import { patientForCaller } from '../patients/patients.service.ts';
import * as repo from './notes.repository.ts';

// Private notes: the author is the only reader. Every lookup carries `caller.id`, so another
// user's note (same organisation or not) answers 404 like a note that does not exist.

const LIST_LIMIT = 500;

// A reminder reaches its author's open tabs at once (toast, quick panel); only the note group
// has notes, and the event carries the note's id alone.
registerRealtimeType('notes.reminder', { access: 'note' });

function searchWords(q: string | undefined): string[] {
  return q ? fold(q).split(' ').filter(Boolean).slice(0, 8) : [];
}

function searchKeyOf(n: { title: string; content: string; items: { text: string }[] }): string {
  return fold([n.title, n.content, ...n.items.map((i) => i.text)].join(' ')).slice(0, 30_000);
}

function toNote(row: repo.NoteRow, labels: { id: string; name: string }[]): Note {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    content: row.content,
    items: row.items,
    colour: row.colour as Note['colour'],
    labels: labels.map((l) => ({ id: l.id, name: l.name, handle: labelHandle(l.name) })),
    pinned: row.pinned,
    archived: row.archived,
    reminderAt: row.reminderAt?.toISOString() ?? null,
    reminderMail: row.reminderMail,
    reminderSentAt: row.reminderSentAt?.toISOString() ?? null,
    patient: row.patientId ? { id: row.patientId, fullName: row.patientName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The note group of SPEC §6; anyone else has no notes at all. */
function assertNoteUser(caller: Caller) {
  if (!can(caller.role, 'note')) throw forbidden();
}

async function withLabels(ctx: AppContext, rows: repo.NoteRow[]): Promise<Note[]> {
  const links = await repo.labelsOfNotes(ctx.db, rows.map((r) => r.id));
  return rows.map((r) => toNote(r, links.filter((l) => l.noteId === r.id)));
}

/** Reading a note linked to a patient is a read of that patient's data: journalled (DESIGN §4). */
async function auditPatientLinks(ctx: AppContext, caller: Caller, action: string, rows: { id: string; patientId: string | null }[], details?: Record<string, unknown>) {
  const byPatient = new Map<string, string[]>();
  for (const r of rows) if (r.patientId) byPatient.set(r.patientId, [...(byPatient.get(r.patientId) ?? []), r.id]);
  for (const [patientId, noteIds] of byPatient) {
    await recordAudit(ctx, caller, { action, outcome: 'success', recordType: 'note', recordId: noteIds[0], patientId, details: { ...details, notes: noteIds.length } });
  }
}

async function foundNote(ctx: AppContext, caller: Caller, id: string): Promise<repo.NoteRow> {
  const row = isUuid(id) ? await repo.findNote(ctx.db, callerScope(caller), caller.id, id) : null;
  if (!row) throw hidden(NOTE_MESSAGES.noteNotFound, 'note_not_found');
  return row;
}

export async function listNotes(ctx: AppContext, caller: Caller, query: NoteListQuery): Promise<{ notes: Note[]; labels: NoteLabel[] }> {
  assertNoteUser(caller);
  if (query.filter === 'label') {
    if (!query.labelId || !(await repo.ownLabelIds(ctx.db, caller.id, [query.labelId])).length) throw hidden(NOTE_MESSAGES.labelNotFound, 'label_not_found');
  }
  const rows = await repo.listNotes(ctx.db, callerScope(caller), caller.id, { filter: query.filter, labelId: query.labelId, words: searchWords(query.q), patientId: query.patientId }, LIST_LIMIT);
  await auditPatientLinks(ctx, caller, 'note.list', rows);
  return { notes: await withLabels(ctx, rows), labels: await listLabels(ctx, caller) };
}

export async function readNote(ctx: AppContext, caller: Caller, id: string): Promise<Note> {
  assertNoteUser(caller);
  const row = await foundNote(ctx, caller, id);
  await auditPatientLinks(ctx, caller, 'note.read', [row]);
  return (await withLabels(ctx, [row]))[0];
}

/** Checks the label ids (the caller's own, else 404) and the patient link (dps roles, a patient in reach). */
async function checkReferences(ctx: AppContext, caller: Caller, input: { labelIds?: string[]; patientId?: string | null }) {
  if (input.labelIds?.length) {
    const unique = [...new Set(input.labelIds)];
    const own = await repo.ownLabelIds(ctx.db, caller.id, unique);
    if (own.length !== unique.length) throw hidden(NOTE_MESSAGES.labelNotFound, 'label_not_found');
    input.labelIds = unique;
  }
  if (input.patientId) {
    if (!can(caller.role, 'dps')) throw forbidden(NOTE_MESSAGES.patientLinkForbidden, 'note_patient_forbidden');
    await patientForCaller(ctx, caller, input.patientId, 'note.link', 'read');
  }
}

export async function createNote(ctx: AppContext, caller: Caller, raw: NoteInputRaw): Promise<Note> {
  assertNoteUser(caller);
  const input = noteInputSchema.parse(raw);
  if (isEmptyNote(input)) throw badRequest(NOTE_MESSAGES.empty, 'note_empty');
  await checkReferences(ctx, caller, input);
  const now = new Date(ctx.clock.now());
  const id = await repo.insertNote(
    ctx.db,
    {
      userId: caller.id,
      // The author's organisation, informative: a note is its author's alone, and SA and DE
      // without an organisation keep notes too (ownScope would refuse them).
      organizationId: caller.organizationId,
      title: input.title,
      kind: input.kind,
      content: input.content,
      items: input.items,
      colour: input.colour,
      pinned: input.pinned,
      archived: input.archived,
      reminderAt: input.reminderAt ? new Date(input.reminderAt) : null,
      reminderMail: input.reminderMail,
      patientId: input.patientId,
      searchKey: searchKeyOf(input),
      createdAt: now,
      updatedAt: now,
    },
    input.labelIds,
  );
  if (input.patientId) await recordAudit(ctx, caller, { action: 'note.link', outcome: 'success', recordType: 'note', recordId: id, patientId: input.patientId });
  return readNote(ctx, caller, id);
}

export async function updateNote(ctx: AppContext, caller: Caller, id: string, patch: NotePatch): Promise<Note> {
  assertNoteUser(caller);
  const row = await foundNote(ctx, caller, id);
  await checkReferences(ctx, caller, patch);
  const reminderAt = patch.reminderAt === undefined ? undefined : patch.reminderAt ? new Date(patch.reminderAt) : null;
  const textChanged = patch.title !== undefined || patch.content !== undefined || patch.items !== undefined;
  // Only the fields sent are written, merged into the note as saved when the row is locked: a pin
  // from one tab keeps the checklist ticked in another a moment before.
  const found = await repo.updateNote(
    ctx.db,
    callerScope(caller),
    caller.id,
    row.id,
    (current) => {
      const next = { title: patch.title ?? current.title, kind: patch.kind ?? current.kind, content: patch.content ?? current.content, items: patch.items ?? current.items };
      if (isEmptyNote(next)) throw badRequest(NOTE_MESSAGES.empty, 'note_empty');
      // A new reminder time fires again; an unchanged one keeps its "sent" mark.
      const reminderChanged = reminderAt !== undefined && (reminderAt?.getTime() ?? null) !== (current.reminderAt?.getTime() ?? null);
      return {
        title: patch.title,
        kind: patch.kind,
        content: patch.content,
        items: patch.items,
        ...(textChanged ? { searchKey: searchKeyOf(next) } : {}),
        colour: patch.colour,
        pinned: patch.pinned,
        archived: patch.archived,
        reminderMail: patch.reminderMail,
        patientId: patch.patientId,
        ...(reminderChanged ? { reminderAt, reminderSentAt: null } : {}),
        updatedAt: new Date(ctx.clock.now()),
      };
    },
    patch.labelIds,
  );
  if (!found) throw hidden(NOTE_MESSAGES.noteNotFound, 'note_not_found');
  if (patch.patientId !== undefined && patch.patientId !== row.patientId) {
    await recordAudit(ctx, caller, {
      action: patch.patientId ? 'note.link' : 'note.unlink',
      outcome: 'success',
      recordType: 'note',
      recordId: row.id,
      patientId: patch.patientId ?? row.patientId,
    });
  }
  return readNote(ctx, caller, row.id);
}

export async function deleteNote(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  assertNoteUser(caller);
  const row = await foundNote(ctx, caller, id);
  await repo.deleteNote(ctx.db, callerScope(caller), caller.id, row.id);
  if (row.patientId) await recordAudit(ctx, caller, { action: 'note.delete', outcome: 'success', recordType: 'note', recordId: row.id, patientId: row.patientId });
}

// ---- Labels ----

export async function listLabels(ctx: AppContext, caller: Caller): Promise<NoteLabel[]> {
  assertNoteUser(caller);
  return (await repo.listLabels(ctx.db, caller.id)).map((l) => ({ ...l, handle: labelHandle(l.name) }));
}

export async function createLabel(ctx: AppContext, caller: Caller, input: LabelInput): Promise<NoteLabel> {
  assertNoteUser(caller);
  const row = await repo.insertLabel(ctx.db, caller.id, input.name, fold(input.name), NOTE_LIMITS.labelsPerUser);
  if (row === 'limit') throw conflict(NOTE_MESSAGES.tooManyLabels, 'labels_limit');
  if (!row) throw conflict(NOTE_MESSAGES.labelExists, 'label_exists');
  return { ...row, handle: labelHandle(row.name) };
}

export async function renameLabel(ctx: AppContext, caller: Caller, id: string, input: LabelInput): Promise<NoteLabel> {
  assertNoteUser(caller);
  const outcome = isUuid(id) ? await repo.renameLabel(ctx.db, caller.id, id, input.name, fold(input.name)) : 'missing';
  if (outcome === 'missing') throw hidden(NOTE_MESSAGES.labelNotFound, 'label_not_found');
  if (outcome === 'duplicate') throw conflict(NOTE_MESSAGES.labelExists, 'label_exists');
  return { id, name: input.name, handle: labelHandle(input.name) };
}

export async function deleteLabel(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  assertNoteUser(caller);
  if (!isUuid(id) || !(await repo.deleteLabel(ctx.db, caller.id, id))) throw hidden(NOTE_MESSAGES.labelNotFound, 'label_not_found');
}

// ---- Reminders and the quick panel ----

function excerptOf(n: { content: string; items: { text: string; done: boolean }[] }): string {
  const text = n.content.trim() || n.items.map((i) => (i.done ? '✓ ' : '• ') + i.text).join(' ');
  return text.length > 140 ? text.slice(0, 139) + '…' : text;
}

/** 'Événements' from notes: the caller's reminders of today (SPEC §3 shape). */
export async function todayReminders(ctx: AppContext, caller: Caller): Promise<(QuickPanelItem & { due: boolean; at: string })[]> {
  if (!can(caller.role, 'note')) return [];
  const now = new Date(ctx.clock.now());
  const timeZone = await new OrganisationsService(ctx).timeZone(caller.organizationId);
  const [from, to] = dayBounds(todayIn(timeZone, now), timeZone);
  const rows = await repo.remindersBetween(ctx.db, callerScope(caller), caller.id, from, to);
  await auditPatientLinks(ctx, caller, 'note.list', rows, { via: 'panel' });
  return rows.map((r) => ({
    id: r.id,
    title: r.title || excerptOf(r) || NOTE_MESSAGES.noteNotFound,
    detail: `Rappel ${formatDateTime(r.reminderAt!, timeZone).slice(11)}`,
    due: r.reminderAt!.getTime() <= now.getTime(),
    at: r.reminderAt!.toISOString(),
  }));
}

/** 'Notes' of the quick panel: the caller's pinned notes. */
export async function pinnedForPanel(ctx: AppContext, caller: Caller): Promise<QuickPanelItem[]> {
  if (!can(caller.role, 'note')) return [];
  const rows = await repo.pinnedNotes(ctx.db, callerScope(caller), caller.id, 10);
  await auditPatientLinks(ctx, caller, 'note.list', rows, { via: 'panel' });
  return rows.map((r) => ({ id: r.id, title: r.title || excerptOf(r), detail: r.title ? excerptOf(r) : '' }));
}

/**
 * The reminder job: takes each due reminder once (marked sent in the same statement), mails the
 * author when the note asks for it. The web shows the toast and the quick-panel entry from the
 * sent mark, pushed at once through the real-time socket (and read again at the next load).
 */
export async function dispatchDueReminders(ctx: Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config'>): Promise<number> {
  const now = new Date(ctx.clock.now());
  const due = await repo.takeDueReminders(ctx.db, now);
  for (const n of due) await publishRealtime(ctx.db, { type: 'notes.reminder', organisationId: n.organizationId, userIds: [n.userId], data: { noteId: n.id } });
  const mailed = due.filter((n) => n.reminderMail);
  if (mailed.length) {
    const emails = await repo.emailsOf(ctx.db, [...new Set(mailed.map((n) => n.userId))]);
    for (const n of mailed) {
      const to = emails.get(n.userId);
      if (!to) continue;
      const title = n.title || excerptOf({ content: n.content, items: [] }) || 'Note';
      await ctx.mailer.send({
        to,
        subject: `Rappel : ${title.slice(0, 120)}`,
        text: `Bonjour,\n\nVous avez demandé un rappel pour le ${formatDateTime(n.reminderAt!)} :\n\n${title}\n\nOuvrir la note : ${ctx.config.publicUrl}/notes/${n.id}\n\nWellBe`,
      });
    }
  }
  return due.length;
}
