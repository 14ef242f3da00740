import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AVATAR_MAX_BYTES, PROFILE_MESSAGES, SIGNATURE_MAX_BYTES, phonesUpdateSchema, professionalIdsUpdateSchema, profileAnswer as profileAnswerSchema, profilePasswordAnswer, profileReadBody, userUpdateSchema, type Profile } from '@wellbe/shared/schemas/profile';
import { action, registerActions } from '../../plugins/actions.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import { ProfileService } from './profile.service.ts';
import { fileAnswer, noContent, okSchema } from '@wellbe/shared/schemas/responses';
import { deleteSignature, ownSignature, saveSignature } from './profile.signature.ts';

/**
 * SPEC §7 reads `data.data` as the profile while the profile screen reads the answer's `data` as the profile:
 * the answer's `data` is the profile and also carries it under `data`, so both readings hold.
 */
function profileAnswer(profile: Profile) {
  return { success: true, data: { ...profile, data: profile } };
}

/** The one image file of a multipart upload, refused in French when missing or over `maxBytes`. */
async function uploadedImage(request: FastifyRequest, maxBytes: number, tooLarge: string): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(PROFILE_MESSAGES.avatarMissing, 'avatar_missing');
  const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!file) throw badRequest(PROFILE_MESSAGES.avatarMissing, 'avatar_missing');
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'payload_too_large', tooLarge);
    throw err;
  }
}

// SPEC §7 POST /api/profil (actions read and updatePassword) and the profile photo.
export async function profileRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  const profiles = new ProfileService(app.ctx, auth);

  registerActions(
    app,
    '/api/profil',
    {
      read: action({
        access: 'profile',
        body: profileReadBody,
        response: profileAnswerSchema,
        handler: async (request, body) => profileAnswer(await profiles.read(callerOf(request), body)),
      }),
      updatePhones: action({
        access: 'profile',
        body: z.object({ userUpdate: phonesUpdateSchema }),
        response: profileAnswerSchema,
        handler: async (request, body) => profileAnswer(await profiles.updatePhones(callerOf(request), body.userUpdate)),
      }),
      updateProfessionalIds: action({
        access: 'profile',
        body: z.object({ userUpdate: professionalIdsUpdateSchema }),
        response: profileAnswerSchema,
        handler: async (request, body) => profileAnswer(await profiles.updateProfessionalIds(callerOf(request), body.userUpdate)),
      }),
      updatePassword: action({
        access: 'profile',
        body: z.object({ userUpdate: userUpdateSchema }),
        response: profilePasswordAnswer,
        handler: async (request, body) => {
          const { token, profile } = await profiles.updatePassword(callerOf(request), body.userUpdate, request.sessionId!);
          // The session that made the change goes on with this token.
          return { ...profileAnswer(profile), access_token: token };
        },
      }),
    },
    ['profile'],
  );

  app.withTypeProvider<ZodTypeProvider>().post('/api/profil/avatar', {
    config: { access: 'profile' },
    schema: { response: { 200: profileAnswerSchema }, tags: ['profile'], summary: 'Photo du profil (PNG ou JPEG, 2 Mo au plus)', consumes: ['multipart/form-data'] },
    handler: async (request) => profileAnswer(await profiles.saveAvatar(callerOf(request), await uploadedImage(request, AVATAR_MAX_BYTES, PROFILE_MESSAGES.avatarTooLarge))),
  });

  // The signature image drawn on the practitioner's documents: read back by its owner only.
  app.withTypeProvider<ZodTypeProvider>().post('/api/profil/signature', {
    config: { access: 'signatureImage' },
    schema: { response: { 200: okSchema }, tags: ['profile'], summary: 'Image de la signature (PNG ou JPEG, 1 Mo au plus)', consumes: ['multipart/form-data'] },
    handler: async (request) => {
      await saveSignature(app.ctx, callerOf(request), await uploadedImage(request, SIGNATURE_MAX_BYTES, PROFILE_MESSAGES.signatureTooLarge));
      return { success: true };
    },
  });
  // None yet is an answer, not an error: 204 (a 404 was logged as a failed load by the browser on every /profile).
  app.withTypeProvider<ZodTypeProvider>().get('/api/profil/signature', {
    config: { access: 'signatureImage' },
    schema: { response: { 200: fileAnswer('Image de la signature', 'image/png'), 204: noContent }, tags: ['profile'], summary: 'Ma signature (aperçu ; 204 sans signature enregistrée)' },
    handler: async (request, reply) => {
      const png = await ownSignature(app.ctx, callerOf(request));
      reply.header('Cache-Control', 'private, no-store');
      return png ? reply.type('image/png').send(png) : reply.status(204).send();
    },
  });
  app.withTypeProvider<ZodTypeProvider>().delete('/api/profil/signature', {
    config: { access: 'signatureImage' },
    schema: { response: { 200: okSchema }, tags: ['profile'], summary: 'Retirer ma signature' },
    handler: async (request) => {
      await deleteSignature(app.ctx, callerOf(request));
      return { success: true };
    },
  });

  // Open on purpose: an <img> sends no bearer token; the URL itself is the secret (profile.avatar.ts).
  app.withTypeProvider<ZodTypeProvider>().get('/api/profil/avatar/:userId/:file', {
    config: { access: 'open' },
    schema: {
      response: { 200: fileAnswer('Photo du profil', 'image/png') },
      tags: ['profile'],
      summary: 'Image de la photo du profil',
      params: z.object({ userId: z.uuid(), file: z.string().regex(/^[0-9a-f]{32}\.png$/) }),
    },
    handler: async (request, reply) => {
      const { userId, file } = request.params;
      const stream = await profiles.avatars.read(userId, file.slice(0, -'.png'.length));
      if (!stream) throw notFound();
      return reply.type('image/png').header('Content-Disposition', 'inline').send(stream);
    },
  });
}
