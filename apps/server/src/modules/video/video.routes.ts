import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '@wellbe/shared/schemas/fields';
import { noContent } from '@wellbe/shared/schemas/responses';
import {
  videoAppointmentParams,
  videoCallResponse,
  videoEndResponse,
  videoInviteInput,
  videoJoinInput,
  videoJoinResponse,
  videoTokenInput,
  videoTokenResponse,
} from '@wellbe/shared/schemas/video';
import { callerOf } from '../../plugins/authenticate.ts';
import * as video from './video.service.ts';
import './video.signal.ts';

// Téléconsultation (REST side): the call of an appointment, call tokens, joins and the host's
// actions. The signalling goes through /api/ws (video.signal.ts); the media never reach the server.
export async function videoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['video'];
  r.get('/api/video/appointments/:appointmentId', {
    config: { access: 'video', patientData: true },
    schema: { params: videoAppointmentParams, response: { 200: videoCallResponse }, tags, summary: 'La téléconsultation d’un rendez-vous' },
    handler: async (request) => ({ success: true, data: await video.callOf(app.ctx, callerOf(request), request.params.appointmentId) }),
  });
  r.post('/api/video/appointments/:appointmentId/token', {
    config: { access: 'video', patientData: true },
    schema: { params: videoAppointmentParams, body: videoTokenInput, response: { 200: videoTokenResponse }, tags, summary: 'Un jeton d’appel (1 minute, usage unique)' },
    handler: async (request) => ({ success: true, data: await video.callToken(app.ctx, callerOf(request), request.params.appointmentId, request.body) }),
  });
  r.post('/api/video/join', {
    config: { access: 'video', patientData: true },
    schema: { body: videoJoinInput, response: { 200: videoJoinResponse }, tags, summary: 'Rejoindre la téléconsultation avec un jeton d’appel' },
    handler: async (request) => ({ success: true, data: await video.join(app.ctx, callerOf(request), request.body.token) }),
  });
  r.post('/api/video/joins/:id/heartbeat', {
    config: { access: 'video', patientData: true },
    schema: { params: idParams, response: { 200: videoCallResponse }, tags, summary: 'Toujours là (reconnexion sans nouvelle admission)' },
    handler: async (request) => ({ success: true, data: await video.heartbeat(app.ctx, callerOf(request), request.params.id) }),
  });
  r.post('/api/video/joins/:id/leave', {
    config: { access: 'video', patientData: true },
    schema: { params: idParams, response: { 204: noContent }, tags, summary: 'Quitter la téléconsultation' },
    handler: async (request, reply) => {
      await video.leave(app.ctx, callerOf(request), request.params.id);
      return reply.code(204).send();
    },
  });
  r.post('/api/video/calls/:id/admit', {
    config: { access: 'videoHost', patientData: true },
    schema: { params: idParams, response: { 200: videoCallResponse }, tags, summary: 'Admettre le patient de la salle d’attente' },
    handler: async (request) => ({ success: true, data: await video.admit(app.ctx, callerOf(request), request.params.id) }),
  });
  r.post('/api/video/calls/:id/invite', {
    config: { access: 'videoHost', patientData: true },
    schema: { params: idParams, body: videoInviteInput, response: { 200: videoCallResponse }, tags, summary: 'Inviter un confrère de l’organisation' },
    handler: async (request) => ({ success: true, data: await video.invite(app.ctx, callerOf(request), request.params.id, request.body.userId) }),
  });
  r.post('/api/video/calls/:id/end', {
    config: { access: 'videoHost', patientData: true },
    schema: { params: idParams, response: { 200: videoEndResponse }, tags, summary: 'Raccrocher : fin de la téléconsultation' },
    handler: async (request) => ({ success: true, data: await video.end(app.ctx, callerOf(request), request.params.id) }),
  });
}
