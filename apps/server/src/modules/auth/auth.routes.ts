import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES } from '@wellbe/shared/errors';
import { conflict } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import { findUserById, insertSelfRegistered, loginTaken, updateOwnPreferences } from './auth.repository.ts';
import { credentialsBody, registerBody, userUpdateBody } from './auth.schemas.ts';
import type { RecoveryService } from './auth.recovery.service.ts';
import type { AuthService } from './auth.service.ts';
import { verifyToken } from './auth.tokens.ts';
import { unauthenticated } from '../../plugins/authenticate.ts';

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
      schema: { body: credentialsBody, tags, summary: 'Connexion par email (ou nom d’utilisateur) et mot de passe' },
      handler: async (request) => {
        const { token, user } = await auth.signIn(request.body.email, request.body.password, request.ip);
        return { success: true, user, access_token: token };
      },
    });
  }

  r.post('/api/auth/register', {
    config: { access: 'guest' },
    schema: { body: registerBody, tags, summary: 'Création d’un compte (rôle US, email à confirmer)' },
    handler: async (request, reply) => {
      const { displayName, email, password } = request.body.user;
      const username = request.body.user.username ?? email;
      const taken = await loginTaken(app.ctx.db, username, email);
      if (taken.email) throw conflict(ERROR_MESSAGES.emailTaken, 'email_taken');
      if (taken.username) throw conflict(ERROR_MESSAGES.usernameTaken, 'username_taken');
      const id = await insertSelfRegistered(app.ctx.db, { username, email, displayName, passwordHash: await hashPassword(password) });
      // The new address is confirmed through a single-use link (/mail-confirm?token=).
      await recovery.sendEmailConfirmation(id, request.log);
      const { token, user } = await auth.renew(id);
      return reply.status(201).send({ success: true, user, access_token: token });
    },
  });

  r.get('/api/auth/access-token', {
    config: { access: 'open' },
    schema: { tags, summary: 'Renouvelle le jeton du porteur et relit l’utilisateur' },
    handler: async (request) => {
      // The bearer header is the way; a JSON body `access_token` is accepted as the SPEC §7 payload.
      const bodyToken = (request.body as { access_token?: unknown } | undefined)?.access_token;
      if (!request.user && typeof bodyToken === 'string') {
        const verified = await verifyToken(app.ctx.jwtKey, app.ctx.clock, bodyToken);
        if (verified.ok) {
          const found = await findUserById(app.ctx.db, verified.claims.sub);
          if (found && found.user.tokenVersion === verified.claims.tv) {
            const { token, user } = await auth.renew(found.user.id);
            return { success: true, user, access_token: token };
          }
        }
        request.tokenError = verified.ok ? 'invalid' : verified.reason;
      }
      if (!request.user) throw unauthenticated(request);
      const { token, user } = await auth.renew(request.user.id);
      return { success: true, user, access_token: token };
    },
  });

  r.post('/api/auth/user/update', {
    config: { access: 'authenticated' },
    schema: { body: userUpdateBody, tags, summary: 'Enregistre les réglages, raccourcis et nom affiché de l’appelant' },
    handler: async (request) => {
      const me = callerOf(request);
      const u = request.body.user;
      const values = {
        settings: u.settings ?? u.data?.settings,
        shortcuts: u.shortcuts ?? u.data?.shortcuts,
        displayName: u.displayName ?? u.data?.displayName,
      };
      const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
      await updateOwnPreferences(app.ctx.db, me.id, defined);
      const { token, user } = await auth.renew(me.id);
      return { success: true, user, access_token: token };
    },
  });

}
