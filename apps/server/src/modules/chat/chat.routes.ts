import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  attachmentFieldsSchema,
  chatContactsAnswer,
  chatSchema,
  chatUserSchema,
  conversationListAnswer,
  conversationSummarySchema,
  getChatAnswer,
  getChatQuerySchema,
  groupInputSchema,
  groupMemberRemovedAnswer,
  groupMembersSchema,
  groupPatchSchema,
  historyAnswer,
  historyQuerySchema,
  markReadSchema,
  readMarkAnswer,
  sendMessageAnswer,
  sendMessageSchema,
  sentMessageAnswer,
  supportMessageSchema,
  supportPatchSchema,
  unreadAnswer,
  userDataSchema,
} from '@wellbe/shared/schemas/chat';
import { DOCUMENT_MESSAGES } from '@wellbe/shared/schemas/documents';
import { badRequest } from '../../lib/errors.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import type { ReceivedFile } from '../documents/documents.storage.ts';
import * as chat from './chat.service.ts';
import { idParams, uuidId } from '@wellbe/shared/schemas/fields';
import { fileAnswer } from '@wellbe/shared/schemas/responses';

const tags = ['chat'];
const memberParams = idParams.extend({ userId: uuidId() });

// Messaging (issue 16): the SPEC §7 /api/chat/* calls with their shapes, plus REST for history
// paging, read marks and groups, and the support conversation. Conversations with a patient are
// patient data (patientData: a refusal is journalled; reads are journalled by the service).
export async function chatRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const access = 'chats' as const;

  r.get('/api/chat/contacts', { config: { access }, schema: { response: { 200: chatContactsAnswer }, tags, summary: 'SPEC §7 contacts du chat (statut, humeur, non lus)' } }, async (request) => chat.contacts(ctx, callerOf(request)));
  r.get('/api/chat/get-chat', { config: { access, patientData: true }, schema: { response: { 200: getChatAnswer }, querystring: getChatQuerySchema, tags, summary: 'SPEC §7 ouvre ou crée la conversation (chat, userChatList)' } }, async (request) =>
    chat.getChat(ctx, callerOf(request), request.query),
  );
  r.get('/api/chat/user', { config: { access }, schema: { response: { 200: chatUserSchema }, tags, summary: 'SPEC §7 utilisateur du chat (statut, humeur, chatList)' } }, async (request) => chat.chatUser(ctx, callerOf(request)));
  r.post('/api/chat/user/data', { config: { access }, schema: { response: { 200: chatUserSchema }, body: userDataSchema, tags, summary: 'SPEC §7 statut et humeur' } }, async (request) => chat.updateChatUser(ctx, callerOf(request), request.body));
  r.post('/api/chat/send-message', { config: { access, patientData: true }, schema: { response: { 200: sendMessageAnswer }, body: sendMessageSchema, tags, summary: 'SPEC §7 envoyer un message (idempotent sur son id)' } }, async (request) =>
    chat.sendMessage(ctx, callerOf(request), request.body),
  );
  r.get('/api/chat/unread', { config: { access: 'authenticated' }, schema: { response: { 200: unreadAnswer }, tags, summary: 'Messages non lus (badge, titre de l’onglet)' } }, async (request) => chat.unreadTotal(ctx, callerOf(request)));
  r.get('/api/chat/conversations', { config: { access }, schema: { response: { 200: conversationListAnswer }, tags, summary: 'Mes conversations (/messaging)' } }, async (request) => chat.conversations(ctx, callerOf(request)));
  r.post('/api/chat/conversations', { config: { access: 'chatGroups' }, schema: { response: { 201: conversationSummarySchema }, body: groupInputSchema, tags, summary: 'Créer une conversation de groupe (équipe)' } }, async (request, reply) => {
    reply.status(201);
    return chat.createGroup(ctx, callerOf(request), request.body);
  });
  r.get('/api/chat/conversations/:id/messages', { config: { access, patientData: true }, schema: { response: { 200: historyAnswer }, params: idParams, querystring: historyQuerySchema, tags, summary: 'Historique (curseur, 50 par page)' } }, async (request) =>
    chat.messages(ctx, callerOf(request), request.params.id, request.query),
  );
  r.post('/api/chat/conversations/:id/read', { config: { access }, schema: { response: { 200: readMarkAnswer }, params: idParams, body: markReadSchema, tags, summary: 'Marquer comme lu' } }, async (request) =>
    chat.markRead(ctx, callerOf(request), request.params.id, request.body.seq),
  );

  // Group management (staff): rename and add (members), remove (creator), leave (oneself).
  r.patch('/api/chat/conversations/:id', { config: { access: 'chatGroups' }, schema: { response: { 200: chatSchema }, params: idParams, body: groupPatchSchema, tags, summary: 'Renommer une conversation de groupe' } }, async (request) =>
    chat.renameGroup(ctx, callerOf(request), request.params.id, request.body),
  );
  r.post('/api/chat/conversations/:id/members', { config: { access: 'chatGroups' }, schema: { response: { 200: chatSchema }, params: idParams, body: groupMembersSchema, tags, summary: 'Ajouter des membres à un groupe' } }, async (request) =>
    chat.addGroupMembers(ctx, callerOf(request), request.params.id, request.body),
  );
  r.delete('/api/chat/conversations/:id/members/:userId', { config: { access: 'chatGroups' }, schema: { response: { 200: groupMemberRemovedAnswer }, params: memberParams, tags, summary: 'Retirer un membre (créateur) ou quitter le groupe' } }, async (request) =>
    chat.removeGroupMember(ctx, callerOf(request), request.params.id, request.params.userId),
  );

  // Attachments: multipart (one `file` part, optional messageText and id), checked like a document.
  r.post('/api/chat/conversations/:id/attachments', { config: { access, patientData: true }, schema: { response: { 201: sentMessageAnswer }, params: idParams, tags, summary: 'Envoyer une pièce jointe (multipart)' } }, async (request, reply) => {
    const { uploadLimitBytes } = await chat.attachmentTarget(ctx, callerOf(request), request.params.id);
    if (!request.isMultipart()) throw badRequest(DOCUMENT_MESSAGES.missingFile, 'not_multipart');
    const fields: Record<string, string> = {};
    let file: ReceivedFile | null = null;
    let fileName = '';
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (file) throw badRequest(DOCUMENT_MESSAGES.oneFile, 'too_many_files');
          fileName = part.filename;
          file = await ctx.storage.stage(part.file, uploadLimitBytes);
        } else fields[part.fieldname] = String(part.value);
      }
      if (!file || file.size === 0) throw badRequest(DOCUMENT_MESSAGES.missingFile, 'missing_file');
    } catch (err) {
      await ctx.storage.discard(file);
      if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw badRequest(DOCUMENT_MESSAGES.oneFile, 'too_many_files');
      throw err;
    }
    const parsed = attachmentFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      await ctx.storage.discard(file);
      throw badRequest(parsed.error.issues[0]?.message ?? DOCUMENT_MESSAGES.missingField, 'validation');
    }
    reply.status(201);
    return chat.sendAttachment(ctx, callerOf(request), request.params.id, { ...parsed.data, fileName, file });
  });
  r.get('/api/chat/attachments/:id', { config: { access, patientData: true }, schema: { response: { 200: fileAnswer('La pièce jointe', 'application/octet-stream') }, params: idParams, tags, summary: 'Télécharger une pièce jointe (membres seulement)' } }, async (request, reply) => {
    const file = await chat.openAttachment(ctx, callerOf(request), request.params.id);
    reply
      .header('Content-Type', file.mimeType)
      .header('Content-Length', String(file.size))
      .header('Content-Disposition', contentDisposition(file.previewable ? 'inline' : 'attachment', file.fileName))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return reply.send(file.stream);
  });

  // Support: the user menu's 'Support' (PA, SA) and the WellBe desk (/support-chat, DE).
  r.get('/api/chat/support', { config: { access: 'support' }, schema: { response: { 200: chatSchema }, tags, summary: 'Ma conversation avec le support WellBe' } }, async (request) => chat.mySupport(ctx, callerOf(request)));
  r.post('/api/chat/support/messages', { config: { access: 'support' }, schema: { response: { 200: sentMessageAnswer }, body: supportMessageSchema, tags, summary: 'Écrire au support WellBe' } }, async (request) =>
    chat.sendSupport(ctx, callerOf(request), request.body),
  );
  r.post('/api/chat/support/read', { config: { access: 'support' }, schema: { response: { 200: readMarkAnswer }, tags, summary: 'Marquer ma conversation de support comme lue' } }, async (request) =>
    chat.markSupportRead(ctx, callerOf(request)),
  );
  r.get('/api/chat/support-desk', { config: { access: 'developer' }, schema: { response: { 200: conversationListAnswer }, tags, summary: 'Support WellBe : toutes les demandes' } }, async (request) => chat.supportDesk(ctx, callerOf(request)));
  r.get('/api/chat/support-desk/:id', { config: { access: 'developer' }, schema: { response: { 200: chatSchema }, params: idParams, tags, summary: 'Support WellBe : une demande' } }, async (request) =>
    chat.supportChat(ctx, callerOf(request), request.params.id),
  );
  r.post('/api/chat/support-desk/:id/messages', { config: { access: 'developer' }, schema: { response: { 200: sentMessageAnswer }, params: idParams, body: supportMessageSchema, tags, summary: 'Support WellBe : répondre' } }, async (request) =>
    chat.answerSupport(ctx, callerOf(request), request.params.id, request.body),
  );
  r.patch('/api/chat/support-desk/:id', { config: { access: 'developer' }, schema: { response: { 200: chatSchema }, params: idParams, body: supportPatchSchema, tags, summary: 'Support WellBe : ouvrir, clore, assigner' } }, async (request) =>
    chat.patchSupport(ctx, callerOf(request), request.params.id, request.body),
  );
}
