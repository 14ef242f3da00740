import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LOGO_MAX_BYTES,
  organisationAnswer,
  organisationListQuerySchema,
  organisationPageAnswer,
  organisationSchema,
  organisationSettingsAnswer,
  organisationUpdateSchema,
  practiceContactAnswer,
} from '@wellbe/shared/schemas/organisations';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import { getOrganisationSettings, ORGANISATION_MESSAGES, OrganisationsService } from './organisations.service.ts';
import { fileAnswer } from '@wellbe/shared/schemas/responses';

const idParams = z.object({ id: z.uuid() });

// /organizations: data and actions for the organisation group (SA, DE), SPEC §6.
export async function organisationRoutes(app: FastifyInstance) {
  const service = new OrganisationsService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['organisations'];

  r.get('/api/organisations', {
    config: { access: 'organisation' },
    schema: { response: { 200: organisationPageAnswer }, tags, summary: 'Organisations, avec leurs nombres d’utilisateurs et de patients', querystring: organisationListQuerySchema },
    handler: async (request) => ({ success: true, ...(await service.list(callerOf(request), request.query)) }),
  });

  r.post('/api/organisations', {
    config: { access: 'organisationWrite' },
    schema: { response: { 201: organisationAnswer }, tags, summary: 'Créer une organisation', body: organisationSchema },
    handler: async (request, reply) => reply.status(201).send({ success: true, data: await service.create(callerOf(request), request.body) }),
  });

  // The signed-in user's organisation settings, which the web app applies (language, navbar, time zone).
  r.get('/api/organisations/current/settings', {
    config: { access: 'authenticated' },
    schema: { response: { 200: organisationSettingsAnswer }, tags, summary: 'Paramètres de l’organisation de l’utilisateur connecté' },
    handler: async (request) => ({ success: true, data: await getOrganisationSettings(app.ctx, callerOf(request).organizationId) }),
  });

  // The support page of PA and SA: how to reach their own practice (name and public contact only).
  r.get('/api/organisations/current/contact', {
    config: { access: 'support' },
    schema: { response: { 200: practiceContactAnswer }, tags, summary: 'Coordonnées du cabinet de l’utilisateur connecté (page Support)' },
    handler: async (request) => ({ success: true, data: await service.currentContact(callerOf(request)) }),
  });

  r.get('/api/organisations/:id', {
    config: { access: 'organisation' },
    schema: { response: { 200: organisationAnswer }, tags, summary: 'Une organisation', params: idParams },
    handler: async (request) => ({ success: true, data: await service.read(callerOf(request), request.params.id) }),
  });

  r.patch('/api/organisations/:id', {
    config: { access: 'organisationWrite' },
    schema: { response: { 200: organisationAnswer }, tags, summary: 'Modifier, désactiver ou réactiver une organisation', params: idParams, body: organisationUpdateSchema },
    handler: async (request) => ({ success: true, data: await service.update(callerOf(request), request.params.id, request.body) }),
  });

  r.put('/api/organisations/:id/logo', {
    config: { access: 'organisationWrite' },
    schema: { response: { 200: organisationAnswer }, tags, summary: 'Logo (PNG, JPEG ou WebP, 2 Mo au plus)', params: idParams, consumes: ['multipart/form-data'] },
    handler: async (request) => {
      if (!request.isMultipart()) throw badRequest(ORGANISATION_MESSAGES.logoMissing, 'logo_missing');
      const file = await request.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
      if (!file) throw badRequest(ORGANISATION_MESSAGES.logoMissing, 'logo_missing');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'payload_too_large', ORGANISATION_MESSAGES.logoTooLarge);
        throw err;
      }
      return { success: true, data: await service.setLogo(callerOf(request), request.params.id, bytes) };
    },
  });

  // Open on purpose: an <img> sends no bearer token; the file name is the hash of the image.
  r.get('/api/organisations/:id/logo/:file', {
    config: { access: 'open' },
    schema: { response: { 200: fileAnswer('Logo', 'image/png') }, tags, summary: 'Image du logo', params: z.object({ id: z.uuid(), file: z.string().regex(/^[0-9a-f]{64}\.png$/) }) },
    handler: async (request, reply) => {
      const stream = await service.readLogo(request.params.id, request.params.file);
      return reply.type('image/png').header('Content-Disposition', 'inline').header('Cache-Control', 'public, max-age=31536000, immutable').send(stream);
    },
  });
}
