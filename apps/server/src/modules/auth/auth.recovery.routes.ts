import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientOf } from '../../lib/request.ts';
import { completeInvitationBody, forgotPasswordBody, invitationBody, linkTokenBody, resetPasswordBody } from './auth.recovery.schemas.ts';
import type { RecoveryService } from './auth.recovery.service.ts';
import { okSchema } from '@wellbe/shared/schemas/responses';
import { invitationAnswer, signedInAnswer } from '@wellbe/shared/schemas/auth';

// Forgotten password, reset, invitation completion (/register/{userId}?token=) and email
// confirmation (/mail-confirm?token=). Tokens travel in JSON bodies, never in logged URLs.
export async function recoveryRoutes(app: FastifyInstance, { recovery }: { recovery: RecoveryService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  r.post('/api/auth/forgot-password', {
    config: { access: 'open' },
    schema: { response: { 200: okSchema }, body: forgotPasswordBody, tags, summary: 'Envoie un lien de réinitialisation (même réponse que l’email existe ou non)' },
    handler: async (request) => {
      await recovery.requestReset(request.body.email, request.ip, request.log);
      return { success: true };
    },
  });

  r.post('/api/auth/reset-password/check', {
    config: { access: 'open' },
    schema: { response: { 200: okSchema }, body: linkTokenBody, tags, summary: 'Vérifie un lien de réinitialisation sans l’utiliser' },
    handler: async (request) => {
      await recovery.checkReset(request.body.token);
      return { success: true };
    },
  });

  r.post('/api/auth/reset-password', {
    config: { access: 'open' },
    schema: { response: { 200: okSchema }, body: resetPasswordBody, tags, summary: 'Nouveau mot de passe par lien (usage unique, 30 minutes)' },
    handler: async (request) => {
      await recovery.resetPassword(request.body.token, request.body.password);
      return { success: true };
    },
  });

  r.post('/api/auth/invitation/check', {
    config: { access: 'open' },
    schema: { response: { 200: invitationAnswer }, body: invitationBody, tags, summary: 'Vérifie un lien d’invitation et décrit le compte invité' },
    handler: async (request) => {
      const user = await recovery.checkInvitation(request.body.userId, request.body.token);
      return { success: true, user: { displayName: user.displayName || `${user.firstName} ${user.lastName}`.trim(), username: user.username, email: user.email, organization: user.organization } };
    },
  });

  r.post('/api/auth/invitation/complete', {
    config: { access: 'open' },
    schema: { response: { 200: signedInAnswer }, body: completeInvitationBody, tags, summary: 'Choisit le mot de passe d’un compte invité et le connecte' },
    handler: async (request) => {
      const { token, user } = await recovery.completeInvitation(request.body.userId, request.body.token, request.body.password, clientOf(request));
      return { success: true, user, access_token: token };
    },
  });

  r.post('/api/auth/mail-confirm', {
    config: { access: 'open' },
    schema: { response: { 200: okSchema }, body: linkTokenBody, tags, summary: 'Confirme l’adresse email d’un compte créé par inscription' },
    handler: async (request) => {
      await recovery.confirmEmail(request.body.token);
      return { success: true };
    },
  });
}
