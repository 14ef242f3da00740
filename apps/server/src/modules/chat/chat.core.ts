import { randomUUID } from 'node:crypto';
import { can, PERMISSIONS } from '@wellbe/shared/permissions';
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  type Chat,
  type ChatAttachment,
  type ChatDialogEntry,
  type ChatListEntry,
  type ChatStatus,
  type ConversationSummary,
} from '@wellbe/shared/schemas/chat';
import { callerScope, hidden, isUuid, ownScope, type Caller, type OrgScope } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudits } from '../../lib/audit.ts';
import { AppError, conflict, forbidden } from '../../lib/errors.ts';
import { notifyRealtime, onlineUsers, publishRealtime, storedRealtime } from '../../lib/realtime/index.ts';
import { appointmentCarePairs } from '../agenda/agenda.service.ts';
import { consultationCarePairs } from '../consultations/consultations.service.ts';
import * as repo from './chat.repository.ts';


// Who may talk to whom (SPEC §6 `chats`, issue 16), enforced here for every call:
// - staff of the `chats` group with staff of the same organisation;
// - a patient (PT) only with the practitioners who had a consultation with them or hold one of
//   their appointments (not cancelled), and back;
// - nobody across organisations; US, RE and SA have no chat (SA reaches WellBe support only).
// A conversation the caller is not a member of answers 404, like one that does not exist.
//
// This file is the kit the chat's services share: the access rules above, a conversation's
// shape, and the send path.

export type Ctx = Pick<AppContext, 'db' | 'clock'>;
export type StoreCtx = Pick<AppContext, 'db' | 'clock' | 'storage'>;

export function nameOf(u: repo.UserRow): string {
  return u.displayName || `${u.firstName} ${u.lastName}`.trim();
}

export function assertChats(caller: Caller) {
  if (!can(caller.role, 'chats')) throw forbidden(CHAT_MESSAGES.noChat, 'chat_forbidden');
}

export const notFoundChat = () => hidden(CHAT_MESSAGES.chatNotFound, 'chat_not_found');
export const notFoundContact = () => hidden(CHAT_MESSAGES.contactNotFound, 'chat_contact_not_found');

function toAttachment(a: repo.AttachmentRow): ChatAttachment {
  return { id: a.id, fileName: a.fileName, mimeType: a.mimeType, size: a.sizeBytes };
}

export function toEntry(m: repo.MessageRow, attachment?: repo.AttachmentRow | null): ChatDialogEntry {
  return { id: m.id, seq: m.seq, who: m.senderId, message: m.text, time: m.createdAt.toISOString(), attachment: attachment ? toAttachment(attachment) : null };
}

/** Messages with their attachment (one query for the page). */
export async function entries(ctx: Ctx, rows: repo.MessageRow[]): Promise<ChatDialogEntry[]> {
  const attachments = await repo.attachmentsOf(ctx.db, rows.map((m) => m.id));
  return rows.map((m) => toEntry(m, attachments.find((a) => a.messageId === m.id)));
}

/**
 * The caller's own practice (contacts, groups, new conversations): SA and DE included, it is their
 * own organisation only; none answers the conversation's 404 (the one rule).
 */
export function practiceScope(caller: Caller) {
  return ownScope(caller, CHAT_MESSAGES.chatNotFound, 'chat_not_found');
}

/**
 * Who follows whom: the pairs of a patient's consultations (live) and appointments (not
 * cancelled; a booked first visit already opens the conversation), read from their own areas.
 */
async function carePairs(ctx: Ctx, scope: OrgScope, who: { patientId?: string; practitionerId?: string }) {
  const [seen, booked] = await Promise.all([consultationCarePairs(ctx, scope, who), appointmentCarePairs(ctx, scope, who)]);
  return [...seen, ...booked];
}

/** Practitioners (user ids) who saw the patient or have an appointment with them, in the scope. */
export async function practitionersOfPatient(ctx: Ctx, scope: OrgScope, patientId: string): Promise<string[]> {
  return [...new Set((await carePairs(ctx, scope, { patientId })).map((p) => p.practitionerId))];
}

