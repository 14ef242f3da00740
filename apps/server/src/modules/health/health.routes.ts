import type { FastifyInstance } from 'fastify';
import { ERROR_MESSAGES } from '@wellbe/shared/errors';
import { isDemoSeeded } from '../../db/seed/demo.ts';
import { sendError } from '../../plugins/error-handler.ts';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', {
    config: { access: 'open' },
    schema: { tags: ['health'], summary: '200 quand la base répond, 503 sinon' },
    handler: async (_request, reply) => {
      try {
        await app.ctx.ping();
        return { status: 'ok' };
      } catch {
        return sendError(reply, 503, 'database_unavailable', ERROR_MESSAGES.unavailable);
      }
    },
  });

  // What the web app needs before sign-in: whether the 'Mode démo' badge shows.
  app.get('/api/meta', {
    config: { access: 'open' },
    schema: { tags: ['health'], summary: 'Informations publiques de l’installation' },
    handler: async () => ({ success: true, demo: await isDemoSeeded(app.ctx.db) }),
  });
}
