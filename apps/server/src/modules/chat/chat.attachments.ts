import { Readable } from 'node:stream';
import { CHAT_MESSAGES } from '@wellbe/shared/schemas/chat';
import { DOCUMENT_MESSAGES, isAcceptedExtension } from '@wellbe/shared/schemas/documents';
import { callerScope, hidden, isUuid, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { cleanFileName, storedFileInUse } from '../documents/documents.service.ts';
import { getOrganisationSettings } from '../organisations/organisations.service.ts';
import { detectType, DOCUMENT_TYPES, matchesExtension, type ReceivedFile } from '../documents/documents.storage.ts';
import { assertChats, auditPatientChat, contactForCaller, conversationForCaller, directWith, entries, post, toEntry, type StoreCtx } from './chat.core.ts';
import * as repo from './chat.repository.ts';

// ---- Attachments: the document pipeline (type by bytes, size limit, same store), members only ----

/**
 * Checked before the upload is read: a conversation the caller is not a member of answers 404
 * (another organisation's id is never confirmed), and no byte of the file is stored for it.
 * Answers the organisation's upload limit, which the upload is read against.
 */
export async function attachmentTarget(ctx: AppContext, caller: Caller, chatId: string): Promise<{ uploadLimitBytes: number }> {
  assertChats(caller);
  const { conv } = await conversationForCaller(ctx, caller, chatId);
  if (conv.kind === 'support') throw badRequest(CHAT_MESSAGES.attachmentInSupport, 'chat_attachment_support');
  const { uploadLimitBytes } = await getOrganisationSettings(ctx, caller.organizationId);
  return { uploadLimitBytes };
}

/**
 * A message with a file: the conversation must be one of the caller's (not support), the name's
 * extension accepted and the bytes of that type; the file is committed to the store before the
 * row exists. Idempotent on the client's message id like a text message.
 */
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

/**
 * The one-to-one conversation between the caller and a patient's account (made if missing), under
 * the pair rule of the chat: for another area that sends the patient a file (clinical documents).
 * A patient without an account gets a French 400, before the caller's area changes anything.
 */
export async function patientConversation(ctx: StoreCtx, caller: Caller, patientId: string): Promise<string> {
  assertChats(caller);
  const [account] = await repo.patientAccounts(ctx.db, callerScope(caller), [patientId]);
  if (!account) throw badRequest(CHAT_MESSAGES.patientWithoutAccount, 'chat_patient_without_account');
  return (await directWith(ctx, caller, await contactForCaller(ctx, caller, account.id))).id;
}

/** A file another area made (a signed PDF), posted like an upload: same checks, store, delivery and journal. */
export async function sendFile(ctx: StoreCtx, caller: Caller, chatId: string, input: { fileName: string; bytes: Buffer; messageText: string }) {
  const file = await ctx.storage.stage(Readable.from([input.bytes]), input.bytes.length + 1);
  return sendAttachment(ctx, caller, chatId, { fileName: input.fileName, file, messageText: input.messageText });
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
