import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answersSchema,
  assignedAnswer,
  assignmentAnswer,
  assignmentListAnswer,
  assignSchema,
  questionnaireAnswer,
  questionnaireListAnswer,
  questionnaireListQuery,
  questionnaireStateSchema,
  questionnaireWriteSchema,
} from '@wellbe/shared/schemas/questionnaires';
import { idParams, patientParams, pgIntQuery } from '@wellbe/shared/schemas/fields';
import { callerOf } from '../../plugins/authenticate.ts';
import * as service from './questionnaires.service.ts';

const tags = ['questionnaires'];

// Questionnaires (issue "between visits"): the organisation's templates are read and written by
// its practitioners (questionnaires group); a patient's assignments follow the patient file (dps):
// practitioners send and read them, the PT answers their own.
export async function questionnaireRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/questionnaires', { config: { access: 'questionnaires' }, schema: { querystring: questionnaireListQuery, response: { 200: questionnaireListAnswer }, tags, summary: 'Les questionnaires de l’organisation (version courante)' } }, async (request) => ({
    success: true,
    data: await service.listQuestionnaires(ctx, callerOf(request), request.query.all === 'true'),
  }));
  r.post('/api/questionnaires', { config: { access: 'questionnairesWrite' }, schema: { body: questionnaireWriteSchema, response: { 201: questionnaireAnswer }, tags, summary: 'Créer un questionnaire' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await service.createQuestionnaire(ctx, callerOf(request), request.body) };
  });
  r.get('/api/questionnaires/mine', { config: { access: 'dps', patientData: true }, schema: { response: { 200: assignmentListAnswer }, tags, summary: 'Mes questionnaires (patient)' } }, async (request) => ({
    success: true,
    data: await service.myAssignments(ctx, callerOf(request)),
  }));
  r.put('/api/questionnaires/assignments/:id/answers', { config: { access: 'dps', patientData: true }, schema: { params: idParams, body: answersSchema, response: { 200: assignmentAnswer }, tags, summary: 'Enregistrer ou envoyer mes réponses (patient)' } }, async (request) => ({
    success: true,
    data: await service.saveMyAnswers(ctx, callerOf(request), request.params.id, request.body),
  }));
  r.get('/api/questionnaires/:id', { config: { access: 'questionnaires' }, schema: { params: idParams, querystring: z.object({ version: pgIntQuery({ min: 1 }).optional() }), response: { 200: questionnaireAnswer }, tags, summary: 'Un questionnaire (une version)' } }, async (request) => ({
    success: true,
    data: await service.readQuestionnaire(ctx, callerOf(request), request.params.id, request.query.version),
  }));
  r.put('/api/questionnaires/:id', { config: { access: 'questionnairesWrite' }, schema: { params: idParams, body: questionnaireWriteSchema, response: { 200: questionnaireAnswer }, tags, summary: 'Modifier un questionnaire (nouvelle version)' } }, async (request) => ({
    success: true,
    data: await service.updateQuestionnaire(ctx, callerOf(request), request.params.id, request.body),
  }));
  r.patch('/api/questionnaires/:id', { config: { access: 'questionnairesWrite' }, schema: { params: idParams, body: questionnaireStateSchema, response: { 200: questionnaireAnswer }, tags, summary: 'Activer ou désactiver un questionnaire' } }, async (request) => ({
    success: true,
    data: await service.setQuestionnaireActive(ctx, callerOf(request), request.params.id, request.body.active),
  }));
  r.post('/api/questionnaires/:id/duplicate', { config: { access: 'questionnairesWrite' }, schema: { params: idParams, response: { 201: questionnaireAnswer }, tags, summary: 'Dupliquer un questionnaire' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await service.duplicateQuestionnaire(ctx, callerOf(request), request.params.id) };
  });
  r.post('/api/patients/:idPatient/questionnaires', { config: { access: 'questionnairesWrite', patientData: true }, schema: { params: patientParams, body: assignSchema, response: { 201: assignedAnswer }, tags, summary: 'Envoyer un questionnaire à un patient' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await service.assignQuestionnaire(ctx, callerOf(request), request.params.idPatient, request.body) };
  });
  r.get('/api/patients/:idPatient/questionnaires', { config: { access: 'dps', patientData: true }, schema: { params: patientParams, response: { 200: assignmentListAnswer }, tags, summary: 'Questionnaires d’un patient (statut et réponses)' } }, async (request) => ({
    success: true,
    data: await service.patientAssignments(ctx, callerOf(request), request.params.idPatient),
  }));
}
