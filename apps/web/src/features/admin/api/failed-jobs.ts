import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FailedJob } from '@wellbe/shared/schemas/jobs';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// /admin 'Tâches en échec' (DE): GET /api/admin/jobs and POST /api/admin/jobs/:id/retry.

export const failedJobsKey = queryKeys.failedJobs;

export function useFailedJobs() {
  return useQuery({
    queryKey: failedJobsKey,
    queryFn: ({ signal }) => api<{ data: FailedJob[] }>('/admin/jobs', { signal }).then((r) => r.data),
  });
}

export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ success: true }>(`/admin/jobs/${encodeURIComponent(id)}/retry`, { method: 'POST', body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: failedJobsKey }),
  });
}
