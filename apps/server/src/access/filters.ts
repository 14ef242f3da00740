import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { patients } from './views.ts';
import type { PatientScope } from './patients.ts';

const sqlTrue = sql`true`;

/** The patient scope as a SQL condition on `patients`, for every repository that reads patients. */
export function patientFilter(scope: PatientScope): SQL {
  return and(
    scope.organizationId ? eq(patients.organizationId, scope.organizationId) : undefined,
    scope.patientId ? eq(patients.id, scope.patientId) : undefined,
    scope.archived ? undefined : isNull(patients.archivedAt),
  ) ?? sqlTrue;
}
