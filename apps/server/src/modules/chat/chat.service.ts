import { randomUUID } from 'node:crypto';
import { can, PERMISSIONS } from '@wellbe/shared/permissions';
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  groupInputSchema,
  groupMembersSchema,
  groupPatchSchema,
  sendMessageSchema,
  type Chat,
  type ChatContact,
  type ChatAttachment,
  type ChatDialogEntry,
  type ChatListEntry,
  type ChatStatus,
  type ChatUser,
  type ConversationSummary,
} from '@wellbe/shared/schemas/chat';
import type { z } from 'zod';
import { hidden, isUuid, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, badRequest, conflict, forbidden } from '../../lib/errors.ts';
import { DOCUMENT_MESSAGES, isAcceptedExtension } from '@wellbe/shared/schemas/documents';
import { notifyRealtime, onlineUsers, onPresenceChange, publishRealtime, registerRealtimeMessage, storedRealtime, registerRealtimeType, type RealtimeEvent } from '../../lib/realtime/index.ts';
import { cleanFileName, storedFileInUse } from '../documents/documents.service.ts';
import { detectType, DOCUMENT_TYPES, matchesExtension, type ReceivedFile } from '../documents/documents.storage.ts';
import * as repo from './chat.repository.ts';

// Who may talk to whom (SPEC §6 `chats`, issue 16), enforced here for every call:
// - staff of the `chats` group with staff of the same organisation;
// - a patient (PT) only with the practitioners who had a consultation with them or hold one of
//   their appointments (not cancelled), and back;
// - nobody across organisations; US, RE and SA have no chat (SA reaches WellBe support only).
// A conversation the caller is not a member of answers 404, like one that does not exist.

type Ctx = Pick<AppContext, 'db' | 'clock'>;
type StoreCtx = Pick<AppContext, 'db' | 'clock' | 'storage'>;

function nameOf(u: repo.UserRow): string {
  return u.displayName || `${u.firstName} ${u.lastName}`.trim();
}

function assertChats(caller: Caller) {
  if (!can(caller.role, 'chats')) throw forbidden(CHAT_MESSAGES.noChat, 'chat_forbidden');
}

const notFoundChat = () => hidden(CHAT_MESSAGES.chatNotFound, 'chat_not_found');
const notFoundContact = () => hidden(CHAT_MESSAGES.contactNotFound, 'chat_contact_not_found');

function toAttachment(a: repo.AttachmentRow): ChatAttachment {
  return { id: a.id, fileName: a.fileName, mimeType: a.mimeType, size: a.sizeBytes };
}

function toEntry(m: repo.MessageRow, attachment?: repo.AttachmentRow | null): ChatDialogEntry {
  return { id: m.id, seq: m.seq, who: m.senderId, message: m.text, time: m.createdAt.toISOString(), attachment: attachment ? toAttachment(attachment) : null };
}

/** Messages with their attachment (one query for the page). */
async function entries(ctx: Ctx, rows: repo.MessageRow[]): Promise<ChatDialogEntry[]> {
  const attachments = await repo.attachmentsOf(ctx.db, rows.map((m) => m.id));
  return rows.map((m) => toEntry(m, attachments.find((a) => a.messageId === m.id)));
}

/** The users the caller may start a conversation with (the chat panel's contacts). */
async function reachableUsers(ctx: Ctx, caller: Caller): Promise<repo.UserRow[]> {
  if (!caller.organizationId || !can(caller.role, 'chats')) return [];
  if (caller.role === 'PT') {
    if (!caller.patientId) return [];
    const ids = await repo.practitionersOfPatient(ctx.db, caller.organizationId, caller.patientId);
    return (await repo.findUsers(ctx.db, ids)).filter((u) => u.active && u.organizationId === caller.organizationId && can(u.role as Caller['role'], 'chats'));
  }
  const staff = (await repo.usersOfOrganisation(ctx.db, caller.organizationId, PERMISSIONS.chatGroups)).filter((u) => u.id !== caller.id);
  const patients = await repo.patientAccountsOfPractitioner(ctx.db, caller.organizationId, caller.id);
  return [...staff, ...patients];
}

/**
 * The pair rule: answers the contact when the caller may write to them; 404 for an unknown user or
 * one of another organisation, 403 for a known practitioner of the practice a patient never saw.
 */
