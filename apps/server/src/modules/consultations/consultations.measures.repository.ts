import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { patientFilter } from '../../access/filters.ts';
import type { PatientScope } from '../../access/patients.ts';
import { jobSpecialists, patients } from '../../access/views.ts';
import type { Database } from '../../db/client.ts';
import { consultations } from '../../db/schema/consultations.ts';

// What other areas read of a patient's consultations (dietetics: measures, weights and the dietetic
// fields; sport: the pain recorded), each query inside the caller's patient scope. Kept beside
// consultations.repository.ts, which holds the consultation file's own queries.

/** A live consultation of the patient, inside the scope (the join applies `patientFilter`). */
function ofPatient(scope: PatientScope, patientId: string, ...conditions: SQL[]): SQL {
  return and(eq(consultations.patientId, patientId), isNull(consultations.archivedAt), patientFilter(scope), ...conditions)!;
}

export async function latestMeasures(db: Database, scope: PatientScope, patientId: string) {
  const [weight] = await db
    .select({ weight: consultations.weight, date: consultations.consultationDate })
    .from(consultations)
    .innerJoin(patients, eq(patients.id, consultations.patientId))
    .where(ofPatient(scope, patientId, isNotNull(consultations.weight)))
    .orderBy(desc(consultations.consultationDate))
    .limit(1);
  const [size] = await db
    .select({ size: consultations.size })
    .from(consultations)
    .innerJoin(patients, eq(patients.id, consultations.patientId))
    .where(ofPatient(scope, patientId, isNotNull(consultations.size)))
    .orderBy(desc(consultations.consultationDate))
    .limit(1);
  return { weight: weight?.weight ?? null, size: size?.size ?? null };
}

export async function weightHistory(db: Database, scope: PatientScope, patientId: string) {
  return db
    .select({ date: consultations.consultationDate, weight: consultations.weight })
    .from(consultations)
    .innerJoin(patients, eq(patients.id, consultations.patientId))
    .where(ofPatient(scope, patientId, isNotNull(consultations.weight)))
    .orderBy(asc(consultations.consultationDate));
}

/** The latest consultation of a dietetic speciality (SPEC §3 dietetic fields), or null. */
export async function latestDieteticConsultation(db: Database, scope: PatientScope, patientId: string) {
  const [row] = await db
    .select({
      id: consultations.id,
      consultationDate: consultations.consultationDate,
      version: consultations.version,
      pattern: consultations.pattern,
      physicalCapacity: consultations.physicalCapacity,
      riskyFoodsFrequency: consultations.riskyFoodsFrequency,
      breakfast: consultations.breakfast,
      lunch: consultations.lunch,
      dinner: consultations.dinner,
      snack: consultations.snack,
      dislikes: consultations.dislikes,
    })
    .from(consultations)
    .innerJoin(patients, eq(patients.id, consultations.patientId))
    .innerJoin(jobSpecialists, eq(jobSpecialists.id, consultations.jobSpecialistId))
    .where(ofPatient(scope, patientId, eq(jobSpecialists.dietetic, true)))
    .orderBy(desc(consultations.consultationDate))
    .limit(1);
  return row ?? null;
}

/** Sets dietetic fields of a consultation of the patient (the dietetic profile screen), inside the scope. */
export async function updateDieteticFields(db: Database, scope: PatientScope, patientId: string, id: string, values: Record<string, string | null>) {
  await db
    .update(consultations)
    .set({ ...values, version: sql`${consultations.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(consultations.id, id), inArray(consultations.patientId, db.select({ id: patients.id }).from(patients).where(and(eq(patients.id, patientId), patientFilter(scope))))));
}

/** The pain intensities recorded between two days (sport adherence chart). */
export async function painBetween(db: Database, scope: PatientScope, patientId: string, from: string, to: string) {
  return db
    .select({ at: consultations.consultationDate, intensity: consultations.dolorIntensity })
    .from(consultations)
    .innerJoin(patients, eq(patients.id, consultations.patientId))
    .where(
      ofPatient(
        scope,
        patientId,
        isNotNull(consultations.dolorIntensity),
        gte(consultations.consultationDate, new Date(`${from}T00:00:00Z`)),
        lte(consultations.consultationDate, new Date(`${to}T23:59:59Z`)),
      ),
    )
    .orderBy(asc(consultations.consultationDate));
}
