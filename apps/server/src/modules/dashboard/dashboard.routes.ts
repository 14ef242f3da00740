import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/authenticate.ts';
import { readDashboard } from './dashboard.service.ts';
import { dashboardAnswer } from '@wellbe/shared/schemas/dashboard';

// /dashboard (SPEC §6 `dashboard`: all roles): each role gets the sections that are its own.
export async function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/dashboard', { config: { access: 'dashboard', patientData: true }, schema: { response: { 200: dashboardAnswer }, tags: ['dashboard'], summary: 'Chiffres du tableau de bord (par rôle)' } }, async (request) => ({
    success: true,
    data: await readDashboard(app.ctx, callerOf(request)),
  }));
}
