import { fold } from '@wellbe/shared/domain/text';
import { SPORT_MESSAGES, type SportCatalog, type SportCatalogCreate, type SportCatalogItem, type SportCatalogUpdate } from '@wellbe/shared/schemas/sport';
import type { Caller } from '../../access/caller.ts';
import type { AppContext } from '../../context.ts';
import { CATALOG_TABLES } from '../../db/seed/sport/index.ts';
import { conflict } from '../../lib/errors.ts';
import { uniqueViolation } from '../../lib/pg-errors.ts';
import { ReferenceService } from '../../lib/reference/reference.service.ts';
import type { ReferenceRow, ReferenceTable } from '../../lib/reference/reference.repository.ts';

/** A code from a French label: 'Perte de poids' → 'perte-de-poids'. */
function slug(label: string): string {
  return fold(label).replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'entree';
}

function toItem(row: ReferenceRow): SportCatalogItem {
  return { ...ReferenceService.item(row), code: row.code as string, region: (row.region as string | null) ?? null };
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
    this.reference = new CatalogKit(ctx, {
      recordType: `sport_catalog.${name}`,
      table: CATALOG_TABLES[name] as unknown as ReferenceTable,
      notFoundMessage: SPORT_MESSAGES.catalogNotFound,
      toItem,
      extraValues: (body) => ({
        ...('code' in body && body.code ? { code: body.code } : {}),
        ...(body.region !== undefined ? { region: body.region || null } : {}),
      }),
    });
  }

  get kit() {
    return this.reference;
  }
}
