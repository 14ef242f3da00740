import type { Role } from '../roles.ts';

// The dashboard's roles and thresholds (issue 21), apart from schemas/dashboard.ts: the web's cards
// read them on the first screen, and a module that builds zod schemas would bring zod (24 KB) into
// it (issue 31, bundle-budget.test.ts).

export const DASHBOARD_ADMINISTRATION_ROLES: readonly Role[] = ['AD', 'RH', 'PA'];
export const DASHBOARD_WELLBE_ROLES: readonly Role[] = ['SA', 'DE', 'RE'];

export const DASHBOARD_PRACTITIONER_ROLES: readonly Role[] = ['PR', 'PA', 'PG'];

/** A patient to follow up: why, and the figure behind it. */
export const FOLLOW_UP_REASONS = ['noVisit', 'program', 'weight'] as const;
export type FollowUpReason = (typeof FOLLOW_UP_REASONS)[number];

/** Patients to follow up: months without a consultation, days without a program log, weight change in %. */
export const DASHBOARD_FOLLOW_UP = { noVisitMonths: 3, programDays: 7, weightPct: 5, limit: 10, noticeDays: 30 } as const;

/** Days of journal refusals counted on the administration card. */
export const DASHBOARD_REFUSAL_DAYS = 7;
