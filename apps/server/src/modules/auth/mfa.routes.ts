import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { AppError, badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import { callerOf } from '../../lib/request.ts';
import { findUserById } from './auth.repository.ts';
import { journalAuth } from './auth.journal.ts';
import type { AuthService } from './auth.service.ts';
import { acceptCode, confirmTotpEnrolment, factorsOf, MFA_MESSAGES, mfaRequiredFor, newRecoveryCodes, remainingRecoveryCodes, removeTotp, startTotpEnrolment } from './mfa.ts';
import { deletePasskey, listPasskeys, registerPasskey, registrationOptions } from './passkeys.ts';
import { dataAnswer, okSchema, undetailed } from '@wellbe/shared/schemas/responses';

const MFA_ROUTE_MESSAGES = {
  lastFactor: 'Votre organisation exige une double authentification : gardez au moins une méthode.',
  passkeyRefused: 'La clé d’accès n’a pas pu être enregistrée. Réessayez.',
} as const;

// The second factor in /profile: TOTP enrolment (QR code drawn by the server, manual key, first
// code), recovery codes, passkeys. Every change is journalled.
export async function mfaRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const codeBody = z.object({ code: z.string().trim().min(6).max(32) });

  async function me(request: FastifyRequest) {
    const found = await findUserById(app.ctx.db, callerOf(request).id);
    if (!found) throw unauthorized();
    return found;
  }
  const who = (request: FastifyRequest) => callerOf(request);

  /** A sensitive change needs a fresh code (or recovery code), throttled like the sign-in ones. */
  async function requireCode(request: FastifyRequest, code: string) {
    const found = await me(request);
    await auth.assertCodeFree(request, found);
    if (!(await acceptCode(app.ctx, found.user.id, code))) return auth.codeRefused(request, found, 'code');
    return found;
  }

  /** Removing the last factor is refused when the organisation requires one. */
  async function assertNotLast(request: FastifyRequest, removing: 'totp' | 'passkey') {
    const user = who(request);
    const factors = await factorsOf(app.ctx, user.id);
    const left = (removing === 'totp' ? 0 : Number(factors.totp)) + factors.passkeys - (removing === 'passkey' ? 1 : 0);
    if (left <= 0 && (await mfaRequiredFor(app.ctx, user))) throw new AppError(409, 'mfa_required_by_organisation', MFA_ROUTE_MESSAGES.lastFactor);
  }

  r.get('/api/auth/mfa', {
    config: { access: 'authenticated' },
    schema: { response: { 200: dataAnswer(undetailed) }, tags, summary: 'État de la double authentification de l’appelant' },
    handler: async (request) => {
      const user = who(request);
      const [factors, recoveryCodesLeft, passkeys, required] = await Promise.all([
        factorsOf(app.ctx, user.id),
        remainingRecoveryCodes(app.ctx, user.id),
        listPasskeys(app.ctx, user.id),
        mfaRequiredFor(app.ctx, user),
      ]);
      return {
        success: true,
        data: {
          totp: factors.totp,
          recoveryCodesLeft,
          required,
          passkeys: passkeys.map((p) => ({ id: p.id, name: p.name, createdAt: p.createdAt.toISOString(), lastUsedAt: p.lastUsedAt?.toISOString() ?? null })),
        },
      };
    },
  });

  r.post('/api/auth/mfa/totp/setup', {
    config: { access: 'authenticated' },
    schema: { response: { 200: dataAnswer(undetailed) }, tags, summary: 'Commence l’activation TOTP : clé et QR code' },
    handler: async (request) => {
      const found = await me(request);
      const started = await startTotpEnrolment(app.ctx, found.user.id, found.user.email || found.user.username);
      if (!started) throw new AppError(409, 'mfa_already_enrolled', MFA_MESSAGES.alreadyEnrolled);
      return { success: true, data: { secret: started.secret, qrCode: started.qrCode } };
    },
  });

  r.post('/api/auth/mfa/totp/confirm', {
    config: { access: 'authenticated' },
    schema: { response: { 200: dataAnswer(undetailed) }, tags, body: codeBody, summary: 'Confirme l’activation TOTP par un premier code ; renvoie les codes de secours (affichés une fois)' },
    handler: async (request) => {
      const found = await me(request);
      await auth.assertCodeFree(request, found);
      const recoveryCodes = await confirmTotpEnrolment(app.ctx, found.user.id, request.body.code);
      if (!recoveryCodes) return auth.codeRefused(request, found, 'totp-enrol');
      await journalAuth(app.ctx, request, { action: 'auth.mfa.enrol', outcome: 'success', user: who(request), details: { method: 'totp' } });
      return { success: true, data: { recoveryCodes } };
    },
  });

  r.post('/api/auth/mfa/totp/disable', {
    config: { access: 'authenticated' },
    schema: { response: { 200: okSchema }, tags, body: codeBody, summary: 'Désactive le TOTP (un code est demandé)' },
    handler: async (request) => {
      await assertNotLast(request, 'totp');
      const found = await requireCode(request, request.body.code);
      await removeTotp(app.ctx, found.user.id);
      await journalAuth(app.ctx, request, { action: 'auth.mfa.remove', outcome: 'success', user: who(request), details: { method: 'totp' } });
      return { success: true };
    },
  });

  r.post('/api/auth/mfa/recovery-codes', {
    config: { access: 'authenticated' },
    schema: { response: { 200: dataAnswer(undetailed) }, tags, body: codeBody, summary: 'Nouveaux codes de secours (les anciens ne valent plus)' },
    handler: async (request) => {
      const found = await requireCode(request, request.body.code);
      const recoveryCodes = await newRecoveryCodes(app.ctx, found.user.id);
      await journalAuth(app.ctx, request, { action: 'auth.mfa.recoveryCodes', outcome: 'success', user: who(request) });
      return { success: true, data: { recoveryCodes } };
    },
  });

  r.post('/api/auth/passkeys/options', {
    config: { access: 'authenticated' },
    schema: { response: { 200: dataAnswer(undetailed) }, tags, summary: 'Options WebAuthn pour enregistrer une clé d’accès' },
    handler: async (request) => {
      const { user } = await me(request);
      return { success: true, data: await registrationOptions(app.ctx, { id: user.id, username: user.username, displayName: user.displayName || `${user.firstName} ${user.lastName}`.trim() }) };
    },
  });

  r.post('/api/auth/passkeys', {
    config: { access: 'authenticated' },
    schema: {
      response: { 201: dataAnswer(z.object({ id: z.string() })) },
      tags,
      summary: 'Enregistre une clé d’accès nommée',
      body: z.object({
        name: z.string().trim().min(1, 'Donnez un nom à cette clé.').max(60),
        challengeId: z.uuid(),
        response: z.looseObject({ id: z.string().max(1024), rawId: z.string().max(1024), type: z.literal('public-key'), response: z.looseObject({}) }),
      }),
    },
    handler: async (request, reply) => {
      const user = who(request);
      const row = await registerPasskey(app.ctx, user.id, request.body.challengeId, request.body.name, request.body.response as unknown as RegistrationResponseJSON);
      if (!row) throw badRequest(MFA_ROUTE_MESSAGES.passkeyRefused, 'passkey_invalid');
      await journalAuth(app.ctx, request, { action: 'auth.mfa.enrol', outcome: 'success', user, details: { method: 'passkey', name: request.body.name } });
      return reply.status(201).send({ success: true, data: { id: row.id } });
    },
  });

  r.delete('/api/auth/passkeys/:id', {
    config: { access: 'authenticated' },
    schema: { response: { 200: okSchema }, tags, params: z.object({ id: z.uuid() }), summary: 'Supprime une clé d’accès' },
    handler: async (request) => {
      const user = who(request);
      await assertNotLast(request, 'passkey');
      if (!(await deletePasskey(app.ctx, user.id, request.params.id))) throw notFound('Clé d’accès introuvable.');
      await journalAuth(app.ctx, request, { action: 'auth.mfa.remove', outcome: 'success', user, details: { method: 'passkey' } });
      return { success: true };
    },
  });
}
