import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { queryKeys } from './query-keys.ts';

export interface PracticeContact {
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
}

/** GET /api/dietetics/letterhead: the practice's name and contact, the letterhead of the printed week (dietetics) and program (sport). */
export function usePracticeLetterhead() {
  return useQuery({
    queryKey: queryKeys.dietetics.letterhead,
    queryFn: ({ signal }) => api<{ data: PracticeContact }>('/dietetics/letterhead', { signal }).then((r) => r.data),
  });
}
