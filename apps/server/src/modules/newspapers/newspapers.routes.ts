import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ARTICLE_MESSAGES,
  newsletterAnswer,
  newsletterInputSchema,
  newsletterListAnswer,
  newsletterPatchSchema,
  newsletterPreviewAnswer,
  newsletterSendSchema,
  newsletterSubscriptionAnswer,
  newsletterUnsubscribeSchema,
  unsubscribedAnswer,
  unsubscribeLinkAnswer,
} from '@wellbe/shared/schemas/articles';
import { badRequest } from '../../lib/errors.ts';
import { actorOf, callerOf } from '../../lib/request.ts';
import * as newspapers from './newspapers.service.ts';

const tags = ['newspapers'];
const idParams = z.object({ id: z.uuid() });
const tokenQuery = z.object({ token: z.string().max(500).optional() });

// Newsletters (issue 20): DE writes and sends them (SPEC §6 /newspapers is developer-only); every
// signed-in user chooses in /profile whether to receive them; the unsubscribe link needs no sign-in.
export async function newspaperRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  // RFC 8058: a mail client unsubscribes in one click with a form POST "List-Unsubscribe=One-Click".
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 2048 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // The reader's opt-in (/profile).
  r.get('/api/newspapers/subscription', { config: { access: 'authenticated' }, schema: { response: { 200: newsletterSubscriptionAnswer }, tags, summary: 'Recevoir la lettre d’information : mon choix' } }, async (request) => ({
    success: true,
    data: await newspapers.subscription(ctx, callerOf(request)),
  }));

  r.put('/api/newspapers/subscription', { config: { access: 'authenticated' }, schema: { response: { 200: newsletterSubscriptionAnswer }, body: z.object({ subscribed: z.boolean() }), tags, summary: 'Recevoir ou non la lettre d’information' } }, async (request) => ({
    success: true,
    data: await newspapers.subscribe(ctx, callerOf(request), request.body.subscribed),
  }));

  // Open on purpose: the link of the mail, signed for its recipient, works without sign-in.
  r.get('/api/newspapers/unsubscribe', { config: { access: 'open' }, schema: { response: { 200: unsubscribeLinkAnswer }, querystring: newsletterUnsubscribeSchema, tags, summary: 'Vérifier un lien de désinscription' } }, async (request) => ({
    success: true,
    data: await newspapers.checkToken(ctx, request.query.token),
  }));

  r.post(
    '/api/newspapers/unsubscribe',
    { config: { access: 'open' }, schema: { response: { 200: unsubscribedAnswer }, querystring: tokenQuery, body: z.looseObject({ token: z.string().max(500).optional() }).optional(), tags, summary: 'Se désinscrire en un clic (lien signé)' } },
    async (request) => {
      const token = request.body?.token ?? request.query.token;
      if (!token) throw badRequest(ARTICLE_MESSAGES.unsubscribeInvalid, 'invalid_token');
      return { success: true, data: await newspapers.unsubscribe(ctx, actorOf(request), token) };
    },
  );

  // DE's writing and sending.
  r.get('/api/newspapers', { config: { access: 'developer' }, schema: { response: { 200: newsletterListAnswer }, tags, summary: 'Lettres d’information (statut, statistiques)' } }, async () => ({
    success: true,
    data: await newspapers.list(ctx),
  }));

  r.post('/api/newspapers', { config: { access: 'developer' }, schema: { response: { 201: newsletterAnswer }, body: newsletterInputSchema, tags, summary: 'Nouvelle lettre (brouillon)' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await newspapers.create(ctx, callerOf(request), request.body) };
  });

  r.get('/api/newspapers/:id', { config: { access: 'developer' }, schema: { response: { 200: newsletterAnswer }, params: idParams, tags, summary: 'Une lettre' } }, async (request) => ({
    success: true,
    data: await newspapers.read(ctx, request.params.id),
  }));

  r.patch('/api/newspapers/:id', { config: { access: 'developer' }, schema: { response: { 200: newsletterAnswer }, params: idParams, body: newsletterPatchSchema, tags, summary: 'Modifier une lettre (avant son envoi)' } }, async (request) => ({
    success: true,
    data: await newspapers.update(ctx, callerOf(request), request.params.id, request.body),
  }));

  r.get('/api/newspapers/:id/preview', { config: { access: 'developer' }, schema: { response: { 200: newsletterPreviewAnswer }, params: idParams, tags, summary: 'Aperçu du mail' } }, async (request) => ({
    success: true,
    data: await newspapers.preview(ctx, callerOf(request), request.params.id),
  }));

  r.post('/api/newspapers/:id/send', { config: { access: 'developer' }, schema: { response: { 200: newsletterAnswer }, params: idParams, body: newsletterSendSchema, tags, summary: 'Envoyer maintenant, ou programmer à une date' } }, async (request) => ({
    success: true,
    data: await newspapers.send(ctx, callerOf(request), request.params.id, request.body.scheduledAt),
  }));

  r.post('/api/newspapers/:id/unschedule', { config: { access: 'developer' }, schema: { response: { 200: newsletterAnswer }, params: idParams, tags, summary: 'Annuler la programmation' } }, async (request) => ({
    success: true,
    data: await newspapers.unschedule(ctx, callerOf(request), request.params.id),
  }));
}
