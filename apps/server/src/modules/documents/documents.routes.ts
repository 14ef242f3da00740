import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_MESSAGES } from '@wellbe/shared/errors';
import { DOCUMENT_MESSAGES, documentCreatedAnswer } from '@wellbe/shared/schemas/documents';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { badRequest } from '../../lib/errors.ts';
import { assertIdentity } from '../../access/index.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import { getOrganisationSettings } from '../organisations/organisations.service.ts';
import { createDocument, openDocument } from './documents.service.ts';
import type { ReceivedFile } from './documents.storage.ts';
import { fileAnswer } from '@wellbe/shared/schemas/responses';

const fieldsSchema = z.object(
  {
    Iduser: z.uuid(),
    idConsultation: z.uuid(),
    idPatient: z.uuid(),
    idOrganization: z.uuid().nullish(),
  },
  { error: DOCUMENT_MESSAGES.missingField },
);

export async function documentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // SPEC §7 POST /api/document (multipart, one file per request), action create as a form field or a
  // query parameter. The file is streamed to scratch space, checked, then committed to the store; fields are read whatever their order.
  r.post('/api/document', {
    config: { access: 'dpsWrite', patientData: true },
    schema: { response: { 200: documentCreatedAnswer }, querystring: z.object({ action: z.string().max(40).optional() }), tags: ['documents'], summary: 'Action : create (multipart)' },
    handler: async (request) => {
      if (!request.isMultipart()) throw badRequest(DOCUMENT_MESSAGES.missingFile, 'not_multipart');
      // The organisation's upload limit ('Paramètres'), applied while the file streams in.
      const { uploadLimitBytes } = await getOrganisationSettings(app.ctx, callerOf(request).organizationId);
      const fields: Record<string, string> = {};
      let file: ReceivedFile | null = null;
      let fileName = '';
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            fileName = part.filename;
            file = await app.ctx.storage.stage(part.file, uploadLimitBytes);
          } else {
            fields[part.fieldname] = String(part.value);
          }
        }
      } catch (err) {
        await app.ctx.storage.discard(file);
        // SPEC §7: one file per request. The multipart limit says 413, which would read as 'too large'.
        if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw badRequest(DOCUMENT_MESSAGES.oneFile, 'too_many_files');
        throw err;
      }
      try {
        const actionName = request.query.action ?? fields.action;
        if (actionName !== 'create') throw badRequest(ERROR_MESSAGES.unknownAction, 'unknown_action');
        const parsed = fieldsSchema.safeParse(fields);
        if (!parsed.success) throw badRequest(DOCUMENT_MESSAGES.missingField, 'validation');
        assertIdentity(callerOf(request), parsed.data);
        if (!file || file.size === 0) throw badRequest(DOCUMENT_MESSAGES.missingFile, 'missing_file');
        const received = file;
        file = null;
        const { idDocument } = await createDocument(app.ctx, callerOf(request), { ...parsed.data, fileName, file: received });
        return { success: true, idDocument };
      } finally {
        await app.ctx.storage.discard(file);
      }
    },
  });

  // Authorised, audited download; `?inline=1` lets the patient file preview images and PDFs.
  r.get('/api/documents/:id/download', {
    config: { access: 'dps', patientData: true },
    schema: { response: { 200: fileAnswer('Le document', 'application/octet-stream') }, params: z.object({ id: z.uuid() }), querystring: z.object({ inline: z.enum(['0', '1', 'true', 'false']).optional() }), tags: ['documents'] },
    handler: async (request, reply) => {
      const inline = request.query.inline === '1' || request.query.inline === 'true';
      const doc = await openDocument(app.ctx, callerOf(request), request.params.id, inline);
      reply
        .header('Content-Type', doc.mimeType)
        .header('Content-Length', String(doc.size))
        .header('Content-Disposition', contentDisposition(doc.disposition, doc.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      return reply.send(doc.stream);
    },
  });
}
