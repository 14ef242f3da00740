import { can } from './permissions.ts';
import { ROLES, type Role } from './roles.ts';

// Who may give which role, and so who may manage which account (SPEC §6 read with common sense):
// - nobody grants a role with more patient access than their own (SA and DE, the platform
//   administrators, excepted: they open organisations and create their first practitioners);
// - RH and AD (user write without patient access) grant and manage only roles without patient
//   access: AD, RH, US;
// - PA and PG grant PR, PG, AD, RH, US and PT (a PT account comes from 'Inviter le patient');
// - only SA and DE grant SA, DE and RE.
// Managing an account (edit, deactivate, invitation, password link) follows the same table, read
// on the account's current role: RH cannot deactivate the practice's PA. Nobody changes their own
// role or deactivates themselves. The server enforces this table; the web reads it to offer roles.
export const ROLE_GRANTS: Record<Role, readonly Role[]> = {
  SA: ROLES,
  DE: ROLES,
  PA: ['PR', 'PG', 'AD', 'RH', 'US', 'PT'],
  PG: ['PR', 'PG', 'AD', 'RH', 'US', 'PT'],
  AD: ['AD', 'RH', 'US'],
  RH: ['AD', 'RH', 'US'],
  PR: [],
  PT: [],
  US: [],
  RE: [],
};

/** Whether `granter` may give `role` to an account (or manage an account holding it). */
export function mayGrantRole(granter: Role | null | undefined, role: Role): boolean {
  if (!granter) return false;
  return ROLE_GRANTS[granter].includes(role);
}

/** The roles `granter` may give, in the SPEC §6 order. */
export function grantableRoles(granter: Role | null | undefined): Role[] {
  return ROLES.filter((role) => mayGrantRole(granter, role));
}

/** Patient access of a role: 0 none, 1 reads patient files (dps), 2 writes them (dps write). */
export function patientAccessLevel(role: Role): 0 | 1 | 2 {
  if (can(role, 'dpsWrite')) return 2;
  return can(role, 'dps') ? 1 : 0;
}
