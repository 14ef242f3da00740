import { eq, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isPlatformRole } from '@wellbe/shared/roles';
import { badRequest } from '../lib/errors.ts';
import type { Caller } from './caller.ts';
import { NO_ORGANISATION } from './organisation.ts';

// Catalogs with platform entries and organisations' own (the sport catalogs): a platform entry
// (organization_id null) is seen by every organisation and written by SA and DE only; an
// organisation's entry is seen and written by that organisation alone (SA and DE: every one). The
// entries a record may use are those its owner sees: a library exercise (no organisation) the
// platform entries only.

/** The entries a caller sees, as a condition on the catalog's organization_id (undefined: all). */
export function catalogVisible(caller: Caller, organizationId: PgColumn): SQL | undefined {
  if (isPlatformRole(caller.role)) return undefined;
  return catalogUsableBy(caller.organizationId, organizationId);
}

/** The entries a caller may change: SA and DE every one, the others their organisation's. */
export function catalogWritable(caller: Caller, organizationId: PgColumn): SQL | undefined {
  if (isPlatformRole(caller.role)) return undefined;
  return eq(organizationId, caller.organizationId ?? NO_ORGANISATION);
}

/** The owner of a new entry: SA and DE write platform entries, the others their organisation's. */
export function catalogOwner(caller: Caller): string | null {
  if (isPlatformRole(caller.role)) return null;
  if (!caller.organizationId) throw badRequest('Aucune organisation n’est associée à ce compte.', 'no_organisation');
  return caller.organizationId;
}

/** The entries a record of `owner` may use (null: a platform record, platform entries only). */
export function catalogUsableBy(owner: string | null, organizationId: PgColumn): SQL {
  return owner ? or(isNull(organizationId), eq(organizationId, owner))! : isNull(organizationId);
}
