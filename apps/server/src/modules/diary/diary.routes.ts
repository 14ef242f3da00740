import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { foodListAnswer, foodSearchQuerySchema } from '@wellbe/shared/schemas/dietetics';
import {
  DIARY_LIMITS,
  DIARY_MESSAGES,
  diaryChartAnswer,
  diaryDay,
  diaryCommentSchema,
  diaryEntryAnswer,
  diaryEntryListAnswer,
  diaryEntryWriteSchema,
  diaryFollowAnswer,
  diaryFollowSchema,
  diaryNotificationsAnswer,
  diaryQuerySchema,
  diarySummaryAnswer,
  myDayTotalsAnswer,
} from '@wellbe/shared/schemas/diary';
import { idParams, patientParams } from '@wellbe/shared/schemas/fields';
import { fileAnswer, okSchema } from '@wellbe/shared/schemas/responses';
import { badRequest } from '../../lib/errors.ts';
import type { StagedFile } from '../../lib/storage/index.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import { searchFoods } from '../dietetics/dietetics.foods.ts';
import * as charts from './diary.charts.ts';
import * as photos from './diary.photos.ts';
import * as diary from './diary.service.ts';

const tags = ['diary'];
const dayQuery = z.object({ day: diaryDay.optional() });
const chartQuery = z.object({ from: diaryQuerySchema.shape.from, to: diaryQuerySchema.shape.to });

