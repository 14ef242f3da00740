import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agendaExceptionAnswer,
  agendaHandleAnswer,
  agendaPeriodAnswer,
  agendaPractitionersAnswer,
  agendaSettingsAnswer,
  agendaSettingsInputSchema,
  appointmentAnswer,
  appointmentInputSchema,
  appointmentPatchSchema,
  appointmentTypeAnswer,
  appointmentTypeInputSchema,
  appointmentTypesAnswer,
  bookingRulesAnswer,
  bookingRulesSchema,
  cancelInputSchema,
  exceptionInputSchema,
  holdInputSchema,
  icalFeedAnswer,
  patientChoiceQuerySchema,
  patientChoicesAnswer,
  rangeQuerySchema,
  slotsQuerySchema,
  staffFreeSlotsAnswer,
  statusInputSchema,
  typesQuerySchema,
} from '@wellbe/shared/schemas/agenda';
import { callerOf } from '../../plugins/authenticate.ts';
import * as writes from './agenda.appointments.ts';
import * as ical from './agenda.ical.ts';
import * as agenda from './agenda.service.ts';
import * as setup from './agenda.settings.ts';
import { idParams, uuidId } from '@wellbe/shared/schemas/fields';
import { fileAnswer, noContent } from '@wellbe/shared/schemas/responses';

const tags = ['agenda'];
const practitionerParams = z.object({ practitionerId: uuidId() });

