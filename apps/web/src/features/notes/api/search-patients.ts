import { useQuery } from '@tanstack/react-query';
import type { PatientTablePage } from '@wellbe/shared/schemas/patient-files';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/patients?q=: the patients a note may be linked to (the caller's scope, searched on the server). */
export function usePatientChoices(q: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.patients.search(`notes:${q}`),
    queryFn: ({ signal }) =>
      api<PatientTablePage>('/patients', { query: { q, pageSize: 10, sort: 'name', order: 'asc' }, signal }).then((r) => r.data.map((p) => ({ id: p.idPatient, fullName: p.FullName }))),
    enabled,
    placeholderData: (previous) => previous,
  });
}
