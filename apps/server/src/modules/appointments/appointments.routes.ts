import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentAnswer,
  appointmentsAnswer,
  bookingInputSchema,
  bookingOptionsAnswer,
  bookingSlotsQuerySchema,
  cancelInputSchema,
  freeSlotsAnswer,
  overviewQuerySchema,
  staffOverviewAnswer,
  waitlistAnswer,
  waitlistInputSchema,
} from '@wellbe/shared/schemas/agenda';
import { callerOf } from '../../plugins/authenticate.ts';
import * as appointments from './appointments.service.ts';
import { idParams } from '@wellbe/shared/schemas/fields';
import { noContent } from '@wellbe/shared/schemas/responses';

const tags = ['appointments'];

// /appointment (SPEC §6 `appointment`: RH AD PT DE): the patient's online booking, their own
// appointments and the waitlist; for staff, the requests to confirm and the day's list.
export async function appointmentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/appointments/overview', { config: { access: 'appointment', patientData: true }, schema: { response: { 200: staffOverviewAnswer }, querystring: overviewQuerySchema, tags, summary: 'Demandes à confirmer et rendez-vous du jour' } }, async (request) => ({
    success: true,
    data: await appointments.staffOverview(ctx, callerOf(request), request.query.day),
  }));

  r.get('/api/appointments/mine', { config: { access: 'appointment', patientData: true }, schema: { response: { 200: appointmentsAnswer }, tags, summary: 'Mes rendez-vous (patient)' } }, async (request) => ({
    success: true,
    data: await appointments.myAppointments(ctx, callerOf(request)),
  }));

  r.get('/api/appointments/options', { config: { access: 'appointment' }, schema: { response: { 200: bookingOptionsAnswer }, tags, summary: 'Praticiens et types réservables' } }, async (request) => ({
    success: true,
    data: await appointments.bookingOptions(ctx, callerOf(request)),
  }));

  r.get('/api/appointments/slots', { config: { access: 'appointment' }, schema: { response: { 200: freeSlotsAnswer }, querystring: bookingSlotsQuerySchema, tags, summary: 'Créneaux libres (sans nom)' } }, async (request) => {
    const page = await appointments.slots(ctx, callerOf(request), request.query);
    return { success: true, data: page.slots, from: page.from };
  });

  r.post('/api/appointments', { config: { access: 'appointment', patientData: true }, schema: { response: { 201: appointmentAnswer }, body: bookingInputSchema, tags, summary: 'Prendre rendez-vous en ligne' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await appointments.book(ctx, callerOf(request), request.body) };
  });

  r.post('/api/appointments/:id/confirm', { config: { access: 'appointment', patientData: true }, schema: { response: { 200: appointmentAnswer }, params: idParams, tags, summary: 'Confirmer une demande' } }, async (request) => ({
    success: true,
    data: await appointments.confirm(ctx, callerOf(request), request.params.id),
  }));

  r.post('/api/appointments/:id/cancel', { config: { access: 'appointment', patientData: true }, schema: { response: { 200: appointmentAnswer }, params: idParams, body: cancelInputSchema, tags, summary: 'Annuler un rendez-vous' } }, async (request) => ({
    success: true,
    data: await appointments.cancel(ctx, callerOf(request), request.params.id, request.body.reason),
  }));

  r.get('/api/appointments/waitlist', { config: { access: 'appointment' }, schema: { response: { 200: waitlistAnswer }, tags, summary: 'Ma liste d’attente' } }, async (request) => ({
    success: true,
    data: await appointments.myWaitlist(ctx, callerOf(request)),
  }));

  r.post('/api/appointments/waitlist', { config: { access: 'appointment' }, schema: { response: { 201: waitlistAnswer }, body: waitlistInputSchema, tags, summary: 'M’inscrire sur la liste d’attente' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await appointments.joinWaitlist(ctx, callerOf(request), request.body) };
  });

  r.delete('/api/appointments/waitlist/:id', { config: { access: 'appointment' }, schema: { response: { 204: noContent }, params: idParams, tags, summary: 'Quitter la liste d’attente' } }, async (request, reply) => {
    await appointments.leaveWaitlist(ctx, callerOf(request), request.params.id);
    reply.status(204).send();
  });

  r.post('/api/appointments/offers/accept', { config: { access: 'appointment', patientData: true }, schema: { response: { 201: appointmentAnswer }, body: z.object({ token: z.string().min(10).max(100) }), tags, summary: 'Accepter un créneau proposé' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await appointments.acceptOffer(ctx, callerOf(request), request.body.token) };
  });
}
