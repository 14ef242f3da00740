import type { PatientCreate } from '@wellbe/shared/schemas/patients';
import { apiAction } from '../../../lib/api.ts';

/** SPEC §7 POST /api/patient action create → idPatient. A 401 is handed back (re-login in place). */
export function createPatient(user: { id: string; idOrganization: string | null }, patientCreate: PatientCreate): Promise<{ idPatient: string }> {
  return apiAction('/patient', 'create', { Iduser: user.id, idOrganization: user.idOrganization, patientCreate }, { on401: 'throw' });
}
