import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exerciseSearchQuerySchema, exerciseWriteSchema } from '@wellbe/shared/schemas/sport';
import { callerOf } from '../../plugins/authenticate.ts';
import * as service from './exercises.service.ts';

const tags = ['exercises'];
const idParams = z.object({ id: z.string().max(64) });

// The exercise library behind /exercices and the program builder. SPEC §6: the program builders
// (the route table's group of /program/sportif/list) search and read it; practitioners (practitioner
// write) add and edit their organisation's exercises.
export async function exerciseRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  r.get('/api/exercises', { config: { access: 'dietetics' }, schema: { querystring: exerciseSearchQuerySchema, tags, summary: 'Chercher dans la bibliothèque d’exercices' } }, async (request) => ({
    success: true,
    data: await service.searchExercises(ctx, callerOf(request), request.query),
  }));
  r.get('/api/exercises/:id', { config: { access: 'dietetics' }, schema: { params: idParams, tags, summary: 'Un exercice et ses consignes' } }, async (request) => ({
    success: true,
    data: await service.readExercise(ctx, callerOf(request), request.params.id),
  }));
  r.post('/api/exercises', { config: { access: 'practitionerWrite' }, schema: { body: exerciseWriteSchema, tags, summary: 'Ajouter un exercice de l’organisation' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await service.createExercise(ctx, callerOf(request), request.body) };
  });
  r.put('/api/exercises/:id', { config: { access: 'practitionerWrite' }, schema: { params: idParams, body: exerciseWriteSchema, tags, summary: 'Modifier un exercice' } }, async (request) => ({
    success: true,
    data: await service.updateExercise(ctx, callerOf(request), request.params.id, request.body),
  }));
}
