import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { action, registerActions } from '../../lib/actions.ts';
import { notFound } from '../../lib/errors.ts';
import { assertIdentity } from '../../lib/scope.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { findUserById } from './users.repository.ts';

// SPEC §7 POST /api/user.
export async function userActions(app: FastifyInstance, { auth }: { auth: AuthService }) {
  registerActions(
    app,
    '/api/user',
    {
      login: action({
        access: 'open',
        body: z.object({ Username: z.string().min(1).max(254), Password: z.string().min(1).max(256) }),
        handler: async (request, body) => {
          const { token, user } = await auth.signIn(body.Username, body.Password, request.ip);
          return {
            success: true,
            id: user.id,
            role: user.role,
            user,
            data: { ...user.data, access_token: token, idOrganization: user.idOrganization, job: user.job, role: user.role, from: user.from },
          };
        },
      }),
      read: action({
        access: 'authenticated',
        body: z.object({ Iduser: z.uuid(), idOrganization: z.uuid().nullish() }),
        handler: async (request, body) => {
          assertIdentity(request, body);
          const found = await findUserById(app.ctx.db, body.Iduser);
          if (!found) throw notFound();
          return {
            success: true,
            data: { idUser: found.user.id, idRole: found.user.role, idOrganization: found.user.organizationId },
          };
        },
      }),
    },
    ['user'],
  );
}
