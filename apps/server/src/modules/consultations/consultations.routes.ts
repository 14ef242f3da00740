import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONSULTATION_BODY_LIMIT, consultationDetailAnswer, consultationUpdateBodySchema } from '@wellbe/shared/schemas/consultations';
import { addendumAnswer, addendumInputSchema, historyAnswer, historyQuerySchema, signAnswer } from '@wellbe/shared/schemas/history';
import { callerOf } from '../../plugins/authenticate.ts';
import { readConsultation, updateConsultation } from './consultations.service.ts';
import { addAddendum, consultationHistory, signConsultation } from './consultations.lock.service.ts';

const params = z.object({ id: z.uuid() });

// REST edit mode of the consultation panel: read one consultation, update it with its version;
// issue 32: its history, its signature, its addenda.
export async function consultationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/consultations/:id', {
    config: { access: 'dps', patientData: true },
    schema: { response: { 200: consultationDetailAnswer }, params, tags: ['consultations'], summary: 'Lire une consultation' },
    handler: async (request) => ({ success: true, data: await readConsultation(app.ctx, callerOf(request), request.params.id) }),
  });
  r.put('/api/consultations/:id', {
    bodyLimit: CONSULTATION_BODY_LIMIT,
    config: { access: 'dpsWrite', patientData: true },
    schema: { response: { 200: consultationDetailAnswer }, params, body: consultationUpdateBodySchema, tags: ['consultations'], summary: 'Modifier une consultation (version)' },
    handler: async (request) => ({
      success: true,
      data: await updateConsultation(app.ctx, callerOf(request), request.params.id, request.body.version, request.body.consultation),
    }),
  });
  r.get('/api/consultations/:id/history', {
    config: { access: 'dps', patientData: true },
    schema: { response: { 200: historyAnswer }, params, querystring: historyQuerySchema, tags: ['consultations'], summary: 'Historique d’une consultation (versions)' },
    handler: async (request) => ({ success: true, ...(await consultationHistory(app.ctx, callerOf(request), request.params.id, request.query)) }),
  });
  r.post('/api/consultations/:id/sign', {
    config: { access: 'dpsWrite', patientData: true },
    schema: { response: { 200: signAnswer }, params, tags: ['consultations'], summary: 'Signer (et verrouiller) sa consultation' },
    handler: async (request) => {
      await signConsultation(app.ctx, callerOf(request), request.params.id);
      return { success: true };
    },
  });
  r.post('/api/consultations/:id/addenda', {
    config: { access: 'dpsWrite', patientData: true },
    schema: { response: { 200: addendumAnswer }, params, body: addendumInputSchema, tags: ['consultations'], summary: 'Ajouter un complément à une consultation' },
    handler: async (request) => ({ success: true, data: await addAddendum(app.ctx, callerOf(request), request.params.id, request.body.text) }),
  });
}
