import { z } from 'zod';
import { FOLLOW_UP_REASONS } from '../domain/dashboard.ts';
import { dataAnswer } from './responses.ts';

// GET /api/dashboard (issue 21): the counts behind the dashboard's cards that no other call gives,
// per role (SPEC §6 `dashboard`: all roles). Each section is null for a role it is not for.
// Counts only: no patient is named here.

/** Administration (AD, RH, PA): the organisation's accounts, today's agenda load, requests, refusals. */
export const dashboardAdministrationSchema = z.object({
  users: z.object({ active: z.number(), inactive: z.number(), pendingInvitations: z.number() }),
  /** Today's appointments (organisation's time zone, holds and cancellations excluded) per practitioner. */
  todayLoad: z.array(z.object({ idUser: z.string(), name: z.string(), appointments: z.number() })),
  /** Appointments still 'demandé' from now on. */
  requests: z.number(),
  /** Refused requests journalled in the last 7 days: only for the journal group (PA), else null. */
  refusals: z.object({ count: z.number(), last: z.array(z.object({ at: z.string(), action: z.string(), username: z.string().nullable() })) }).nullable(),
});
export type DashboardAdministration = z.infer<typeof dashboardAdministrationSchema>;

/** WellBe roles (SA, DE, RE): the platform at a glance. */
export const dashboardWellbeSchema = z.object({
  organisations: z.object({ active: z.number(), total: z.number() }),
  users: z.number(),
  supportOpen: z.number(),
  /** Background jobs whose attempts are spent. */
  failedJobs: z.number(),
});
export type DashboardWellbe = z.infer<typeof dashboardWellbeSchema>;

export { FOLLOW_UP_REASONS, type FollowUpReason } from '../domain/dashboard.ts';
export const dashboardFollowUpSchema = z.object({
  idPatient: z.string(),
  FullName: z.string(),
  reason: z.enum(FOLLOW_UP_REASONS),
  /** noVisit: the last consultation; weight: the latest consultation's date; program: the last log day (null: never logged). */
  date: z.string().nullable(),
  /** weight: the change in % since the previous consultation (one decimal); program: days without a log. */
  value: z.number().nullable(),
});
export type DashboardFollowUp = z.infer<typeof dashboardFollowUpSchema>;

/** Practitioner (PR, PA, PG): their own day, their own requests and notes, the organisation's patients to follow up. */
export const dashboardPractitionerSchema = z.object({
  /** The caller's appointments of today (organisation's time zone, holds and cancellations excluded). */
  today: z.array(
    z.object({
      id: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      status: z.string(),
      idPatient: z.string().nullable(),
      patientName: z.string().nullable(),
      title: z.string().nullable(),
      typeLabel: z.string().nullable(),
      /** Held by video: "Démarrer la téléconsultation" from 15 minutes before. */
      teleconsultation: z.boolean(),
    }),
  ),
  /** The caller's appointments still 'demandé' from now on. */
  requests: z.number(),
  followUp: z.array(dashboardFollowUpSchema),
  /** The caller's notes whose reminder is due by the end of today (not archived). */
  notes: z.object({ count: z.number(), due: z.array(z.object({ id: z.string(), title: z.string(), reminderAt: z.string() })) }),
});
export type DashboardPractitioner = z.infer<typeof dashboardPractitionerSchema>;

/** Patient (PT): the consultation of theirs that awaits a notice (the latest of the last 30 days). */
export const dashboardPatientSchema = z.object({
  notice: z.object({ idPatient: z.string(), idConsultation: z.string(), consultationDate: z.string(), practitionerName: z.string() }).nullable(),
});
export type DashboardPatient = z.infer<typeof dashboardPatientSchema>;

export const dashboardSchema = z.object({
  administration: dashboardAdministrationSchema.nullable(),
  wellbe: dashboardWellbeSchema.nullable(),
  practitioner: dashboardPractitionerSchema.nullable(),
  patient: dashboardPatientSchema.nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
/** The answer of GET /api/dashboard (dates are ISO strings built by the server). */
export const dashboardAnswer = dataAnswer(dashboardSchema);

// The roles and thresholds live in domain/dashboard.ts, without zod: the dashboard's cards read
// them on the first screen (issue 31). Re-exported for the server.
export { DASHBOARD_ADMINISTRATION_ROLES, DASHBOARD_FOLLOW_UP, DASHBOARD_PRACTITIONER_ROLES, DASHBOARD_REFUSAL_DAYS, DASHBOARD_WELLBE_ROLES } from '../domain/dashboard.ts';
