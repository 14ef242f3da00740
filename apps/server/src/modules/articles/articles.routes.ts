import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ARTICLE_MESSAGES,
  articleAnswer,
  articleFeedAnswer,
  articleImageAnswer,
  articleInputSchema,
  articleListQuerySchema,
  articlePageAnswer,
  articlePatchSchema,
  articleStatusSchema,
  articleVersionsAnswer,
  COVER_MAX_BYTES,
} from '@wellbe/shared/schemas/articles';
import { AppError, badRequest } from '../../lib/errors.ts';
import { callerOf } from '../../lib/request.ts';
import * as articles from './articles.service.ts';
import { fileAnswer, noContent } from '@wellbe/shared/schemas/responses';

const tags = ['articles'];
const idParams = z.object({ id: z.uuid() });

async function imageBytes(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(ARTICLE_MESSAGES.coverNotImage, 'image_missing');
  const file = await request.file({ limits: { fileSize: COVER_MAX_BYTES, files: 1 } });
  if (!file) throw badRequest(ARTICLE_MESSAGES.coverNotImage, 'image_missing');
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'payload_too_large', ARTICLE_MESSAGES.coverTooLarge);
    throw err;
  }
}

// Articles (issue 20): DE writes them (SPEC §6 /articles is developer-only); every signed-in user
// reads the published ones of their audience ("À lire"); a practice pins some for its patients.
export async function articleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  // Readers.
  r.get('/api/articles/feed', { config: { access: 'dashboard' }, schema: { response: { 200: articleFeedAnswer }, tags, summary: '« À lire » : les articles publiés pour mon public' } }, async (request) => ({
    success: true,
    data: await articles.feed(ctx, callerOf(request)),
  }));

  r.get('/api/articles/read/:slug', { config: { access: 'dashboard' }, schema: { response: { 200: articleAnswer }, params: z.object({ slug: z.string().max(100) }), tags, summary: 'Lire un article publié' } }, async (request) => ({
    success: true,
    data: await articles.readBySlug(ctx, callerOf(request), request.params.slug),
  }));

  // Open on purpose: an <img> sends no bearer token. The hash is unguessable and only the images
  // an article holds are served.
  r.get('/api/articles/images/:hash', { config: { access: 'open' }, schema: { response: { 200: fileAnswer('Image de l’article', 'image/jpeg') }, params: z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/) }), tags, summary: 'Image d’un article' } }, async (request, reply) => {
    const stream = await articles.image(ctx, request.params.hash);
    return reply.type('image/jpeg').header('Content-Disposition', 'inline').header('X-Content-Type-Options', 'nosniff').send(stream);
  });

  r.put('/api/articles/:id/pin', { config: { access: 'dpsWrite' }, schema: { response: { 204: noContent }, params: idParams, body: z.object({ pinned: z.boolean() }), tags, summary: 'Épingler un article pour les patients de mon cabinet' } }, async (request, reply) => {
    await articles.pin(ctx, callerOf(request), request.params.id, request.body.pinned);
    reply.status(204).send();
  });

  // DE's editing.
  r.get('/api/articles', { config: { access: 'developer' }, schema: { response: { 200: articlePageAnswer }, querystring: articleListQuerySchema, tags, summary: 'Articles (filtre de statut, recherche)' } }, async (request) => ({
    success: true,
    data: await articles.list(ctx, request.query),
  }));

  r.post('/api/articles', { config: { access: 'developer' }, bodyLimit: 2_000_000, schema: { response: { 201: articleAnswer }, body: articleInputSchema, tags, summary: 'Nouvel article (brouillon)' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await articles.create(ctx, callerOf(request), request.body) };
  });

  r.get('/api/articles/:id', { config: { access: 'developer' }, schema: { response: { 200: articleAnswer }, params: idParams, tags, summary: 'Un article (rédaction)' } }, async (request) => ({
    success: true,
    data: await articles.read(ctx, request.params.id),
  }));

  r.patch('/api/articles/:id', { config: { access: 'developer' }, bodyLimit: 2_000_000, schema: { response: { 200: articleAnswer }, params: idParams, body: articlePatchSchema, tags, summary: 'Enregistrer un article (sauvegarde automatique)' } }, async (request) => ({
    success: true,
    data: await articles.update(ctx, callerOf(request), request.params.id, request.body),
  }));

  r.post('/api/articles/:id/status', { config: { access: 'developer' }, schema: { response: { 200: articleAnswer }, params: idParams, body: articleStatusSchema, tags, summary: 'Changer le statut (relu, publié, archivé)' } }, async (request) => ({
    success: true,
    data: await articles.setStatus(ctx, callerOf(request), request.params.id, request.body.status),
  }));

  r.get('/api/articles/:id/versions', { config: { access: 'developer' }, schema: { response: { 200: articleVersionsAnswer }, params: idParams, tags, summary: 'Versions enregistrées' } }, async (request) => ({
    success: true,
    data: await articles.versions(ctx, request.params.id),
  }));

  r.post('/api/articles/:id/versions/:versionId/restore', { config: { access: 'developer' }, schema: { response: { 200: articleAnswer }, params: z.object({ id: z.uuid(), versionId: z.uuid() }), tags, summary: 'Restaurer une version' } }, async (request) => ({
    success: true,
    data: await articles.restore(ctx, callerOf(request), request.params.id, request.params.versionId),
  }));

  r.post('/api/articles/:id/cover', { config: { access: 'developer' }, schema: { response: { 200: articleAnswer }, params: idParams, tags, summary: 'Image de couverture (JPEG, PNG ou WebP, 5 Mo au plus)', consumes: ['multipart/form-data'] } }, async (request) => ({
    success: true,
    data: await articles.setCover(ctx, callerOf(request), request.params.id, await imageBytes(request)),
  }));

  r.post('/api/articles/:id/images', { config: { access: 'developer' }, schema: { response: { 201: articleImageAnswer }, params: idParams, tags, summary: 'Image insérée dans le texte', consumes: ['multipart/form-data'] } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await articles.addImage(ctx, callerOf(request), request.params.id, await imageBytes(request)) };
  });
}
