import type { Chat, ConversationSummary } from '@wellbe/shared/schemas/chat';
import { callerScope, type Caller } from '../../access/index.ts';
import { buildChat, conversationForCaller, markRead, notFoundChat, notFoundContact, post, summarise, toEntry, type Ctx } from './chat.core.ts';
import * as repo from './chat.repository.ts';

// ---- Support: a practice (PA, SA) and the WellBe team (DE). Not patient data. ----

/** The caller's support conversation (created on first use). */
export async function mySupport(ctx: Ctx, caller: Caller): Promise<Chat> {
  let conv = await repo.findSupportOf(ctx.db, caller.id);
  if (!conv) {
    conv =
      (await repo.insertConversation(
        ctx.db,
        // Support crosses organisations: the creator's, none for a platform account without one.
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
  const scope = callerScope(caller);
  const conv = (await repo.findConversation(ctx.db, scope, chat.id))!;
  if (conv.supportStatus === 'closed') await repo.updateSupport(ctx.db, scope, conv.id, { supportStatus: 'open' });
  const message = await post(ctx, caller, conv, input.messageText, input.id, await supportAudience(ctx, conv));
  return { message: { ...toEntry(message), chatId: conv.id } };
}

/** /support-chat (DE): every organisation's support conversations. */
export async function supportDesk(ctx: Ctx, caller: Caller): Promise<ConversationSummary[]> {
  const rows = await repo.supportConversations(ctx.db, callerScope(caller));
  const mine = new Map((await repo.conversationsOf(ctx.db, callerScope(caller), caller.id)).map((r) => [r.conversation.id, r.lastReadSeq]));
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
  if (!conv.assignedTo) await repo.updateSupport(ctx.db, callerScope(caller), conv.id, { assignedTo: caller.id });
  const message = await post(ctx, caller, conv, input.messageText, input.id);
  return { message: { ...toEntry(message), chatId: conv.id } };
}

export async function patchSupport(ctx: Ctx, caller: Caller, id: string, patch: { status?: 'open' | 'closed'; assignedTo?: string | null }) {
  const { conv } = await conversationForCaller(ctx, caller, id);
  if (conv.kind !== 'support') throw notFoundChat();
  if (patch.assignedTo) {
    const [u] = await repo.findUsers(ctx.db, callerScope(caller), [patch.assignedTo]);
    if (!u || u.role !== 'DE' || !u.active) throw notFoundContact();
    await repo.addMember(ctx.db, conv.id, u.id, conv.lastSeq);
  }
  await repo.updateSupport(ctx.db, callerScope(caller), conv.id, { supportStatus: patch.status, assignedTo: patch.assignedTo });
  return supportChat(ctx, caller, id);
}

/** The user menu's 'Support' read: the caller's own support conversation, up to its last message. */
export async function markSupportRead(ctx: Ctx, caller: Caller): Promise<{ lastReadSeq: number }> {
  const mine = await mySupport(ctx, caller);
  return markRead(ctx, caller, mine.id);
}
