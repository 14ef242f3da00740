import type { FastifyInstance } from 'fastify';
import { jobSpecialistSchema, specialistCreateSchema, specialistUpdateSchema } from '@wellbe/shared/schemas/specialists';
import { registerReferenceRoutes } from '../../lib/reference/reference.routes.ts';
import { SpecialistsService } from './specialists.service.ts';

// The list behind POST /api/Job_specialist, managed by SA and DE (organisation group), through the
// reference-table kit: GET, POST, PATCH /:id and POST /order (packages/shared schemas/reference.ts).
export async function specialistRoutes(app: FastifyInstance) {
  registerReferenceRoutes(app, {
    name: 'specialists',
    access: { read: 'organisation', write: 'organisationWrite' },
    service: new SpecialistsService(app.ctx).kit,
    itemSchema: jobSpecialistSchema,
    createSchema: specialistCreateSchema,
    updateSchema: specialistUpdateSchema,
    labels: {
      list: 'Toutes les spécialités, inactives comprises, dans leur ordre',
      create: 'Créer une spécialité',
      update: 'Modifier une spécialité (libellés, champs diététiques, active)',
      order: 'Ordonner les spécialités',
    },
  });
}
