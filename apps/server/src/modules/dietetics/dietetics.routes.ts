import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dieteticProfileAnswer,
  dieteticProfileWriteSchema,
  foodAnswer,
  foodCreateSchema,
  foodListAnswer,
  foodSearchQuerySchema,
  letterheadAnswer,
  menuCopyAnswer,
  menuCopySchema,
  menuDayWriteSchema,
  menuRangeQuerySchema,
  menuWeekAnswer,
  myMenuTodayAnswer,
  patientDietOverviewAnswer,
  practitionerPreferencesAnswer,
  practitionerPreferencesSchema,
  programAnswer,
  programAssignAnswer,
  programAssignSchema,
  programListAnswer,
  programWriteSchema,
  recipeAnswer,
  recipeListAnswer,
  recipeWriteSchema,
} from '@wellbe/shared/schemas/dietetics';
import { callerOf } from '../../plugins/authenticate.ts';
import * as foods from './dietetics.foods.ts';
import * as menus from './dietetics.menus.ts';
import * as profiles from './dietetics.profiles.ts';
import * as programs from './dietetics.programs.ts';
import * as recipes from './dietetics.recipes.ts';
import * as service from './dietetics.service.ts';
import { idParams, intIdQuery, patientParams } from '@wellbe/shared/schemas/fields';
import { okSchema } from '@wellbe/shared/schemas/responses';

const tags = ['dietetics'];
const dayParams = patientParams.extend({ day: z.string().max(64) });
const foodParams = z.object({ id: intIdQuery() });
const recipeQuery = z.object({ q: z.string().max(100).optional() });
const uuidOr404 = (id: string) => (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : '00000000-0000-0000-0000-000000000000');

