import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failedJobsAnswer, JOB_MESSAGES } from '@wellbe/shared/schemas/jobs';
import { callerOf } from '../../plugins/authenticate.ts';
import { okSchema } from '@wellbe/shared/schemas/responses';
import { failedJobs, retryJob } from './jobs.service.ts';

// /admin 'Tâches en échec' (DE only, the 'developer' group of SPEC §6): background jobs whose
// attempts are spent, with their last error, and a retry.
export async function jobRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get('/api/admin/jobs', {
    config: { access: 'developer' },
    schema: { response: { 200: failedJobsAnswer }, tags, summary: 'Tâches de fond en échec (toutes tentatives épuisées)' },
    handler: async () => ({ success: true, data: await failedJobs(app.ctx) }),
  });

  r.post('/api/admin/jobs/:id/retry', {
    config: { access: 'developer' },
    schema: { response: { 200: okSchema }, tags, summary: 'Relancer une tâche en échec', params: z.object({ id: z.string().regex(/^\d{1,18}$/, JOB_MESSAGES.notFound) }) },
    handler: async (request) => {
      await retryJob(app.ctx, callerOf(request), request.params.id);
      return { success: true };
    },
  });
}
