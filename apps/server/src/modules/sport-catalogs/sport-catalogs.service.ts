import { fold } from '@wellbe/shared/domain/text';
import { SPORT_MESSAGES, type SportCatalog, type SportCatalogCreate, type SportCatalogItem, type SportCatalogUpdate } from '@wellbe/shared/schemas/sport';
import type { Caller } from '../../access/caller.ts';
import type { AppContext } from '../../context.ts';
import { CATALOG_TABLES } from '../../db/seed/sport/index.ts';
import { catalogOwner, catalogVisible, catalogWritable, type CatalogScope } from '../../access/catalogs.ts';
import { callerScope } from '../../access/scope.ts';
import { conflict, forbidden } from '../../lib/errors.ts';
import { uniqueViolation } from '../../lib/pg-errors.ts';
import { ReferenceService } from '../../lib/reference/reference.service.ts';
import type { ReferenceRow, ReferenceTable } from '../../lib/reference/reference.repository.ts';
import { usableEntries } from './sport-catalogs.repository.ts';

/** A code from a French label: 'Perte de poids' → 'perte-de-poids'. */
function slug(label: string): string {
  return fold(label).replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'entree';
}

function toItem(row: ReferenceRow): SportCatalogItem {
  return { ...ReferenceService.item(row), code: row.code as string, region: (row.region as string | null) ?? null, organizationId: (row.organizationId as string | null) ?? null };
}

/** A kit service whose create answers 409 on a code already in the catalog. */
class CatalogKit extends ReferenceService<SportCatalogItem, SportCatalogCreate, SportCatalogUpdate> {
  override async create(caller: Caller, body: SportCatalogCreate): Promise<SportCatalogItem> {
    try {
      return await super.create(caller, { ...body, code: body.code || slug(body.labels.fr) });
    } catch (err) {
      if (uniqueViolation(err) !== null) throw conflict(SPORT_MESSAGES.codeTaken, 'catalog_code_taken');
      throw err;
    }
  }
}

// One sport catalog (lib/reference) with its stable code and, for body parts, a region. Entries
// are never deleted (exercises and programs point at them): they are deactivated, and a
// deactivated entry still names the old records that use it.
export class SportCatalogsService {
  private readonly reference: CatalogKit;

  constructor(ctx: AppContext, name: SportCatalog) {
    const table = CATALOG_TABLES[name];
    this.reference = new CatalogKit(ctx, {
      recordType: `sport_catalog.${name}`,
      table: table as unknown as ReferenceTable,
      notFoundMessage: SPORT_MESSAGES.catalogNotFound,
      toItem,
      extraValues: (body) => ({
        ...('code' in body && body.code ? { code: body.code } : {}),
        ...(body.region !== undefined ? { region: body.region || null } : {}),
      }),
      // Platform entries and each organisation's own (access/catalogs.ts).
      owned: {
        visible: (caller) => catalogVisible(callerScope(caller), table.organizationId),
        writable: (caller) => catalogWritable(callerScope(caller), table.organizationId),
        owner: (caller) => ({ organizationId: catalogOwner(caller, SPORT_MESSAGES.catalogNotFound) }),
        readOnly: () => forbidden(SPORT_MESSAGES.catalogPlatformEntry, 'catalog_platform_entry'),
      },
    });
  }

  get kit() {
    return this.reference;
  }
}

/**
 * Whether every id names an entry of catalog `name` that a record of the scope's owner may use: a
 * platform entry or one of that organisation's (a library exercise: platform entries only), and an
 * active one when asked. Another organisation's entry is refused like an unknown id.
 */
export async function catalogEntriesUsable(ctx: AppContext, scope: CatalogScope, name: SportCatalog, ids: number[], { activeOnly = false } = {}): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (!unique.length) return true;
  const rows = await usableEntries(ctx.db, scope, name, unique);
  return rows.length === unique.length && (!activeOnly || rows.every((r) => r.active));
}
