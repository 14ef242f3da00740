import type { PatientFile } from '@wellbe/shared/schemas/patient-files';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { PatientContext } from '../consultation-store.ts';

/**
 * The patient the panel is opened for: GET /api/patients/:id, through the patient file's own cache
 * entry (same key), so opening the panel from the file costs no second request.
 */
export async function readPatientContext(idPatient: string): Promise<PatientContext> {
  const file = await queryClient.fetchQuery({
    queryKey: queryKeys.patients.file(idPatient),
    // A 401 comes back to the caller: the panel signs in again in place and keeps its draft.
    queryFn: ({ signal }) => api<{ data: PatientFile }>(`/patients/${encodeURIComponent(idPatient)}`, { signal, on401: 'throw' }).then((a) => a.data),
    staleTime: 30_000,
  });
  return toPatientContext(file);
}

export function toPatientContext(file: PatientFile): PatientContext {
  // The timeline is newest first: the latest consultation that has a weight.
  const previousWeight = file.consultations.find((c) => c.Weight != null)?.Weight ?? null;
  return { idPatient: file.identity.idPatient, FullName: file.identity.FullName, birthDate: file.identity.birthDate, previousWeight };
}
