import type { FastifyInstance } from 'fastify';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import { action, registerActions } from '../../plugins/actions.ts';
import { assertIdentity } from '../../access/index.ts';
import { clientOf, withClient } from '../../lib/request.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import { challengeAnswer, type AuthService, type SignedInUser } from '../auth/auth.service.ts';
import { loginAnswer as loginAnswerSchema, loginEnrolledAnswer, passkeySignInOptionsAnswer, totpEnrolAnswer, userReadAnswer } from '@wellbe/shared/schemas/auth';

/** SPEC §7 answer of `login`. */
export function loginAnswer({ token, user }: { token: string; user: SignedInUser }) {
  return {
    success: true,
    id: user.id,
    role: user.role,
    user,
    data: { ...user.data, access_token: token, idOrganization: user.idOrganization, job: user.job, role: user.role, from: user.from },
  };
}

// SPEC §7 POST /api/user.
export async function userActions(app: FastifyInstance, { auth }: { auth: AuthService }) {
  registerActions(
    app,
    '/api/user',
    {
      login: action({
        access: 'open',
        body: z.object({ Username: z.string().min(1).max(254), Password: z.string().min(1).max(256) }),
        response: loginAnswerSchema,
        handler: async (request, body, reply) => {
          const result = await withClient(request, reply, (client) => auth.signIn(body.Username, body.Password, client));
          if (result.kind === 'challenge') return reply.status(401).send(challengeAnswer(result));
          return loginAnswer(result);
        },
      }),
      // The second step of a sign-in with a second factor: the challenge of `login` and a TOTP or
      // recovery code; the answer is `login`'s.
      mfaVerify: action({
        access: 'open',
        body: z.object({
          mfa_token: z.string().min(1).max(2000),
          code: z.string().trim().min(6).max(32),
          remember: z.boolean().optional(),
        }),
        response: loginAnswerSchema,
        handler: async (request, body, reply) => loginAnswer(await withClient(request, reply, (client) => auth.verifyCode(client, body.mfa_token, body.code, body.remember ?? false))),
      }),
      // A professional whose organisation requires a second factor and who has none sets up TOTP
      // here before any session exists (so before any patient data): `mfa_enrolment_required`.
      mfaEnrolStart: action({
        access: 'open',
        body: z.object({ mfa_token: z.string().min(1).max(2000) }),
        response: totpEnrolAnswer,
        handler: async (request, body) => ({ success: true, data: await auth.enrolStart(clientOf(request), body.mfa_token) }),
      }),
      mfaEnrolConfirm: action({
        access: 'open',
        body: z.object({ mfa_token: z.string().min(1).max(2000), code: z.string().trim().min(6).max(10) }),
        response: loginEnrolledAnswer,
        handler: async (request, body, reply) => {
          const { recoveryCodes, ...signedIn } = await withClient(request, reply, (client) => auth.enrolConfirm(client, body.mfa_token, body.code));
          return { ...loginAnswer(signedIn), recoveryCodes };
        },
      }),
      // WebAuthn: options, then the assertion; with `mfa_token` as the second factor, without it
      // as a passwordless sign-in.
      passkeyOptions: action({
        access: 'open',
        body: z.object({ mfa_token: z.string().min(1).max(2000).optional() }),
        response: passkeySignInOptionsAnswer,
        handler: async (request, body) => ({ success: true, data: await auth.passkeyOptions(clientOf(request), body.mfa_token) }),
      }),
      passkeyLogin: action({
        access: 'open',
        body: z.object({
          challengeId: z.uuid(),
          response: z.looseObject({ id: z.string().max(1024), rawId: z.string().max(1024), type: z.literal('public-key'), response: z.looseObject({}) }),
          mfa_token: z.string().min(1).max(2000).optional(),
          remember: z.boolean().optional(),
        }),
        response: loginAnswerSchema,
        handler: async (request, body, reply) =>
          loginAnswer(
            await withClient(request, reply, (client) =>
              auth.passkeySignIn(client, {
                challengeId: body.challengeId,
                response: body.response as unknown as AuthenticationResponseJSON,
                mfaToken: body.mfa_token,
                remember: body.remember,
              }),
            ),
          ),
      }),
      read: action({
        access: 'authenticated',
        body: z.object({ Iduser: z.uuid(), idOrganization: z.uuid().nullish() }),
        response: userReadAnswer,
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
