import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PatientSort } from '@wellbe/shared/domain/patient-files';
import type { PatientChoice } from '@wellbe/shared/schemas/agenda';
import type { PatientTablePage } from '@wellbe/shared/schemas/patient-files';
import type { PatientListAnswer } from '@wellbe/shared/schemas/patients';
import { api, apiAction, isApiError, withQuery } from './api.ts';
import { earlyOrFetch } from './early-requests.ts';
import { queryKeys } from './query-keys.ts';
import { useSession } from './session.ts';

// The one patient search of the web app: the patient list's page (/patients/list) and every
// patient picker (dietetics, sport, notes, the agenda's booking dialog, the consultation panel's
// save dialog) ask the server through these functions; the search itself (accent-insensitive,
// phone digits) is the server's.

export interface PatientTableParams {
  q: string;
  page: number;
  pageSize: number;
  sort: PatientSort;
  order: 'asc' | 'desc';
  /** SA and DE: the archived files instead of the live ones. */
  archived?: '1';
}

/** GET /api/patients of `params`, as a request writes it. */
export function patientTablePath(params: PatientTableParams): string {
  return withQuery('/patients', { ...params });
}

/**
 * GET /api/patients: one page, sorted and searched on the server. The list's first page may have
 * been asked with the frame (features/patients/lib/list-request.ts): taken by its path.
 */
export function listPatients(params: PatientTableParams, signal?: AbortSignal): Promise<PatientTablePage> {
  return earlyOrFetch<PatientTablePage>(patientTablePath(params), signal);
}

export function usePatientTable(params: PatientTableParams, enabled = true) {
  // The previous page stays on screen while the next one loads: no flicker when typing or paging.
  return useQuery({ queryKey: queryKeys.patients.table({ ...params }), queryFn: ({ signal }) => listPatients(params, signal), placeholderData: keepPreviousData, enabled });
}

/**
 * Where a picker searches: the patient list (dps roles), the agenda's booking search (also AD and
 * RH), or the SPEC §7 `POST /api/patient` action list of the consultation panel.
 */
export type PatientSearchSource = 'patients' | 'agenda' | 'panel';

export interface PatientSearchHit {
  idPatient: string;
  FullName: string;
  /** The panel's list answers the phone too (its duplicate check). */
  PhoneNumber?: string;
}

export interface PatientSearchOptions {
  enabled?: boolean;
  /** 'panel': called on a 401 instead of ending the session (the panel keeps its draft and signs in again in place). */
  onUnauthorized?: () => void;
}

const PICKER_SIZE = 10;
const PANEL_SIZE = 20;

export function usePatientSearch(q: string, source: PatientSearchSource = 'patients', { enabled = true, onUnauthorized }: PatientSearchOptions = {}) {
  const { user } = useSession();
  const params: PatientTableParams = { q, page: 1, pageSize: PICKER_SIZE, sort: 'name', order: 'asc' };
  const search = (signal: AbortSignal): Promise<PatientSearchHit[]> => {
    if (source === 'agenda') return api<{ data: PatientChoice[] }>('/agenda/patients', { query: { q }, signal }).then((r) => r.data.map((p) => ({ idPatient: p.id, FullName: p.fullName })));
    if (source === 'patients') return listPatients(params, signal).then((r) => r.data.map((p) => ({ idPatient: p.idPatient, FullName: p.FullName })));
    return apiAction<PatientListAnswer>('/patient', 'list', { Iduser: user!.id, idOrganization: user!.idOrganization, q: q || undefined, pageSize: PANEL_SIZE }, { on401: 'throw' }).then(
      (r) => r.data,
      (error: unknown) => {
        if (isApiError(error) && error.status === 401) onUnauthorized?.();
        throw error;
      },
    );
  };
  return useQuery<PatientSearchHit[]>({
    queryKey: source === 'agenda' ? queryKeys.agenda.patients(q) : source === 'panel' ? queryKeys.patients.search(q) : queryKeys.patients.table({ ...params }),
    queryFn: ({ signal }) => search(signal),
    enabled: enabled && (source === 'patients' || (source === 'agenda' ? q.trim().length > 0 : !!user)),
    placeholderData: keepPreviousData,
    ...(source === 'panel' ? { staleTime: 10_000 } : {}),
  });
}
