import { z } from 'zod';
import { pgInt, pgIntQuery } from './fields.ts';

// Messaging (SPEC §2 chat panel, §3 Chat contact / Chat / Chat user, §6 group `chats`, §7
// /api/chat/*): one-to-one and group conversations of an organisation, a patient with their
// practitioners, and the support conversation of a practice with the WellBe team.

import { CHAT_LIMITS, CHAT_STATUSES, type ChatStatus } from '../domain/chat.ts';

export { CHAT_LIMITS, CHAT_STATUSES, type ChatStatus };

export const CHAT_KINDS = ['direct', 'group', 'support'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

export const CHAT_MESSAGES = {
  empty: 'Un message vide n’est pas envoyé.',
  tooLong: `Un message ne peut pas dépasser ${CHAT_LIMITS.messageMax.toLocaleString('fr-FR')} caractères.`,
  chatNotFound: 'Conversation introuvable.',
  patientWithoutAccount: 'Ce patient n’a pas de compte WellBe : le document ne peut pas lui être envoyé dans la messagerie.',
  contactNotFound: 'Contact introuvable.',
  patientNotFollowed: 'Vous ne pouvez écrire qu’aux praticiens qui vous suivent.',
  noChat: 'La messagerie n’est pas ouverte à votre rôle.',
  rateLimited: `Vous envoyez trop de messages : ${CHAT_LIMITS.perMinute} messages par minute au plus. Réessayez dans un instant.`,
  moodTooLong: `L’humeur ne peut pas dépasser ${CHAT_LIMITS.moodMax} caractères.`,
  statusInvalid: 'Statut invalide.',
  titleRequired: 'Donnez un nom à la conversation de groupe.',
  titleTooLong: `Le nom d’une conversation ne peut pas dépasser ${CHAT_LIMITS.titleMax} caractères.`,
  membersRequired: 'Choisissez au moins un membre.',
  tooManyMembers: `Une conversation de groupe compte au plus ${CHAT_LIMITS.groupMembersMax} membres.`,
  groupForbidden: 'Seule l’équipe du cabinet crée des conversations de groupe.',
  idInvalid: 'Identifiant de message invalide.',
  idTaken: 'Cet identifiant de message est déjà utilisé.',
  supportClosed: 'Cette demande de support est close.',
  mailSubject: 'Vous avez un nouveau message sur WellBe',
  groupOnly: 'Seules les conversations de groupe ont des membres à gérer.',
  removeForbidden: 'Seul le créateur de la conversation retire des membres.',
  alreadyMember: 'Cette personne est déjà membre de la conversation.',
  attachmentNotFound: 'Pièce jointe introuvable.',
  attachmentInSupport: 'Les pièces jointes ne sont pas acceptées dans le support.',
} as const;


/** The message text: never HTML (shown as text), trimmed, 1..4000 characters. */
export const messageTextSchema = z
  .string({ error: CHAT_MESSAGES.empty })
  .max(CHAT_LIMITS.messageMax + 1000, CHAT_MESSAGES.tooLong)
  .transform((s) => s.replace(/\r\n?/g, '\n').trim())
  .pipe(z.string().min(1, CHAT_MESSAGES.empty).max(CHAT_LIMITS.messageMax, CHAT_MESSAGES.tooLong));

/** SPEC §7 POST /api/chat/send-message. `id`: the message id the client generated (idempotent resend). */
export const sendMessageSchema = z.object({
  chatId: z.string().max(64).nullish(),
  contactId: z.string().max(64).nullish(),
  messageText: messageTextSchema,
  id: z.uuid(CHAT_MESSAGES.idInvalid).optional(),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/** SPEC §7 GET /api/chat/get-chat. */
export const getChatQuerySchema = z.object({
  contactId: z.string().max(64).optional(),
  chatId: z.string().max(64).optional(),
  userId: z.string().max(64).optional(),
});

/** SPEC §7 POST /api/chat/user/data. */
export const userDataSchema = z.object({
  status: z.enum(CHAT_STATUSES, { error: CHAT_MESSAGES.statusInvalid }).optional(),
  mood: z.string().trim().max(CHAT_LIMITS.moodMax, CHAT_MESSAGES.moodTooLong).optional(),
});

export const historyQuerySchema = z.object({
  /** Messages with a sequence number below this one (older page); absent = the newest page. */
  before: pgIntQuery({ min: 1 }).optional(),
  /** Messages after this sequence number (catch-up). */
  after: pgIntQuery({ min: 0 }).optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.pageSize).default(CHAT_LIMITS.pageSize),
});

export const markReadSchema = z.object({ seq: pgInt({ min: 0 }).optional() });

export const groupInputSchema = z.object({
  title: z.string({ error: CHAT_MESSAGES.titleRequired }).trim().min(1, CHAT_MESSAGES.titleRequired).max(CHAT_LIMITS.titleMax, CHAT_MESSAGES.titleTooLong),
  memberIds: z.array(z.string().max(64)).min(1, CHAT_MESSAGES.membersRequired).max(CHAT_LIMITS.groupMembersMax, CHAT_MESSAGES.tooManyMembers),
});

/** Group management: rename (any member), add members (any member), remove (creator) or leave. */
export const groupPatchSchema = z.object({
  title: z.string({ error: CHAT_MESSAGES.titleRequired }).trim().min(1, CHAT_MESSAGES.titleRequired).max(CHAT_LIMITS.titleMax, CHAT_MESSAGES.titleTooLong),
});
export const groupMembersSchema = z.object({
  memberIds: z.array(z.string().max(64)).min(1, CHAT_MESSAGES.membersRequired).max(CHAT_LIMITS.groupMembersMax, CHAT_MESSAGES.tooManyMembers),
});

/** The multipart fields sent with an attachment (the file itself is the `file` part). */
export const attachmentFieldsSchema = z.object({
  messageText: z.string().max(CHAT_LIMITS.messageMax, CHAT_MESSAGES.tooLong).optional(),
  id: z.uuid(CHAT_MESSAGES.idInvalid).optional(),
});

export const supportMessageSchema = z.object({ messageText: messageTextSchema, id: z.uuid(CHAT_MESSAGES.idInvalid).optional() });
export const supportPatchSchema = z.object({ status: z.enum(['open', 'closed']).optional(), assignedTo: z.uuid().nullable().optional() });

// Answers (SPEC §7 /api/chat/* answer these shapes bare, without the success envelope).
const chatStatusSchema = z.enum(CHAT_STATUSES);
const chatKindSchema = z.enum(CHAT_KINDS);
const supportStatusSchema = z.enum(['open', 'closed']).nullable();

/** SPEC §3 Chat contact (sample made real): id is the user's id. */
export const chatContactSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  status: chatStatusSchema,
  mood: z.string(),
  unread: z.number(),
  role: z.string(),
  job: z.string(),
  chatId: z.string().nullable(),
  lastMessageTime: z.string().nullable(),
});
export type ChatContact = z.infer<typeof chatContactSchema>;

