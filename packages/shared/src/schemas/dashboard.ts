import type { Role } from '../roles.ts';

// GET /api/dashboard (issue 21): the counts behind the dashboard's cards that no other call gives,
// per role (SPEC §6 `dashboard`: all roles). Each section is null for a role it is not for.
// Counts only: no patient is named here.

/** Administration (AD, RH, PA): the organisation's accounts, today's agenda load, requests, refusals. */
export interface DashboardAdministration {
  users: { active: number; inactive: number; pendingInvitations: number };
  /** Today's appointments (organisation's time zone, holds and cancellations excluded) per practitioner. */
  todayLoad: { idUser: string; name: string; appointments: number }[];
  /** Appointments still 'demandé' from now on. */
  requests: number;
  /** Refused requests journalled in the last 7 days: only for the journal group (PA), else null. */
  refusals: { count: number; last: { at: string; action: string; username: string | null }[] } | null;
}

/** WellBe roles (SA, DE, RE): the platform at a glance. */
export interface DashboardWellbe {
  organisations: { active: number; total: number };
  users: number;
  supportOpen: number;
  /** Background jobs whose attempts are spent. */
  failedJobs: number;
}

export interface Dashboard {
  administration: DashboardAdministration | null;
  wellbe: DashboardWellbe | null;
}

export const DASHBOARD_ADMINISTRATION_ROLES: readonly Role[] = ['AD', 'RH', 'PA'];
export const DASHBOARD_WELLBE_ROLES: readonly Role[] = ['SA', 'DE', 'RE'];

/** Days of journal refusals counted on the administration card. */
export const DASHBOARD_REFUSAL_DAYS = 7;
