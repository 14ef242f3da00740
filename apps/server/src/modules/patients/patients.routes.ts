import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  patientDocumentsAnswer,
  patientFileAnswer,
  patientIdentityAnswer,
  patientIdentitySchema,
  patientMeasuresAnswer,
  patientTablePageSchema,
  patientTableQuerySchema,
} from '@wellbe/shared/schemas/patient-files';
import { patientCreateSchema, patientCreatedAnswer } from '@wellbe/shared/schemas/patients';
import { historyAnswer, historyQuerySchema } from '@wellbe/shared/schemas/history';
import { callerOf } from '../../plugins/authenticate.ts';
import { patientHistory } from './patients.history.service.ts';
import { readPatientMeasures } from './patients.measures.ts';
import {
  archivePatient,
  createPatient,
  exportPatientsCsv,
  listPatientTable,
  normaliseIdentity,
  readPatientDocuments,
  readPatientFile,
  updatePatientIdentity,
} from './patients.service.ts';
import { patientParams } from '@wellbe/shared/schemas/fields';
import { csvAnswer, okSchema } from '@wellbe/shared/schemas/responses';

const params = patientParams;
const tags = ['patients'];

// REST resources of the patient list and file. dps reads, dps write changes (SPEC §6).
export async function patientRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  // Issue 32: every version of the patient's identity, oldest first.
  r.get('/api/patients/:idPatient/history', {
    config: { access: 'dps', patientData: true },
    schema: { response: { 200: historyAnswer }, params, querystring: historyQuerySchema, tags, summary: 'Historique de l’identité d’un patient' },
    handler: async (request) => ({ success: true, ...(await patientHistory(ctx, callerOf(request), request.params.idPatient, request.query)) }),
  });

  r.get('/api/patients', { config: { access: 'dps', patientData: true }, schema: { response: { 200: patientTablePageSchema }, querystring: patientTableQuerySchema, tags } }, async (request) =>
    listPatientTable(ctx, callerOf(request), request.query),
  );

  r.get('/api/patients/export', { config: { access: 'dps', patientData: true }, schema: { response: { 200: csvAnswer }, querystring: patientTableQuerySchema, tags } }, async (request, reply) => {
    const csv = await exportPatientsCsv(ctx, callerOf(request), request.query);
    return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="patients.csv"').send(csv);
  });

  // The panel's rules and messages (SPEC §5), through the patient service.
  r.post('/api/patients', { config: { access: 'dpsWrite', patientData: true }, schema: { response: { 201: patientCreatedAnswer }, body: patientCreateSchema, tags } }, async (request, reply) => {
    const { idPatient } = await createPatient(ctx, callerOf(request), { patient: request.body });
    reply.status(201);
    return { success: true, idPatient };
  });

  r.get('/api/patients/:idPatient', { config: { access: 'dps', patientData: true }, schema: { response: { 200: patientFileAnswer }, params, tags } }, async (request) => ({
    success: true,
    data: await readPatientFile(ctx, callerOf(request), request.params.idPatient),
  }));

  r.patch(
    '/api/patients/:idPatient',
    { config: { access: 'dpsWrite', patientData: true }, schema: { response: { 200: patientIdentityAnswer }, params, body: patientIdentitySchema, tags } },
    async (request) => ({
      success: true,
      data: await updatePatientIdentity(ctx, callerOf(request), request.params.idPatient, normaliseIdentity(request.body)),
    }),
  );

  r.get('/api/patients/:idPatient/measures', { config: { access: 'dps', patientData: true }, schema: { response: { 200: patientMeasuresAnswer }, params, tags } }, async (request) => ({
    success: true,
    data: await readPatientMeasures(ctx, callerOf(request), request.params.idPatient),
  }));

  r.get('/api/patients/:idPatient/documents', { config: { access: 'dps', patientData: true }, schema: { response: { 200: patientDocumentsAnswer }, params, tags } }, async (request) => ({
    success: true,
    data: await readPatientDocuments(ctx, callerOf(request), request.params.idPatient),
  }));

  r.post('/api/patients/:idPatient/archive', { config: { access: 'dpsWrite', patientData: true }, schema: { response: { 200: okSchema }, params, tags } }, async (request) => {
    await archivePatient(ctx, callerOf(request), request.params.idPatient);
    return { success: true };
  });
}
