import { useQuery } from '@tanstack/react-query';
import type { PatientSportProgram } from '@wellbe/shared/schemas/sport';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/sport-programs/patients/:idPatient: the file's 'Programme sportif' tab (programs, logs, adherence). */
export function usePatientSport(idPatient: string) {
  return useQuery({
    queryKey: queryKeys.sport.patient(idPatient),
    queryFn: ({ signal }) => api<{ data: PatientSportProgram[] }>(`/sport-programs/patients/${encodeURIComponent(idPatient)}`, { signal }).then((r) => r.data),
  });
}
