import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isPlatformRole } from '@wellbe/shared/roles';
import { notFound } from '../../lib/errors.ts';
import { callerOf } from '../../lib/request.ts';
import { findUserById } from './auth.repository.ts';
import { journalAuth } from './auth.journal.ts';
import type { AuthService } from './auth.service.ts';
import { describeDevice, listRememberedDevices, listSessions, revokeOtherSessions, revokeRememberedDevice, revokeSession } from './sessions.ts';
import { dataAnswer, okSchema, undetailed } from '@wellbe/shared/schemas/responses';

// Logout, the caller's sessions and remembered devices (/profile), and the sign-in locks an
// administrator sees and clears in /user.
export async function sessionRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const idParams = z.object({ id: z.uuid() });

  r.post('/api/auth/logout', {
    config: { access: 'authenticated', consentExempt: true },
    schema: { response: { 200: okSchema }, tags, summary: 'Déconnexion : révoque la session du jeton présenté' },
    handler: async (request) => {
      const me = callerOf(request);
      if (request.sessionId) await revokeSession(app.ctx, me.id, request.sessionId);
      await journalAuth(app.ctx, request, { action: 'auth.logout', outcome: 'success', user: me });
      return { success: true };
    },
  });

  r.get('/api/auth/sessions', {
    config: { access: 'authenticated' },
    schema: { response: { 200: dataAnswer(undetailed) }, tags, summary: 'Sessions actives et appareils mémorisés de l’appelant' },
    handler: async (request) => {
      const me = callerOf(request);
      const [sessions, devices] = await Promise.all([listSessions(app.ctx, me.id), listRememberedDevices(app.ctx, me.id)]);
      return {
        success: true,
        data: {
          sessions: sessions.map((s) => ({
            id: s.id,
            device: describeDevice(s.userAgent),
            ip: s.ip,
            createdAt: s.createdAt.toISOString(),
            lastSeenAt: s.lastSeenAt.toISOString(),
            expiresAt: s.expiresAt.toISOString(),
            method: s.method,
            current: s.id === request.sessionId,
          })),
          devices: devices.map((d) => ({
            id: d.id,
            device: describeDevice(d.userAgent),
            ip: d.ip,
            createdAt: d.createdAt.toISOString(),
            lastSeenAt: d.lastSeenAt.toISOString(),
            expiresAt: d.expiresAt.toISOString(),
          })),
        },
      };
    },
  });

  r.delete('/api/auth/sessions/:id', {
    config: { access: 'authenticated' },
    schema: { response: { 200: okSchema }, tags, params: idParams, summary: 'Déconnecter cette session' },
    handler: async (request) => {
      const me = callerOf(request);
      // Someone else's session id answers like an unknown one.
      if (!(await revokeSession(app.ctx, me.id, request.params.id))) throw notFound('Session introuvable.');
      await journalAuth(app.ctx, request, { action: 'auth.session.revoke', outcome: 'success', user: me, details: { session: request.params.id } });
      return { success: true };
    },
  });

  r.post('/api/auth/sessions/revoke-others', {
    config: { access: 'authenticated' },
    schema: { response: { 200: dataAnswer(undetailed) }, tags, summary: 'Déconnecter toutes les autres sessions' },
    handler: async (request) => {
      const me = callerOf(request);
      const count = await revokeOtherSessions(app.ctx, me.id, request.sessionId);
      await journalAuth(app.ctx, request, { action: 'auth.session.revokeOthers', outcome: 'success', user: me, details: { count } });
      return { success: true, data: { count } };
    },
  });

  r.delete('/api/auth/devices/:id', {
    config: { access: 'authenticated' },
    schema: { response: { 200: okSchema }, tags, params: idParams, summary: 'Oublier un appareil mémorisé (la double authentification sera redemandée)' },
    handler: async (request) => {
      const me = callerOf(request);
      if (!(await revokeRememberedDevice(app.ctx, me.id, request.params.id))) throw notFound('Appareil introuvable.');
      await journalAuth(app.ctx, request, { action: 'auth.device.forget', outcome: 'success', user: me, details: { device: request.params.id } });
      return { success: true };
    },
  });

  /** The account an administrator may see: PA only in their organisation; elsewhere 404. */
  async function managedUser(request: FastifyRequest, id: string) {
    const me = callerOf(request);
    const found = await findUserById(app.ctx.db, id);
    if (!found || (!isPlatformRole(me.role) && found.user.organizationId !== me.organizationId)) throw notFound();
    return found;
  }

  r.get('/api/users/:id/sign-in-lock', {
    config: { access: 'signInLocks' },
    schema: { response: { 200: dataAnswer(undetailed) }, tags: ['user'], params: idParams, summary: 'Connexion ralentie ou bloquée d’un compte' },
    handler: async (request) => {
      const found = await managedUser(request, request.params.id);
      const rows = await auth.throttle.forUser(found.user.id);
      const now = app.ctx.clock.now();
      const blocked = rows.filter((r) => r.blockedUntil && r.blockedUntil.getTime() > now);
      const until = blocked.reduce((max, r) => Math.max(max, r.blockedUntil!.getTime()), 0);
      return {
        success: true,
        data: {
          locked: blocked.length > 0,
          lockedUntil: until ? new Date(until).toISOString() : null,
          // The account counter holds every failure; per-IP and per-device counters hold a part of them.
          failures: rows.reduce((most, r) => Math.max(most, r.failures), 0),
          lastFailureAt: rows.length ? new Date(Math.max(...rows.map((r) => r.lastFailureAt.getTime()))).toISOString() : null,
        },
      };
    },
  });

  r.delete('/api/users/:id/sign-in-lock', {
    config: { access: 'signInLocks' },
    schema: { response: { 200: dataAnswer(undetailed) }, tags: ['user'], params: idParams, summary: 'Débloquer la connexion d’un compte' },
    handler: async (request) => {
      const found = await managedUser(request, request.params.id);
      const cleared = await auth.throttle.clearUser(found.user.id);
      await journalAuth(app.ctx, request, {
        action: 'auth.unlock',
        outcome: 'success',
        user: { id: found.user.id, role: found.user.role, organizationId: found.user.organizationId },
        details: { by: callerOf(request).id, counters: cleared },
      });
      return { success: true, data: { cleared } };
    },
  });
}
