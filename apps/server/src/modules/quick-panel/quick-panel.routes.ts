import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../plugins/authenticate.ts';
import { quickPanelData } from './quick-panel.service.ts';
import { quickPanelAnswer } from '@wellbe/shared/schemas/notes';

// SPEC §7 GET /api/quick-panel/data, SPEC §3 shape: { notes, events }, each item { id, title, detail }.
// Every signed-in user has a quick panel; what fills it depends on their groups.
export async function quickPanelRoutes(app: FastifyInstance) {
  app.get('/api/quick-panel/data', { config: { access: 'authenticated' }, schema: { response: { 200: quickPanelAnswer }, tags: ['quick-panel'], summary: 'Panneau rapide : notes épinglées et événements du jour' } }, async (request) =>
    quickPanelData(app.ctx, callerOf(request)),
  );
}
