import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { journalPageAnswer, journalQuerySchema } from '@wellbe/shared/schemas/admin';
import { organisationSettingsAnswer, settingsSchema } from '@wellbe/shared/schemas/organisations';
import { z } from 'zod';
import { callerOf } from '../../plugins/authenticate.ts';
import { AdminService } from './admin.service.ts';
import { csvAnswer } from '@wellbe/shared/schemas/responses';

const organisationQuery = z.object({ organizationId: z.uuid().optional() });

// /admin: 'Journal d'accès' and 'Paramètres'.
export async function adminRoutes(app: FastifyInstance) {
  const service = new AdminService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  // The journal names patients: SA and DE everywhere, PA for their own organisation ('journal' group).
  r.get('/api/admin/journal', {
    config: { access: 'journal' },
    schema: { response: { 200: journalPageAnswer }, tags, summary: 'Journal d’accès filtré et paginé', querystring: journalQuerySchema },
    handler: async (request) => ({ success: true, ...(await service.journal(callerOf(request), request.query)) }),
  });

  r.get('/api/admin/journal.csv', {
    config: { access: 'journal' },
    schema: { response: { 200: csvAnswer }, tags, summary: 'Export CSV de la vue filtrée du journal', querystring: journalQuerySchema.omit({ page: true, pageSize: true, cursor: true }) },
    handler: async (request, reply) => {
      const { csv, fileName } = await service.journalCsv(callerOf(request), request.query);
      return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${fileName}"`).send(csv);
    },
  });

  // /admin opens to the wellbe group (SPEC §6), which may read the settings its organisation applies.
  r.get('/api/admin/settings', {
    config: { access: 'wellbe' },
    schema: { response: { 200: organisationSettingsAnswer }, tags, summary: 'Paramètres de l’organisation', querystring: organisationQuery },
    handler: async (request) => ({ success: true, data: await service.readSettings(callerOf(request), request.query.organizationId) }),
  });

  // Changing them is for the organisation's administrators: SA and DE, and PA for their own
  // organisation, the same people as the 'journal' group.
  r.put('/api/admin/settings', {
    config: { access: 'journal' },
    schema: { response: { 200: organisationSettingsAnswer }, tags, summary: 'Modifier les paramètres de l’organisation', querystring: organisationQuery, body: settingsSchema },
    handler: async (request) => ({ success: true, data: await service.updateSettings(callerOf(request), request.query.organizationId, request.body) }),
  });
}
