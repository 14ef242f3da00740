import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientOf, withClient } from '../../lib/request.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import { credentialsBody, registerBody, userUpdateBody } from './auth.schemas.ts';
import type { RecoveryService } from './auth.recovery.service.ts';
import { challengeAnswer, type AuthService } from './auth.service.ts';
import { resolveUser, unauthenticated } from '../../plugins/authenticate.ts';
import { apiErrorSchema } from '@wellbe/shared/schemas/responses';
import { signedInAnswer } from '@wellbe/shared/schemas/auth';

// SPEC §7 /api/auth calls: answers carry `user` and `access_token`, or `error`.
export async function authRoutes(app: FastifyInstance, { auth, recovery }: { auth: AuthService; recovery: RecoveryService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  // Email and password travel in the JSON body, never in the query string.
  for (const method of ['GET', 'POST'] as const) {
    r.route({
      method,
      url: '/api/auth',
      exposeHeadRoute: false,
      config: { access: 'open' },
      schema: { response: { 200: signedInAnswer, 401: apiErrorSchema }, body: credentialsBody, tags, summary: 'Connexion par email (ou nom d’utilisateur) et mot de passe' },
      handler: async (request, reply) => {
        const result = await withClient(request, reply, (client) => auth.signIn(request.body.email, request.body.password, client));
        if (result.kind === 'challenge') return reply.status(401).send(challengeAnswer(result));
        return { success: true, user: result.user, access_token: result.token };
      },
    });
  }

  r.post('/api/auth/register', {
    config: { access: 'guest' },
    schema: { response: { 201: signedInAnswer }, body: registerBody, tags, summary: 'Création d’un compte (rôle US, email à confirmer)' },
    handler: async (request, reply) => {
      const { displayName, email, password } = request.body.user;
      const username = request.body.user.username ?? email;
      const { token, user } = await recovery.register({ username, email, displayName, password }, clientOf(request), request.log);
      return reply.status(201).send({ success: true, user, access_token: token });
    },
  });

  r.get('/api/auth/access-token', {
    config: { access: 'open' },
    schema: { response: { 200: signedInAnswer }, tags, summary: 'Renouvelle le jeton du porteur et relit l’utilisateur' },
    handler: async (request) => {
      // The bearer header is the way; a JSON body `access_token` is accepted as the SPEC §7 payload.
      // Both ways go through the same checks (role, version, organisation, session) of the
      // authentication hook: the body token is authenticated exactly like a bearer header.
      const bodyToken = (request.body as { access_token?: unknown } | undefined)?.access_token;
      if (!request.user && typeof bodyToken === 'string') {
        await resolveUser(app, request, bodyToken);
      }
      if (!request.user || !request.sessionId) throw unauthenticated(request);
      const { token, user } = await auth.renew(request.user.id, request.sessionId, clientOf(request));
      return { success: true, user, access_token: token };
    },
  });

  r.post('/api/auth/user/update', {
    config: { access: 'authenticated', consentExempt: true },
    schema: { response: { 200: signedInAnswer }, body: userUpdateBody, tags, summary: 'Enregistre les réglages, raccourcis et nom affiché de l’appelant' },
    handler: async (request) => {
      const u = request.body.user;
      const values = {
        settings: u.settings ?? u.data?.settings,
        shortcuts: u.shortcuts ?? u.data?.shortcuts,
        displayName: u.displayName ?? u.data?.displayName,
      };
      const { token, user } = await auth.updatePreferences(callerOf(request), request.sessionId!, values, clientOf(request));
      return { success: true, user, access_token: token };
    },
  });
}
