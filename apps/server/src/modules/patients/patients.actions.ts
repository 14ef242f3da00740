import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { patientCreateSchema, patientListQuerySchema } from '@wellbe/shared/schemas/patients';
import { action, registerActions } from '../../lib/actions.ts';
import { assertIdentity } from '../../lib/scope.ts';
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
        handler: async (request, body) => {
          const { organizationId } = assertIdentity(request, body);
          return listPatients(app.ctx, request, organizationId, body);
        },
      }),
      create: action({
        access: 'dpsWrite',
        patientData: true,
        body: z.object({ ...identity, patientCreate: patientCreateSchema }),
        handler: async (request, body, reply) => {
          const { organizationId } = assertIdentity(request, body);
          const { idPatient } = await createPatient(app.ctx, request, organizationId, body.patientCreate);
          reply.status(200);
          return { success: true, idPatient };
        },
      }),
    },
    ['patients'],
  );
}
