import { ERROR_MESSAGES } from '@wellbe/shared/errors';
import { isPlatformRole } from '@wellbe/shared/roles';
import { badRequest, forbidden } from '../lib/errors.ts';
import type { Caller } from './caller.ts';

// DESIGN §4: ids sent in a body or a query are checked against the caller, never trusted.

export function identityMismatch() {
  return forbidden(ERROR_MESSAGES.identityMismatch, 'identity_mismatch');
}

/** `Iduser` of a SPEC §7 body must be the caller. */
export function assertSelf(caller: Caller, idUser: string | null | undefined): void {
  if (idUser != null && idUser !== caller.id) throw identityMismatch();
}

/**
 * The organisation a call acts for. SA and DE are platform-wide: they may name another
 * organisation, which becomes the scope of the call. Everybody else acts for their own, and naming
 * another one is refused (403 identity_mismatch, journalled on patient routes).
 */
export function actingOrganisation(caller: Caller, requested: string | null | undefined): string | null {
  if (requested == null || requested === caller.organizationId) return caller.organizationId;
  if (isPlatformRole(caller.role)) return requested;
  throw identityMismatch();
}

/** Like `actingOrganisation`, for calls that need one (creating a patient, a user, settings). */
export function requireActingOrganisation(caller: Caller, requested: string | null | undefined, message = 'Aucune organisation n’est associée à ce compte.'): string {
  const organizationId = actingOrganisation(caller, requested);
  if (!organizationId) throw badRequest(message, 'no_organisation');
  return organizationId;
}

/**
 * Lists over organisations: SA and DE read every organisation unless they name one (null = all);
 * everybody else reads their own.
 */
export function listOrganisation(caller: Caller, requested: string | null | undefined): string | null {
  if (isPlatformRole(caller.role)) return requested ?? null;
  return actingOrganisation(caller, requested) ?? NO_ORGANISATION;
}

/** An id no organisation has: the scope of an account without organisation matches nothing. */
export const NO_ORGANISATION = '00000000-0000-0000-0000-000000000000';

/** Both checks of a SPEC §7 action body; answers the organisation the call acts for. */
export function assertIdentity(caller: Caller, body: { Iduser?: string | null; idOrganization?: string | null }): string | null {
  assertSelf(caller, body.Iduser);
  return actingOrganisation(caller, body.idOrganization);
}

/** Whether a row of `organizationId` is inside the caller's reach (SA and DE reach every one). */
export function inOrganisation(caller: Caller, organizationId: string | null): boolean {
  return isPlatformRole(caller.role) || (organizationId != null && organizationId === caller.organizationId);
}

/**
 * The organisation whose aggregates a call reads (/statistics): SA and DE may name any one (their
 * own by default); for everybody else a named organisation is ignored, never an error: they always
 * read their own (issue statistics, "an organisation id from a PA: ignored").
 */
export function aggregateOrganisation(caller: Caller, requested: string | null | undefined): string | null {
  if (isPlatformRole(caller.role) && requested) return requested;
  return caller.organizationId;
}
