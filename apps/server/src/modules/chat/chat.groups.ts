import { can, PERMISSIONS } from '@wellbe/shared/permissions';
import { CHAT_LIMITS, CHAT_MESSAGES, groupInputSchema, groupMembersSchema, groupPatchSchema, type Chat, type ConversationSummary } from '@wellbe/shared/schemas/chat';
import type { z } from 'zod';
import { callerScope, isUuid, type Caller } from '../../access/index.ts';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import { publishRealtime } from '../../lib/realtime/index.ts';
import { assertChats, buildChat, conversationForCaller, notFoundContact, practiceScope, summarise, type Ctx } from './chat.core.ts';
import * as repo from './chat.repository.ts';

// ---- Group conversations: created by staff with colleagues of the practice; rename and add (any
// member), remove (the creator), leave (anyone) ----

/** A group conversation, created by staff with colleagues of the practice (no patient in groups). */
export async function createGroup(ctx: Ctx, caller: Caller, raw: z.input<typeof groupInputSchema>): Promise<ConversationSummary> {
  assertChats(caller);
  if (!can(caller.role, 'chatGroups') || !caller.organizationId) throw forbidden(CHAT_MESSAGES.groupForbidden, 'chat_group_forbidden');
  const input = groupInputSchema.parse(raw);
  const scope = practiceScope(caller);
  const staff = await repo.usersOfOrganisation(ctx.db, scope, PERMISSIONS.chatGroups);
  const ids = [...new Set(input.memberIds)].filter((id) => id !== caller.id);
  if (!ids.length || ids.some((id) => !staff.some((s) => s.id === id))) throw notFoundContact();
  const conv = await repo.insertConversation(ctx.db, { organizationId: scope.organizationId, kind: 'group', title: input.title, createdBy: caller.id, createdAt: new Date(ctx.clock.now()) }, [caller.id, ...ids]);
  await publishRealtime(ctx.db, { type: 'chat.chat', organisationId: scope.organizationId, userIds: [caller.id, ...ids], data: { chatId: conv!.id } });
  return (await summarise(ctx, caller, [{ conv: conv!, lastReadSeq: 0, organisation: null }]))[0];
}

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
  await repo.renameConversation(ctx.db, callerScope(caller), conv.id, title);
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
  const staff = await repo.usersOfOrganisation(ctx.db, practiceScope(caller), PERMISSIONS.chatGroups);
  if (ids.some((id) => !staff.some((u) => u.id === id))) throw notFoundContact();
  if (!(await repo.addGroupMembers(ctx.db, conv.id, ids, CHAT_LIMITS.groupMembersMax))) throw badRequest(CHAT_MESSAGES.tooManyMembers, 'chat_too_many_members');
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
