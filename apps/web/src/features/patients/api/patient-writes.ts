import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PatientFile, PatientIdentity } from '@wellbe/shared/schemas/patient-files';
import type { PatientCreate } from '@wellbe/shared/schemas/patients';
import { api } from '../../../lib/api.ts';
import { patientKey } from './patient-file.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/patients: the panel's rules and messages (SPEC §5). */
export function useCreatePatient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PatientCreate) => api<{ idPatient: string }>('/patients', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.patients.all }),
  });
}

/** PATCH /api/patients/:id: the identity, under the same duplicate rules. */
export function useUpdateIdentity(idPatient: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PatientIdentity) => api<{ data: PatientFile['identity'] }>(`/patients/${encodeURIComponent(idPatient)}`, { method: 'PATCH', body }).then((a) => a.data),
    onSuccess: (identity) => {
      client.setQueryData<PatientFile>(patientKey(idPatient), (file) => (file ? { ...file, identity } : file));
      void client.invalidateQueries({ queryKey: queryKeys.patients.tables });
    },
  });
}

/** POST /api/patients/:id/archive. */
export function useArchivePatient(idPatient: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(`/patients/${encodeURIComponent(idPatient)}/archive`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.patients.all }),
  });
}

/** 'Inviter le patient' (users API): a PT account linked to this patient, invitation mailed. */
export function useInvitePatient() {
  return useMutation({ mutationFn: (idPatient: string) => api('/users/invite-patient', { method: 'POST', body: { idPatient } }) });
}
