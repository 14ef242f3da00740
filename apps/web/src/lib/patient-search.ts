import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PatientTablePage } from '@wellbe/shared/schemas/patient-files';
import { api } from './api.ts';
import { queryKeys } from './query-keys.ts';

/** GET /api/patients: the patient pickers of the dietetics and sport screens (same search as the list). */
export function usePatientSearch(q: string) {
  const params = { q, page: 1, pageSize: 10, sort: 'name', order: 'asc' };
  return useQuery<PatientTablePage>({
    queryKey: queryKeys.patients.table(params),
    queryFn: ({ signal }) => api<PatientTablePage>('/patients', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}