/** The users the caller may start a conversation with (the chat panel's contacts). */
export async function reachableUsers(ctx: Ctx, caller: Caller): Promise<repo.UserRow[]> {
  if (!caller.organizationId || !can(caller.role, 'chats')) return [];
  const scope = practiceScope(caller);
  if (caller.role === 'PT') {
    if (!caller.patientId) return [];
    const ids = await practitionersOfPatient(ctx, scope, caller.patientId);
    return (await repo.findUsers(ctx.db, scope, ids)).filter((u) => u.active && u.organizationId === caller.organizationId && can(u.role as Caller['role'], 'chats'));
  }
  const staff = (await repo.usersOfOrganisation(ctx.db, scope, PERMISSIONS.chatGroups)).filter((u) => u.id !== caller.id);
  // Patient accounts (PT users) whose patient the practitioner has seen or is to see.
  const followed = await carePairs(ctx, scope, { practitionerId: caller.id });
  const patients = await repo.patientAccounts(ctx.db, scope, [...new Set(followed.map((p) => p.patientId))]);
  return [...staff, ...patients];
}

/**
 * The pair rule: answers the contact when the caller may write to them; 404 for an unknown user or
 * one of another organisation, 403 for a known practitioner of the practice a patient never saw.
 */
export async function contactForCaller(ctx: Ctx, caller: Caller, contactId: string): Promise<repo.UserRow> {
  assertChats(caller);
  const [contact] = isUuid(contactId) ? await repo.findUsers(ctx.db, callerScope(caller), [contactId]) : [];
  if (!contact || contact.id === caller.id || !contact.active || contact.organizationId !== caller.organizationId || !caller.organizationId) throw notFoundContact();
  if (!can(contact.role as Caller['role'], 'chats')) throw notFoundContact();
  const reachable = await reachableUsers(ctx, caller);
  if (!reachable.some((u) => u.id === contact.id)) {
    if (caller.role === 'PT') throw forbidden(CHAT_MESSAGES.patientNotFollowed, 'chat_patient_not_followed');
    throw notFoundContact();
  }
  return contact;
}

function directKey(a: string, b: string) {
  return [a, b].sort().join(':');
}

/** Loads or creates the one-to-one conversation with a contact (SPEC §4). */
export async function directWith(ctx: Ctx, caller: Caller, contact: repo.UserRow): Promise<repo.ConversationRow> {
  const key = directKey(caller.id, contact.id);
  const existing = await repo.findDirect(ctx.db, callerScope(caller), key);
  if (existing) return existing;
  const patientId = caller.role === 'PT' ? caller.patientId : contact.role === 'PT' ? contact.patientId : null;
  const created = await repo.insertConversation(
    ctx.db,
    { organizationId: practiceScope(caller).organizationId, kind: 'direct', directKey: key, patientId, createdBy: caller.id, createdAt: new Date(ctx.clock.now()) },
    [caller.id, contact.id],
  );
  return created ?? (await repo.findDirect(ctx.db, callerScope(caller), key))!;
}

/** A conversation the caller is a member of (support: the WellBe team too), else 404. */
export async function conversationForCaller(ctx: Ctx, caller: Caller, chatId: string): Promise<{ conv: repo.ConversationRow; lastReadSeq: number }> {
  // The conversation and the caller's membership in one read (every send and every pushed message).
  const found = isUuid(chatId) ? await repo.conversationWithMember(ctx.db, callerScope(caller), chatId, caller.id) : null;
  if (!found) throw notFoundChat();
  const { conv, lastReadSeq } = found;
  if (lastReadSeq !== null) {
    if (conv.kind !== 'support' && conv.organizationId !== caller.organizationId) throw notFoundChat();
    return { conv, lastReadSeq };
  }
  if (conv.kind === 'support' && caller.role === 'DE') return { conv, lastReadSeq: conv.lastSeq };
  throw notFoundChat();
}

/** Reads of a conversation with a patient are reads of that patient's data (DESIGN §4). */
export async function auditPatientChat(ctx: Ctx, caller: Caller, action: string, conv: repo.ConversationRow, details?: Record<string, unknown>) {
  await auditPatientChats(ctx, caller, action, [conv], details);
}

