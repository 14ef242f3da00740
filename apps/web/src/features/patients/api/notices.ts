import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notice, NoticeFields, NoticeSummary } from '@wellbe/shared/schemas/notices';
import { api } from '../../../lib/api.ts';
import { patientKey } from './patient-file.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/notices/summary: the organisation's average, on the list. */
export function useNoticeSummary(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.notices.summary, queryFn: () => api<{ data: NoticeSummary }>('/notices/summary').then((a) => a.data), enabled });
}

/** POST /api/notices, or PUT /api/notices/:id when the patient changes theirs within 7 days. */
export function useSaveNotice(idPatient: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ idConsultation, idNotice, fields }: { idConsultation: string; idNotice?: string; fields: NoticeFields }) =>
      (idNotice
        ? api<{ data: Notice }>(`/notices/${encodeURIComponent(idNotice)}`, { method: 'PUT', body: fields })
        : api<{ data: Notice }>('/notices', { method: 'POST', body: { idConsultation, ...fields } })
      ).then((a) => a.data),
    onSuccess: () => client.invalidateQueries({ queryKey: patientKey(idPatient) }),
  });
}
