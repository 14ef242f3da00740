import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONSULTATION_BODY_LIMIT, consultationDetailAnswer, consultationUpdateBodySchema } from '@wellbe/shared/schemas/consultations';
import { callerOf } from '../../plugins/authenticate.ts';
import { readConsultation, updateConsultation } from './consultations.service.ts';

const params = z.object({ id: z.uuid() });

// REST edit mode of the consultation panel: read one consultation, update it with its version.
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
}
