import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { hasLiveChat } from '@wellbe/shared/permissions';
import type { Chat, ChatContact, ChatDialogEntry, ConversationSummary } from '@wellbe/shared/schemas/chat';
import { notify } from '../../lib/notify.ts';
import { queryClient } from '../../lib/query-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import type { StatusChange } from '@wellbe/shared/realtime';
import { useSession } from '../../lib/session.ts';
import { createStore } from '../../lib/store.ts';
import type { ChatStatus, ChatUser } from '@wellbe/shared/schemas/chat';
import { useUnread } from './api/unread.ts';

// The chat's live state (DESIGN §8), mounted once by the shell: new messages go straight into the
// open conversation's cache (the server's resolver pushed the re-read message), read receipts move
// the ticks, typing shows for 4 s, and the badges, the tab title and the toasts follow.

/** Who is typing where: chatId → { userId, until }. */
export const typingStore = createStore<{ typing: Record<string, { userId: string; until: number }> }>({ typing: {} });

/** The conversation on screen (panel or /messaging): its new messages are read at once, no toast. */
export const activeChatStore = createStore<{ chatId: string | null }>({ chatId: null });

/** Applies a change to every cached copy of a conversation (the panel and /messaging key it differently). */
export function updateCachedChat(chatId: string, update: (chat: Chat) => Chat) {
  for (const [key, data] of queryClient.getQueriesData<Chat>({ queryKey: queryKeys.chat.chats })) {
    if (data?.id === chatId) queryClient.setQueryData(key, update(data));
  }
  for (const key of [queryKeys.chat.support]) {
    const data = queryClient.getQueryData<Chat>(key);
    if (data?.id === chatId) queryClient.setQueryData(key, update(data));
  }
  for (const [key, data] of queryClient.getQueriesData<Chat>({ queryKey: queryKeys.chat.supportDesk })) {
    if (data && !Array.isArray(data) && data.id === chatId) queryClient.setQueryData(key, update(data));
  }
}

/** Adds a message to a cached conversation once (by id), in sequence order. */
export function withMessage(chat: Chat, message: ChatDialogEntry): Chat {
  if (chat.dialog.some((m) => m.id === message.id)) return chat;
  const dialog = [...chat.dialog, message].sort((a, b) => a.seq - b.seq);
  return { ...chat, dialog, lastSeq: Math.max(chat.lastSeq, message.seq) };
}

/** Puts the statuses of a `chat.statuses` frame into the cached contacts, conversations and the user's own status. */
export function applyStatuses(statuses: StatusChange[], me: string | undefined) {
  const byId = new Map(statuses.map((e) => [e.userId, e]));
  queryClient.setQueryData<ChatContact[]>(queryKeys.chat.contacts, (list) =>
    list?.map((c) => {
      const e = byId.get(c.id);
      return e ? { ...c, status: e.status, mood: e.mood } : c;
    }),
  );
  queryClient.setQueryData<ConversationSummary[]>(queryKeys.chat.conversations, (list) =>
    list?.map((c) => {
      const e = c.contactId ? byId.get(c.contactId) : undefined;
      return e ? { ...c, status: e.status } : c;
    }),
  );
  const mine = me ? byId.get(me) : undefined;
  // The user's own change made in another tab: that tab's status menu shows it here too.
  if (mine && mine.status !== 'offline') queryClient.setQueryData<ChatUser>(queryKeys.chat.user, (u) => (u ? { ...u, status: mine.status, mood: mine.mood } : u));
}

const BASE_TITLE = typeof document !== 'undefined' ? document.title.replace(/^\(\d+\)\s*/, '') : 'WellBe';

/** Mounted once (the shell): live chat events, unread badge data, tab title, toasts. */
export function useChatLive({ panelOpen }: { panelOpen: () => boolean }) {
  const { t } = useTranslation('chat');
  const { role, user } = useSession();
  const enabled = hasLiveChat(role);
  const unread = useUnread(!!role && enabled);
  const total = (unread.data?.unread ?? 0) + (unread.data?.support ?? 0);

  useEffect(() => {
    const base = document.title.replace(/^\(\d+\)\s*/, '') || BASE_TITLE;
    document.title = total > 0 ? `(${total}) ${base}` : base;
  }, [total]);

  useRealtimeEvent('chat.message', (data) => {
    const message = data.message as ChatDialogEntry | undefined;
    const chatId = String(data.chatId);
    if (message) updateCachedChat(chatId, (c) => withMessage(c, message));
    void queryClient.invalidateQueries({ queryKey: queryKeys.chat.contacts });
    void queryClient.invalidateQueries({ queryKey: queryKeys.chat.conversations });
    void queryClient.invalidateQueries({ queryKey: queryKeys.chat.unread });
    if (data.kind === 'support') void queryClient.invalidateQueries({ queryKey: queryKeys.chat.supportDesk, exact: true });
    if (!message || message.who === user?.id) return;
    typingStore.set((s) => {
      const typing = { ...s.typing };
      delete typing[chatId];
      return { typing };
    });
    const me = queryClient.getQueryData<ChatUser>(queryKeys.chat.user);
    const status: ChatStatus | undefined = me?.status;
    const onScreen = activeChatStore.get().chatId === chatId && (panelOpen() || location.pathname.startsWith('/messaging') || location.pathname.startsWith('/support'));
    if (!onScreen && !panelOpen() && status !== 'dnd') {
      const contacts = queryClient.getQueryData<{ id: string; name: string }[]>(queryKeys.chat.contacts);
      const name = contacts?.find((c) => c.id === message.who)?.name ?? '';
      notify(name ? t('newMessage', { name }) : t('title'), 'info');
    }
  });

  useRealtimeEvent('chat.read', (data) => {
    const chatId = String(data.chatId);
    const seq = Number(data.seq ?? 0);
    updateCachedChat(chatId, (c) => ({ ...c, members: c.members.map((m) => (m.id === data.userId ? { ...m, lastReadSeq: Math.max(m.lastReadSeq, seq) } : m)) }));
    if (data.userId === user?.id) void queryClient.invalidateQueries({ queryKey: queryKeys.chat.unread });
  });

  useRealtimeEvent('chat.typing', (data) => {
    const chatId = String(data.chatId);
    typingStore.set((s) => ({ typing: { ...s.typing, [chatId]: { userId: String(data.userId), until: Date.now() + 4000 } } }));
    setTimeout(() => typingStore.set((s) => ({ typing: { ...s.typing } })), 4100);
  });

  // Presence: the status changes of the last moments in one frame (the server gathers them), applied
  // to the cached lists in place, without refetching them (a practice's morning is many changes).
  useRealtimeEvent('chat.statuses', (data) => applyStatuses(data.statuses ?? [], user?.id));

  // A group created, renamed, or its members changed: lists and open conversations refetch (a
  // removed member's refetch answers 404 and the conversation leaves their screen).
  useRealtimeEvent('chat.chat', () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.chat.conversations });
    void queryClient.invalidateQueries({ queryKey: queryKeys.chat.chats });
  });

  useRealtimeEvent('realtime.resync', () => void queryClient.invalidateQueries({ queryKey: queryKeys.chat.all }));

  return { unread: unread.data?.unread ?? 0, support: unread.data?.support ?? 0 };
}
