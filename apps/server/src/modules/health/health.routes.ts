import type { FastifyInstance } from 'fastify';
import { ERROR_MESSAGES } from '@wellbe/shared/errors';
import { isDemoSeeded } from '../../db/seed/demo.ts';
import { sendError } from '../../plugins/error-handler.ts';
import { healthAnswer, metaAnswer, readyAnswer } from '@wellbe/shared/schemas/responses';

/** Runs a readiness check; its outcome, never its error text (no internals to the public). */
async function outcome(check: () => Promise<unknown>): Promise<boolean> {
  try {
    return (await check()) !== false;
  } catch {
    return false;
  }
}

export async function healthRoutes(app: FastifyInstance) {
  // Liveness, for a load balancer or an orchestrator: the process answers. It does not touch the
  // database, so a database outage does not get every app server restarted.
  app.get('/api/health', {
    config: { access: 'open' },
    schema: { tags: ['health'], summary: '200 tant que le processus répond', response: { 200: healthAnswer } },
    handler: async () => ({ status: 'ok' }),
  });

  // Readiness: send traffic here only when the database answers, every migration is applied and
  // the file store is reachable; 503 otherwise, with which check failed.
  app.get('/api/ready', {
    config: { access: 'open' },
    schema: { tags: ['health'], summary: '200 quand la base, les migrations et le stockage sont prêts, 503 sinon', response: { 200: readyAnswer } },
    handler: async (_request, reply) => {
      const database = await outcome(app.ctx.ping);
      const migrations = database && (await outcome(app.ctx.migrated));
      const storage = await outcome(() => app.ctx.storage.check());
      const checks = { database, migrations, storage };
      if (database && migrations && storage) return { status: 'ok', checks };
      return sendError(reply, 503, database ? 'not_ready' : 'database_unavailable', ERROR_MESSAGES.unavailable, { checks });
    },
  });

  // What the web app needs before sign-in: whether the 'Mode démo' badge shows.
  app.get('/api/meta', {
    config: { access: 'open' },
    schema: { tags: ['health'], summary: 'Informations publiques de l’installation', response: { 200: metaAnswer } },
    handler: async () => ({ success: true, demo: await isDemoSeeded(app.ctx.db) }),
  });
}
