import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { orgScopeParams, orgScopeShape, preparedOrgScope } from '../../access/filters.ts';
import { orgFilter, type OrgScope } from '../../access/scope.ts';
import { users } from '../../access/views.ts';
import { chatConversations, chatMembers, chatUserStatus } from '../../db/schema/chat.ts';
import { preparedOnce } from '../../lib/prepared.ts';
import { userColumns, type UserRow } from './chat.repository.ts';

// The reads of the chat panel's contacts (GET /api/chat/contacts, the conversation list, the
// groups), each a statement prepared once (issue 31, lib/prepared): the scope's organisation
// (preparedOrgScope), the user and the ids are placeholders bound per call, so a statement shared
// by every organisation holds nothing of a caller. Lists of ids are one array parameter.

/** `column = any($name)`: a list of ids as one bound array, the same statement text for any length. */
function anyId(column: PgColumn, name: string): SQL {
  return sql`${column} = any(${sql.placeholder(name)}::uuid[])`;
}

/** Active users of an organisation with one of the roles (a fixed list of the code: part of the statement). */
export async function usersOfOrganisation(db: Database, scope: OrgScope, roles: readonly string[]): Promise<UserRow[]> {
  const statement = preparedOnce(db, `chat_users_${orgScopeShape(scope)}_${roles.join('_')}`, () =>
    db
      .select(userColumns)
      .from(users)
      .where(and(orgFilter(preparedOrgScope(scope), users.organizationId), eq(users.active, true), inArray(users.role, [...roles])))
      .orderBy(asc(users.lastName), asc(users.firstName)),
  );
  return statement.execute(orgScopeParams(scope));
}

/** Active patient accounts (PT users) of these patients. */
export async function patientAccounts(db: Database, scope: OrgScope, patientIds: string[]): Promise<UserRow[]> {
  if (!patientIds.length) return [];
  const statement = preparedOnce(db, `chat_patient_accounts_${orgScopeShape(scope)}`, () =>
    db
      .select(userColumns)
      .from(users)
      .where(and(orgFilter(preparedOrgScope(scope), users.organizationId), eq(users.role, 'PT'), eq(users.active, true), anyId(users.patientId, 'patient_ids'))),
  );
  return statement.execute({ ...orgScopeParams(scope), patient_ids: patientIds });
}

export async function statusesOf(db: Database, ids: string[]) {
  if (!ids.length) return new Map<string, { status: string; mood: string }>();
  const statement = preparedOnce(db, 'chat_statuses', () => db.select().from(chatUserStatus).where(anyId(chatUserStatus.userId, 'user_ids')));
  const rows = await statement.execute({ user_ids: ids });
  return new Map(rows.map((r) => [r.userId, { status: r.status, mood: r.mood }]));
}

/** The members of conversations already read through the caller's scope. */
export async function membersOf(db: Database, conversationIds: string[]) {
  if (!conversationIds.length) return [];
  const statement = preparedOnce(db, 'chat_members', () =>
    db
      .select({ conversationId: chatMembers.conversationId, userId: chatMembers.userId, lastReadSeq: chatMembers.lastReadSeq })
      .from(chatMembers)
      .where(anyId(chatMembers.conversationId, 'conversation_ids')),
  );
  return statement.execute({ conversation_ids: conversationIds });
}

/** The user's conversations inside the scope, the latest message first. */
export async function conversationsOf(db: Database, scope: OrgScope, userId: string) {
  const statement = preparedOnce(db, `chat_conversations_${orgScopeShape(scope)}`, () =>
    db
      .select({ conversation: chatConversations, lastReadSeq: chatMembers.lastReadSeq })
      .from(chatMembers)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMembers.conversationId))
      .where(and(eq(chatMembers.userId, sql.placeholder('user_id')), orgFilter(preparedOrgScope(scope), chatConversations.organizationId)))
      .orderBy(sql`${chatConversations.lastMessageAt} desc nulls last`, desc(chatConversations.createdAt)),
  );
  return statement.execute({ ...orgScopeParams(scope), user_id: userId });
}
