import { useQuery } from '@tanstack/react-query';
import type { patientSportProgramsAnswer } from '@wellbe/shared/schemas/sport';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

/** GET /api/sport-programs/patients/:idPatient: the file's 'Programme sportif' tab (programs, logs, adherence). */
export function usePatientSport(idPatient: string) {
  return useQuery({
    queryKey: queryKeys.sport.patient(idPatient),
    queryFn: ({ signal }) => api<Answer<typeof patientSportProgramsAnswer>>(`/sport-programs/patients/${encodeURIComponent(idPatient)}`, { signal }).then((r) => r.data),
  });
}