// SPEC §6: dietetics (SA PA PR PG DE) for foods, menus and programs; the /formules library is read
// by the wellbe group (the route's rule) and written by dietetics; a patient's dietetic profile is
// dieteticPreferences (PA PR PG DE); a practitioner's own defaults (/preferences/0) preferences.
// The patient file's tab follows the file (dps) and a PT reads their own menu of the day.
export async function dieteticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/dietetics/foods', { config: { access: 'dietetics' }, schema: { response: { 200: foodListAnswer }, querystring: foodSearchQuerySchema, tags } }, async (request) => ({
    success: true,
    data: await foods.searchFoods(ctx, callerOf(request), request.query),
  }));
  r.post('/api/dietetics/foods', { config: { access: 'dietetics' }, schema: { response: { 201: foodAnswer }, body: foodCreateSchema, tags } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await foods.createFood(ctx, callerOf(request), request.body) };
  });
  r.delete('/api/dietetics/foods/:id', { config: { access: 'dietetics' }, schema: { response: { 200: okSchema }, params: foodParams, tags } }, async (request) => {
    await foods.deleteFood(ctx, callerOf(request), request.params.id);
    return { success: true };
  });

  r.get('/api/dietetics/recipes', { config: { access: 'wellbe' }, schema: { response: { 200: recipeListAnswer }, querystring: recipeQuery, tags } }, async (request) => ({
    success: true,
    data: await recipes.listRecipes(ctx, callerOf(request), request.query),
  }));
  r.get('/api/dietetics/recipes/:id', { config: { access: 'wellbe' }, schema: { response: { 200: recipeAnswer }, params: idParams, tags } }, async (request) => ({
    success: true,
    data: await recipes.readRecipe(ctx, callerOf(request), request.params.id),
  }));
  r.post('/api/dietetics/recipes', { config: { access: 'dietetics' }, schema: { response: { 201: recipeAnswer }, body: recipeWriteSchema, tags } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await recipes.writeRecipe(ctx, callerOf(request), null, request.body) };
  });
  r.put('/api/dietetics/recipes/:id', { config: { access: 'dietetics' }, schema: { response: { 200: recipeAnswer }, params: idParams, body: recipeWriteSchema, tags } }, async (request) => ({
    success: true,
    data: await recipes.writeRecipe(ctx, callerOf(request), request.params.id, request.body),
  }));
  r.delete('/api/dietetics/recipes/:id', { config: { access: 'dietetics' }, schema: { response: { 200: okSchema }, params: idParams, tags } }, async (request) => {
    await recipes.deleteRecipe(ctx, callerOf(request), request.params.id);
    return { success: true };
  });

  r.get('/api/dietetics/patients/:idPatient/menus', { config: { access: 'dietetics', patientData: true }, schema: { response: { 200: menuWeekAnswer }, params: patientParams, querystring: menuRangeQuerySchema, tags } }, async (request) => ({
    success: true,
    data: await menus.readMenus(ctx, callerOf(request), request.params.idPatient, request.query),
  }));
  r.put('/api/dietetics/patients/:idPatient/menus/:day', { config: { access: 'dietetics', patientData: true }, schema: { response: { 200: menuWeekAnswer }, params: dayParams, body: menuDayWriteSchema, tags } }, async (request) => ({
    success: true,
    data: await menus.writeMenuDay(ctx, callerOf(request), request.params.idPatient, request.params.day, request.body.items),
  }));
  r.post('/api/dietetics/patients/:idPatient/menus/:day/copy', { config: { access: 'dietetics', patientData: true }, schema: { response: { 200: menuCopyAnswer }, params: dayParams, body: menuCopySchema, tags } }, async (request) => ({
    success: true,
    data: await menus.copyMenuDay(ctx, callerOf(request), request.params.idPatient, request.params.day, request.body.to),
  }));
  r.get('/api/dietetics/patients/:idPatient/profile', { config: { access: 'dieteticPreferences', patientData: true }, schema: { response: { 200: dieteticProfileAnswer }, params: patientParams, tags } }, async (request) => ({
    success: true,
    data: await profiles.readProfile(ctx, callerOf(request), request.params.idPatient),
  }));
  r.put('/api/dietetics/patients/:idPatient/profile', { config: { access: 'dieteticPreferences', patientData: true }, schema: { response: { 200: dieteticProfileAnswer }, params: patientParams, body: dieteticProfileWriteSchema, tags } }, async (request) => ({
    success: true,
    data: await profiles.writeProfile(ctx, callerOf(request), request.params.idPatient, request.body),
  }));
  r.get('/api/dietetics/patients/:idPatient/overview', { config: { access: 'dps', patientData: true }, schema: { response: { 200: patientDietOverviewAnswer }, params: patientParams, tags } }, async (request) => ({
    success: true,
    data: await menus.patientOverview(ctx, callerOf(request), request.params.idPatient),
  }));
  r.get('/api/dietetics/my-menu', { config: { access: 'dps', patientData: true }, schema: { response: { 200: myMenuTodayAnswer }, tags } }, async (request) => ({
    success: true,
    data: await menus.myToday(ctx, callerOf(request)),
  }));

  r.get('/api/dietetics/letterhead', { config: { access: 'dietetics' }, schema: { response: { 200: letterheadAnswer }, tags } }, async (request) => ({ success: true, data: await service.letterhead(ctx, callerOf(request)) }));

  r.get('/api/dietetics/preferences', { config: { access: 'preferences' }, schema: { response: { 200: practitionerPreferencesAnswer }, tags } }, async (request) => ({
    success: true,
    data: await profiles.readPractitionerPreferences(ctx, callerOf(request)),
  }));
  r.put('/api/dietetics/preferences', { config: { access: 'preferences' }, schema: { response: { 200: practitionerPreferencesAnswer }, body: practitionerPreferencesSchema, tags } }, async (request) => ({
    success: true,
    data: await profiles.writePractitionerPreferences(ctx, callerOf(request), request.body),
  }));

  r.get('/api/dietetics/programs', { config: { access: 'dietetics' }, schema: { response: { 200: programListAnswer }, tags } }, async (request) => ({ success: true, data: await programs.listPrograms(ctx, callerOf(request)) }));
  r.get('/api/dietetics/programs/:id', { config: { access: 'dietetics' }, schema: { response: { 200: programAnswer }, params: idParams, tags } }, async (request) => ({
    success: true,
    data: await programs.readProgram(ctx, callerOf(request), uuidOr404(request.params.id)),
  }));
  r.post('/api/dietetics/programs', { config: { access: 'dietetics' }, schema: { response: { 201: programAnswer }, body: programWriteSchema, tags } }, async (request, reply) => {
    reply.status(201);
    return { success: true, data: await programs.writeProgram(ctx, callerOf(request), null, request.body) };
  });
  r.put('/api/dietetics/programs/:id', { config: { access: 'dietetics' }, schema: { response: { 200: programAnswer }, params: idParams, body: programWriteSchema, tags } }, async (request) => ({
    success: true,
    data: await programs.writeProgram(ctx, callerOf(request), uuidOr404(request.params.id), request.body),
  }));
  r.delete('/api/dietetics/programs/:id', { config: { access: 'dietetics' }, schema: { response: { 200: okSchema }, params: idParams, tags } }, async (request) => {
    await programs.deleteProgram(ctx, callerOf(request), uuidOr404(request.params.id));
    return { success: true };
  });
  r.post('/api/dietetics/programs/:id/assign', { config: { access: 'dietetics', patientData: true }, schema: { response: { 200: programAssignAnswer }, params: idParams, body: programAssignSchema, tags } }, async (request) => ({
    success: true,
    data: await programs.assignProgram(ctx, callerOf(request), uuidOr404(request.params.id), request.body),
  }));
}
