import { useQuery } from '@tanstack/react-query';
import type { assignmentListAnswer } from '@wellbe/shared/schemas/questionnaires';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The patient's latest answers to a pre-visit form (submitted, or started), from the file's own query. */
export function usePreVisitAnswers(idPatient: string) {
  return useQuery({
    queryKey: queryKeys.questionnaires.patient(idPatient),
    queryFn: ({ signal }) => api<Answer<typeof assignmentListAnswer>>(`/patients/${encodeURIComponent(idPatient)}/questionnaires`, { signal }).then((r) => r.data),
    select: (list) => list.find((a) => a.questionnaire.preVisit && a.status !== 'pending') ?? null,
    staleTime: 30_000,
  });
}
