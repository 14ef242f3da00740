import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { queryKeys } from './query-keys.ts';
import type { letterheadAnswer } from '@wellbe/shared/schemas/dietetics';
import type { Answer } from '@wellbe/shared/schemas/responses';

/** The practice's name and contact (GET /api/dietetics/letterhead). */
export type PracticeContact = Answer<typeof letterheadAnswer>['data'];

/** GET /api/dietetics/letterhead: the practice's name and contact, the letterhead of the printed week (dietetics) and program (sport). */
export function usePracticeLetterhead() {
  return useQuery({
    queryKey: queryKeys.dietetics.letterhead,
    queryFn: ({ signal }) => api<Answer<typeof letterheadAnswer>>('/dietetics/letterhead', { signal }).then((r) => r.data),
  });
}
