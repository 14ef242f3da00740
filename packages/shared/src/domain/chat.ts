// Messaging's limits and statuses, without zod: the web app's first screens read them (the
// messaging page, the composer) and schemas/ would bring zod along (issue 31). schemas/chat.ts
// builds its checks from these and exports them too.

export const CHAT_LIMITS = {
  messageMax: 4000,
  pageSize: 50,
  moodMax: 120,
  titleMax: 100,
  groupMembersMax: 50,
  /** Messages per user per minute. */
  perMinute: 30,
  /** A message still unread after this long sends one notification mail. */
  unreadMailMinutes: 15,
} as const;

export const CHAT_STATUSES = ['online', 'away', 'dnd', 'offline'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];
