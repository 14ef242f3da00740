import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface PracticeContact {
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
}

/** GET /api/dietetics/letterhead: the practice's name and contact, the letterhead of the printed program (same practice card as dietetics). */
export function usePracticeLetterhead() {
  return useQuery({
    queryKey: queryKeys.dietetics.letterhead,
    queryFn: ({ signal }) => api<{ data: PracticeContact }>('/dietetics/letterhead', { signal }).then((r) => r.data),
  });
}
