import { and, asc, eq, sql } from 'drizzle-orm';
import { patientFilter } from '../../access/filters.ts';
import type { PatientScope } from '../../access/patients.ts';
import { patients } from '../../access/views.ts';
import type { Database } from '../../db/client.ts';
import { appointments, appointmentTypes } from '../../db/schema/agenda.ts';
import { exportAfter, type ExportCursor } from '../../lib/keyset.ts';

// The appointments of one patient for the records export (the patient's rights), apart from the
// agenda's own queries: read only, in keyset pages, inside the caller's patient scope.

/**
 * A page of the patient's appointments, oldest first, after (start, id). A 15-minute hold
 * ('provisoire') is a slot being booked, not yet an appointment: it is left out.
 */
export async function appointmentExportRows(db: Database, scope: PatientScope, patientId: string, after: ExportCursor, limit: number) {
  return db
    .select({
      id: appointments.id,
      cursorAt: sql<string>`${appointments.startsAt}::text`,
      practitionerId: appointments.practitionerId,
      type: appointmentTypes.label,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      status: appointments.status,
      location: appointments.location,
      teleconsultation: appointments.teleconsultation,
      cancelReason: appointments.cancelReason,
      createdAt: appointments.createdAt,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
    .where(
      and(
        eq(appointments.patientId, patientId),
        patientFilter(scope),
        sql`${appointments.status} <> 'provisoire'`,
        exportAfter(appointments.startsAt, appointments.id, after),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .limit(limit);
}