export const chatAttachmentSchema = z.object({ id: z.string(), fileName: z.string(), mimeType: z.string(), size: z.number() });
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

/** SPEC §3 Chat: dialog[{who, message, time}], plus the stable id and sequence of each message. */
export const chatDialogEntrySchema = z.object({
  id: z.string(),
  seq: z.number(),
  who: z.string(),
  message: z.string(),
  time: z.string(),
  /** A file sent with the message (download: /api/chat/attachments/{id}, members only). */
  attachment: chatAttachmentSchema.nullable().optional(),
});
export type ChatDialogEntry = z.infer<typeof chatDialogEntrySchema>;

export const chatMemberSchema = z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable(), role: z.string(), lastReadSeq: z.number() });
export type ChatMember = z.infer<typeof chatMemberSchema>;

export const chatSchema = z.object({
  id: z.string(),
  kind: chatKindSchema,
  title: z.string(),
  /** Group conversations: who created it (the one who removes members). */
  createdBy: z.string().nullable(),
  members: z.array(chatMemberSchema),
  dialog: z.array(chatDialogEntrySchema),
  /** Sequence number of the oldest message loaded: page further with ?before= (null: nothing older). */
  olderCursor: z.number().nullable(),
  lastSeq: z.number(),
  unread: z.number(),
  patientConversation: z.boolean(),
  supportStatus: supportStatusSchema,
});
export type Chat = z.infer<typeof chatSchema>;

export const chatListEntrySchema = z.object({ chatId: z.string(), contactId: z.string().nullable(), lastMessageTime: z.string().nullable() });
export type ChatListEntry = z.infer<typeof chatListEntrySchema>;

/** SPEC §3 Chat user. */
export const chatUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  status: chatStatusSchema,
  mood: z.string(),
  chatList: z.array(chatListEntrySchema),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

/** One conversation in /messaging's list. */
export const conversationSummarySchema = z.object({
  id: z.string(),
  kind: chatKindSchema,
  title: z.string(),
  contactId: z.string().nullable(),
  avatar: z.string().nullable(),
  status: chatStatusSchema.nullable(),
  members: z.array(z.object({ id: z.string(), name: z.string() })),
  lastMessage: z.object({ text: z.string(), who: z.string(), time: z.string() }).nullable(),
  lastMessageTime: z.string().nullable(),
  unread: z.number(),
  supportStatus: supportStatusSchema,
  organisation: z.string().nullable(),
  assignedTo: z.string().nullable(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** A message just written (send, attachment, support), with its conversation's id. */
export const sentMessageAnswer = z.object({ message: chatDialogEntrySchema.extend({ chatId: z.string() }) });
export const sendMessageAnswer = sentMessageAnswer.extend({ userChatList: z.array(chatListEntrySchema) });
export const getChatAnswer = z.object({ chat: chatSchema, userChatList: z.array(chatListEntrySchema) });
export const historyAnswer = z.object({ messages: z.array(chatDialogEntrySchema), olderCursor: z.number().nullable(), lastSeq: z.number() });
export const unreadAnswer = z.object({ unread: z.number(), support: z.number() });
export const readMarkAnswer = z.object({ lastReadSeq: z.number() });
export const chatContactsAnswer = z.array(chatContactSchema);
export const conversationListAnswer = z.array(conversationSummarySchema);
export const groupMemberRemovedAnswer = z.object({ left: z.boolean(), chat: chatSchema.nullable() });
