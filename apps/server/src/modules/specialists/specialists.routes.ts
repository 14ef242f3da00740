import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { specialistCreateSchema, specialistUpdateSchema } from '@wellbe/shared/schemas/specialists';
import { z } from 'zod';
import { callerOf } from '../../plugins/authenticate.ts';
import { SpecialistsService } from './specialists.service.ts';

// The list behind POST /api/Job_specialist, managed by SA and DE (organisation group).
export async function specialistRoutes(app: FastifyInstance) {
  const service = new SpecialistsService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['specialists'];

  r.get('/api/specialists', {
    config: { access: 'organisation' },
    schema: { tags, summary: 'Toutes les spécialités, inactives comprises' },
    handler: async () => ({ success: true, data: await service.list() }),
  });

  r.post('/api/specialists', {
    config: { access: 'organisationWrite' },
    schema: { tags, summary: 'Créer une spécialité', body: specialistCreateSchema },
    handler: async (request, reply) => reply.status(201).send({ success: true, data: await service.create(callerOf(request), request.body) }),
  });

  r.patch('/api/specialists/:id', {
    config: { access: 'organisationWrite' },
    schema: { tags, summary: 'Modifier une spécialité (libellés, champs diététiques, active)', params: z.object({ id: z.coerce.number().int().positive() }), body: specialistUpdateSchema },
    handler: async (request) => ({ success: true, data: await service.update(callerOf(request), request.params.id, request.body) }),
  });
}
