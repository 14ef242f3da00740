import type { PatientCreate } from '@wellbe/shared/schemas/patients';
import { apiAction } from '../../../lib/api.ts';

/** SPEC §7 POST /api/patient action create (the consultation panel's rules, checked by the server). */
export function createPatient(user: { id: string; idOrganization: string | null }, patientCreate: PatientCreate): Promise<{ idPatient: string }> {
  return apiAction('/patient', 'create', { Iduser: user.id, idOrganization: user.idOrganization, patientCreate });
}
