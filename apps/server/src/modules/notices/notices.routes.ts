import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noticeAnswer, noticeCreateSchema, noticeFieldsSchema, noticeSummaryAnswer } from '@wellbe/shared/schemas/notices';
import { callerOf } from '../../plugins/authenticate.ts';
import { createNotice, editNotice, organisationNoticeSummary } from './notices.service.ts';
import { uuidId } from '@wellbe/shared/schemas/fields';

const tags = ['notices'];

// SPEC §3 Notice. The dps group reaches the routes; the service lets only the patient write.
export async function noticeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.post('/api/notices', { config: { access: 'dps', patientData: true }, schema: { response: { 201: noticeAnswer }, body: noticeCreateSchema, tags } }, async (request, reply) => {
    const data = await createNotice(ctx, callerOf(request), request.body);
    reply.status(201);
    return { success: true, data };
  });

  r.put(
    '/api/notices/:idNotice',
    { config: { access: 'dps', patientData: true }, schema: { response: { 200: noticeAnswer }, params: z.object({ idNotice: uuidId() }), body: noticeFieldsSchema, tags } },
    async (request) => ({ success: true, data: await editNotice(ctx, callerOf(request), request.params.idNotice, request.body) }),
  );

  r.get('/api/notices/summary', { config: { access: 'dps' }, schema: { response: { 200: noticeSummaryAnswer }, tags } }, async (request) => ({
    success: true,
    data: await organisationNoticeSummary(ctx, callerOf(request)),
  }));
}
