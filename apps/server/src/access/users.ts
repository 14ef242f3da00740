import { mayGrantRole } from '@wellbe/shared/grants';
import { can } from '@wellbe/shared/permissions';
import type { Role } from '@wellbe/shared/roles';
import type { Caller } from './caller.ts';
import { inOrganisation } from './organisation.ts';

// Accounts: who may read, grant, edit and deactivate whom. The grant table is
// packages/shared/src/grants.ts; this file applies it to a caller and an account.

export type UserRefusal = 'own_role' | 'own_deactivation' | 'role_not_grantable' | 'account_not_manageable';

/** Accounts the caller may see: their organisation's (SA, DE: every one). Others answer 404. */
export function mayReadUser(caller: Caller, account: { id: string; organizationId: string | null }): boolean {
  return account.id === caller.id || inOrganisation(caller, account.organizationId);
}

/** Whether the caller may give `role` to an account. */
export function mayGrant(caller: Caller, role: Role): boolean {
  return mayGrantRole(caller.role, role);
}

/** Whether the caller may edit, deactivate, invite or reset an account holding `role`. */
export function mayManage(caller: Caller, account: { id: string; role: Role }): boolean {
  return account.id === caller.id || mayGrantRole(caller.role, account.role);
}

/**
 * Why an account change is refused, or null when it is allowed: the account's current role and the
 * new one must both be grantable by the caller; nobody changes their own role or deactivates
 * themselves.
 */
export function userChangeRefusal(caller: Caller, account: { id: string; role: Role }, change: { role?: Role; active?: boolean }): UserRefusal | null {
  const self = account.id === caller.id;
  if (change.role !== undefined && change.role !== account.role) {
    if (self) return 'own_role';
    if (!mayGrant(caller, change.role)) return 'role_not_grantable';
  }
  if (change.active === false && self) return 'own_deactivation';
  if (!mayManage(caller, account)) return 'account_not_manageable';
  return null;
}

/**
 * A patient's contact details (email, phones) on an account are patient data: only roles that
 * read patient files (SPEC §6 dps) see them in user lists and profiles.
 */
export function mayReadPatientContacts(caller: Caller): boolean {
  return can(caller.role, 'dps');
}
