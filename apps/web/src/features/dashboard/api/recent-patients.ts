import { useQuery } from '@tanstack/react-query';
import type { PatientTablePage } from '@wellbe/shared/schemas/patient-files';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// The practitioner dashboard's "last consultations recorded": the five patients seen last, from
// the patient list sorted by last consultation (GET /api/patients, organisation-scoped, journalled).
const params = { sort: 'lastConsultation', order: 'desc', page: 1, pageSize: 5 } as const;

export function useRecentPatients(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.patients.table({ ...params, dashboard: true }),
    queryFn: ({ signal }) => api<PatientTablePage>('/patients', { query: { ...params }, signal }),
    enabled,
  });
}
