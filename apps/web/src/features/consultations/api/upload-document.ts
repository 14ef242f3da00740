import type { documentCreatedAnswer } from '@wellbe/shared/schemas/documents';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { apiUpload } from '../../../lib/api.ts';

/** SPEC §7 POST /api/document action create: multipart, one file per request. */
export function uploadDocument(input: { user: { id: string; idOrganization: string | null }; idConsultation: string; idPatient: string; file: File }): Promise<Answer<typeof documentCreatedAnswer>> {
  return apiUpload(
    '/document',
    {
      action: 'create',
      Iduser: input.user.id,
      idConsultation: input.idConsultation,
      idPatient: input.idPatient,
      ...(input.user.idOrganization ? { idOrganization: input.user.idOrganization } : {}),
      document: input.file,
    },
    { on401: 'throw' },
  );
}
