import type { FastifyInstance } from 'fastify';
import { SPORT_CATALOGS, SPORT_CATALOG_NAMES, sportCatalogCreateSchema, sportCatalogItemSchema, sportCatalogUpdateSchema } from '@wellbe/shared/schemas/sport';
import { registerReferenceRoutes } from '../../lib/reference/reference.routes.ts';
import { SportCatalogsService } from './sport-catalogs.service.ts';

// The seven sport catalogs of SPEC §2 (/bodyparts, /categories, /equipments, /levels, /objectifs,
// /typeofprograms, /gender), each through the reference-table kit at /api/sport-catalogs/<name>:
// GET, POST, PATCH /:id, POST /order. SPEC §6: body parts are changed by developers only, the
// others by the WellBe group; every practitioner of the WellBe group reads them (pickers, filters).
export async function sportCatalogRoutes(app: FastifyInstance) {
  for (const name of SPORT_CATALOG_NAMES) {
    registerReferenceRoutes(app, {
      name: `sport-catalogs/${name}`,
      access: { read: 'wellbe', write: SPORT_CATALOGS[name].write },
      service: new SportCatalogsService(app.ctx, name).kit,
      itemSchema: sportCatalogItemSchema,
      createSchema: sportCatalogCreateSchema,
      updateSchema: sportCatalogUpdateSchema,
      labels: {
        list: `Catalogue ${name} : toutes les entrées, inactives comprises, dans leur ordre`,
        create: `Catalogue ${name} : créer une entrée`,
        update: `Catalogue ${name} : modifier une entrée (libellés, active)`,
        order: `Catalogue ${name} : ordonner les entrées`,
      },
    });
  }
}
