// The one module that answers "may this caller touch this row, act for this organisation, grant
// this role?" (DESIGN §4). Services ask it; repositories apply its scopes inside their queries.
export * from './caller.ts';
export * from './organisation.ts';
export * from './patients.ts';
export * from './users.ts';
export * from './journal.ts';
export * from './not-found.ts';
export * from './filters.ts';
export * from './catalogs.ts';
export * from './scope.ts';
