import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoticeFields, noticeAnswer, noticeSummaryAnswer } from '@wellbe/shared/schemas/notices';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api } from '../../../lib/api.ts';
import { earlyOrFetch } from '../../../lib/early-requests.ts';
import { NOTICES_SUMMARY_PATH } from '../lib/list-request.ts';
import { patientKey } from './patient-file.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/notices/summary: the organisation's average, on the list. */
export function useNoticeSummary(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.notices.summary, queryFn: () => earlyOrFetch<Answer<typeof noticeSummaryAnswer>>(NOTICES_SUMMARY_PATH).then((a) => a.data), enabled });
}

/** POST /api/notices, or PUT /api/notices/:id when the patient changes theirs within 7 days. */
export function useSaveNotice(idPatient: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ idConsultation, idNotice, fields }: { idConsultation: string; idNotice?: string; fields: NoticeFields }) =>
      (idNotice
        ? api<Answer<typeof noticeAnswer>>(`/notices/${encodeURIComponent(idNotice)}`, { method: 'PUT', body: fields })
        : api<Answer<typeof noticeAnswer>>('/notices', { method: 'POST', body: { idConsultation, ...fields } })
      ).then((a) => a.data),
    onSuccess: () => client.invalidateQueries({ queryKey: patientKey(idPatient) }),
  });
}
