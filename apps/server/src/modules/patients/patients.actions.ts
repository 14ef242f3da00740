import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { patientCreateSchema, patientCreatedAnswer, patientListAnswerSchema, patientListQuerySchema } from '@wellbe/shared/schemas/patients';
import { action, registerActions } from '../../plugins/actions.ts';
import { assertSelf } from '../../access/index.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import { createPatient, listPatients } from './patients.service.ts';

const identity = { Iduser: z.uuid(), idOrganization: z.uuid().nullish() };

// SPEC §7 POST /api/patient: list (dps) and create (dps write), exact shapes.
export async function patientActions(app: FastifyInstance) {
  registerActions(
    app,
    '/api/patient',
    {
      list: action({
        access: 'dps',
        patientData: true,
        body: z.object({ ...identity, ...patientListQuerySchema.shape }),
        response: patientListAnswerSchema,
        handler: async (request, body) => {
          const caller = callerOf(request);
          assertSelf(caller, body.Iduser);
          return listPatients(app.ctx, caller, body);
        },
      }),
      create: action({
        access: 'dpsWrite',
        patientData: true,
        body: z.object({ ...identity, patientCreate: patientCreateSchema }),
        response: patientCreatedAnswer,
        handler: async (request, body, reply) => {
          const caller = callerOf(request);
          assertSelf(caller, body.Iduser);
          const { idPatient } = await createPatient(app.ctx, caller, { idOrganization: body.idOrganization, patient: body.patientCreate });
          reply.status(200);
          return { success: true, idPatient };
        },
      }),
    },
    ['patients'],
  );
}
