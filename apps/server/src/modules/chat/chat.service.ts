import { can } from '@wellbe/shared/permissions';
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  sendMessageSchema,
  type Chat,
  type ChatContact,
  type ChatListEntry,
  type ChatStatus,
  type ChatUser,
  type ConversationSummary,
} from '@wellbe/shared/schemas/chat';
import type { z } from 'zod';
import { callerScope, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { publishRealtime } from '../../lib/realtime/index.ts';
import {
  assertChats,
  assertChatsOrDesk,
  auditPatientChat,
  auditPatientChats,
  buildChat,
  chatList,
  contactForCaller,
  conversationForCaller,
  directWith,
  effectiveStatus,
  entries,
  nameOf,
  notFoundChat,
  post,
  practiceScope,
  reachableUsers,
  statusMap,
  summarise,
  toEntry,
  type Ctx,
} from './chat.core.ts';
import * as repo from './chat.repository.ts';
// The real-time types of the chat register with the hub when the service loads.
import './chat.realtime.ts';

// The chat's one-to-one conversations, the lists and the unread mails; support, attachments and
// groups live in their own files, exported from here too (the routes' one entry point).
export * from './chat.attachments.ts';
export * from './chat.groups.ts';
export * from './chat.support.ts';
export { STATUS_COALESCE_MS } from './chat.realtime.ts';
export { markRead } from './chat.core.ts';

export async function contacts(ctx: Ctx, caller: Caller): Promise<ChatContact[]> {
  assertChats(caller);
  const people = await reachableUsers(ctx, caller);
  const rows = await repo.conversationsOf(ctx.db, callerScope(caller), caller.id);
  const direct = rows.filter((r) => r.conversation.kind === 'direct');
  const members = await repo.membersOf(ctx.db, direct.map((r) => r.conversation.id));
  const byContact = new Map<string, (typeof direct)[number]>();
  for (const r of direct) {
    const other = members.find((m) => m.conversationId === r.conversation.id && m.userId !== caller.id);
    if (other) byContact.set(other.userId, r);
  }
  const statuses = await statusMap(ctx, callerScope(caller), people.map((p) => p.id));
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
  const [me] = await repo.findUsers(ctx.db, callerScope(caller), [caller.id]);
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
  const rows = (await repo.conversationsOf(ctx.db, callerScope(caller), caller.id)).filter((r) => r.conversation.kind !== 'support');
  const list = await summarise(ctx, caller, rows.map((r) => ({ conv: r.conversation, lastReadSeq: r.lastReadSeq, organisation: null })));
  // The list names each patient and shows the start of their last message: a read of their data.
  await auditPatientChats(ctx, caller, 'chat.list', rows.map((r) => r.conversation));
  return list;
}

/** Total unread messages (toolbar badge, tab title). */
export async function unreadTotal(ctx: Ctx, caller: Caller): Promise<{ unread: number; support: number }> {
  const rows = await repo.conversationsOf(ctx.db, callerScope(caller), caller.id);
  let unread = 0;
  let support = 0;
  for (const r of rows) {
    const n = Math.max(0, r.conversation.lastSeq - r.lastReadSeq);
    if (r.conversation.kind === 'support') support += n;
    else unread += n;
  }
  return { unread, support };
}

/**
 * A message a patient's action sends to named staff of their practice (issue 22: an access flag
 * reaches the organisation's administrators as a message too). It opens the one-to-one
 * conversation with each of them even outside the followed-practitioner rule: the action itself is
 * the patient's reason to write; afterwards the conversation is theirs like any other.
 */
export async function messageFromPatient(ctx: Ctx, caller: Caller, toUserIds: string[], text: string): Promise<string[]> {
  if (caller.role !== 'PT' || !caller.organizationId || !can(caller.role, 'chats')) return [];
  const recipients = (await repo.findUsers(ctx.db, callerScope(caller), toUserIds)).filter((u) => u.active && u.organizationId === caller.organizationId && can(u.role as Caller['role'], 'chats'));
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
  const administrators = await repo.usersOfOrganisation(ctx.db, practiceScope(caller), ['PA']);
  const [chatId] = await messageFromPatient(ctx, caller, administrators.map((u) => u.id), text);
  return chatId ?? null;
}

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

