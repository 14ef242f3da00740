import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { action, registerActions } from '../../plugins/actions.ts';
import { assertIdentity } from '../../access/index.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import { SpecialistsService } from './specialists.service.ts';
import { jobSpecialistSchema } from '@wellbe/shared/schemas/specialists';
import { dataAnswer } from '@wellbe/shared/schemas/responses';

// SPEC §7 POST /api/Job_specialist, action list (Iduser, idOrganization → data).
// Reference data every signed-in user needs (consultation panel, profile, user forms): the active
// specialities, id 1 (the general profile) first.
export async function specialistActions(app: FastifyInstance) {
  const service = new SpecialistsService(app.ctx);
  registerActions(
    app,
    '/api/Job_specialist',
    {
      list: action({
        access: 'authenticated',
        body: z.object({ Iduser: z.uuid(), idOrganization: z.uuid().nullish() }),
        response: dataAnswer(z.array(jobSpecialistSchema)),
        handler: async (request, body) => {
          assertIdentity(callerOf(request), body);
          return { success: true, data: await service.listActive() };
        },
      }),
    },
    ['specialists'],
  );
}
