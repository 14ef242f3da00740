import { and, inArray } from 'drizzle-orm';
import type { SportCatalog } from '@wellbe/shared/schemas/sport';
import { catalogFilter, type CatalogScope } from '../../access/catalogs.ts';
import type { Database } from '../../db/client.ts';
import { CATALOG_TABLES } from '../../db/seed/sport/index.ts';

// The sport catalogs' own query beside the reference kit's (lib/reference, which reads and writes
// the managed lists): which entries of a catalog a record may use, inside its catalog scope.

/** The entries of `ids` inside the scope, with their active flag (another organisation's are never read). */
export async function usableEntries(db: Database, scope: CatalogScope, name: SportCatalog, ids: number[]): Promise<{ id: number; active: boolean }[]> {
  const table = CATALOG_TABLES[name];
  return db
    .select({ id: table.id, active: table.active })
    .from(table)
    .where(and(inArray(table.id, ids), catalogFilter(scope, table.organizationId)));
}
