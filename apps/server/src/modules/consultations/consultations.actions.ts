import type { FastifyInstance } from 'fastify';
import { consultationCreateBodySchema } from '@wellbe/shared/schemas/consultations';
import { action, registerActions } from '../../lib/actions.ts';
import { assertIdentity } from '../../lib/scope.ts';
import { createConsultation } from './consultations.service.ts';

// SPEC §7 POST /api/consultation action createBySpeciality (dps write).
export async function consultationActions(app: FastifyInstance) {
  registerActions(
    app,
    '/api/consultation',
    {
      createBySpeciality: action({
        access: 'dpsWrite',
        patientData: true,
        body: consultationCreateBodySchema,
        handler: async (request, body) => {
          assertIdentity(request, body);
          const { idConsultation } = await createConsultation(app.ctx, request, body);
          return { success: true, idConsultation };
        },
      }),
    },
    ['consultations'],
  );
}
