import { PATIENT_SORTS, type PatientSort } from '@wellbe/shared/domain/patient-files';
import { isPlatformRole, type Role } from '@wellbe/shared/roles';
import { startEarly } from '../../../lib/early-requests.ts';
import { patientTablePath, type PatientTableParams } from '../../../lib/patient-search.ts';
import { readListParams, type ListParams, type ListStateConfig } from '../../../lib/use-list-state.ts';

// The patient list's first page, asked with the frame (issue 31): it was asked once the page's code
// had arrived and rendered (~1.6 s after the policies' answer here), though all it depends on is the
// address's query string (search, page, sort, the archived switch) and the token's role. The page
// and the request sent early read the same functions below, so that the page's first query asks for
// exactly the path sent (lib/early-requests.ts takes it by path).

/** GET /api/notices/summary: the organisation's notices, summed up above the list (api/notices.ts). */
export const NOTICES_SUMMARY_PATH = '/notices/summary';

/** Search, page, sort and the archived switch live in the URL: a reload or a shared link shows the same selection. */
export const PATIENT_LIST: ListStateConfig<'archived', PatientSort> = { pageSizes: [25, 50, 100], pageSize: 25, sorts: PATIENT_SORTS, filters: ['archived'], debounceMs: 250 };

/** The page of the list asked for the address's selection: archived files for the platform roles only. */
export function tableParams(list: ListParams<'archived', PatientSort>, role: Role | null): PatientTableParams {
  const archived = list.filters.archived === '1' && !!role && isPlatformRole(role) ? '1' : undefined;
  return { q: list.q, page: list.page, pageSize: list.pageSize, sort: list.sort, order: list.order, archived };
}

/**
 * Sent by app/preload.ts with the page's other first GETs (nothing owed, a role the page lets in):
 * the page of the list the address names, and the notices' summary. A patient is sent to their own
 * file: nothing.
 */
export function startFirstRequests({ search, role }: { search: string; role: Role }): void {
  if (role === 'PT') return;
  startEarly(patientTablePath(tableParams(readListParams(new URLSearchParams(search), PATIENT_LIST), role)));
  startEarly(NOTICES_SUMMARY_PATH);
}
