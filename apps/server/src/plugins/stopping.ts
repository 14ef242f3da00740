import type { FastifyInstance } from 'fastify';
import { setTimeout as delay } from 'node:timers/promises';
import { ERROR_MESSAGES } from '@wellbe/shared/errors';
import { sendError } from './error-handler.ts';

/**
 * How long the server keeps reading once it stops, before it closes its idle connections. A request
 * a client sent just before the signal may still sit unread in the socket: closing that "idle"
 * connection would reset it unanswered. Read, it gets a clean refusal instead.
 */
export const READ_PENDING_MS = 250;

/**
 * While the server stops (main.ts, lib/stop.ts): a request that arrives is refused with a French 503
 * (Fastify's own is English) and every answer, those in flight included, says `Connection: close`,
 * so that no client sends its next request on a connection the server is closing.
 */
export function registerStopping(app: FastifyInstance): void {
  let stopping = false;
  app.addHook('onRequest', async (_request, reply) => {
    if (stopping) return sendError(reply.header('retry-after', '5'), 503, 'server_stopping', ERROR_MESSAGES.serverStopping);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    stopping = true;
    // Nothing to read on an app that never listened (the API tests inject their requests).
    if (app.server.listening) await delay(READ_PENDING_MS);
  });
}
