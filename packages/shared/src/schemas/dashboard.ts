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

/** A patient to follow up: why, and the figure behind it. */
export type FollowUpReason = 'noVisit' | 'program' | 'weight';
export interface DashboardFollowUp {
  idPatient: string;
  FullName: string;
  reason: FollowUpReason;
  /** noVisit: the last consultation; weight: the latest consultation's date; program: the last log day (null: never logged). */
  date: string | null;
  /** weight: the change in % since the previous consultation (one decimal); program: days without a log. */
  value: number | null;
}

/** Practitioner (PR, PA, PG): their own day, their own requests and notes, the organisation's patients to follow up. */
export interface DashboardPractitioner {
  /** The caller's appointments of today (organisation's time zone, holds and cancellations excluded). */
  today: { id: string; startsAt: string; endsAt: string; status: string; idPatient: string | null; patientName: string | null; title: string | null; typeLabel: string | null }[];
  /** The caller's appointments still 'demandé' from now on. */
  requests: number;
  followUp: DashboardFollowUp[];
  /** The caller's notes whose reminder is due by the end of today (not archived). */
  notes: { count: number; due: { id: string; title: string; reminderAt: string }[] };
}

/** Patient (PT): the consultation of theirs that awaits a notice (the latest of the last 30 days). */
export interface DashboardPatient {
  notice: { idPatient: string; idConsultation: string; consultationDate: string; practitionerName: string } | null;
}

export interface Dashboard {
  administration: DashboardAdministration | null;
  wellbe: DashboardWellbe | null;
  practitioner: DashboardPractitioner | null;
  patient: DashboardPatient | null;
}

export const DASHBOARD_ADMINISTRATION_ROLES: readonly Role[] = ['AD', 'RH', 'PA'];
export const DASHBOARD_WELLBE_ROLES: readonly Role[] = ['SA', 'DE', 'RE'];

export const DASHBOARD_PRACTITIONER_ROLES: readonly Role[] = ['PR', 'PA', 'PG'];

/** Patients to follow up: months without a consultation, days without a program log, weight change in %. */
export const DASHBOARD_FOLLOW_UP = { noVisitMonths: 3, programDays: 7, weightPct: 5, limit: 10, noticeDays: 30 } as const;

/** Days of journal refusals counted on the administration card. */
export const DASHBOARD_REFUSAL_DAYS = 7;
