import { and, avg, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { patientFilter } from '../../access/filters.ts';
import type { PatientScope } from '../../access/patients.ts';
import { consultations, notices, patients } from '../../db/tables.ts';

// SQL of the SPEC §3 notices; reads take the caller's patient scope.

const noticeColumns = {
  id: notices.id,
  organizationId: notices.organizationId,
  patientId: notices.patientId,
  consultationId: notices.consultationId,
  userId: notices.userId,
  star: notices.star,
  patientOpinion: notices.patientOpinion,
  recommend: notices.recommend,
  createdAt: notices.createdAt,
  updatedAt: notices.updatedAt,
};

/** A live consultation of a patient inside the caller's scope, with whose it is. */
export async function findConsultationOwner(db: Database, scope: PatientScope, consultationId: string) {
  const [row] = await db
    .select({ id: consultations.id, organizationId: consultations.organizationId, patientId: consultations.patientId })
    .from(consultations)
    .innerJoin(patients, eq(patients.id, consultations.patientId))
    .where(and(eq(consultations.id, consultationId), isNull(consultations.archivedAt), patientFilter(scope)))
    .limit(1);
  return row ?? null;
}

/** A notice on a patient inside the caller's scope. */
export async function findNotice(db: Database, scope: PatientScope, id: string) {
  const [row] = await db
    .select(noticeColumns)
    .from(notices)
    .innerJoin(patients, eq(patients.id, notices.patientId))
    .where(and(eq(notices.id, id), patientFilter(scope)))
    .limit(1);
  return row ?? null;
}

export interface NewNotice {
  organizationId: string;
  patientId: string;
  consultationId: string;
  userId: string;
  star: number;
  patientOpinion: string;
  recommend: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** Inserts a notice; null when the consultation already has one (unique index, once per consultation). */
export async function insertNotice(db: Database, values: NewNotice) {
  const rows = await db.insert(notices).values(values).onConflictDoNothing({ target: notices.consultationId }).returning(noticeColumns);
  return rows[0] ?? null;
}

export async function updateNotice(db: Database, id: string, values: { star: number; patientOpinion: string; recommend: boolean; updatedAt: Date }) {
  const [row] = await db.update(notices).set(values).where(eq(notices.id, id)).returning(noticeColumns);
  return row ?? null;
}

/** Average star, count and share of recommendations of an organisation (index on organisation). */
export async function noticeSummary(db: Database, organizationId: string) {
  const [row] = await db
    .select({ average: avg(notices.star), count: count(), recommended: sql<number>`count(*) filter (where ${notices.recommend})`.mapWith(Number) })
    .from(notices)
    .where(eq(notices.organizationId, organizationId));
  return row;
}
