import type { FastifyInstance } from 'fastify';
import type { Access } from '@wellbe/shared/permissions';

// Every /api route of the app with its declared access, collected as routes are added. The route
// and record matrix tests walk it, so a route added by any module is checked without being listed.

export interface CatalogRoute {
  method: string;
  url: string;
  access: Access;
  /** SPEC §7 action endpoints: the access of each action (plugins/actions.ts). */
  actions?: Record<string, Access>;
  /** SPEC §7 action endpoints: the body fields of each action that name a record by id. */
  actionRecordIds?: Record<string, string[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeCatalog: CatalogRoute[];
  }
  interface FastifyContextConfig {
    actions?: Record<string, Access>;
    actionRecordIds?: Record<string, string[]>;
  }
}

/** Installed before any module: an onRoute hook only sees routes added after it. */
export function registerRouteCatalog(app: FastifyInstance) {
  const catalog: CatalogRoute[] = [];
  app.decorate('routeCatalog', catalog);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!route.url.startsWith('/api') || access === undefined) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      catalog.push({
        method,
        url: route.url,
        access,
        ...(route.config?.actions ? { actions: route.config.actions } : {}),
        ...(route.config?.actionRecordIds ? { actionRecordIds: route.config.actionRecordIds } : {}),
      });
    }
  });
}
