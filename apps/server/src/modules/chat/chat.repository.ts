import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accountFilter, orgFilter, orgWhere, type OrgScope } from '../../access/scope.ts';
import { organisations, users } from '../../access/views.ts';
import { chatAttachments, chatConversations, chatMembers, chatMessages, chatUserStatus } from '../../db/schema/chat.ts';
import { insertRealtimeFrom } from '../../lib/realtime/index.ts';

// Messaging rows. Every conversation query carries the caller's organisation scope, and every
// lookup that starts from an id names the caller (membership) too: a conversation outside the
// caller's reach is simply not found. Support conversations cross organisations (the WellBe team,
// SA and DE, reaches every one: their scope is every organisation). Members, messages and
// attachments hang off a conversation already read through its scope.

export type Executor = Pick<Database, 'select' | 'selectDistinct' | 'selectDistinctOn' | 'insert' | 'update' | 'delete' | 'execute'>;

// The reads of the chat panel's contacts, prepared once (issue 31).
export { conversationsOf, membersOf, patientAccounts, statusesOf, usersOfOrganisation } from './chat.contacts.repository.ts';

export interface UserRow {
  id: string;
  organizationId: string | null;
  role: string;
  firstName: string;
  lastName: string;
  displayName: string;
  job: string | null;
  photoUrl: string | null;
  patientId: string | null;
  email: string;
  active: boolean;
}

export const userColumns = {
  id: users.id,
  organizationId: users.organizationId,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  displayName: users.displayName,
  job: users.job,
  photoUrl: users.photoUrl,
  patientId: users.patientId,
  email: users.email,
  active: users.active,
};

/** Accounts by id inside the scope (its organisation's and the platform's). */
export async function findUsers(db: Executor, scope: OrgScope, ids: string[]): Promise<UserRow[]> {
  if (!ids.length) return [];
  return db.select(userColumns).from(users).where(and(inArray(users.id, ids), accountFilter(scope, users.organizationId)));
}

export async function developers(db: Executor): Promise<UserRow[]> {
  return db.select(userColumns).from(users).where(and(eq(users.role, 'DE'), eq(users.active, true)));
}

export async function upsertStatus(db: Executor, userId: string, values: { status?: string; mood?: string }, now: Date) {
  await db
    .insert(chatUserStatus)
    .values({ userId, status: (values.status ?? 'online') as 'online', mood: values.mood ?? '', updatedAt: now })
    .onConflictDoUpdate({
      target: chatUserStatus.userId,
      set: { ...(values.status ? { status: values.status as 'online' } : {}), ...(values.mood !== undefined ? { mood: values.mood } : {}), updatedAt: now },
    });
}

export type ConversationRow = typeof chatConversations.$inferSelect;

export async function findConversation(db: Executor, scope: OrgScope, id: string): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.id, id), orgFilter(scope, chatConversations.organizationId)))
    .limit(1);
  return row ?? null;
}

export async function findDirect(db: Executor, scope: OrgScope, key: string): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.directKey, key), orgFilter(scope, chatConversations.organizationId)))
    .limit(1);
  return row ?? null;
}

/** The user's own support conversation, by its creator: support crosses organisations (no scope). */
export async function findSupportOf(db: Executor, userId: string): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.kind, 'support'), eq(chatConversations.createdBy, userId)))
    .limit(1);
  return row ?? null;
}

export async function insertConversation(db: Executor, values: typeof chatConversations.$inferInsert, memberIds: string[]): Promise<ConversationRow | null> {
  const [row] = await db.insert(chatConversations).values(values).onConflictDoNothing().returning();
  if (!row) return null;
  await db
    .insert(chatMembers)
    .values([...new Set(memberIds)].map((userId) => ({ conversationId: row.id, userId })))
    .onConflictDoNothing();
  return row;
}

