import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statisticsAnswer, statisticsExportSchema, statisticsQuerySchema } from '@wellbe/shared/schemas/statistics';
import { callerOf } from '../../plugins/authenticate.ts';
import { exportStatistics, readStatistics } from './statistics.service.ts';
import { csvAnswer } from '@wellbe/shared/schemas/responses';

const tags = ['statistics'];

// /statistics (SPEC §6 `stat`: SA AD RH PA PR PG DE). Aggregates of patient data: refusals are journalled.
export async function statisticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.get('/api/statistics', { config: { access: 'stat', patientData: true }, schema: { response: { 200: statisticsAnswer }, querystring: statisticsQuerySchema, tags } }, async (request) => ({
    success: true,
    data: await readStatistics(ctx, callerOf(request), request.query),
  }));

  r.get('/api/statistics/export', { config: { access: 'stat', patientData: true }, schema: { response: { 200: csvAnswer }, querystring: statisticsExportSchema, tags } }, async (request, reply) => {
    const { fileName, body } = await exportStatistics(ctx, callerOf(request), request.query);
    reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${fileName}"`);
    return body;
  });
}
