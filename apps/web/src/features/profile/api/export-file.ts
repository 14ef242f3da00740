import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// GET /api/patients/:id/export/fhir and /export/pdf: the file as a FHIR R4 Bundle or a PDF summary,
// saved under the server's file name. An export is journalled, so the access log moves.

export type ExportFormat = 'fhir' | 'pdf';

export function useExportFile(idPatient: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (format: ExportFormat) => downloadFile(`/patients/${idPatient}/export/${format}`, format === 'fhir' ? 'dossier.fhir.json' : 'dossier.pdf'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.records.all }),
  });
}