async function contactForCaller(ctx: Ctx, caller: Caller, contactId: string): Promise<repo.UserRow> {
  assertChats(caller);
  const [contact] = isUuid(contactId) ? await repo.findUsers(ctx.db, [contactId]) : [];
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
async function directWith(ctx: Ctx, caller: Caller, contact: repo.UserRow): Promise<repo.ConversationRow> {
  const key = directKey(caller.id, contact.id);
  const existing = await repo.findDirect(ctx.db, key);
  if (existing) return existing;
  const patientId = caller.role === 'PT' ? caller.patientId : contact.role === 'PT' ? contact.patientId : null;
  const created = await repo.insertConversation(
    ctx.db,
    { organizationId: caller.organizationId, kind: 'direct', directKey: key, patientId, createdBy: caller.id, createdAt: new Date(ctx.clock.now()) },
    [caller.id, contact.id],
  );
  return created ?? (await repo.findDirect(ctx.db, key))!;
}

/** A conversation the caller is a member of (support: the WellBe team too), else 404. */
async function conversationForCaller(ctx: Ctx, caller: Caller, chatId: string): Promise<{ conv: repo.ConversationRow; lastReadSeq: number }> {
  // The conversation and the caller's membership in one read (every send and every pushed message).
  const found = isUuid(chatId) ? await repo.conversationWithMember(ctx.db, chatId, caller.id) : null;
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
async function auditPatientChat(ctx: Ctx, caller: Caller, action: string, conv: repo.ConversationRow, details?: Record<string, unknown>) {
  if (!conv.patientId) return;
  await recordAudit(ctx, caller, { action, outcome: 'success', recordType: 'chat', recordId: conv.id, patientId: conv.patientId, details });
}

/**
 * Statuses as the others see them: the chosen status (online, away, dnd, offline = appears
 * offline) of a user with a signed-in socket on any server, 'offline' for one without.
 */
async function statusMap(ctx: Ctx, ids: string[]) {
  const [chosen, online] = await Promise.all([repo.statusesOf(ctx.db, ids), onlineUsers(ctx.db, ids)]);
  const map = new Map<string, { status: string; mood: string }>();
  for (const id of ids) {
    const s = chosen.get(id);
    map.set(id, { status: online.has(id) ? (s?.status ?? 'online') : 'offline', mood: s?.mood ?? '' });
  }
  return map;
}

function effectiveStatus(s: { status: string } | undefined): ChatStatus {
  return (s?.status as ChatStatus) ?? 'offline';
}

async function chatList(ctx: Ctx, caller: Caller): Promise<ChatListEntry[]> {
  const rows = await repo.chatListOf(ctx.db, caller.id);
  return rows.map((r) => ({ chatId: r.chatId, contactId: r.contactId, lastMessageTime: r.lastMessageAt?.toISOString() ?? null }));
}

/** SPEC §7 GET /api/chat/contacts: contacts with status, mood and unread count, last message first. */
export async function contacts(ctx: Ctx, caller: Caller): Promise<ChatContact[]> {
  assertChats(caller);
  const people = await reachableUsers(ctx, caller);
  const rows = await repo.conversationsOf(ctx.db, caller.id);
  const direct = rows.filter((r) => r.conversation.kind === 'direct');
  const members = await repo.membersOf(ctx.db, direct.map((r) => r.conversation.id));
  const byContact = new Map<string, (typeof direct)[number]>();
  for (const r of direct) {
    const other = members.find((m) => m.conversationId === r.conversation.id && m.userId !== caller.id);
    if (other) byContact.set(other.userId, r);
  }
  const statuses = await statusMap(ctx, people.map((p) => p.id));
  const list = people.map((u): ChatContact => {
    const conv = byContact.get(u.id);
    const s = statuses.get(u.id);
    return {
      id: u.id,
      name: nameOf(u),
      avatar: u.photoUrl,
      status: effectiveStatus(s),
      mood: s?.mood ?? '',
      unread: conv ? Math.max(0, conv.conversation.lastSeq - conv.lastReadSeq) : 0,
      role: u.role,
      job: u.job ?? '',
      chatId: conv?.conversation.id ?? null,
      lastMessageTime: conv?.conversation.lastMessageAt?.toISOString() ?? null,
    };
  });
  return list.sort((a, b) => (b.lastMessageTime ?? '').localeCompare(a.lastMessageTime ?? '') || a.name.localeCompare(b.name, 'fr'));
}

/** SPEC §7 GET /api/chat/user: the caller's status, mood and chat list. */
export async function chatUser(ctx: Ctx, caller: Caller): Promise<ChatUser> {
  assertChats(caller);
  const [me] = await repo.findUsers(ctx.db, [caller.id]);
  const s = (await repo.statusesOf(ctx.db, [caller.id])).get(caller.id);
  return { id: caller.id, name: nameOf(me), avatar: me.photoUrl, status: (s?.status as ChatStatus) ?? 'online', mood: s?.mood ?? '', chatList: await chatList(ctx, caller) };
}

/** SPEC §7 POST /api/chat/user/data: status and mood; the colleagues' panels update live. */
export async function updateChatUser(ctx: Ctx, caller: Caller, input: { status?: ChatStatus; mood?: string }): Promise<ChatUser> {
  assertChats(caller);
  await repo.upsertStatus(ctx.db, caller.id, input, new Date(ctx.clock.now()));
  if (caller.organizationId) await publishRealtime(ctx.db, { type: 'chat.status', organisationId: caller.organizationId, data: { userId: caller.id } });
  return chatUser(ctx, caller);
}

async function buildChat(ctx: Ctx, caller: Caller, conv: repo.ConversationRow, lastReadSeq: number): Promise<Chat> {
  const messages = await repo.history(ctx.db, conv.id, { limit: CHAT_LIMITS.pageSize });
  const dialog = await entries(ctx, messages);
  const memberRows = await repo.membersOf(ctx.db, [conv.id]);
  const people = await repo.findUsers(ctx.db, memberRows.map((m) => m.userId));
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

/** SPEC §7 GET /api/chat/get-chat: loads or creates the chat with a contact (or opens a chat by id). */
export async function getChat(ctx: Ctx, caller: Caller, query: { contactId?: string; chatId?: string }): Promise<{ chat: Chat; userChatList: ChatListEntry[] }> {
  assertChats(caller);
  let found: { conv: repo.ConversationRow; lastReadSeq: number };
  if (query.chatId) found = await conversationForCaller(ctx, caller, query.chatId);
  else if (query.contactId) {
    const contact = await contactForCaller(ctx, caller, query.contactId);
    const conv = await directWith(ctx, caller, contact);
    found = await conversationForCaller(ctx, caller, conv.id);
  } else throw badRequest(CHAT_MESSAGES.contactNotFound, 'chat_contact_required');
  await auditPatientChat(ctx, caller, 'chat.read', found.conv);
  const chat = await buildChat(ctx, caller, found.conv, found.lastReadSeq);
  return { chat, userChatList: await chatList(ctx, caller) };
}

/** History paging by sequence number (50 per page). */
export async function messages(ctx: Ctx, caller: Caller, chatId: string, page: { before?: number; after?: number; limit: number }) {
  assertChatsOrDesk(caller);
  const { conv } = await conversationForCaller(ctx, caller, chatId);
  const rows = await repo.history(ctx.db, conv.id, page);
  await auditPatientChat(ctx, caller, 'chat.read', conv, { messages: rows.length });
  const olderCursor = page.after === undefined && rows.length === page.limit && rows[0].seq > 1 ? rows[0].seq : null;
  return { messages: await entries(ctx, rows), olderCursor, lastSeq: conv.lastSeq };
}

function assertChatsOrDesk(caller: Caller) {
  if (!can(caller.role, 'chats') && !can(caller.role, 'support')) throw forbidden(CHAT_MESSAGES.noChat, 'chat_forbidden');
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

function audienceOf(conv: repo.ConversationRow, memberIds: string[]) {
  // Support conversations cross organisations (the WellBe team): addressed to their users only.
  return conv.kind === 'support' ? { organisationId: null, userIds: memberIds } : { organisationId: conv.organizationId, userIds: memberIds };
}

/** Appends a message (idempotent on its client id) and publishes it to the members. */
async function post(
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
    repo.postMessage(db, {
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

/** SPEC §7 POST /api/chat/send-message (chatId, messageText, contactId → message, userChatList). */
export async function sendMessage(ctx: Ctx, caller: Caller, raw: z.input<typeof sendMessageSchema>) {
  assertChats(caller);
  const input = sendMessageSchema.parse(raw);
  let conv: repo.ConversationRow;
  if (input.chatId) conv = (await conversationForCaller(ctx, caller, input.chatId)).conv;
  else if (input.contactId) conv = await directWith(ctx, caller, await contactForCaller(ctx, caller, input.contactId));
  else throw notFoundChat();
  if (conv.kind === 'support') throw notFoundChat();
  const message = await post(ctx, caller, conv, input.messageText, input.id);
  await auditPatientChat(ctx, caller, 'chat.send', conv);
  return { message: { ...toEntry(message), chatId: conv.id }, userChatList: await chatList(ctx, caller) };
}

/** /messaging's list: every conversation of the caller with its last message and unread count. */
export async function conversations(ctx: Ctx, caller: Caller): Promise<ConversationSummary[]> {
  assertChats(caller);
  const rows = (await repo.conversationsOf(ctx.db, caller.id)).filter((r) => r.conversation.kind !== 'support');
  return summarise(ctx, caller, rows.map((r) => ({ conv: r.conversation, lastReadSeq: r.lastReadSeq, organisation: null })));
}

async function summarise(ctx: Ctx, caller: Caller, rows: { conv: repo.ConversationRow; lastReadSeq: number; organisation: string | null }[]): Promise<ConversationSummary[]> {
  const ids = rows.map((r) => r.conv.id);
  const members = await repo.membersOf(ctx.db, ids);
  const people = await repo.findUsers(ctx.db, [...new Set(members.map((m) => m.userId))]);
  const last = await repo.lastMessages(ctx.db, ids);
  const statuses = await statusMap(ctx, people.map((p) => p.id));
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

/** A group conversation, created by staff with colleagues of the practice (no patient in groups). */
export async function createGroup(ctx: Ctx, caller: Caller, raw: z.input<typeof groupInputSchema>): Promise<ConversationSummary> {
  assertChats(caller);
  if (!can(caller.role, 'chatGroups') || !caller.organizationId) throw forbidden(CHAT_MESSAGES.groupForbidden, 'chat_group_forbidden');
  const input = groupInputSchema.parse(raw);
  const staff = await repo.usersOfOrganisation(ctx.db, caller.organizationId, PERMISSIONS.chatGroups);
  const ids = [...new Set(input.memberIds)].filter((id) => id !== caller.id);
  if (!ids.length || ids.some((id) => !staff.some((s) => s.id === id))) throw notFoundContact();
  const conv = await repo.insertConversation(ctx.db, { organizationId: caller.organizationId, kind: 'group', title: input.title, createdBy: caller.id, createdAt: new Date(ctx.clock.now()) }, [caller.id, ...ids]);
  await publishRealtime(ctx.db, { type: 'chat.chat', organisationId: caller.organizationId, userIds: [caller.id, ...ids], data: { chatId: conv!.id } });
  return (await summarise(ctx, caller, [{ conv: conv!, lastReadSeq: 0, organisation: null }]))[0];
}

/** Total unread messages (toolbar badge, tab title). */
export async function unreadTotal(ctx: Ctx, caller: Caller): Promise<{ unread: number; support: number }> {
  const rows = await repo.conversationsOf(ctx.db, caller.id);
  let unread = 0;
  let support = 0;
  for (const r of rows) {
    const n = Math.max(0, r.conversation.lastSeq - r.lastReadSeq);
    if (r.conversation.kind === 'support') support += n;
    else unread += n;
  }
  return { unread, support };
}

// ---- Support: a practice (PA, SA) and the WellBe team (DE). Not patient data. ----

/** The caller's support conversation (created on first use). */
export async function mySupport(ctx: Ctx, caller: Caller): Promise<Chat> {
  let conv = await repo.findSupportOf(ctx.db, caller.id);
  if (!conv) {
    conv =
      (await repo.insertConversation(
        ctx.db,
        { organizationId: caller.organizationId, kind: 'support', title: '', createdBy: caller.id, supportStatus: 'open', createdAt: new Date(ctx.clock.now()) },
        [caller.id],
      )) ?? (await repo.findSupportOf(ctx.db, caller.id))!;
  }
  const member = await repo.membership(ctx.db, conv.id, caller.id);
  return buildChat(ctx, caller, conv, member?.lastReadSeq ?? 0);
}

async function supportAudience(ctx: Ctx, conv: repo.ConversationRow): Promise<string[]> {
  // Unassigned: the whole WellBe team sees it arrive; assigned: the assignee (a member) does.
  return conv.assignedTo ? [] : (await repo.developers(ctx.db)).map((d) => d.id);
}

export async function sendSupport(ctx: Ctx, caller: Caller, input: { messageText: string; id?: string }) {
  const chat = await mySupport(ctx, caller);
  const conv = (await repo.findConversation(ctx.db, chat.id))!;
  if (conv.supportStatus === 'closed') await repo.updateSupport(ctx.db, conv.id, { supportStatus: 'open' });
  const message = await post(ctx, caller, conv, input.messageText, input.id, await supportAudience(ctx, conv));
  return { message: { ...toEntry(message), chatId: conv.id } };
}

/** /support-chat (DE): every organisation's support conversations. */
export async function supportDesk(ctx: Ctx, caller: Caller): Promise<ConversationSummary[]> {
  const rows = await repo.supportConversations(ctx.db);
  const mine = new Map((await repo.conversationsOf(ctx.db, caller.id)).map((r) => [r.conversation.id, r.lastReadSeq]));
  return summarise(
    ctx,
    caller,
    rows.map((r) => ({ conv: r.conversation, lastReadSeq: mine.get(r.conversation.id) ?? 0, organisation: r.organisation })),
  );
}

export async function supportChat(ctx: Ctx, caller: Caller, id: string): Promise<Chat> {
  const { conv, lastReadSeq } = await conversationForCaller(ctx, caller, id);
  if (conv.kind !== 'support') throw notFoundChat();
  const member = await repo.membership(ctx.db, conv.id, caller.id);
  return buildChat(ctx, caller, conv, member?.lastReadSeq ?? (lastReadSeq === conv.lastSeq ? 0 : lastReadSeq));
}

export async function answerSupport(ctx: Ctx, caller: Caller, id: string, input: { messageText: string; id?: string }) {
  const { conv } = await conversationForCaller(ctx, caller, id);
  if (conv.kind !== 'support') throw notFoundChat();
  // Whoever answers joins the conversation (and is assigned if nobody is).
  await repo.addMember(ctx.db, conv.id, caller.id, conv.lastSeq);
  if (!conv.assignedTo) await repo.updateSupport(ctx.db, conv.id, { assignedTo: caller.id });
  const message = await post(ctx, caller, conv, input.messageText, input.id);
  return { message: { ...toEntry(message), chatId: conv.id } };
}

export async function patchSupport(ctx: Ctx, caller: Caller, id: string, patch: { status?: 'open' | 'closed'; assignedTo?: string | null }) {
  const { conv } = await conversationForCaller(ctx, caller, id);
  if (conv.kind !== 'support') throw notFoundChat();
  if (patch.assignedTo) {
    const [u] = await repo.findUsers(ctx.db, [patch.assignedTo]);
    if (!u || u.role !== 'DE' || !u.active) throw notFoundContact();
    await repo.addMember(ctx.db, conv.id, u.id, conv.lastSeq);
  }
  await repo.updateSupport(ctx.db, conv.id, { supportStatus: patch.status, assignedTo: patch.assignedTo });
  return supportChat(ctx, caller, id);
}

// ---- Attachments: the document pipeline (type by bytes, size limit, same store), members only ----

/**
 * A message with a file: the conversation must be one of the caller's (not support), the name's
 * extension accepted and the bytes of that type; the file is committed to the store before the
 * row exists. Idempotent on the client's message id like a text message.
 */
/**
 * Checked before the upload is read: a conversation the caller is not a member of answers 404
 * (another organisation's id is never confirmed), and no byte of the file is stored for it.
 */
export async function attachmentTarget(ctx: Ctx, caller: Caller, chatId: string): Promise<void> {
  assertChats(caller);
  const { conv } = await conversationForCaller(ctx, caller, chatId);
  if (conv.kind === 'support') throw badRequest(CHAT_MESSAGES.attachmentInSupport, 'chat_attachment_support');
}

export async function sendAttachment(
  ctx: StoreCtx,
  caller: Caller,
  chatId: string,
  input: { fileName: string; file: ReceivedFile; messageText?: string; id?: string },
) {
  const { file } = input;
  try {
    assertChats(caller);
    const { conv } = await conversationForCaller(ctx, caller, chatId);
    if (conv.kind === 'support') throw badRequest(CHAT_MESSAGES.attachmentInSupport, 'chat_attachment_support');
    const existing = input.id ? await repo.findMessage(ctx.db, input.id) : null;
    if (existing && existing.senderId === caller.id && existing.conversationId === conv.id) {
      const [entry] = await entries(ctx, [existing]);
      return { message: { ...entry, chatId: conv.id } };
    }
    const fileName = cleanFileName(input.fileName);
    if (!isAcceptedExtension(fileName)) throw badRequest(DOCUMENT_MESSAGES.badExtension, 'bad_extension');
    const type = await detectType(file);
    if (!type || !matchesExtension(type, fileName)) {
      if (conv.patientId) await recordAudit(ctx, caller, { action: 'chat.attachment', outcome: 'error', recordType: 'chat', recordId: conv.id, patientId: conv.patientId, details: { reason: 'bad_content' } });
      throw badRequest(DOCUMENT_MESSAGES.badContent, 'bad_content');
    }
    const text = (input.messageText ?? '').replace(/\r\n?/g, '\n').trim() || fileName;
    const stored = await ctx.storage.commit(file);
    let message: repo.MessageRow;
    let attachment: repo.AttachmentRow | null = null;
    try {
      message = await post(ctx, caller, conv, text, input.id, [], async (tx, m) => {
        attachment = await repo.insertAttachment(tx, {
          conversationId: conv.id,
          messageId: m.id,
          uploadedBy: caller.id,
          fileName,
          mimeType: DOCUMENT_TYPES[type].mime,
          sizeBytes: file.size,
          sha256: file.sha256,
          createdAt: m.createdAt,
        });
      });
    } catch (err) {
      if (stored && !(await storedFileInUse(ctx, file.sha256))) await ctx.storage.delete(file.sha256);
      throw err;
    }
    if (conv.patientId) {
      await recordAudit(ctx, caller, { action: 'chat.attachment', outcome: 'success', recordType: 'chat', recordId: conv.id, patientId: conv.patientId, details: { messageId: message.id, size: file.size, type } });
    }
    return { message: { ...toEntry(message, attachment), chatId: conv.id } };
  } finally {
    await ctx.storage.discard(file);
  }
}

/** The download of an attachment: members of its conversation only (anyone else: 404), journalled for a patient's conversation. */
export async function openAttachment(ctx: StoreCtx, caller: Caller, id: string) {
  assertChats(caller);
  const attachment = isUuid(id) ? await repo.findAttachment(ctx.db, id) : null;
  let conv: repo.ConversationRow | null = null;
  if (attachment) conv = (await conversationForCaller(ctx, caller, attachment.conversationId).catch(() => null))?.conv ?? null;
  if (!attachment || !conv) {
    await recordAudit(ctx, caller, { action: 'chat.attachment.download', outcome: 'denied', recordType: 'chat_attachment', recordId: id });
    throw hidden(CHAT_MESSAGES.attachmentNotFound, 'chat_attachment_not_found');
  }
  const stream = await ctx.storage.get(attachment.sha256);
  if (!stream) throw hidden(CHAT_MESSAGES.attachmentNotFound, 'chat_attachment_not_found');
  await auditPatientChat(ctx, caller, 'chat.attachment.download', conv, { attachmentId: attachment.id });
  const previewable = attachment.mimeType.startsWith('image/') || attachment.mimeType === 'application/pdf';
  return { stream, fileName: attachment.fileName, mimeType: attachment.mimeType, size: attachment.sizeBytes, previewable };
}

// ---- Group conversations: rename and add (any member), remove (the creator), leave (anyone) ----

async function groupForCaller(ctx: Ctx, caller: Caller, chatId: string): Promise<repo.ConversationRow> {
  assertChats(caller);
  if (!can(caller.role, 'chatGroups') || !caller.organizationId) throw forbidden(CHAT_MESSAGES.groupForbidden, 'chat_group_forbidden');
  const { conv } = await conversationForCaller(ctx, caller, chatId);
  if (conv.kind !== 'group') throw badRequest(CHAT_MESSAGES.groupOnly, 'chat_group_only');
  return conv;
}

/** Tells the members (and those who just left) that the conversation changed: their lists refetch. */
async function publishGroupChange(ctx: Ctx, conv: repo.ConversationRow, alsoTell: string[] = []) {
  const memberIds = (await repo.membersOf(ctx.db, [conv.id])).map((m) => m.userId);
  await publishRealtime(ctx.db, { type: 'chat.chat', organisationId: conv.organizationId, userIds: [...memberIds, ...alsoTell], data: { chatId: conv.id } });
}

async function refreshedChat(ctx: Ctx, caller: Caller, chatId: string): Promise<Chat> {
  const { conv, lastReadSeq } = await conversationForCaller(ctx, caller, chatId);
  return buildChat(ctx, caller, conv, lastReadSeq);
}

export async function renameGroup(ctx: Ctx, caller: Caller, chatId: string, raw: z.input<typeof groupPatchSchema>): Promise<Chat> {
  const conv = await groupForCaller(ctx, caller, chatId);
  const { title } = groupPatchSchema.parse(raw);
  await repo.renameConversation(ctx.db, conv.id, title);
  await publishGroupChange(ctx, conv);
  return refreshedChat(ctx, caller, conv.id);
}

export async function addGroupMembers(ctx: Ctx, caller: Caller, chatId: string, raw: z.input<typeof groupMembersSchema>): Promise<Chat> {
  const conv = await groupForCaller(ctx, caller, chatId);
  const { memberIds } = groupMembersSchema.parse(raw);
  const current = (await repo.membersOf(ctx.db, [conv.id])).map((m) => m.userId);
  const ids = [...new Set(memberIds)];
  if (ids.some((id) => current.includes(id))) throw conflict(CHAT_MESSAGES.alreadyMember, 'chat_already_member');
  // Colleagues of the practice with the chat only: never a patient, never another organisation.
  const staff = await repo.usersOfOrganisation(ctx.db, caller.organizationId!, PERMISSIONS.chatGroups);
  if (ids.some((id) => !staff.some((u) => u.id === id))) throw notFoundContact();
  if (current.length + ids.length > CHAT_LIMITS.groupMembersMax) throw badRequest(CHAT_MESSAGES.tooManyMembers, 'chat_too_many_members');
  for (const id of ids) await repo.addMember(ctx.db, conv.id, id, 0);
  await publishGroupChange(ctx, conv);
  return refreshedChat(ctx, caller, conv.id);
}

/** Removes a member (the creator only) or leaves (the caller themself): access ends at once. */
export async function removeGroupMember(ctx: Ctx, caller: Caller, chatId: string, userId: string): Promise<{ left: boolean; chat: Chat | null }> {
  const conv = await groupForCaller(ctx, caller, chatId);
  const leaving = userId === caller.id;
  if (!leaving && conv.createdBy !== caller.id) throw forbidden(CHAT_MESSAGES.removeForbidden, 'chat_remove_forbidden');
  if (!isUuid(userId) || !(await repo.removeMember(ctx.db, conv.id, userId))) throw notFoundContact();
  await publishGroupChange(ctx, conv, [userId]);
  return { left: leaving, chat: leaving ? null : await refreshedChat(ctx, caller, conv.id) };
}

/**
 * A message a patient's action sends to named staff of their practice (issue 22: an access flag
 * reaches the organisation's administrators as a message too). It opens the one-to-one
 * conversation with each of them even outside the followed-practitioner rule: the action itself is
 * the patient's reason to write; afterwards the conversation is theirs like any other.
 */
export async function messageFromPatient(ctx: Ctx, caller: Caller, toUserIds: string[], text: string): Promise<string[]> {
  if (caller.role !== 'PT' || !caller.organizationId || !can(caller.role, 'chats')) return [];
  const recipients = (await repo.findUsers(ctx.db, toUserIds)).filter((u) => u.active && u.organizationId === caller.organizationId && can(u.role as Caller['role'], 'chats'));
  const chatIds: string[] = [];
  for (const contact of recipients) {
    const conv = await directWith(ctx, caller, contact);
    await post(ctx, caller, conv, text.slice(0, CHAT_LIMITS.messageMax), undefined);
    await auditPatientChat(ctx, caller, 'chat.send', conv);
    chatIds.push(conv.id);
  }
  return chatIds;
}

/**
 * Issue 17's "Nous écrire" for a patient: the message goes to the practice's secretariat (its
 * administrators, PA) as a conversation; null when the practice has none (the caller mails instead).
 */
export async function messageToPractice(ctx: Ctx, caller: Caller, text: string): Promise<string | null> {
  if (caller.role !== 'PT' || !caller.organizationId) return null;
  const administrators = await repo.usersOfOrganisation(ctx.db, caller.organizationId, ['PA']);
  const [chatId] = await messageFromPatient(ctx, caller, administrators.map((u) => u.id), text);
  return chatId ?? null;
}

// ---- Real time ----

async function memberOrDesk(ctx: AppContext, chatId: string, recipient: Caller): Promise<repo.ConversationRow | null> {
  try {
    return (await conversationForCaller(ctx, recipient, chatId)).conv;
  } catch {
    return null;
  }
}

// A new message: each recipient's server re-reads it and checks the membership before pushing it.
registerRealtimeType('chat.message', {
  resolve: async (ctx, event: RealtimeEvent, recipient, shared) => {
    const chatId = String(event.data.chatId);
    const access = await conversationForCaller(ctx, recipient, chatId).catch(() => null);
    const message = access ? await shared('message', () => repo.findMessage(ctx.db, String(event.data.messageId))) : null;
    if (!access || !message || message.conversationId !== access.conv.id) return null;
    const [entry] = await shared('entry', () => entries(ctx, [message]));
    // The recipient's read mark came with the membership check (the support desk's is the last message).
    return { chatId, messageId: message.id, kind: access.conv.kind, message: entry, unread: Math.max(0, access.conv.lastSeq - access.lastReadSeq) };
  },
});

registerRealtimeType('chat.read', {
  resolve: async (ctx, event, recipient) => {
    const chatId = String(event.data.chatId);
    if (!(await memberOrDesk(ctx, chatId, recipient))) return null;
    const reader = await repo.membership(ctx.db, chatId, String(event.data.userId));
    return { ...event.data, seq: reader?.lastReadSeq ?? 0 };
  },
});

registerRealtimeType('chat.chat', { access: 'chats' });

// Presence: a user's first socket (on any server) or their last one closing changes what their
// contacts see; the event carries the id only, each recipient's server re-reads the status.
onPresenceChange(async (ctx, user, _online) => {
  if (!user.organizationId || !can(user.role, 'chats')) return;
  await publishRealtime(ctx.db, { type: 'chat.status', organisationId: user.organizationId, ephemeral: true, data: { userId: user.id } });
});

registerRealtimeType('chat.typing', {
  resolve: async (ctx, event, recipient) => (event.data.userId !== recipient.id && (await memberOrDesk(ctx, String(event.data.chatId), recipient)) ? event.data : null),
});

/** Status changes heard within this period go out together: one `chat.statuses` frame per socket. */
export const STATUS_COALESCE_MS = 250;

/**
 * Who hears a status change (the contacts rule, reachableUsers, read once per batch): staff of the
 * practice hear its chat staff; a practitioner hears the patients they follow; a patient hears only
 * their practitioners; everyone hears their own (their other tabs). Each recipient gets
 * `{ statuses: [{ userId, status, mood }] }` with the latest status of every user of the batch they
 * may see; the staff of one practice share one list (serialised once).
 */
registerRealtimeType('chat.status', {
  access: 'chats',
  coalesce: {
    frame: 'chat.statuses',
    ms: STATUS_COALESCE_MS,
    batch: async (ctx, events, recipients) => {
      const ids = [...new Set(events.map((e) => String(e.data.userId)))];
      const [subjects, statuses] = await Promise.all([repo.findUsers(ctx.db, ids), statusMap(ctx, ids)]);
      const entry = (id: string) => ({ userId: id, status: statuses.get(id)?.status ?? 'offline', mood: statuses.get(id)?.mood ?? '' });
      // Chat staff of each practice: what every colleague there sees.
      const staff = new Map<string, ReturnType<typeof entry>[]>();
      for (const u of subjects) {
        if (!u.active || !u.organizationId || !can(u.role as Caller['role'], 'chatGroups')) continue;
        staff.set(u.organizationId, [...(staff.get(u.organizationId) ?? []), entry(u.id)]);
      }
      // Patients of the batch: their practitioners (and themselves) hear them.
      const extra = new Map<string, ReturnType<typeof entry>[]>();
      const connected = new Set(recipients.map((r) => r.id));
      const add = (to: string, e: ReturnType<typeof entry>) => extra.set(to, [...(extra.get(to) ?? []), e]);
      for (const p of subjects.filter((u) => u.role === 'PT' && u.active && u.organizationId && u.patientId)) {
        if (connected.has(p.id)) add(p.id, entry(p.id));
        for (const id of await repo.practitionersOfPatient(ctx.db, p.organizationId!, p.patientId!)) if (connected.has(id)) add(id, entry(p.id));
      }
      // Connected patients: which staff of the batch are their practitioners.
      const followedBy = new Map<string, Set<string>>();
      for (const r of recipients) {
        if (r.role === 'PT' && r.organizationId && r.patientId && staff.has(r.organizationId)) {
          followedBy.set(r.id, new Set(await repo.practitionersOfPatient(ctx.db, r.organizationId, r.patientId)));
        }
      }
      return (recipient, mine) => {
        const visible = new Set(mine.map((e) => String(e.data.userId)));
        const sameOrg = (recipient.organizationId && staff.get(recipient.organizationId)) || [];
        let list = recipient.role === 'PT' ? sameOrg.filter((e) => followedBy.get(recipient.id)?.has(e.userId)) : sameOrg;
        const more = extra.get(recipient.id);
        if (more) list = [...list, ...more];
        if (mine.length !== events.length) list = list.filter((e) => visible.has(e.userId));
        // The practice's staff list itself when nothing else applies: one object, serialised once.
        if (!list.length) return null;
        return list === sameOrg ? (sharedData.get(sameOrg) ?? sharedData.set(sameOrg, { statuses: sameOrg }).get(sameOrg)!) : { statuses: list };
      };
    },
  },
});

/** The frame data of a practice's staff list within one batch (the same object for every colleague). */
const sharedData = new WeakMap<object, Record<string, unknown>>();

// The typing indicator: a client says it is typing in a conversation it belongs to.
registerRealtimeMessage('chat.typing', async (ctx, caller, data) => {
  const chatId = typeof data.chatId === 'string' ? data.chatId : '';
  const conv = await memberOrDesk(ctx, chatId, caller);
  if (!conv) return;
  const memberIds = (await repo.membersOf(ctx.db, [conv.id])).map((m) => m.userId).filter((id) => id !== caller.id);
  await publishRealtime(ctx.db, { ...audienceOf(conv, memberIds), type: 'chat.typing', ephemeral: true, data: { chatId: conv.id, userId: caller.id } });
});

/**
 * The unread-message job: a message still unread after 15 minutes sends its member one mail, without
 * the text (health data stays in the app), once per unread stretch.
 */
export async function mailUnread(ctx: Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config'>): Promise<number> {
  const due = await repo.takeUnreadToMail(ctx.db, new Date(ctx.clock.now() - CHAT_LIMITS.unreadMailMinutes * 60_000));
  for (const d of due) {
    await ctx.mailer.send({
      to: d.email,
      subject: CHAT_MESSAGES.mailSubject,
      text: `Bonjour,\n\nVous avez un nouveau message sur WellBe.\n\nPour le lire, connectez-vous : ${ctx.config.publicUrl}/messaging\n\nWellBe`,
    });
  }
  return due.length;
}
