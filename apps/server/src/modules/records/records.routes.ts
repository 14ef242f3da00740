import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessFlagAnswer,
  accessFlagAnswerSchema,
  accessFlagCreateSchema,
  accessFlagCreatedAnswer,
  accessFlagListQuerySchema,
  accessFlagPageAnswer,
  accessLogAnswer,
  accessLogQuerySchema,
} from '@wellbe/shared/schemas/records';
import { callerOf } from '../../plugins/authenticate.ts';
import { answerAccessFlag, flagAccess, listFlags, readAccessLog } from './records.access.ts';
import { exportFhir, exportPdf, openLinkedDocument } from './records.service.ts';
import { patientParams, uuidId } from '@wellbe/shared/schemas/fields';
import { fileAnswer } from '@wellbe/shared/schemas/responses';

const tags = ['records'];

/** RFC 6266 header: an ASCII fallback and the exact UTF-8 name. */
function attachment(fileName: string): string {
  const ascii = fileName.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_') || 'export';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

// The patient's rights: export (FHIR R4, PDF), who opened the file, the flag of an access.
// The dps group reaches the routes; the service narrows (the patient, the journal's readers).
export async function recordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/patients/:idPatient/export/fhir', { config: { access: 'dps', patientData: true }, schema: { response: { 200: fileAnswer('Dossier FHIR (Bundle)', 'application/fhir+json') }, params: patientParams, tags } }, async (request, reply) => {
    const { fileName, stream } = await exportFhir(ctx, callerOf(request), request.params.idPatient);
    reply.header('Content-Type', 'application/fhir+json; charset=utf-8').header('Content-Disposition', attachment(fileName));
    return reply.send(stream);
  });

  r.get('/api/patients/:idPatient/export/pdf', { config: { access: 'dps', patientData: true }, schema: { response: { 200: fileAnswer('Dossier PDF', 'application/pdf') }, params: patientParams, tags } }, async (request, reply) => {
    const { fileName, stream } = await exportPdf(ctx, callerOf(request), request.params.idPatient);
    reply.header('Content-Type', 'application/pdf').header('Content-Disposition', attachment(fileName));
    return reply.send(stream);
  });

  r.get('/api/patients/:idPatient/access-log', { config: { access: 'dps', patientData: true }, schema: { response: { 200: accessLogAnswer }, params: patientParams, querystring: accessLogQuerySchema, tags } }, async (request) => ({
    success: true,
    data: await readAccessLog(ctx, callerOf(request), request.params.idPatient, request.query),
  }));

  r.post(
    '/api/patients/:idPatient/access-log/:eventId/flag',
    { config: { access: 'dps', patientData: true }, schema: { response: { 201: accessFlagCreatedAnswer }, params: patientParams.extend({ eventId: z.string().max(64) }), body: accessFlagCreateSchema.optional(), tags } },
    async (request, reply) => {
      const data = await flagAccess(ctx, callerOf(request), request.params.idPatient, request.params.eventId, request.body?.comment ?? '');
      reply.status(201);
      return { success: true, data };
    },
  );

  r.get('/api/access-flags', { config: { access: 'journal', patientData: true }, schema: { response: { 200: accessFlagPageAnswer }, querystring: accessFlagListQuerySchema, tags } }, async (request) => ({
    success: true,
    data: await listFlags(ctx, callerOf(request), request.query),
  }));

  r.post(
    '/api/access-flags/:idFlag/answer',
    { config: { access: 'journal', patientData: true }, schema: { response: { 200: accessFlagAnswer }, params: z.object({ idFlag: uuidId() }), body: accessFlagAnswerSchema, tags } },
    async (request) => ({ success: true, data: await answerAccessFlag(ctx, callerOf(request), request.params.idFlag, request.body.answer) }),
  );

  // A document an export links instead of inlining: the signed link is the permission (no
  // session: a FHIR reader follows the URL as is), valid 10 minutes, journalled in the exporter's name.
  // The token travels in the query string: request logs never hold one (README, Environment).
  r.get('/api/records/documents', { config: { access: 'open' }, schema: { response: { 200: fileAnswer('Le document lié', 'application/octet-stream') }, querystring: z.object({ t: z.string().max(600) }), tags } }, async (request, reply) => {
    const doc = await openLinkedDocument(ctx, request.ip, request.query.t);
    reply
      .header('Content-Type', doc.mimeType)
      .header('Content-Length', String(doc.size))
      .header('Content-Disposition', attachment(doc.fileName))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox");
    return reply.send(doc.stream);
  });
}
