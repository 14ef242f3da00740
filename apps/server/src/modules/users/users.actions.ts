import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { action, registerActions } from '../../plugins/actions.ts';
import { assertIdentity } from '../../access/index.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import type { AuthService } from '../auth/auth.service.ts';

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
          // Iduser is the caller (checked): the answer is the caller the token names, read this request.
          const caller = callerOf(request);
          assertIdentity(caller, body);
          return { success: true, data: { idUser: caller.id, idRole: caller.role, idOrganization: caller.organizationId } };
        },
      }),
    },
    ['user'],
  );
}