export async function addMember(db: Executor, conversationId: string, userId: string, lastReadSeq: number) {
  await db.insert(chatMembers).values({ conversationId, userId, lastReadSeq, mailedSeq: lastReadSeq }).onConflictDoNothing();
}

/**
 * Adds members to a group unless it would then have more than `max` (false). The conversation's
 * row is locked first, so that two additions at once count one after the other (each alone saw
 * room for its own); FOR NO KEY UPDATE leaves the members' foreign key checks free.
 */
export async function addGroupMembers(db: Database, conversationId: string, userIds: string[], max: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.select({ id: chatConversations.id }).from(chatConversations).where(eq(chatConversations.id, conversationId)).for('no key update');
    const [{ n }] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(chatMembers).where(eq(chatMembers.conversationId, conversationId));
    if (n + userIds.length > max) return false;
    for (const userId of userIds) await addMember(tx, conversationId, userId, 0);
    return true;
  });
}

export async function membership(db: Executor, conversationId: string, userId: string) {
  const [row] = await db
    .select()
    .from(chatMembers)
    .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** A conversation with the user's read mark in it (null: not a member), in one read; null when unknown. */
export async function conversationWithMember(db: Executor, scope: OrgScope, conversationId: string, userId: string): Promise<{ conv: ConversationRow; lastReadSeq: number | null } | null> {
  const [row] = await db
    .select({ conversation: chatConversations, lastReadSeq: chatMembers.lastReadSeq })
    .from(chatConversations)
    .leftJoin(chatMembers, and(eq(chatMembers.conversationId, chatConversations.id), eq(chatMembers.userId, userId)))
    .where(and(eq(chatConversations.id, conversationId), orgFilter(scope, chatConversations.organizationId)))
    .limit(1);
  return row ? { conv: row.conversation, lastReadSeq: row.lastReadSeq } : null;
}

/** SPEC §7 userChatList in one read: the user's conversations (support apart), the contact of a one-to-one. */
export async function chatListOf(db: Executor, scope: OrgScope, userId: string) {
  return db
    .select({
      chatId: chatConversations.id,
      contactId: sql<string | null>`case when ${chatConversations.kind} = 'direct' then (select o.user_id from chat_members o where o.conversation_id = ${chatConversations.id} and o.user_id <> ${userId} limit 1) end`,
      lastMessageAt: chatConversations.lastMessageAt,
    })
    .from(chatMembers)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMembers.conversationId))
    .where(and(eq(chatMembers.userId, userId), orgFilter(scope, chatConversations.organizationId), sql`${chatConversations.kind} <> 'support'`))
    .orderBy(sql`${chatConversations.lastMessageAt} desc nulls last`, desc(chatConversations.createdAt));
}

/** The caller's conversations with their read state, newest activity first. */
export async function supportConversations(db: Executor, scope: OrgScope) {
  return db
    .select({ conversation: chatConversations, organisation: organisations.name })
    .from(chatConversations)
    .leftJoin(organisations, eq(organisations.id, chatConversations.organizationId))
    .where(and(eq(chatConversations.kind, 'support'), orgFilter(scope, chatConversations.organizationId)))
    .orderBy(sql`${chatConversations.lastMessageAt} desc nulls last`);
}

export type MessageRow = typeof chatMessages.$inferSelect;

export async function findMessage(db: Executor, id: string): Promise<MessageRow | null> {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id)).limit(1);
  return row ?? null;
}

export async function lastMessages(db: Executor, conversationIds: string[]): Promise<MessageRow[]> {
  if (!conversationIds.length) return [];
  return db
    .selectDistinctOn([chatMessages.conversationId])
    .from(chatMessages)
    .where(inArray(chatMessages.conversationId, conversationIds))
    .orderBy(chatMessages.conversationId, desc(chatMessages.seq));
}

