import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PermissionGroup } from '@wellbe/shared/permissions';
import { referenceOrderSchema, type ReferenceCreate, type ReferenceItem, type ReferenceUpdate } from '@wellbe/shared/schemas/reference';
import { callerOf } from '../request.ts';
import type { ReferenceService } from './reference.service.ts';
import { intIdQuery } from '@wellbe/shared/schemas/fields';
import { dataAnswer } from '@wellbe/shared/schemas/responses';

export interface ReferenceRoutesOptions<Item extends ReferenceItem, Create extends ReferenceCreate, Update extends ReferenceUpdate> {
  /** The resource's path: /api/<name>. */
  name: string;
  /** SPEC §6 groups: who reads the managed list, who changes it. */
  access: { read: PermissionGroup; write: PermissionGroup };
  service: ReferenceService<Item, Create, Update>;
  /** One row as the answers show it: the reference fields and the resource's own (its answers' schema). */
  itemSchema: z.ZodType<Item>;
  createSchema: z.ZodType<Create>;
  updateSchema: z.ZodType<Update>;
  /** Summaries for the API documentation, in French. */
  labels: { list: string; create: string; update: string; order: string };
}

/**
 * The REST contract of packages/shared schemas/reference.ts for one resource:
 * GET /api/<name>, POST /api/<name>, PATCH /api/<name>/:id, POST /api/<name>/order.
 */
export function registerReferenceRoutes<Item extends ReferenceItem, Create extends ReferenceCreate, Update extends ReferenceUpdate>(
  app: FastifyInstance,
  options: ReferenceRoutesOptions<Item, Create, Update>,
) {
  const { name, access, service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [name];
  const itemAnswer = dataAnswer(options.itemSchema);
  const listAnswer = dataAnswer(z.array(options.itemSchema));

  r.get(`/api/${name}`, {
    config: { access: access.read },
    schema: { response: { 200: listAnswer }, tags, summary: options.labels.list },
    handler: async (request) => ({ success: true, data: await service.list({ activeOnly: false }, callerOf(request)) }),
  });

  r.post(`/api/${name}`, {
    config: { access: access.write },
    schema: { response: { 201: itemAnswer }, tags, summary: options.labels.create, body: options.createSchema },
    handler: async (request, reply) => reply.status(201).send({ success: true, data: await service.create(callerOf(request), request.body as Create) }),
  });

  r.patch(`/api/${name}/:id`, {
    config: { access: access.write },
    // An id that is not a positive integer of the column's range names no row: 404 like an unknown one (error handler).
    schema: { response: { 200: itemAnswer }, tags, summary: options.labels.update, params: z.object({ id: intIdQuery() }), body: options.updateSchema },
    handler: async (request) => ({ success: true, data: await service.update(callerOf(request), request.params.id, request.body as Update) }),
  });

  r.post(`/api/${name}/order`, {
    config: { access: access.write },
    schema: { response: { 200: listAnswer }, tags, summary: options.labels.order, body: referenceOrderSchema },
    handler: async (request) => ({ success: true, data: await service.reorder(callerOf(request), request.body.ids) }),
  });
}
