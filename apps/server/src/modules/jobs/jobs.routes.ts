import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JOB_MESSAGES } from '@wellbe/shared/schemas/jobs';
import { notFound } from '../../lib/errors.ts';
import { recordAudit } from '../../lib/audit.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import { dataAnswer, okSchema, undetailed } from '@wellbe/shared/schemas/responses';

// /admin 'Tâches en échec' (DE only, the 'developer' group of SPEC §6): background jobs whose
// attempts are spent, with their last error, and a retry.
export async function jobRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get('/api/admin/jobs', {
    config: { access: 'developer' },
    schema: { response: { 200: dataAnswer(undetailed) }, tags, summary: 'Tâches de fond en échec (toutes tentatives épuisées)' },
    handler: async () => ({ success: true, data: await app.ctx.jobs.failed() }),
  });

  r.post('/api/admin/jobs/:id/retry', {
    config: { access: 'developer' },
    schema: { response: { 200: okSchema }, tags, summary: 'Relancer une tâche en échec', params: z.object({ id: z.string().regex(/^\d{1,18}$/, JOB_MESSAGES.notFound) }) },
    handler: async (request) => {
      const { id } = request.params;
      const retried = await app.ctx.jobs.retry(id);
      await recordAudit(app.ctx, callerOf(request), { action: 'job.retry', outcome: retried ? 'success' : 'error', recordType: 'job', recordId: id });
      if (!retried) throw notFound(JOB_MESSAGES.notFound, 'job_not_found');
      return { success: true };
    },
  });
}