// /agenda (SPEC §2, §6): route-level groups from packages/shared; the finer rule (own agenda with
// `agenda write`, any agenda with `agenda management`, cancel with `agenda delete`) is the service's.
export async function agendaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/agenda/practitioners', { config: { access: 'agenda' }, schema: { response: { 200: agendaPractitionersAnswer }, tags, summary: 'Praticiens de l’organisation (agendas)' } }, async (request) => ({
    success: true,
    data: await agenda.listPractitioners(ctx, callerOf(request)),
  }));

  r.get('/api/agenda/handle/:handle', { config: { access: 'agenda' }, schema: { response: { 200: agendaHandleAnswer }, params: z.object({ handle: z.string().max(100) }), tags, summary: 'Identifiant du praticien d’un agendaHandle' } }, async (request) => ({
    success: true,
    data: { practitionerId: await agenda.resolveHandle(ctx, callerOf(request), request.params.handle) },
  }));

  r.get('/api/agenda/appointments', { config: { access: 'agenda', patientData: true }, schema: { response: { 200: agendaPeriodAnswer }, querystring: rangeQuerySchema, tags, summary: 'Rendez-vous d’une période' } }, async (request) => ({
    success: true,
    data: await agenda.listAppointments(ctx, callerOf(request), request.query),
  }));

  r.get('/api/agenda/appointments/:id', { config: { access: 'agenda', patientData: true }, schema: { response: { 200: appointmentAnswer }, params: idParams, tags, summary: 'Un rendez-vous' } }, async (request) => ({
    success: true,
    data: await agenda.readAppointment(ctx, callerOf(request), request.params.id),
  }));

  r.post('/api/agenda/appointments', { config: { access: 'agenda', patientData: true }, schema: { response: { 201: appointmentAnswer }, body: appointmentInputSchema, tags, summary: 'Prendre un rendez-vous' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await writes.createAppointment(ctx, callerOf(request), request.body) };
  });

  r.patch('/api/agenda/appointments/:id', { config: { access: 'agenda', patientData: true }, schema: { response: { 200: appointmentAnswer }, params: idParams, body: appointmentPatchSchema, tags, summary: 'Déplacer ou modifier un rendez-vous' } }, async (request) => ({
    success: true,
    data: await writes.updateAppointment(ctx, callerOf(request), request.params.id, request.body),
  }));

  r.post('/api/agenda/appointments/:id/status', { config: { access: 'agenda', patientData: true }, schema: { response: { 200: appointmentAnswer }, params: idParams, body: statusInputSchema, tags, summary: 'Confirmer, honoré, absent' } }, async (request) => ({
    success: true,
    data: await writes.setStatus(ctx, callerOf(request), request.params.id, request.body),
  }));

  r.post('/api/agenda/appointments/:id/cancel', { config: { access: 'agendaDelete', patientData: true }, schema: { response: { 200: appointmentAnswer }, params: idParams, body: cancelInputSchema, tags, summary: 'Annuler un rendez-vous (motif)' } }, async (request) => ({
    success: true,
    data: await writes.cancelAppointment(ctx, callerOf(request), request.params.id, request.body.reason),
  }));

  r.post('/api/agenda/holds', { config: { access: 'agendaTemp' }, schema: { response: { 201: appointmentAnswer }, body: holdInputSchema, tags, summary: 'Réserver un créneau 15 minutes' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await writes.createHold(ctx, callerOf(request), request.body) };
  });

  r.get('/api/agenda/slots', { config: { access: 'agenda' }, schema: { response: { 200: staffFreeSlotsAnswer }, querystring: slotsQuerySchema, tags, summary: 'Créneaux libres' } }, async (request) => ({
    success: true,
    data: await setup.staffFreeSlots(ctx, callerOf(request), request.query),
  }));

  r.get('/api/agenda/settings/:practitionerId', { config: { access: 'agenda' }, schema: { response: { 200: agendaSettingsAnswer }, params: practitionerParams, tags, summary: 'Horaires et exceptions' } }, async (request) => ({
    success: true,
    data: await setup.readSettings(ctx, callerOf(request), request.params.practitionerId),
  }));

  r.put('/api/agenda/settings/:practitionerId', { config: { access: 'agenda' }, schema: { response: { 200: agendaSettingsAnswer }, params: practitionerParams, body: agendaSettingsInputSchema, tags, summary: 'Modifier les horaires' } }, async (request) => ({
    success: true,
    data: await setup.writeSettings(ctx, callerOf(request), request.params.practitionerId, request.body),
  }));

  r.post('/api/agenda/settings/:practitionerId/exceptions', { config: { access: 'agenda' }, schema: { response: { 201: agendaExceptionAnswer }, params: practitionerParams, body: exceptionInputSchema, tags, summary: 'Ajouter une absence' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await setup.addException(ctx, callerOf(request), request.params.practitionerId, request.body) };
  });

  r.delete('/api/agenda/settings/:practitionerId/exceptions/:id', { config: { access: 'agenda' }, schema: { response: { 204: noContent }, params: practitionerParams.extend({ id: uuidId() }), tags, summary: 'Supprimer une absence' } }, async (request, reply) => {
    await setup.removeException(ctx, callerOf(request), request.params.practitionerId, request.params.id);
    reply.status(204).send();
  });

  r.get('/api/agenda/types', { config: { access: 'agenda' }, schema: { response: { 200: appointmentTypesAnswer }, querystring: typesQuerySchema, tags, summary: 'Types de rendez-vous (d’un praticien : les siens)' } }, async (request) => ({
    success: true,
    data: await setup.listTypes(ctx, callerOf(request), request.query.practitionerId),
  }));

  r.post('/api/agenda/types', { config: { access: 'agendaManagement' }, schema: { response: { 201: appointmentTypeAnswer }, body: appointmentTypeInputSchema, tags, summary: 'Créer un type de rendez-vous' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await setup.createType(ctx, callerOf(request), request.body) };
  });

  r.put('/api/agenda/types/:id', { config: { access: 'agendaManagement' }, schema: { response: { 200: appointmentTypeAnswer }, params: idParams, body: appointmentTypeInputSchema, tags, summary: 'Modifier un type de rendez-vous' } }, async (request) => ({
    success: true,
    data: await setup.updateType(ctx, callerOf(request), request.params.id, request.body),
  }));

  r.get('/api/agenda/rules', { config: { access: 'agenda' }, schema: { response: { 200: bookingRulesAnswer }, tags, summary: 'Délais de réservation de l’organisation' } }, async (request) => ({
    success: true,
    data: await setup.readBookingRules(ctx, callerOf(request)),
  }));

  r.put('/api/agenda/rules', { config: { access: 'agendaManagement' }, schema: { response: { 200: bookingRulesAnswer }, body: bookingRulesSchema, tags, summary: 'Modifier les délais de réservation' } }, async (request) => ({
    success: true,
    data: await setup.writeBookingRules(ctx, callerOf(request), request.body),
  }));

  // The booking dialog's patient search: also for AD and RH, who book without the patient files.
  r.get('/api/agenda/patients', { config: { access: 'agendaBooking', patientData: true }, schema: { response: { 200: patientChoicesAnswer }, querystring: patientChoiceQuerySchema, tags, summary: 'Patients pour une prise de rendez-vous (nom seulement)' } }, async (request) => ({
    success: true,
    data: await setup.searchPatients(ctx, callerOf(request), request.query.q),
  }));

  r.post('/api/agenda/ical', { config: { access: 'agendaWrite' }, schema: { response: { 201: icalFeedAnswer }, tags, summary: 'Créer ou régénérer mon flux iCal privé' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await ical.createIcalFeed(ctx, callerOf(request)) };
  });

  r.delete('/api/agenda/ical', { config: { access: 'agendaWrite' }, schema: { response: { 204: noContent }, tags, summary: 'Révoquer mon flux iCal' } }, async (request, reply) => {
    await ical.revokeIcalFeed(ctx, callerOf(request));
    reply.status(204).send();
  });

  // The feed itself: the secret is the credential (calendar apps send no token). Open route,
  // initials only; a revoked or unknown secret is a plain 404.
  r.get(
    '/api/agenda/ical/:file',
    {
      config: { access: 'open' },
      schema: { response: { 200: fileAnswer('Flux iCalendar', 'text/calendar'), 304: noContent }, params: z.object({ file: z.string().max(100) }), tags, summary: 'Flux iCal privé d’un praticien' },
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200) reply.header('Cache-Control', 'private, max-age=300');
        return payload;
      },
    },
    async (request, reply) => {
      const feed = await ical.readIcalFeed(ctx, request.params.file);
      reply.header('ETag', feed.etag);
      if (noneMatch(request.headers['if-none-match'], feed.etag)) return reply.status(304).send();
      reply.type('text/calendar; charset=utf-8');
      return feed.body;
    },
  );
}

/**
 * If-None-Match by weak comparison (RFC 9110 §13.1.2): a list of tags, or '*'; a proxy that
 * compresses the feed (nginx gzip) turns the tag weak, W/"…", and the calendar sends that back.
 */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
