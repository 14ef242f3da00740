import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES } from '@wellbe/shared/errors';
import { conflict, unauthorized } from '../../lib/errors.ts';
import { hardLimit, MINUTE } from '../../lib/throttle.ts';
import { assertNotCommonPassword, hashPassword } from '../../lib/passwords.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import { findUserById, insertSelfRegistered, loginTaken, updateOwnPreferences } from './auth.repository.ts';
import { credentialsBody, registerBody, userUpdateBody } from './auth.schemas.ts';
import type { RecoveryService } from './auth.recovery.service.ts';
import type { AuthService, SignInResult } from './auth.service.ts';
import { resolveUser, unauthenticated } from '../../plugins/authenticate.ts';
import { acceptAtRegistration } from '../policies/policies.service.ts';
import { successLoose } from '@wellbe/shared/schemas/responses';

/** Self-registration: 10 an hour per IP, 3 an hour per address (each mails the address). */
const REGISTER_RULES = { ip: hardLimit(10, 60 * MINUTE), email: hardLimit(3, 60 * MINUTE) };

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
      schema: { response: { 200: successLoose }, body: credentialsBody, tags, summary: 'Connexion par email (ou nom d’utilisateur) et mot de passe' },
      handler: async (request, reply) => {
        const result = await auth.signIn(request.body.email, request.body.password, request, reply);
        if (result.kind === 'challenge') return sendChallenge(reply, result);
        return { success: true, user: result.user, access_token: result.token };
      },
    });
  }

  r.post('/api/auth/register', {
    config: { access: 'guest' },
    schema: { response: { 201: successLoose }, body: registerBody, tags, summary: 'Création d’un compte (rôle US, email à confirmer)' },
    handler: async (request, reply) => {
      const { displayName, email, password } = request.body.user;
      const username = request.body.user.username ?? email;
      // Registration answers whether an address is taken (SPEC §7): it is rate-limited per IP and
      // per address so that it cannot enumerate accounts or mail strangers at scale.
      await auth.throttle.assertFree([`register-ip:${request.ip}`, `register-email:${email.toLowerCase()}`]);
      await auth.throttle.fail(`register-ip:${request.ip}`, REGISTER_RULES.ip);
      await auth.throttle.fail(`register-email:${email.toLowerCase()}`, REGISTER_RULES.email);
      const taken = await loginTaken(app.ctx.db, username, email);
      if (taken.email) throw conflict(ERROR_MESSAGES.emailTaken, 'email_taken');
      if (taken.username) throw conflict(ERROR_MESSAGES.usernameTaken, 'username_taken');
      await assertNotCommonPassword(password, [username, email, displayName]);
      const id = await insertSelfRegistered(app.ctx.db, { username, email, displayName, passwordHash: await hashPassword(password) });
      // Issue 20: the form's checkbox accepted the CGU and privacy policy in force; recorded with the IP.
      await acceptAtRegistration(app.ctx, { id, organizationId: null }, request.ip);
      // The new address is confirmed through a single-use link (/mail-confirm?token=).
      await recovery.sendEmailConfirmation(id, request.log);
      const found = await findUserById(app.ctx.db, id);
      if (!found) throw unauthorized();
      const { token, user } = await auth.startSession(found, request, 'register');
      return reply.status(201).send({ success: true, user, access_token: token });
    },
  });

  r.get('/api/auth/access-token', {
    config: { access: 'open' },
    schema: { response: { 200: successLoose }, tags, summary: 'Renouvelle le jeton du porteur et relit l’utilisateur' },
    handler: async (request) => {
      // The bearer header is the way; a JSON body `access_token` is accepted as the SPEC §7 payload.
      // Both ways go through the same checks (role, version, organisation, session) of the
      // authentication hook: the body token is authenticated exactly like a bearer header.
      const bodyToken = (request.body as { access_token?: unknown } | undefined)?.access_token;
      if (!request.user && typeof bodyToken === 'string') {
        await resolveUser(app, request, bodyToken);
      }
      if (!request.user || !request.sessionId) throw unauthenticated(request);
      const { token, user } = await auth.renew(request.user.id, request.sessionId, request);
      return { success: true, user, access_token: token };
    },
  });

  r.post('/api/auth/user/update', {
    config: { access: 'authenticated', consentExempt: true },
    schema: { response: { 200: successLoose }, body: userUpdateBody, tags, summary: 'Enregistre les réglages, raccourcis et nom affiché de l’appelant' },
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
      const { token, user } = await auth.renew(me.id, request.sessionId!, request);
      return { success: true, user, access_token: token };
    },
  });
}

/** A second factor (or its enrolment) is due: SPEC §7's failure shape plus the challenge token. */
export function sendChallenge(reply: FastifyReply, result: Extract<SignInResult, { kind: 'challenge' }>) {
  return reply.status(401).send({ success: false, error: { code: result.code, message: result.message }, mfa_token: result.challenge, methods: result.methods });
}
