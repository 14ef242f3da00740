import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PatientListAnswer } from '@wellbe/shared/schemas/patients';
import { apiAction, isApiError } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import { requestLogin } from '../save-flow.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const patientSearchKey = queryKeys.patients.search;

/** SPEC §7 POST /api/patient action list, searched on the server (accent-insensitive). */
export function listPatients(user: { id: string; idOrganization: string | null }, q: string, pageSize = 20): Promise<PatientListAnswer> {
  return apiAction<PatientListAnswer>('/patient', 'list', { Iduser: user.id, idOrganization: user.idOrganization, q: q || undefined, pageSize }, { on401: 'throw' }).catch(
    (error: unknown) => {
      // The panel keeps its draft through an expired token: sign in again in place.
      if (isApiError(error) && error.status === 401) requestLogin();
      throw error;
    },
  );
}

export function usePatientSearch(q: string, enabled = true) {
  const { user } = useSession();
  return useQuery({
    queryKey: patientSearchKey(q),
    queryFn: () => listPatients(user!, q),
    enabled: enabled && !!user,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
