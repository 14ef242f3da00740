import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { invitePatientSchema, managedUserAnswer, managedUserPageAnswer, userCreateSchema, userListQuerySchema, userUpdateSchema } from '@wellbe/shared/schemas/users';
import { z } from 'zod';
import { callerOf } from '../../plugins/authenticate.ts';
import { UsersService } from './users.service.ts';
import { okSchema } from '@wellbe/shared/schemas/responses';

const idParams = z.object({ id: z.uuid() });

// /user: SPEC §6 'user' group to see, 'user write' to change.
export async function userRoutes(app: FastifyInstance) {
  const service = new UsersService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.get('/api/users', {
    config: { access: 'user' },
    schema: { response: { 200: managedUserPageAnswer }, tags, summary: 'Utilisateurs (organisation de l’appelant ; SA et DE : toutes, filtre organizationId)', querystring: userListQuerySchema },
    handler: async (request) => ({ success: true, ...(await service.list(callerOf(request), request.query)) }),
  });

  r.post('/api/users', {
    config: { access: 'userWrite' },
    schema: { response: { 201: managedUserAnswer }, tags, summary: 'Créer un utilisateur et lui envoyer son invitation', body: userCreateSchema },
    handler: async (request, reply) => reply.status(201).send({ success: true, data: await service.create(callerOf(request), request.body) }),
  });

  // 'Inviter le patient' from a patient's file: a PT account linked to that patient. It hands out
  // the patient's name, email and phone: dps write (the practitioner who treats them), not user write.
  r.post('/api/users/invite-patient', {
    config: { access: 'dpsWrite', patientData: true },
    schema: { response: { 201: managedUserAnswer }, tags, summary: 'Inviter le patient : compte PT lié au patient, invitation envoyée', body: invitePatientSchema },
    handler: async (request, reply) => reply.status(201).send({ success: true, data: await service.invitePatient(callerOf(request), request.body) }),
  });

  r.get('/api/users/:id', {
    config: { access: 'user' },
    schema: { response: { 200: managedUserAnswer }, tags, summary: 'Un utilisateur', params: idParams },
    handler: async (request) => ({ success: true, data: await service.get(callerOf(request), request.params.id) }),
  });

  r.patch('/api/users/:id', {
    config: { access: 'userWrite' },
    schema: { response: { 200: managedUserAnswer }, tags, summary: 'Modifier noms, métier, spécialité, téléphones, rôle ; activer ou désactiver', params: idParams, body: userUpdateSchema },
    handler: async (request) => ({ success: true, data: await service.update(callerOf(request), request.params.id, request.body) }),
  });

  r.post('/api/users/:id/invitation', {
    config: { access: 'userWrite' },
    schema: { response: { 200: managedUserAnswer }, tags, summary: 'Renvoyer l’invitation (le lien précédent ne vaut plus)', params: idParams },
    handler: async (request) => ({ success: true, data: await service.sendInvitation(callerOf(request), request.params.id) }),
  });

  r.delete('/api/users/:id/invitation', {
    config: { access: 'userWrite' },
    schema: { response: { 200: managedUserAnswer }, tags, summary: 'Révoquer l’invitation', params: idParams },
    handler: async (request) => ({ success: true, data: await service.revokeInvitation(callerOf(request), request.params.id) }),
  });

  r.post('/api/users/:id/password-reset', {
    config: { access: 'userWrite' },
    schema: { response: { 200: okSchema }, tags, summary: 'Envoyer un lien de réinitialisation du mot de passe', params: idParams },
    handler: async (request) => {
      await service.sendPasswordReset(callerOf(request), request.params.id);
      return { success: true };
    },
  });
}
