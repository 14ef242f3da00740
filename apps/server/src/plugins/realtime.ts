import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { REALTIME_MAX_FRAME_BYTES, REALTIME_PATH } from '@wellbe/shared/realtime';
import { RealtimeHub } from '../lib/realtime/hub.ts';
import { owesConsent } from '../modules/policies/policies.service.ts';
import { checkToken } from './authenticate.ts';
import type { TokenChecker } from '../lib/realtime/hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's real-time hub (its sockets); events are published with publishRealtime. */
    realtime: RealtimeHub;
  }
}

/**
 * GET /api/ws (DESIGN §8). The route is open at the HTTP level on purpose: the token comes in the
 * first message (a URL is logged, a header cannot be set by a browser's WebSocket), and the hub
 * closes a socket that does not authenticate within 10 s.
 */
export async function registerRealtime(app: FastifyInstance): Promise<void> {
  const hub = new RealtimeHub(app.ctx, { checkToken: checkSocket, log: (msg) => app.log.warn(msg) });
  // Before the plugin's own preClose hook (hooks run in the order they are added), which closes
  // every socket without a code: the client must read "server stopping, reconnect" (1001).
  app.addHook('preClose', () => hub.stop());
  await app.register(fastifyWebsocket, { options: { maxPayload: REALTIME_MAX_FRAME_BYTES } });
  app.decorate('realtime', hub);
  app.addHook('onReady', () => hub.start());
  app.get(REALTIME_PATH, { websocket: true, config: { access: 'open' }, schema: { hide: true } }, (socket, request) => {
    hub.accept(socket, request.ip);
  });
}

/**
 * A socket's sign-in and its re-checks: the token as HTTP checks it, then the consent gate HTTP
 * applies to every call (403 consent_required): a user who owes an acceptance gets no socket, and
 * an open socket is closed when a version they must accept comes into force.
 */
const checkSocket: TokenChecker = async (ctx, token, ip, options) => {
  const checked = await checkToken(ctx, token, ip, options);
  if (checked.ok && (await owesConsent(ctx, checked.caller.id, options))) return { ok: false, reason: 'consent_required' };
  return checked;
};
