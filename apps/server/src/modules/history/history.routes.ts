import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { verificationAnswer } from '@wellbe/shared/schemas/history';
import { lastVerification } from './history.service.ts';

// Issue 32: /admin shows the last verification of every version chain (nightly job or
// `npm run records:verify`) to the platform's administrators (SA, DE: it covers every practice).
export async function historyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/admin/records-verification', {
    config: { access: 'organisation' },
    schema: { response: { 200: verificationAnswer }, tags: ['admin'], summary: 'Dernière vérification des historiques (records:verify)' },
    handler: async () => ({ success: true, data: await lastVerification(app.ctx) }),
  });
}