export async function history(db: Executor, conversationId: string, page: { before?: number; after?: number; limit: number }): Promise<MessageRow[]> {
  if (page.after !== undefined) {
    return db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), gt(chatMessages.seq, page.after)))
      .orderBy(asc(chatMessages.seq))
      .limit(page.limit);
  }
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), page.before ? lt(chatMessages.seq, page.before) : undefined))
    .orderBy(desc(chatMessages.seq))
    .limit(page.limit);
  return rows.reverse();
}

/**
 * Holds the sender's send lock until the transaction ends (PostgreSQL advisory lock, so it holds
 * across several servers): the rate limit's count is then atomic.
 */
export async function lockSender(db: Executor, senderId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('wellbe.chat.send'), hashtext(${senderId}))`);
}

export type PostOutcome =
  | { status: 'sent'; message: MessageRow; eventId: number }
  /** The id is already stored (a resend): that row, written by whoever. */
  | { status: 'existing'; message: MessageRow }
  | { status: 'rate_limited' }
  /** The conversation is gone. */
  | { status: 'gone' };

/**
 * Sends a message in ONE statement (the send path's round trips): the client id already stored
 * answers that row; otherwise the sender's messages of the last minute are counted against the
 * limit; under it, the conversation's counter gives the sequence number (row lock: one at a time),
 * the message is inserted, the sender's read mark moves to it, and the `chat.message` real-time
 * event is stored for the members (and `extraAudience`) — all or nothing. The caller checked the
 * membership and the organisation before, and notifies the event after the commit.
 */
export async function postMessage(
  db: Executor,
  scope: OrgScope,
  v: { id: string; conversationId: string; senderId: string; text: string; now: Date; rateSince: Date; rateLimit: number; extraAudience: string[] },
): Promise<PostOutcome> {
  const result = (await db.execute(sql`
    with existing as (
      select * from chat_messages where id = ${v.id}
    ), recent as (
      select count(*)::int as n from chat_messages where sender_id = ${v.senderId} and created_at > ${v.rateSince}
    ), conv as (
      update chat_conversations set last_seq = last_seq + 1, last_message_at = ${v.now}
       where id = ${v.conversationId} and ${orgWhere(scope, sql`organization_id`)} and not exists (select 1 from existing) and (select n from recent) < ${v.rateLimit}
       returning id, kind, organization_id, last_seq
    ), msg as (
      insert into chat_messages (id, conversation_id, seq, sender_id, text, created_at)
      select ${v.id}, conv.id, conv.last_seq, ${v.senderId}, ${v.text}, ${v.now} from conv
      returning *
    ), mark as (
      update chat_members m set last_read_seq = msg.seq, mailed_seq = greatest(m.mailed_seq, msg.seq)
        from msg
       where m.conversation_id = msg.conversation_id and m.user_id = ${v.senderId} and m.last_read_seq < msg.seq
    ), event as (
      ${insertRealtimeFrom(
        'chat.message',
        sql`select case when conv.kind = 'support' then null else conv.organization_id end as organization_id,
                   array(select m.user_id from chat_members m where m.conversation_id = conv.id
                         union select unnest(${`{${v.extraAudience.join(',')}}`}::uuid[])) as user_ids,
                   jsonb_build_object('chatId', conv.id, 'messageId', msg.id) as data
              from conv, msg`,
      )}
    )
    select (select row_to_json(x) from existing x) as existing, (select n from recent) as recent,
           (select row_to_json(m) from msg m) as message, (select id from event) as event_id`)) as unknown as {
    rows: { existing: MessageJson | null; recent: number; message: MessageJson | null; event_id: string | number | null }[];
  };
  const [row] = result.rows;
  if (row.existing) return { status: 'existing', message: fromJson(row.existing) };
  if (row.message && row.event_id !== null) return { status: 'sent', message: fromJson(row.message), eventId: Number(row.event_id) };
  return row.recent >= v.rateLimit ? { status: 'rate_limited' } : { status: 'gone' };
}

interface MessageJson {
  id: string;
  conversation_id: string;
  seq: number;
  sender_id: string;
  text: string;
  created_at: string;
}

function fromJson(m: MessageJson): MessageRow {
  return { id: m.id, conversationId: m.conversation_id, seq: m.seq, senderId: m.sender_id, text: m.text, createdAt: new Date(m.created_at) };
}

/** Moves the member's read mark forward (never back); answers whether it moved. */
export async function markRead(db: Executor, conversationId: string, userId: string, seq: number): Promise<boolean> {
  const rows = await db
    .update(chatMembers)
    .set({ lastReadSeq: seq, mailedSeq: sql`greatest(${chatMembers.mailedSeq}, ${seq})` })
    .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, userId), lt(chatMembers.lastReadSeq, seq)))
    .returning({ userId: chatMembers.userId });
  return rows.length > 0;
}

export async function updateSupport(db: Executor, scope: OrgScope, id: string, set: { supportStatus?: 'open' | 'closed'; assignedTo?: string | null }) {
  await db
    .update(chatConversations)
    .set(set)
    .where(and(eq(chatConversations.id, id), orgFilter(scope, chatConversations.organizationId), eq(chatConversations.kind, 'support')));
}

/**
 * The unread-mail job, across every organisation (no caller): members with a message still unread
 * after the delay and not mailed yet; each gets one mail for the stretch (mailed_seq moves to the
 * conversation's last sequence number in the same statement).
 */
export async function takeUnreadToMail(db: Executor, before: Date): Promise<{ userId: string; email: string }[]> {
  const result = (await db.execute(sql`
    with due as (
      select m.conversation_id, m.user_id, c.last_seq
        from chat_members m
        join chat_conversations c on c.id = m.conversation_id
       where c.last_seq > m.last_read_seq and c.last_seq > m.mailed_seq
         and exists (select 1 from chat_messages x where x.conversation_id = m.conversation_id and x.seq = m.last_read_seq + 1 and x.created_at <= ${before} and x.sender_id <> m.user_id)
       for update of m skip locked
    ), marked as (
      update chat_members m set mailed_seq = due.last_seq from due
       where m.conversation_id = due.conversation_id and m.user_id = due.user_id
       returning m.user_id
    )
    select distinct u.id as user_id, u.email from marked join users u on u.id = marked.user_id where u.active`)) as unknown as { rows: { user_id: string; email: string }[] };
  return result.rows.map((r) => ({ userId: r.user_id, email: r.email }));
}


export async function removeMember(db: Executor, conversationId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(chatMembers)
    .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, userId)))
    .returning({ userId: chatMembers.userId });
  return rows.length > 0;
}

export async function renameConversation(db: Executor, scope: OrgScope, id: string, title: string) {
  await db
    .update(chatConversations)
    .set({ title })
    .where(and(eq(chatConversations.id, id), orgFilter(scope, chatConversations.organizationId), eq(chatConversations.kind, 'group')));
}

export type AttachmentRow = typeof chatAttachments.$inferSelect;

export async function insertAttachment(db: Executor, values: typeof chatAttachments.$inferInsert): Promise<AttachmentRow> {
  const [row] = await db.insert(chatAttachments).values(values).returning();
  return row;
}

export async function findAttachment(db: Executor, id: string): Promise<AttachmentRow | null> {
  const [row] = await db.select().from(chatAttachments).where(eq(chatAttachments.id, id)).limit(1);
  return row ?? null;
}

export async function attachmentsOf(db: Executor, messageIds: string[]): Promise<AttachmentRow[]> {
  if (!messageIds.length) return [];
  return db.select().from(chatAttachments).where(inArray(chatAttachments.messageId, messageIds));
}

/** Whether an attachment names this stored file (files are shared by content: the documents' sweep asks). */
export async function attachmentUsesFile(db: Executor, sha256: string): Promise<boolean> {
  const [row] = await db.select({ id: chatAttachments.id }).from(chatAttachments).where(eq(chatAttachments.sha256, sha256)).limit(1);
  return !!row;
}
