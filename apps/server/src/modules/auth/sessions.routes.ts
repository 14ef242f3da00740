import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../lib/request.ts';
import type { AuthService } from './auth.service.ts';
import { okSchema } from '@wellbe/shared/schemas/responses';
import { revokedCountAnswer, sessionsAnswer, signInLockAnswer, signInUnlockAnswer } from '@wellbe/shared/schemas/auth';
import { SessionsService } from './sessions.service.ts';

// Logout, the caller's sessions and remembered devices (/profile), and the sign-in locks an
// administrator sees and clears in /user (rules in sessions.service.ts).
export async function sessionRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const idParams = z.object({ id: z.uuid() });
  const sessions = new SessionsService(app.ctx, auth.throttle);

  r.post('/api/auth/logout', {
    config: { access: 'authenticated', consentExempt: true },
    schema: { response: { 200: okSchema }, tags, summary: 'Déconnexion : révoque la session du jeton présenté' },
    handler: async (request) => {
      await sessions.logout(callerOf(request), request.sessionId);
      return { success: true };
    },
  });

  r.get('/api/auth/sessions', {
    config: { access: 'authenticated' },
    schema: { response: { 200: sessionsAnswer }, tags, summary: 'Sessions actives et appareils mémorisés de l’appelant' },
    handler: async (request) => ({ success: true, data: await sessions.mine(callerOf(request), request.sessionId) }),
  });

  r.delete('/api/auth/sessions/:id', {
    config: { access: 'authenticated' },
    schema: { response: { 200: okSchema }, tags, params: idParams, summary: 'Déconnecter cette session' },
    handler: async (request) => {
      await sessions.revoke(callerOf(request), request.params.id);
      return { success: true };
    },
  });

  r.post('/api/auth/sessions/revoke-others', {
    config: { access: 'authenticated' },
    schema: { response: { 200: revokedCountAnswer }, tags, summary: 'Déconnecter toutes les autres sessions' },
    handler: async (request) => ({ success: true, data: { count: await sessions.revokeOthers(callerOf(request), request.sessionId) } }),
  });

  r.delete('/api/auth/devices/:id', {
    config: { access: 'authenticated' },
    schema: { response: { 200: okSchema }, tags, params: idParams, summary: 'Oublier un appareil mémorisé (la double authentification sera redemandée)' },
    handler: async (request) => {
      await sessions.forgetDevice(callerOf(request), request.params.id);
      return { success: true };
    },
  });

  r.get('/api/users/:id/sign-in-lock', {
    config: { access: 'signInLocks' },
    schema: { response: { 200: signInLockAnswer }, tags: ['user'], params: idParams, summary: 'Connexion ralentie ou bloquée d’un compte' },
    handler: async (request) => ({ success: true, data: await sessions.signInLock(callerOf(request), request.params.id) }),
  });

  r.delete('/api/users/:id/sign-in-lock', {
    config: { access: 'signInLocks' },
    schema: { response: { 200: signInUnlockAnswer }, tags: ['user'], params: idParams, summary: 'Débloquer la connexion d’un compte' },
    handler: async (request) => ({ success: true, data: { cleared: await sessions.clearSignInLock(callerOf(request), request.params.id) } }),
  });
}
