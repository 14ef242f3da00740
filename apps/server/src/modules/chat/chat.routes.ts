import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getChatQuerySchema, groupInputSchema, historyQuerySchema, markReadSchema, sendMessageSchema, supportMessageSchema, supportPatchSchema, userDataSchema } from '@wellbe/shared/schemas/chat';
import { callerOf } from '../../plugins/authenticate.ts';
import * as chat from './chat.service.ts';

const tags = ['chat'];
const idParams = z.object({ id: z.string().max(64) });

// Messaging (issue 16): the SPEC §7 /api/chat/* calls with their shapes, plus REST for history
// paging, read marks and groups, and the support conversation. Conversations with a patient are
// patient data (patientData: a refusal is journalled; reads are journalled by the service).
export async function chatRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const access = 'chats' as const;

  r.get('/api/chat/contacts', { config: { access }, schema: { tags, summary: 'SPEC §7 contacts du chat (statut, humeur, non lus)' } }, async (request) => chat.contacts(ctx, callerOf(request)));
  r.get('/api/chat/get-chat', { config: { access, patientData: true }, schema: { querystring: getChatQuerySchema, tags, summary: 'SPEC §7 ouvre ou crée la conversation (chat, userChatList)' } }, async (request) =>
    chat.getChat(ctx, callerOf(request), request.query),
  );
  r.get('/api/chat/user', { config: { access }, schema: { tags, summary: 'SPEC §7 utilisateur du chat (statut, humeur, chatList)' } }, async (request) => chat.chatUser(ctx, callerOf(request)));
  r.post('/api/chat/user/data', { config: { access }, schema: { body: userDataSchema, tags, summary: 'SPEC §7 statut et humeur' } }, async (request) => chat.updateChatUser(ctx, callerOf(request), request.body));
  r.post('/api/chat/send-message', { config: { access, patientData: true }, schema: { body: sendMessageSchema, tags, summary: 'SPEC §7 envoyer un message (idempotent sur son id)' } }, async (request) =>
    chat.sendMessage(ctx, callerOf(request), request.body),
  );
  r.get('/api/chat/unread', { config: { access: 'authenticated' }, schema: { tags, summary: 'Messages non lus (badge, titre de l’onglet)' } }, async (request) => chat.unreadTotal(ctx, callerOf(request)));
  r.get('/api/chat/conversations', { config: { access }, schema: { tags, summary: 'Mes conversations (/messaging)' } }, async (request) => chat.conversations(ctx, callerOf(request)));
  r.post('/api/chat/conversations', { config: { access }, schema: { body: groupInputSchema, tags, summary: 'Créer une conversation de groupe (équipe)' } }, async (request, reply) => {
    reply.status(201);
    return chat.createGroup(ctx, callerOf(request), request.body);
  });
  r.get('/api/chat/conversations/:id/messages', { config: { access, patientData: true }, schema: { params: idParams, querystring: historyQuerySchema, tags, summary: 'Historique (curseur, 50 par page)' } }, async (request) =>
    chat.messages(ctx, callerOf(request), request.params.id, request.query),
  );
  r.post('/api/chat/conversations/:id/read', { config: { access }, schema: { params: idParams, body: markReadSchema, tags, summary: 'Marquer comme lu' } }, async (request) =>
    chat.markRead(ctx, callerOf(request), request.params.id, request.body.seq),
  );

  // Support: the user menu's 'Support' (PA, SA) and the WellBe desk (/support-chat, DE).
  r.get('/api/chat/support', { config: { access: 'support' }, schema: { tags, summary: 'Ma conversation avec le support WellBe' } }, async (request) => chat.mySupport(ctx, callerOf(request)));
  r.post('/api/chat/support/messages', { config: { access: 'support' }, schema: { body: supportMessageSchema, tags, summary: 'Écrire au support WellBe' } }, async (request) =>
    chat.sendSupport(ctx, callerOf(request), request.body),
  );
  r.post('/api/chat/support/read', { config: { access: 'support' }, schema: { tags, summary: 'Marquer ma conversation de support comme lue' } }, async (request) => {
    const mine = await chat.mySupport(ctx, callerOf(request));
    return chat.markRead(ctx, callerOf(request), mine.id);
  });
  r.get('/api/chat/support-desk', { config: { access: 'developer' }, schema: { tags, summary: 'Support WellBe : toutes les demandes' } }, async (request) => chat.supportDesk(ctx, callerOf(request)));
  r.get('/api/chat/support-desk/:id', { config: { access: 'developer' }, schema: { params: idParams, tags, summary: 'Support WellBe : une demande' } }, async (request) =>
    chat.supportChat(ctx, callerOf(request), request.params.id),
  );
  r.post('/api/chat/support-desk/:id/messages', { config: { access: 'developer' }, schema: { params: idParams, body: supportMessageSchema, tags, summary: 'Support WellBe : répondre' } }, async (request) =>
    chat.answerSupport(ctx, callerOf(request), request.params.id, request.body),
  );
  r.patch('/api/chat/support-desk/:id', { config: { access: 'developer' }, schema: { params: idParams, body: supportPatchSchema, tags, summary: 'Support WellBe : ouvrir, clore, assigner' } }, async (request) =>
    chat.patchSupport(ctx, callerOf(request), request.params.id, request.body),
  );
}
