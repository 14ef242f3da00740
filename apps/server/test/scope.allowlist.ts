// Exceptions of the scope test (scope.test.ts), each keyed by the statement's fingerprint
// (libpg-query: the statement's shape, constants and parameters left out).

export interface ScopeException {
  module: string;
  reason: string;
}

/**
 * Statements being converted while a refactor lands in several branches (empty: every statement
 * binds its scope). The test fails on an entry no walk meets, so it cannot outlive its reason.
 */
export const CONVERTED_BY_ANOTHER_BRANCH: Record<string, ScopeException> = {};

/** Platform-wide on purpose: the figures of the WellBe card (SA, DE and RE, GET /api/dashboard) count every organisation. */
export const PLATFORM_WIDE: Record<string, ScopeException> = {
  '5c9521a56b5b6038': { module: 'dashboard', reason: 'the WellBe card of RE: organisations, active users, open support conversations of the platform' },
  '2fa69a28252bf8e5': { module: 'clinical-documents', reason: 'the public verification of a paper (GET /api/verify/{token}, no sign-in): found by the hash of its unguessable token, whatever its organisation; answers no content and only the patient\'s initials' },
};
