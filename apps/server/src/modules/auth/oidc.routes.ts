import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidId } from '@wellbe/shared/schemas/fields';
import { signedInAnswer } from '@wellbe/shared/schemas/auth';
import { noContent, okSchema } from '@wellbe/shared/schemas/responses';
import {
  oidcButtonsAnswer,
  oidcFinishAnswer,
  oidcLinkBody,
  oidcProviderAnswer,
  oidcProviderInput,
  oidcProvidersAnswer,
  oidcTicketBody,
} from '@wellbe/shared/schemas/oidc';
import { callerOf, clientOf } from '../../lib/request.ts';
import { OidcAdmin } from './oidc.admin.ts';
import { OidcLogout } from './oidc.logout.ts';
import { OidcFailure, OidcService } from './oidc.service.ts';
import type { AuthService } from './auth.service.ts';

// Sign-in by OpenID Connect: the /login buttons, the browser's round trip through the provider
// (start → provider → callback → /login/oidc), the web app's ticket exchange, linking, the
// provider's back-channel logout, and the providers' settings in /admin.

const providerParams = z.object({ providerId: uuidId() });
// Loose: providers add their own parameters (Google's scope, authuser, prompt; Pro Santé Connect's
// session_state), and a refusal here would strand the user on a raw JSON answer instead of the
// French page. Only the parameters below are checked; openid-client reads the query itself.
const callbackQuery = z.looseObject({
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  session_state: z.string().max(500).optional(),
});
const organisationQuery = z.object({ organizationId: z.uuid().optional() });
const redirect = { 302: noContent.meta({ description: 'Redirection du navigateur' }) };

/** Where the browser lands after the provider: the web page that shows the outcome in French. */
const LANDING = '/login/oidc';

/** Sends the browser where a step of the round trip leads, or to the landing page with its failure's code. */
async function redirectTo(reply: FastifyReply, target: () => Promise<string>) {
  try {
    return reply.redirect(await target(), 302);
  } catch (err) {
    if (err instanceof OidcFailure) return reply.redirect(`${LANDING}#error=${err.code}`, 302);
    throw err;
  }
}

export async function oidcRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const service = new OidcService(app.ctx, auth);
  const admin = new OidcAdmin(app.ctx);
  const logout = new OidcLogout(app.ctx, service, auth);

  // The logout token arrives as a form (OpenID Connect Back-Channel Logout 1.0).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  r.get('/api/auth/oidc/providers', {
    config: { access: 'open' },
    schema: { response: { 200: oidcButtonsAnswer }, tags, summary: 'Boutons de connexion par fournisseur d’identité (Pro Santé Connect…)' },
    handler: async (request) => ({ success: true, data: await admin.buttons(request.user) }),
  });

  // A browser navigation carries no bearer token (the web app keeps it out of cookies): the round
  // trip through the provider is a guest's, and a signed-in caller has nothing to start there.
  r.get('/api/auth/oidc/:providerId/start', {
    config: { access: 'guest' },
    schema: { params: providerParams, response: redirect, tags, summary: 'Démarre une connexion chez le fournisseur d’identité' },
    handler: (request, reply) => redirectTo(reply, () => service.start(request.params.providerId, clientOf(request))),
  });

  r.get('/api/auth/oidc/callback', {
    config: { access: 'guest' },
    schema: {
      querystring: callbackQuery,
      response: redirect,
      tags,
      summary: 'Retour du fournisseur d’identité (code d’autorisation)',
      description: 'Toute issue, paramètres mal formés compris, redirige le navigateur vers /login/oidc (#ticket=… ou #error=code).',
    },
    handler: (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      return redirectTo(reply, async () => `${LANDING}#ticket=${await service.callback(query, clientOf(request))}`);
    },
    // A malformed known parameter (too long, repeated, holding a NUL) is refused before the
    // handler: the browser lands on the same French page as every other failed return, not on the
    // API's JSON answer. Any other error keeps the app's handler.
    errorHandler: (err, request, reply) => {
      if (err.statusCode !== 400) throw err;
      return redirectTo(reply, () => service.refuseMalformed(clientOf(request)));
    },
  });

  r.post('/api/auth/oidc/finish', {
    config: { access: 'open' },
    schema: { body: oidcTicketBody, response: { 200: oidcFinishAnswer }, tags, summary: 'Échange le ticket de connexion contre la session' },
    handler: async (request) => service.finish(request.body.ticket, clientOf(request)),
  });

  r.post('/api/auth/oidc/link', {
    config: { access: 'open' },
    schema: { body: oidcLinkBody, response: { 200: signedInAnswer }, tags, summary: 'Associe le compte au fournisseur après sa méthode de connexion actuelle' },
    handler: async (request) => service.link(request.body, clientOf(request)),
  });

  r.post('/api/auth/oidc/:providerId/backchannel-logout', {
    config: { access: 'open' },
    schema: {
      params: providerParams,
      body: z.object({ logout_token: z.string().min(1).max(8000) }),
      response: { 200: okSchema },
      tags,
      summary: 'Déconnexion demandée par le fournisseur d’identité (back-channel)',
    },
    handler: async (request) => {
      await logout.backchannel(request.params.providerId, request.body.logout_token, request.ip);
      return { success: true };
    },
  });

  r.get('/api/admin/oidc-providers', {
    config: { access: 'journal' },
    schema: { response: { 200: oidcProvidersAnswer }, tags: ['admin'], summary: 'Fournisseurs d’identité de la plateforme et de l’organisation' },
    handler: async (request) => ({ success: true, data: await admin.list(callerOf(request)) }),
  });

  r.put('/api/admin/oidc-providers/platform', {
    config: { access: 'organisationWrite' },
    schema: { body: oidcProviderInput, response: { 200: oidcProviderAnswer }, tags: ['admin'], summary: 'Pro Santé Connect pour toute la plateforme' },
    handler: async (request) => ({ success: true, data: await admin.savePlatform(callerOf(request), request.body) }),
  });

  r.put('/api/admin/oidc-providers/organisation', {
    config: { access: 'journal' },
    schema: { querystring: organisationQuery, body: oidcProviderInput, response: { 200: oidcProviderAnswer }, tags: ['admin'], summary: 'Fournisseur d’identité de l’organisation' },
    handler: async (request) => ({ success: true, data: await admin.saveOrganisation(callerOf(request), request.query.organizationId, request.body) }),
  });
}
