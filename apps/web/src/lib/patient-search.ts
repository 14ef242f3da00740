import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PatientChoice } from '@wellbe/shared/schemas/agenda';
import type { PatientTablePage } from '@wellbe/shared/schemas/patient-files';
import { api } from './api.ts';
import { queryKeys } from './query-keys.ts';

/** Where a patient picker searches: the patient list (dps roles) or the agenda's booking search (also AD and RH). */
export type PatientSearchSource = 'patients' | 'agenda';

export interface PatientSearchHit {
  idPatient: string;
  FullName: string;
}

/**
 * The patient pickers' search (accent-insensitive, the list's semantics on the server):
 * GET /api/patients for the dietetics and sport screens, GET /api/agenda/patients (id and name
 * only) for the booking dialog of the agenda.
 */
export function usePatientSearch(q: string, source: PatientSearchSource = 'patients') {
  const params = { q, page: 1, pageSize: 10, sort: 'name', order: 'asc' };
  return useQuery<PatientSearchHit[]>({
    queryKey: source === 'agenda' ? queryKeys.agenda.patients(q) : queryKeys.patients.table(params),
    queryFn: ({ signal }) =>
      source === 'agenda'
        ? api<{ data: PatientChoice[] }>('/agenda/patients', { query: { q }, signal }).then((r) => r.data.map((p) => ({ idPatient: p.id, FullName: p.fullName })))
        : api<PatientTablePage>('/patients', { query: params, signal }).then((r) => r.data.map((p) => ({ idPatient: p.idPatient, FullName: p.FullName }))),
    enabled: source === 'patients' || q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}
