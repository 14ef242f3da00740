import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VCardImportResult } from '@wellbe/shared/schemas/contacts';
import { api } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/contacts/import: `dryRun` for the preview, then the import itself (all or nothing). */
export function useVCardImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { vcf: string; dryRun: boolean }) => api<{ data: VCardImportResult }>('/contacts/import', { method: 'POST', body }).then((r) => r.data),
    onSuccess: (_data, body) => {
      if (!body.dryRun) void client.invalidateQueries({ queryKey: queryKeys.contacts.all });
    },
  });
}

/** GET /api/contacts/export: one contact, a selection or the whole book as .vcf. */
export function exportVCards(ids?: string[]): Promise<void> {
  return downloadFile('/contacts/export', ids?.length === 1 ? 'contact.vcf' : 'contacts.vcf', ids?.length ? { ids: ids.join(',') } : undefined);
}
