import { can } from '@wellbe/shared/permissions';
import { everyOrganisation, systemScope, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { onPresenceChange, publishRealtime, registerRealtimeMessage, registerRealtimeType, type RealtimeEvent } from '../../lib/realtime/index.ts';
import { audienceOf, conversationForCaller, entries, practitionersOfPatient, statusMap } from './chat.core.ts';
import * as repo from './chat.repository.ts';

// ---- Real time: each recipient's server re-reads an event and re-checks the access before pushing it ----

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
      const [subjects, statuses] = await Promise.all([repo.findUsers(ctx.db, everyOrganisation(), ids), statusMap(ctx, everyOrganisation(), ids)]);
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
        for (const id of await practitionersOfPatient(ctx, systemScope(p.organizationId!), p.patientId!)) if (connected.has(id)) add(id, entry(p.id));
      }
      // Connected patients: which staff of the batch are their practitioners.
      const followedBy = new Map<string, Set<string>>();
      for (const r of recipients) {
        if (r.role === 'PT' && r.organizationId && r.patientId && staff.has(r.organizationId)) {
          followedBy.set(r.id, new Set(await practitionersOfPatient(ctx, systemScope(r.organizationId), r.patientId)));
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
