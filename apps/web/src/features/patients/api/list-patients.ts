import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PatientSort } from '@wellbe/shared/domain/patient-files';
import type { PatientTablePage } from '@wellbe/shared/schemas/patient-files';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface PatientTableParams {
  q: string;
  page: number;
  pageSize: number;
  sort: PatientSort;
  order: 'asc' | 'desc';
  /** SA and DE: the archived files instead of the live ones. */
  archived?: '1';
}

export const patientsKey = queryKeys.patients.all;

/** GET /api/patients: one page, sorted and searched on the server. */
export function listPatients(params: PatientTableParams, signal?: AbortSignal): Promise<PatientTablePage> {
  return api<PatientTablePage>('/patients', { query: { ...params }, signal });
}

export function usePatientTable(params: PatientTableParams, enabled = true) {
  // The previous page stays on screen while the next one loads: no flicker when typing or paging.
  return useQuery({ queryKey: queryKeys.patients.table({ ...params }), queryFn: ({ signal }) => listPatients(params, signal), placeholderData: keepPreviousData, enabled });
}
