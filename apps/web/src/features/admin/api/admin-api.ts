import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JournalEntry, JournalFilters } from '@wellbe/shared/schemas/admin';
import type { OrganisationSettingsValues } from '@wellbe/shared/schemas/organisations';
import { api, API_BASE, ApiError } from '../../../lib/api.ts';
import { readToken } from '../../../lib/token.ts';

// Issue 7 /admin: GET /api/admin/journal(.csv) and /api/admin/settings.

export type JournalFilterValues = { [K in keyof JournalFilters]-?: string };

export interface JournalPage {
  data: JournalEntry[];
  total: number;
  page: number;
  pageSize: number;
  /** The organisation's time zone: times are shown in it. */
  timeZone: string;
}

function query(filters: JournalFilterValues): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''));
}

export function useJournal(filters: JournalFilterValues, page: number, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: ['journal', filters, page, pageSize],
    queryFn: ({ signal }) => api<JournalPage>('/admin/journal', { query: { ...query(filters), page, pageSize }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The CSV of the filtered view, fetched with the session's token and saved as a file. */
export async function downloadJournalCsv(filters: JournalFilterValues): Promise<void> {
  const token = readToken();
  const qs = new URLSearchParams(query(filters)).toString();
  const response = await fetch(`${API_BASE}/admin/journal.csv${qs ? `?${qs}` : ''}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError(response.status, body?.error?.code ?? `http_${response.status}`, body?.error?.message ?? '');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'journal-acces.csv';
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useSettings(organizationId: string) {
  return useQuery({
    queryKey: ['admin-settings', organizationId],
    queryFn: () => api<{ data: OrganisationSettingsValues }>('/admin/settings', { query: { organizationId } }).then((r) => r.data),
  });
}

export function useSaveSettings(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganisationSettingsValues) => api<{ data: OrganisationSettingsValues }>('/admin/settings', { method: 'PUT', query: { organizationId }, body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin-settings'] });
      void client.invalidateQueries({ queryKey: ['organisation-settings'] });
    },
  });
}

export function useOrganisationChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['organisations', 'options'],
    queryFn: () => api<{ data: { idOrganization: string; name: string; active: boolean }[] }>('/organisations', { query: { pageSize: 100 } }).then((r) => r.data),
    enabled,
    staleTime: 60_000,
  });
}
