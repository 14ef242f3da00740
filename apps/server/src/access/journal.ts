import { isPlatformRole } from '@wellbe/shared/roles';
import { forbidden } from '../lib/errors.ts';
import type { Caller } from './caller.ts';
import { identityMismatch } from './organisation.ts';

/** What the journal shows for a patient or user it may not name: existence stays private. */
export const OUT_OF_SCOPE_LABEL = 'hors de votre organisation';

/**
 * The organisation whose journal the caller reads: SA and DE every one (undefined) or the one they
 * filter on; PA only their own (the SPEC §6 'journal' group already refused everybody else).
 * Names of patients and users are joined only inside this organisation.
 */
export function journalOrganisation(caller: Caller, requested: string | undefined): string | undefined {
  if (isPlatformRole(caller.role)) return requested;
  if (requested && requested !== caller.organizationId) throw identityMismatch();
  if (!caller.organizationId) throw forbidden();
  return caller.organizationId;
}

