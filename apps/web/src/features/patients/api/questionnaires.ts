import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssignInput, assignedAnswer, assignmentListAnswer, questionnaireListAnswer } from '@wellbe/shared/schemas/questionnaires';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/patients/:idPatient/questionnaires: the file's 'Questionnaires' tab. */
export function usePatientQuestionnaires(idPatient: string) {
  return useQuery({
    queryKey: queryKeys.questionnaires.patient(idPatient),
    queryFn: ({ signal }) => api<Answer<typeof assignmentListAnswer>>(`/patients/${encodeURIComponent(idPatient)}/questionnaires`, { signal }).then((r) => r.data),
  });
}

/** GET /api/questionnaires: the templates a practitioner may send. */
export function useQuestionnaireTemplates(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.questionnaires.list(false), queryFn: ({ signal }) => api<Answer<typeof questionnaireListAnswer>>('/questionnaires', { signal }).then((r) => r.data), enabled });
}

/** POST /api/patients/:idPatient/questionnaires: send one (or weekly, `weeks` times). */
export function useSendQuestionnaire(idPatient: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignInput) => api<Answer<typeof assignedAnswer>>(`/patients/${encodeURIComponent(idPatient)}/questionnaires`, { method: 'POST', body }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.questionnaires.patient(idPatient) }),
  });
}
