import type { Role } from '@wellbe/shared/roles';

/**
 * Narrower than the group, on purpose: roles of the route's SPEC §6 group the route still refuses,
 * each with its reason. The role matrix and the record matrix both expect a 403 from them: they are
 * checked like the rest, not skipped.
 */
export const NARROWER: Record<string, Partial<Record<Role, string>>> = {
  'GET /api/patients/export': { PT: 'a patient has no patient list to export: their own file only (DESIGN §4)' },
  'GET /api/notices/summary': { PT: 'the practice-wide notice average is for the practice, not for patients' },
  'GET /api/appointments/overview': { PT: 'the practice’s requests and day list are for its staff; a patient sees only their own (issue 15)' },
  'POST /api/appointments/:id/confirm': { PT: 'a patient does not confirm requests: the practice does (issue 15)' },
};
