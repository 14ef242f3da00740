import { patientScope, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { ExportCursor } from '../../lib/keyset.ts';
import { appointmentExportRows } from './agenda.export.repository.ts';

// What the agenda gives the records export (FHIR section of appointments): the patient's
// appointments in the caller's read scope; the records service journals the export.

/** A page of a patient's appointments for the export, oldest first. */
export async function appointmentExportPage(ctx: AppContext, caller: Caller, patientId: string, after: ExportCursor, limit: number) {
  return appointmentExportRows(ctx.db, patientScope(caller, 'read'), patientId, after, limit);
}