// The patient's diaries. A PT writes and reads their own (the dps group, their own file only: the
// service answers 404 to any other caller); the practice reads a patient's diary in the file (dps),
// comments an entry and follows a patient's new entries (dps write).
export async function diaryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.post('/api/diary/entries', {
    config: { access: 'dps', patientData: true },
    schema: { body: diaryEntryWriteSchema, response: { 200: diaryEntryAnswer, 201: diaryEntryAnswer }, tags, summary: 'Noter une entrée de mon journal (patient)' },
    handler: async (request, reply) => {
      const { entry, created } = await diary.createEntry(ctx, callerOf(request), request.body);
      return reply.code(created ? 201 : 200).send({ success: true, data: entry });
    },
  });
  // A meal's photo: one image, typed by its bytes on the server, 10 MB at most.
  r.post('/api/diary/entries/:id/photo', {
    config: { access: 'dps', patientData: true },
    schema: { params: idParams, response: { 200: diaryEntryAnswer }, tags, summary: 'Photo d’un repas (multipart, image de 10 Mo au plus)', consumes: ['multipart/form-data'] },
    handler: async (request) => {
      await photos.mealForPhoto(ctx, callerOf(request), request.params.id);
      if (!request.isMultipart()) throw badRequest(DIARY_MESSAGES.photoMissing, 'photo_missing');
      let file: StagedFile | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (file) throw badRequest(DIARY_MESSAGES.photoMissing, 'too_many_files');
          file = await ctx.storage.stage(part.file, DIARY_LIMITS.photoBytes);
        }
      } catch (err) {
        await ctx.storage.discard(file);
        throw err;
      }
      return { success: true, data: await photos.setMealPhoto(ctx, callerOf(request), request.params.id, file) };
    },
  });
  r.get('/api/diary/entries/:id/photo', {
    config: { access: 'dps', patientData: true },
    schema: { params: idParams, response: { 200: fileAnswer('Photo du repas', 'image/jpeg', 'image/png', 'image/webp') }, tags, summary: 'La photo d’un repas' },
    handler: async (request, reply) => {
      const photo = await photos.openMealPhoto(ctx, callerOf(request), request.params.id);
      reply.header('Content-Type', photo.mime).header('Content-Disposition', 'inline').header('Cache-Control', 'private, max-age=3600').header('X-Content-Type-Options', 'nosniff').header('Content-Security-Policy', "default-src 'none'; sandbox");
      return reply.send(photo.stream);
    },
  });
  r.get('/api/diary/entries', {
    config: { access: 'dps', patientData: true },
    schema: { querystring: diaryQuerySchema, response: { 200: diaryEntryListAnswer }, tags, summary: 'Mon journal (patient)' },
    handler: async (request) => ({ success: true, data: await diary.listMine(ctx, callerOf(request), request.query) }),
  });
  r.get('/api/diary/day', {
    config: { access: 'dps', patientData: true },
    schema: { querystring: dayQuery, response: { 200: myDayTotalsAnswer }, tags, summary: 'Mes repas du jour face à mon objectif (patient)' },
    handler: async (request) => ({ success: true, data: await diary.myDay(ctx, callerOf(request), request.query.day) }),
  });
  r.get('/api/diary/foods', {
    config: { access: 'dps' },
    schema: { querystring: foodSearchQuerySchema, response: { 200: foodListAnswer }, tags, summary: 'Chercher un aliment (table Ciqual) pour un repas' },
    handler: async (request) => ({ success: true, data: await searchFoods(ctx, callerOf(request), request.query) }),
  });
  r.post('/api/diary/entries/:id/comment', {
    config: { access: 'dpsWrite', patientData: true },
    schema: { params: idParams, body: diaryCommentSchema, response: { 200: diaryEntryAnswer }, tags, summary: 'Commenter une entrée du journal' },
    handler: async (request) => ({ success: true, data: await diary.commentEntry(ctx, callerOf(request), request.params.id, request.body.comment) }),
  });
  r.get('/api/diary/notifications', {
    config: { access: 'dpsWrite', patientData: true },
    schema: { response: { 200: diaryNotificationsAnswer }, tags, summary: 'Nouvelles entrées des patients suivis' },
    handler: async (request) => ({ success: true, data: await charts.notifications(ctx, callerOf(request)) }),
  });
  r.post('/api/diary/notifications/seen', {
    config: { access: 'dpsWrite' },
    schema: { response: { 200: okSchema }, tags, summary: 'Marquer les nouvelles entrées comme vues' },
    handler: async (request) => {
      await charts.markSeen(ctx, callerOf(request));
      return { success: true };
    },
  });

  r.get('/api/patients/:idPatient/diary', {
    config: { access: 'dps', patientData: true },
    schema: { params: patientParams, querystring: diaryQuerySchema, response: { 200: diaryEntryListAnswer }, tags, summary: 'Le journal d’un patient' },
    handler: async (request) => ({ success: true, data: await diary.listForPatient(ctx, callerOf(request), request.params.idPatient, request.query) }),
  });
  r.get('/api/patients/:idPatient/diary/chart', {
    config: { access: 'dps', patientData: true },
    schema: { params: patientParams, querystring: chartQuery, response: { 200: diaryChartAnswer }, tags, summary: 'Courbes du journal (par jour, semaine ou mois)' },
    handler: async (request) => ({ success: true, data: await charts.chart(ctx, callerOf(request), request.params.idPatient, request.query) }),
  });
  r.get('/api/patients/:idPatient/diary/summary', {
    config: { access: 'dps', patientData: true },
    schema: { params: patientParams, response: { 200: diarySummaryAnswer }, tags, summary: 'Résumé des 7 derniers jours du journal' },
    handler: async (request) => ({ success: true, data: await charts.weeklySummary(ctx, callerOf(request), request.params.idPatient) }),
  });
  r.post('/api/patients/:idPatient/diary/seen', {
    config: { access: 'dpsWrite', patientData: true },
    schema: { params: patientParams, response: { 200: okSchema }, tags, summary: 'Marquer vues les nouvelles entrées d’un patient suivi' },
    handler: async (request) => {
      await charts.markPatientSeen(ctx, callerOf(request), request.params.idPatient);
      return { success: true };
    },
  });
  r.put('/api/patients/:idPatient/diary/follow', {
    config: { access: 'dpsWrite', patientData: true },
    schema: { params: patientParams, body: diaryFollowSchema, response: { 200: diaryFollowAnswer }, tags, summary: 'Suivre les nouvelles entrées d’un patient' },
    handler: async (request) => ({ success: true, data: await charts.follow(ctx, callerOf(request), request.params.idPatient, request.body.follow) }),
  });
}
