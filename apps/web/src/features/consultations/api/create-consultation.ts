import type { ConsultationFields, consultationCreatedAnswer } from '@wellbe/shared/schemas/consultations';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { apiAction } from '../../../lib/api.ts';

/** SPEC §7 POST /api/consultation action createBySpeciality; idempotent on the client-generated id. */
export function createConsultation(input: {
  user: { id: string; idOrganization: string | null; idJobSpecialist: number | null };
  idPatient: string;
  idConsultation: string;
  consultationCreate: ConsultationFields;
}): Promise<Answer<typeof consultationCreatedAnswer>> {
  return apiAction(
    '/consultation',
    'createBySpeciality',
    {
      idPatient: input.idPatient,
      Iduser: input.user.id,
      idOrganization: input.user.idOrganization,
      idJobSpecialist: input.user.idJobSpecialist,
      idConsultation: input.idConsultation,
      consultationCreate: input.consultationCreate,
    },
    { on401: 'throw' },
  );
}
