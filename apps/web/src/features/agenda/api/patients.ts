import { useQuery } from '@tanstack/react-query';
import type { PatientTablePage } from '@wellbe/shared/schemas/patient-files';
import type { PatientCreate } from '@wellbe/shared/schemas/patients';
import { api, apiAction } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/patients?q=: the patients an appointment may be booked for (the caller's scope). */
export function usePatientChoices(q: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.patients.search(`agenda:${q}`),
    queryFn: ({ signal }) =>
      api<PatientTablePage>('/patients', { query: { q, pageSize: 10, sort: 'name', order: 'asc' }, signal }).then((r) => r.data.map((p) => ({ id: p.idPatient, fullName: p.FullName }))),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** SPEC §7 POST /api/patient action create (the consultation panel's rules, checked by the server). */
export function createPatient(user: { id: string; idOrganization: string | null }, patientCreate: PatientCreate): Promise<{ idPatient: string }> {
  return apiAction('/patient', 'create', { Iduser: user.id, idOrganization: user.idOrganization, patientCreate });
}
