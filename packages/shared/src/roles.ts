// SPEC §6: the ten role codes and their French labels.
export const ROLES = ['SA', 'PA', 'PG', 'PR', 'AD', 'RH', 'PT', 'US', 'RE', 'DE'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  SA: 'Super Administrateur',
  PA: 'Praticien administrateur',
  PG: 'Praticien Gestionnaire',
  PR: 'Praticien',
  AD: 'Gestionnaire',
  RH: 'Ressources Humaines',
  PT: 'Patient',
  US: 'Utilisateur',
  RE: 'Maintenance',
  DE: 'Developer',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Roles whose scope is the whole platform rather than one organisation (DESIGN §4). */
export const PLATFORM_ROLES: readonly Role[] = ['SA', 'DE'];

export function isPlatformRole(role: Role | null | undefined): boolean {
  return role != null && PLATFORM_ROLES.includes(role);
}

/** Roles only SA or DE may grant. */
export const PRIVILEGED_ROLES: readonly Role[] = ['SA', 'DE', 'RE'];

/**
 * A user's job when it says more than their role: without a job of their own the server sends the
 * role's label as the job (a patient, a manager), and a screen that shows the role then says it
 * once, not "Patient · Patient" (the user menu, the dashboard's greeting).
 */
export function jobBesideRole(job: string | null | undefined, role: Role): string | null {
  const own = job?.trim();
  return own && own.toLowerCase() !== ROLE_LABELS[role].toLowerCase() ? own : null;
}
