import { eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isPlatformRole } from '@wellbe/shared/roles';
import type { Caller } from './caller.ts';
import { hidden } from './not-found.ts';
import { actingOrganisation, listOrganisation, NO_ORGANISATION } from './organisation.ts';

// The organisation scope of a query, applied inside the repositories (like Medplum's
// addSecurityFilters): a repository of an organisation-owned table takes an `OrgScope`, never a
// bare organisation id, and writes its condition with `orgFilter` (Drizzle) or `orgWhere` (raw SQL).
// Only this module builds one, so a query without its scope does not type-check. See docs/scope.md.

declare const brand: unique symbol;

/** The organisations a query reaches: one (`organizationId`), or every one (null: SA, DE). */
export interface OrgScope {
  readonly organizationId: string | null;
  readonly [brand]: 'OrgScope';
}

/** A scope that names one organisation (actingScope, ownScope, systemScope): what a write needs. */
export type OneOrgScope = OrgScope & { readonly organizationId: string };

function make(organizationId: string | null): OrgScope {
  return { organizationId } as OrgScope;
}

/**
 * What the caller reaches: SA and DE every organisation, everybody else their own (an account
 * without organisation reaches nothing).
 */
export function callerScope(caller: Caller): OrgScope {
  return make(isPlatformRole(caller.role) ? null : (caller.organizationId ?? NO_ORGANISATION));
}

/** A list over organisations: SA and DE every one unless they name one, everybody else their own. */
export function listScope(caller: Caller, requested: string | null | undefined): OrgScope {
  return make(listOrganisation(caller, requested));
}

/**
 * The one organisation a call acts for (creating a row, reading settings): the caller's own, or
 * for SA and DE the one they name. No organisation: the caller's rows do not exist for it, so it
 * answers the area's 404 (`message`), the same answer as another organisation's row.
 */
export function actingScope(caller: Caller, requested: string | null | undefined, message: string, code = 'not_found'): OneOrgScope {
  const organizationId = actingOrganisation(caller, requested);
  if (!organizationId) throw hidden(message, code);
  return make(organizationId) as OneOrgScope;
}

/** The caller's own organisation, required (same 404 rule as `actingScope`). */
export function ownScope(caller: Caller, message: string, code = 'not_found'): OneOrgScope {
  return actingScope(caller, null, message, code);
}

/**
 * Code that acts for an organisation without a caller (a background job, a realtime fan-out, the
 * seed): the organisation it was given by a row it already read through a scope.
 */
export function systemScope(organizationId: string): OneOrgScope {
  return make(organizationId) as OneOrgScope;
}

/**
 * System code that works across organisations on purpose (a realtime batch of several practices'
 * events): the name says it at the call site, as the jobs' "…Everywhere" statements do.
 */
export function everyOrganisation(): OrgScope {
  return make(null);
}

/** The scope as a Drizzle condition on a table's organisation column (undefined: every one). */
export function orgFilter(scope: OrgScope, column: PgColumn): SQL | undefined {
  return scope.organizationId == null ? undefined : eq(column, scope.organizationId);
}

/**
 * Accounts the scope reaches: its organisation's and the platform's (SA, DE: no organisation),
 * whom every practice meets in support conversations (undefined: every one).
 */
export function accountFilter(scope: OrgScope, column: PgColumn): SQL | undefined {
  return scope.organizationId == null ? undefined : or(eq(column, scope.organizationId), isNull(column));
}

/** The scope as a raw SQL condition, for hand-written queries: `where ${orgWhere(scope, sql`p.organization_id`)}`. */
export function orgWhere(scope: OrgScope, column: SQL): SQL {
  return scope.organizationId == null ? sql`true` : sql`${column} = ${scope.organizationId}`;
}

/** The same rule on a row already read (the in-memory twin of `orgFilter`). */
export function inScope(scope: OrgScope, organizationId: string | null): boolean {
  return scope.organizationId == null || organizationId === scope.organizationId;
}
