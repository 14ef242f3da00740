import type { FastifyInstance } from 'fastify';
import { CONSULTATION_BODY_LIMIT, consultationCreateBodySchema, consultationCreatedAnswer } from '@wellbe/shared/schemas/consultations';
import { action, registerActions } from '../../plugins/actions.ts';
import { assertIdentity } from '../../access/index.ts';
import { callerOf } from '../../plugins/authenticate.ts';
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
        response: consultationCreatedAnswer,
        handler: async (request, body) => {
          const caller = callerOf(request);
          assertIdentity(caller, body);
          const { idConsultation } = await createConsultation(app.ctx, caller, body);
          return { success: true, idConsultation };
        },
      }),
    },
    ['consultations'],
    // Three rich texts at their maximum length do not fit the default 1 MB body.
    { bodyLimit: CONSULTATION_BODY_LIMIT },
  );
}
