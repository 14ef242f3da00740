import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { callerOf, clientOf } from '../../lib/request.ts';
import type { AuthService } from './auth.service.ts';
import { dataAnswer, okSchema } from '@wellbe/shared/schemas/responses';
import { mfaStateAnswer, passkeyOptionsAnswer, recoveryCodesAnswer, totpSetupAnswer } from '@wellbe/shared/schemas/auth';
import { MfaService } from './mfa.service.ts';

// The second factor in /profile (rules in mfa.service.ts).
export async function mfaRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const codeBody = z.object({ code: z.string().trim().min(6).max(32) });
  const mfa = new MfaService(app.ctx, auth);

  r.get('/api/auth/mfa', {
    config: { access: 'authenticated' },
    schema: { response: { 200: mfaStateAnswer }, tags, summary: 'État de la double authentification de l’appelant' },
    handler: async (request) => ({ success: true, data: await mfa.status(callerOf(request)) }),
  });

  r.post('/api/auth/mfa/totp/setup', {
    config: { access: 'authenticated' },
    schema: { response: { 200: totpSetupAnswer }, tags, summary: 'Commence l’activation TOTP : clé et QR code' },
    handler: async (request) => ({ success: true, data: await mfa.startTotp(callerOf(request)) }),
  });

  r.post('/api/auth/mfa/totp/confirm', {
    config: { access: 'authenticated' },
    schema: { response: { 200: recoveryCodesAnswer }, tags, body: codeBody, summary: 'Confirme l’activation TOTP par un premier code ; renvoie les codes de secours (affichés une fois)' },
    handler: async (request) => ({ success: true, data: { recoveryCodes: await mfa.confirmTotp(callerOf(request), request.body.code, clientOf(request)) } }),
  });

  r.post('/api/auth/mfa/totp/disable', {
    config: { access: 'authenticated' },
    schema: { response: { 200: okSchema }, tags, body: codeBody, summary: 'Désactive le TOTP (un code est demandé)' },
    handler: async (request) => {
      await mfa.disableTotp(callerOf(request), request.body.code, clientOf(request));
      return { success: true };
    },
  });

  r.post('/api/auth/mfa/recovery-codes', {
    config: { access: 'authenticated' },
    schema: { response: { 200: recoveryCodesAnswer }, tags, body: codeBody, summary: 'Nouveaux codes de secours (les anciens ne valent plus)' },
    handler: async (request) => ({ success: true, data: { recoveryCodes: await mfa.renewRecoveryCodes(callerOf(request), request.body.code, clientOf(request)) } }),
  });

  r.post('/api/auth/passkeys/options', {
    config: { access: 'authenticated' },
    schema: { response: { 200: passkeyOptionsAnswer }, tags, summary: 'Options WebAuthn pour enregistrer une clé d’accès' },
    handler: async (request) => ({ success: true, data: await mfa.passkeyRegistrationOptions(callerOf(request)) }),
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
      const { name, challengeId, response } = request.body;
      const id = await mfa.addPasskey(callerOf(request), { name, challengeId, response: response as unknown as RegistrationResponseJSON });
      return reply.status(201).send({ success: true, data: { id } });
    },
  });

  r.delete('/api/auth/passkeys/:id', {
    config: { access: 'authenticated' },
    schema: { response: { 200: okSchema }, tags, params: z.object({ id: z.uuid() }), summary: 'Supprime une clé d’accès' },
    handler: async (request) => {
      await mfa.removePasskey(callerOf(request), request.params.id);
      return { success: true };
    },
  });
}
