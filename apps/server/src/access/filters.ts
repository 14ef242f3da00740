import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { patients } from './views.ts';
import type { PatientScope } from './patients.ts';
import type { OrgScope } from './scope.ts';

const sqlTrue = sql`true`;

/** The patient scope as a SQL condition on `patients`, for every repository that reads patients. */
export function patientFilter(scope: PatientScope): SQL {
  return and(
    scope.organizationId ? eq(patients.organizationId, scope.organizationId) : undefined,
    scope.patientId ? eq(patients.id, scope.patientId) : undefined,
    scope.archived ? undefined : isNull(patients.archivedAt),
  ) ?? sqlTrue;
}

/**
 * A patient scope whose organisation and patient are placeholders (`scope_org`, `scope_patient`),
 * for a statement prepared once and run for every caller (issue 31): patientFilter of it binds them
 * at each execution from `scopeParams` of the caller's own scope. Never a prepared statement built
 * with a caller's values: it would keep them and answer the next caller that organisation's rows.
 */
export function preparedScope<S extends PatientScope>(scope: S): S {
  const placeholder = (name: string) => sql.placeholder(name) as unknown as string;
  return { ...scope, organizationId: scope.organizationId ? placeholder('scope_org') : null, patientId: scope.patientId ? placeholder('scope_patient') : null };
}

/** The values of preparedScope's placeholders for a caller's scope. */
export function scopeParams(scope: PatientScope): Record<string, string | null> {
  return { scope_org: scope.organizationId, scope_patient: scope.patientId };
}

/**
 * What of a patient scope changes a prepared statement's text (organisation or every one, one
 * patient or any, archived or live): the part of its name that tells the statements apart.
 */
export function preparedScopeShape(scope: PatientScope): string {
  return `${scope.organizationId ? 'org' : 'all'}_${scope.patientId ? 'one' : 'any'}_${scope.archived ? 'archived' : 'live'}`;
}

/**
 * preparedScope for an organisation scope (orgFilter, accountFilter): its organisation the
 * placeholder `scope_org`, bound per execution by `orgScopeParams`. A statement built with the
 * caller's organisation written in would answer that organisation's rows to the next caller.
 */
export function preparedOrgScope<S extends OrgScope>(scope: S, name = 'scope_org'): S {
  return { ...scope, organizationId: scope.organizationId == null ? null : (sql.placeholder(name) as unknown as string) };
}

/** The value of preparedOrgScope's placeholder (`name`, when a statement has two scopes) for a caller's scope. */
export function orgScopeParams(scope: OrgScope, name = 'scope_org'): Record<string, string | null> {
  return { [name]: scope.organizationId };
}

/** `org` (one organisation, bound per call) or `all` (SA, DE): statements differ in text between the two. */
export function orgScopeShape(scope: OrgScope): 'org' | 'all' {
  return scope.organizationId == null ? 'all' : 'org';
}
