import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Answers, assignmentAnswer, assignmentListAnswer, questionnaireAnswer, questionnaireListAnswer, QuestionnaireWriteInput } from '@wellbe/shared/schemas/questionnaires';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** GET /api/questionnaires/mine: the patient's questionnaires. */
export function useMyQuestionnaires() {
  // Its error is the page's (my-questionnaires-page.tsx), not a toast as well.
  return useQuery({ queryKey: queryKeys.questionnaires.mine, queryFn: ({ signal }) => api<Answer<typeof assignmentListAnswer>>('/questionnaires/mine', { signal }).then((r) => r.data), meta: { silent: true } });
}

/** PUT /api/questionnaires/assignments/:id/answers: a draft (submit false) or the final answers. */
export function useSaveAnswers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answers, submit }: { id: string; answers: Answers; submit: boolean }) =>
      api<Answer<typeof assignmentAnswer>>(`/questionnaires/assignments/${encodeURIComponent(id)}/answers`, { method: 'PUT', body: { answers, submit } }).then((r) => r.data),
    onSuccess: (saved) => client.setQueryData(queryKeys.questionnaires.mine, (old: Answer<typeof assignmentListAnswer>['data'] | undefined) => old?.map((a) => (a.id === saved.id ? saved : a))),
  });
}

/** GET /api/questionnaires (all: deactivated ones too). */
export function useQuestionnaires(all: boolean) {
  return useQuery({ queryKey: queryKeys.questionnaires.list(all), queryFn: ({ signal }) => api<Answer<typeof questionnaireListAnswer>>('/questionnaires', { signal, query: { all: all ? 'true' : undefined } }).then((r) => r.data) });
}

/** POST (new) or PUT (a new version) /api/questionnaires. */
export function useSaveQuestionnaire() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: QuestionnaireWriteInput }) =>
      api<Answer<typeof questionnaireAnswer>>(id ? `/questionnaires/${encodeURIComponent(id)}` : '/questionnaires', { method: id ? 'PUT' : 'POST', body }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.questionnaires.all }),
  });
}

/** POST /api/questionnaires/:id/duplicate, PATCH /api/questionnaires/:id { active }. */
export function useQuestionnaireAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'duplicate' | 'activate' | 'deactivate' }) =>
      action === 'duplicate'
        ? api(`/questionnaires/${encodeURIComponent(id)}/duplicate`, { method: 'POST' })
        : api(`/questionnaires/${encodeURIComponent(id)}`, { method: 'PATCH', body: { active: action === 'activate' } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.questionnaires.all }),
  });
}

/** GET /api/agenda/types: the practice's appointment types a questionnaire may be sent with. */
export function useAppointmentTypes() {
  return useQuery({ queryKey: queryKeys.agenda.types, queryFn: ({ signal }) => api<{ data: { id: string; label: string }[] }>('/agenda/types', { signal }).then((r) => r.data) });
}
