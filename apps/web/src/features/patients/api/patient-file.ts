import { useQuery } from '@tanstack/react-query';
import type { PatientDocument, PatientFile, PatientMeasures } from '@wellbe/shared/schemas/patient-files';
import { api } from '../../../lib/api.ts';
import { earlyOrFetch } from '../../../lib/early-requests.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { patientFilePath, patientMeasuresPath } from '@wellbe/shared/first-requests';

export const patientKey = queryKeys.patients.file;

/** GET /api/patients/:id: identity and the consultation timeline. */
export function usePatientFile(idPatient: string) {
  return useQuery({
    queryKey: patientKey(idPatient),
    // The first query takes the answer the page's first load asked for (shared first-requests.ts URL_FIRST_REQUESTS).
    queryFn: ({ signal }) => earlyOrFetch<{ data: PatientFile }>(patientFilePath(idPatient), signal).then((a) => a.data),
    enabled: !!idPatient,
    // A 404 is an answer, not a hiccup: no retry.
    retry: false,
  });
}

/** GET /api/patients/:id/measures. */
export function usePatientMeasures(idPatient: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.patients.measures(idPatient),
    queryFn: ({ signal }) => earlyOrFetch<{ data: PatientMeasures }>(patientMeasuresPath(idPatient), signal).then((a) => a.data),
    enabled: !!idPatient && enabled,
    retry: false,
  });
}

/** GET /api/patients/:id/documents. */
export function usePatientDocuments(idPatient: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.patients.documents(idPatient),
    queryFn: ({ signal }) => api<{ data: PatientDocument[] }>(`/patients/${encodeURIComponent(idPatient)}/documents`, { signal }).then((a) => a.data),
    enabled: !!idPatient && enabled,
    retry: false,
  });
}
