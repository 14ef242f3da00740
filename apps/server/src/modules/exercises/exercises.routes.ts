import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EXERCISE_MEDIA, exerciseAnswer, exercisePageAnswer, exerciseSearchQuerySchema, exerciseWriteSchema, SPORT_MESSAGES } from '@wellbe/shared/schemas/sport';
import { badRequest } from '../../lib/errors.ts';
import type { StagedFile } from '../../lib/storage/index.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import * as service from './exercises.service.ts';
import { idParams } from '@wellbe/shared/schemas/fields';
import { fileAnswer, okSchema } from '@wellbe/shared/schemas/responses';

const tags = ['exercises'];

// The exercise library behind /exercices and the program builder. SPEC §6: the program builders
// (the route table's group of /program/sportif/list) search and read it; practitioners (practitioner
// write) add and edit their organisation's exercises.
export async function exerciseRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  r.get('/api/exercises', { config: { access: 'dietetics' }, schema: { response: { 200: exercisePageAnswer }, querystring: exerciseSearchQuerySchema, tags, summary: 'Chercher dans la bibliothèque d’exercices' } }, async (request) => ({
    success: true,
    data: await service.searchExercises(ctx, callerOf(request), request.query),
  }));
  r.get('/api/exercises/:id', { config: { access: 'dietetics' }, schema: { response: { 200: exerciseAnswer }, params: idParams, tags, summary: 'Un exercice et ses consignes' } }, async (request) => ({
    success: true,
    data: await service.readExercise(ctx, callerOf(request), request.params.id),
  }));
  r.post('/api/exercises', { config: { access: 'practitionerWrite' }, schema: { response: { 201: exerciseAnswer }, body: exerciseWriteSchema, tags, summary: 'Ajouter un exercice de l’organisation' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await service.createExercise(ctx, callerOf(request), request.body) };
  });
  r.put('/api/exercises/:id', { config: { access: 'practitionerWrite' }, schema: { response: { 200: exerciseAnswer }, params: idParams, body: exerciseWriteSchema, tags, summary: 'Modifier un exercice' } }, async (request) => ({
    success: true,
    data: await service.updateExercise(ctx, callerOf(request), request.params.id, request.body),
  }));

  r.delete('/api/exercises/:id', { config: { access: 'practitionerWrite' }, schema: { response: { 200: okSchema }, params: idParams, tags, summary: 'Désactiver (archiver) un exercice de l’organisation' } }, async (request) => {
    await service.archiveExercise(ctx, callerOf(request), request.params.id);
    return { success: true };
  });

  // The exercise's image or short video, through the document store: one file, typed by its bytes
  // (JPEG, PNG, MP4, WebM), 5 MB for an image and 20 MB for a video.
  r.post('/api/exercises/:id/media', { config: { access: 'practitionerWrite' }, schema: { response: { 200: exerciseAnswer }, params: idParams, tags, summary: 'Image ou vidéo d’un exercice (multipart)', consumes: ['multipart/form-data'] } }, async (request) => {
    await service.editableExercise(ctx, callerOf(request), request.params.id);
    if (!request.isMultipart()) throw badRequest(SPORT_MESSAGES.mediaMissing, 'media_missing');
    let file: StagedFile | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (file) throw badRequest(SPORT_MESSAGES.mediaMissing, 'too_many_files');
          file = await ctx.storage.stage(part.file, EXERCISE_MEDIA.videoMaxBytes);
        }
      }
    } catch (err) {
      await ctx.storage.discard(file);
      if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw badRequest(SPORT_MESSAGES.mediaMissing, 'too_many_files');
      throw err;
    }
    return { success: true, data: await service.setExerciseMedia(ctx, callerOf(request), request.params.id, file) };
  });
  r.delete('/api/exercises/:id/media', { config: { access: 'practitionerWrite' }, schema: { response: { 200: exerciseAnswer }, params: idParams, tags, summary: 'Retirer l’image ou la vidéo d’un exercice' } }, async (request) => ({
    success: true,
    data: await service.removeExerciseMedia(ctx, callerOf(request), request.params.id),
  }));
  // Read by the program builders and by the patient whose program shows the exercise.
  r.get('/api/exercises/:id/media', { config: { access: 'dps' }, schema: { response: { 200: fileAnswer('Image ou vidéo de l’exercice', 'image/jpeg', 'image/png', 'image/webp', 'video/mp4') }, params: idParams, tags, summary: 'L’image ou la vidéo d’un exercice' } }, async (request, reply) => {
    const media = await service.openExerciseMedia(ctx, callerOf(request), request.params.id);
    reply
      .header('Content-Type', media.mime)
      .header('Content-Length', String(media.size))
      .header('Content-Disposition', 'inline')
      .header('Cache-Control', 'private, max-age=86400')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox");
    return reply.send(media.stream);
  });
}
