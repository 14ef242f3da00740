import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JournalFilters, JournalPage } from '@wellbe/shared/schemas/admin';
import type { OrganisationSettingsValues } from '@wellbe/shared/schemas/organisations';
import { api } from '../../../lib/api.ts';
import { fetchPage } from '../../../lib/page-cursors.ts';
import { downloadFile } from '../../../lib/download.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// /admin ('Journal d'accès' and 'Paramètres'): GET /api/admin/journal(.csv) and /api/admin/settings.

export type JournalFilterValues = { [K in keyof JournalFilters]-?: string };


function query(filters: JournalFilterValues): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''));
}

export function useJournal(filters: JournalFilterValues, page: number, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.journal.page(filters, page, pageSize),
    queryFn: ({ signal }) =>
      fetchPage(['journal', filters, pageSize], page, (cursor) => api<JournalPage>('/admin/journal', { query: { ...query(filters), page, pageSize, cursor }, signal })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The CSV of the filtered view, through the API client (token, timeout, 401 rule), saved as a file. */
export function downloadJournalCsv(filters: JournalFilterValues): Promise<void> {
  return downloadFile('/admin/journal.csv', 'journal-acces.csv', query(filters));
}

export function useSettings(organizationId: string) {
  return useQuery({
    queryKey: queryKeys.settings.ofOrganisation(organizationId),
    queryFn: () => api<{ data: OrganisationSettingsValues }>('/admin/settings', { query: { organizationId } }).then((r) => r.data),
  });
}

export function useSaveSettings(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganisationSettingsValues) => api<{ data: OrganisationSettingsValues }>('/admin/settings', { method: 'PUT', query: { organizationId }, body }),
    // One root for the admin's form and every screen's own settings: the admin's language, navbar
    // style, upload limit and time zone follow the save at once, not after the 5-minute stale time.
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.settings.all }),
  });
}