/** The same for a list of conversations: one row per conversation with a patient, none without. */
export async function auditPatientChats(ctx: Ctx, caller: Caller, action: string, convs: repo.ConversationRow[], details?: Record<string, unknown>) {
  const withPatient = convs.filter((c) => c.patientId);
  await recordAudits(ctx, caller, withPatient.map((c) => ({ action, outcome: 'success', recordType: 'chat', recordId: c.id, patientId: c.patientId, details })));
}

/**
 * Statuses as the others see them: the chosen status (online, away, dnd, offline = appears
 * offline) of a user with a signed-in socket on any server, 'offline' for one without.
 */
export async function statusMap(ctx: Ctx, scope: OrgScope, ids: string[]) {
  const [chosen, online] = await Promise.all([repo.statusesOf(ctx.db, ids), onlineUsers(ctx.db, scope, ids)]);
  const map = new Map<string, { status: string; mood: string }>();
  for (const id of ids) {
    const s = chosen.get(id);
    map.set(id, { status: online.has(id) ? (s?.status ?? 'online') : 'offline', mood: s?.mood ?? '' });
  }
  return map;
}

export function effectiveStatus(s: { status: string } | undefined): ChatStatus {
  return (s?.status as ChatStatus) ?? 'offline';
}

export async function chatList(ctx: Ctx, caller: Caller): Promise<ChatListEntry[]> {
  const rows = await repo.chatListOf(ctx.db, callerScope(caller), caller.id);
  return rows.map((r) => ({ chatId: r.chatId, contactId: r.contactId, lastMessageTime: r.lastMessageAt?.toISOString() ?? null }));
}


export async function buildChat(ctx: Ctx, caller: Caller, conv: repo.ConversationRow, lastReadSeq: number): Promise<Chat> {
  const messages = await repo.history(ctx.db, conv.id, { limit: CHAT_LIMITS.pageSize });
  const dialog = await entries(ctx, messages);
  const memberRows = await repo.membersOf(ctx.db, [conv.id]);
  const people = await repo.findUsers(ctx.db, callerScope(caller), memberRows.map((m) => m.userId));
  const members = memberRows.map((m) => {
    const u = people.find((p) => p.id === m.userId)!;
    return { id: u.id, name: nameOf(u), avatar: u.photoUrl, role: u.role, lastReadSeq: m.lastReadSeq };
  });
  const others = members.filter((m) => m.id !== caller.id);
  const title = conv.kind === 'direct' ? (others[0]?.name ?? '') : conv.kind === 'support' && !conv.title ? 'Support WellBe' : conv.title;
  return {
    id: conv.id,
    kind: conv.kind,
    title,
    createdBy: conv.kind === 'group' ? conv.createdBy : null,
    members,
    dialog,
    olderCursor: messages.length && messages[0].seq > 1 ? messages[0].seq : null,
    lastSeq: conv.lastSeq,
    unread: Math.max(0, conv.lastSeq - lastReadSeq),
    patientConversation: !!conv.patientId,
    supportStatus: conv.supportStatus ?? null,
  };
}

export function assertChatsOrDesk(caller: Caller) {
  if (!can(caller.role, 'chats') && !can(caller.role, 'support')) throw forbidden(CHAT_MESSAGES.noChat, 'chat_forbidden');
}

export function audienceOf(conv: repo.ConversationRow, memberIds: string[]) {
  // Support conversations cross organisations (the WellBe team): addressed to their users only.
  return conv.kind === 'support' ? { organisationId: null, userIds: memberIds } : { organisationId: conv.organizationId, userIds: memberIds };
}

