import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers on every answer, its middleware built once. @fastify/helmet built it
 * again at every request (helmet(options) per request: the CSP directives parsed, dashified and
 * joined each time, 5–6 % of the Node CPU of a patient-list request, issue 31) and ran two
 * onRequest hooks for the route options and reply.helmet/cspNonce decorators the app never used.
 * The headers and their values are helmet's, unchanged; a route wanting other ones sets them itself.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const apply = helmet(options);
  // helmet passes an error on when a header cannot be made (a CSP directive computed per request):
  // the request then fails rather than leaving without its security headers.
  app.addHook('onRequest', (request, reply, done) => apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
}
