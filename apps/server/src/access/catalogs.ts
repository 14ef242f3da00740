import { eq, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isPlatformRole } from '@wellbe/shared/roles';
import type { Caller } from './caller.ts';
import { orgFilter, ownScope, type OrgScope } from './scope.ts';

// Catalogs with platform entries and organisations' own (the sport catalogs, the foods and recipes
// of dietetics, the exercise library): a platform entry (organization_id null) is seen by every
// organisation and written by SA and DE only; an organisation's entry is seen and written by that
// organisation alone. The entries a record may use are those its owner sees: a library exercise
// (no organisation) the platform entries only. This is the catalog twin of `OrgScope`: an
// `OrgScope` of null reaches every organisation, a `CatalogScope` of null the platform's entries only.

declare const brand: unique symbol;

/** The owner whose entries, with the platform's, a catalog query reaches (null: the platform's only). */
export interface CatalogScope {
  readonly owner: string | null;
  readonly [brand]: 'CatalogScope';
}

/**
 * The entries a caller works with: their organisation's and the platform's, SA and DE included
 * (they pick from their own organisation's foods, recipes and exercises); none: the platform's only.
 */
export function catalogScope(caller: Caller): CatalogScope {
  return { owner: caller.organizationId } as CatalogScope;
}

/** The entries a record may use, from its owner as read through a scope (null: a platform record). */
export function recordCatalog(owner: string | null): CatalogScope {
  return { owner } as CatalogScope;
}

/** The catalog scope as a condition on the catalog's organization_id. */
export function catalogFilter(scope: CatalogScope, organizationId: PgColumn): SQL {
  return scope.owner ? or(isNull(organizationId), eq(organizationId, scope.owner))! : isNull(organizationId);
}

/** The entries a managed list shows (`callerScope`: SA and DE every entry, the others theirs and the platform's). */
export function catalogVisible(scope: OrgScope, organizationId: PgColumn): SQL | undefined {
  return scope.organizationId == null ? undefined : catalogFilter(recordCatalog(scope.organizationId), organizationId);
}

/** The entries a caller may change (`callerScope`): SA and DE every one, the others their organisation's. */
export function catalogWritable(scope: OrgScope, organizationId: PgColumn): SQL | undefined {
  return orgFilter(scope, organizationId);
}

/**
 * The owner of a new entry: SA and DE write platform entries, the others their organisation's (an
 * account without organisation: the area's 404, the one rule of `ownScope`).
 */
export function catalogOwner(caller: Caller, notFoundMessage: string, code?: string): string | null {
  if (isPlatformRole(caller.role)) return null;
  return ownScope(caller, notFoundMessage, code).organizationId;
}