/** Appends a message (idempotent on its client id) and publishes it to the members. */
export async function post(
  ctx: Ctx,
  caller: Caller,
  conv: repo.ConversationRow,
  text: string,
  id: string | undefined,
  extraAudience: string[] = [],
  attach?: (tx: repo.Executor, message: repo.MessageRow) => Promise<unknown>,
) {
  const messageId = id ?? randomUUID();
  const now = ctx.clock.now();
  const write = (db: repo.Executor) =>
    repo.postMessage(db, callerScope(caller), {
      id: messageId,
      conversationId: conv.id,
      senderId: caller.id,
      text,
      now: new Date(now),
      rateSince: new Date(now - 60_000),
      rateLimit: CHAT_LIMITS.perMinute,
      extraAudience,
    });
  try {
    // One statement: a resend's stored row, the rate limit, the message and its event, all or
    // nothing; an attachment joins its transaction. The event is announced after the commit.
    // The sender's sends are taken one at a time (a transaction lock per sender): the count of the
    // last minute is then read after the previous send committed, so parallel sends never pass the
    // limit together (a single statement counts on its own snapshot: 40 at once gave 36 for 30).
    const outcome = await ctx.db.transaction(async (tx) => {
      await repo.lockSender(tx, caller.id);
      const written = await write(tx);
      if (attach && written.status === 'sent') await attach(tx, written.message);
      return written;
    });
    if (outcome.status === 'existing') {
      if (outcome.message.senderId === caller.id && outcome.message.conversationId === conv.id) return outcome.message;
      throw conflict(CHAT_MESSAGES.idTaken, 'chat_message_id_taken');
    }
    if (outcome.status === 'rate_limited') throw new AppError(429, 'chat_rate_limited', CHAT_MESSAGES.rateLimited, { 'Retry-After': '60' });
    if (outcome.status === 'gone') throw notFoundChat();
    await notifyRealtime(ctx.db, storedRealtime(outcome.eventId));
    return outcome.message;
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Two resends racing: the loser finds the winner's row.
    const again = await repo.findMessage(ctx.db, messageId);
    if (again && again.senderId === caller.id && again.conversationId === conv.id) return again;
    throw err;
  }
}

export async function summarise(ctx: Ctx, caller: Caller, rows: { conv: repo.ConversationRow; lastReadSeq: number; organisation: string | null }[]): Promise<ConversationSummary[]> {
  const ids = rows.map((r) => r.conv.id);
  const members = await repo.membersOf(ctx.db, ids);
  const scope = callerScope(caller);
  const people = await repo.findUsers(ctx.db, scope, [...new Set(members.map((m) => m.userId))]);
  const last = await repo.lastMessages(ctx.db, ids);
  const statuses = await statusMap(ctx, scope, people.map((p) => p.id));
  return rows.map(({ conv, lastReadSeq, organisation }) => {
    const others = members.filter((m) => m.conversationId === conv.id && m.userId !== caller.id).map((m) => people.find((p) => p.id === m.userId)!);
    const contact = conv.kind === 'direct' ? others[0] : undefined;
    const lm = last.find((m) => m.conversationId === conv.id);
    return {
      id: conv.id,
      kind: conv.kind,
      title: contact ? nameOf(contact) : conv.title || (conv.kind === 'support' ? 'Support WellBe' : ''),
      contactId: contact?.id ?? null,
      avatar: contact?.photoUrl ?? null,
      status: contact ? effectiveStatus(statuses.get(contact.id)) : null,
      members: others.map((u) => ({ id: u.id, name: nameOf(u) })),
      lastMessage: lm ? { text: lm.text.slice(0, 200), who: lm.senderId, time: lm.createdAt.toISOString() } : null,
      lastMessageTime: conv.lastMessageAt?.toISOString() ?? null,
      unread: Math.max(0, conv.lastSeq - lastReadSeq),
      supportStatus: conv.supportStatus ?? null,
      organisation,
      assignedTo: conv.assignedTo,
    };
  });
}

/** Marks the conversation read up to `seq` (default: its last message) and tells the other members. */
export async function markRead(ctx: Ctx, caller: Caller, chatId: string, seq?: number): Promise<{ lastReadSeq: number }> {
  assertChatsOrDesk(caller);
  const { conv, lastReadSeq } = await conversationForCaller(ctx, caller, chatId);
  const target = Math.min(seq ?? conv.lastSeq, conv.lastSeq);
  if (target > lastReadSeq && (await repo.markRead(ctx.db, conv.id, caller.id, target))) {
    const memberIds = (await repo.membersOf(ctx.db, [conv.id])).map((m) => m.userId);
    const [last] = await repo.history(ctx.db, conv.id, { after: target - 1, limit: 1 });
    await publishRealtime(ctx.db, { ...audienceOf(conv, memberIds), type: 'chat.read', data: { chatId: conv.id, userId: caller.id, messageId: last?.id ?? '' } });
    return { lastReadSeq: target };
  }
  return { lastReadSeq };
}
