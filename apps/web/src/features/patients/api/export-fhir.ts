import { downloadFile } from '../../../lib/download.ts';

/** GET /api/patients/:id/export/fhir: the whole file as a FHIR R4 Bundle (journalled as an export). */
export function exportFhir(idPatient: string): Promise<void> {
  return downloadFile(`/patients/${encodeURIComponent(idPatient)}/export/fhir`, 'dossier.fhir.json');
}
