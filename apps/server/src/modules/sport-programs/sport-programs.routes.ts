import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inactivePatientsAnswer, mySportTodayAnswer, patientSportProgramsAnswer, sessionLogAnswer, sessionLogSchema, sportAssignSchema, sportProgramAnswer, sportProgramListAnswer, sportProgramWriteSchema } from '@wellbe/shared/schemas/sport';
import { callerOf } from '../../plugins/authenticate.ts';
import * as service from './sport-programs.service.ts';
import { idParams, patientParams } from '@wellbe/shared/schemas/fields';
import { okSchema } from '@wellbe/shared/schemas/responses';

const tags = ['sport-programs'];

// SPEC §6: /program/sportif/list keeps the route table's group (dietetics: SA PA PR PG DE) for the
// program library, assignments and the dashboard list; writing a patient's program also needs dps
// write (checked through the patient). The patient file's tab follows the file (dps); a PT reads
// and logs their own program of the day.
export async function sportProgramRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/sport-programs', { config: { access: 'dietetics' }, schema: { response: { 200: sportProgramListAnswer }, tags, summary: 'La bibliothèque de programmes de l’organisation' } }, async (request) => ({
    success: true,
    data: await service.listPrograms(ctx, callerOf(request)),
  }));
  r.get('/api/sport-programs/inactive-patients', { config: { access: 'dietetics' }, schema: { response: { 200: inactivePatientsAnswer }, tags, summary: 'Patients sans séance notée depuis 7 jours' } }, async (request) => ({
    success: true,
    data: await service.inactivePatients(ctx, callerOf(request)),
  }));
  r.get('/api/sport-programs/mine', { config: { access: 'dps', patientData: true }, schema: { response: { 200: mySportTodayAnswer }, tags, summary: 'Mon programme du jour (patient)' } }, async (request) => ({
    success: true,
    data: await service.myToday(ctx, callerOf(request)),
  }));
  r.post('/api/sport-programs/mine/logs', { config: { access: 'dps', patientData: true }, schema: { response: { 201: sessionLogAnswer }, body: sessionLogSchema, tags, summary: 'Noter une séance (patient)' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await service.logSession(ctx, callerOf(request), request.body) };
  });
  r.get('/api/sport-programs/patients/:idPatient', { config: { access: 'dps', patientData: true }, schema: { response: { 200: patientSportProgramsAnswer }, params: patientParams, tags, summary: 'Programmes sportifs d’un patient, séances notées et assiduité' } }, async (request) => ({
    success: true,
    data: await service.patientPrograms(ctx, callerOf(request), request.params.idPatient),
  }));
  r.get('/api/sport-programs/:id', { config: { access: 'dietetics' }, schema: { response: { 200: sportProgramAnswer }, params: idParams, tags, summary: 'Un programme et ses séances' } }, async (request) => ({
    success: true,
    data: await service.readProgram(ctx, callerOf(request), request.params.id),
  }));
  r.post('/api/sport-programs', { config: { access: 'dietetics' }, schema: { response: { 201: sportProgramAnswer }, body: sportProgramWriteSchema, tags, summary: 'Créer un programme' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await service.writeProgram(ctx, callerOf(request), null, request.body) };
  });
  r.put('/api/sport-programs/:id', { config: { access: 'dietetics' }, schema: { response: { 200: sportProgramAnswer }, params: idParams, body: sportProgramWriteSchema, tags, summary: 'Modifier un programme (ou celui d’un patient)' } }, async (request) => ({
    success: true,
    data: await service.writeProgram(ctx, callerOf(request), request.params.id, request.body),
  }));
  r.delete('/api/sport-programs/:id', { config: { access: 'dietetics' }, schema: { response: { 200: okSchema }, params: idParams, tags, summary: 'Archiver un programme' } }, async (request) => {
    await service.archiveProgram(ctx, callerOf(request), request.params.id);
    return { success: true };
  });
  r.post('/api/sport-programs/:id/duplicate', { config: { access: 'dietetics' }, schema: { response: { 201: sportProgramAnswer }, params: idParams, tags, summary: 'Dupliquer un programme' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await service.duplicateProgram(ctx, callerOf(request), request.params.id) };
  });
  r.post('/api/sport-programs/:id/assign', { config: { access: 'dietetics', patientData: true }, schema: { response: { 201: sportProgramAnswer }, params: idParams, body: sportAssignSchema, tags, summary: 'Attribuer un programme à un patient' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await service.assignProgram(ctx, callerOf(request), request.params.id, request.body) };
  });
}
