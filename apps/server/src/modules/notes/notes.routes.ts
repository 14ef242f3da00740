import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { labelInputSchema, noteAnswer, noteInputSchema, noteLabelAnswer, noteLabelsAnswer, noteListAnswer, noteListQuerySchema, notePatchSchema } from '@wellbe/shared/schemas/notes';
import { callerOf } from '../../plugins/authenticate.ts';
import * as notes from './notes.service.ts';
import { idParams } from '@wellbe/shared/schemas/fields';
import { noContent } from '@wellbe/shared/schemas/responses';

const tags = ['notes'];

// Private notes and their labels (SPEC §2 /notes, §6 group `note`). A note may name a patient:
// those routes are marked patientData so that a refusal is journalled.
export async function noteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/notes', { config: { access: 'note', patientData: true }, schema: { response: { 200: noteListAnswer }, querystring: noteListQuerySchema, tags, summary: 'Mes notes (filtre, libellé, recherche)' } }, async (request) => ({
    success: true,
    data: await notes.listNotes(ctx, callerOf(request), request.query),
  }));

  r.get('/api/notes/labels', { config: { access: 'note' }, schema: { response: { 200: noteLabelsAnswer }, tags, summary: 'Mes libellés' } }, async (request) => ({
    success: true,
    data: await notes.listLabels(ctx, callerOf(request)),
  }));

  r.post('/api/notes/labels', { config: { access: 'note' }, schema: { response: { 201: noteLabelAnswer }, body: labelInputSchema, tags, summary: 'Créer un libellé' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await notes.createLabel(ctx, callerOf(request), request.body) };
  });

  r.patch('/api/notes/labels/:id', { config: { access: 'note' }, schema: { response: { 200: noteLabelAnswer }, params: idParams, body: labelInputSchema, tags, summary: 'Renommer un libellé' } }, async (request) => ({
    success: true,
    data: await notes.renameLabel(ctx, callerOf(request), request.params.id, request.body),
  }));

  r.delete('/api/notes/labels/:id', { config: { access: 'note' }, schema: { response: { 204: noContent }, params: idParams, tags, summary: 'Supprimer un libellé (ses notes restent)' } }, async (request, reply) => {
    await notes.deleteLabel(ctx, callerOf(request), request.params.id);
    reply.status(204).send();
  });

  r.get('/api/notes/:id', { config: { access: 'note', patientData: true }, schema: { response: { 200: noteAnswer }, params: idParams, tags, summary: 'Une de mes notes' } }, async (request) => ({
    success: true,
    data: await notes.readNote(ctx, callerOf(request), request.params.id),
  }));

  r.post('/api/notes', { config: { access: 'note', patientData: true }, schema: { response: { 201: noteAnswer }, body: noteInputSchema, tags, summary: 'Créer une note' } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await notes.createNote(ctx, callerOf(request), request.body) };
  });

  r.patch('/api/notes/:id', { config: { access: 'note', patientData: true }, schema: { response: { 200: noteAnswer }, params: idParams, body: notePatchSchema, tags, summary: 'Modifier une note' } }, async (request) => ({
    success: true,
    data: await notes.updateNote(ctx, callerOf(request), request.params.id, request.body),
  }));

  r.delete('/api/notes/:id', { config: { access: 'note', patientData: true }, schema: { response: { 204: noContent }, params: idParams, tags, summary: 'Supprimer une note' } }, async (request, reply) => {
    await notes.deleteNote(ctx, callerOf(request), request.params.id);
    reply.status(204).send();
  });
}
