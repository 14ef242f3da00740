import { and, asc, avg, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { exportAfter, type ExportCursor } from '../../lib/keyset.ts';
import { patientFilter } from '../../access/filters.ts';
import type { PatientScope } from '../../access/patients.ts';
import { orgFilter, type OrgScope, type OneOrgScope } from '../../access/scope.ts';
import { patients } from '../../access/views.ts';
import { notices } from '../../db/schema/notices.ts';

// SQL of the SPEC §3 notices; every query applies the caller's scope (patient or organisation).

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
  patientId: string;
  consultationId: string;
  userId: string;
  star: number;
  patientOpinion: string;
  recommend: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Inserts a notice in the organisation the call acts for; null when the consultation already has
 * one (unique index, once per consultation).
 */
export async function insertNotice(db: Database, scope: OneOrgScope, values: NewNotice) {
  const rows = await db
    .insert(notices)
    .values({ ...values, organizationId: scope.organizationId })
    .onConflictDoNothing({ target: notices.consultationId })
    .returning(noticeColumns);
  return rows[0] ?? null;
}

/** Updates a notice on a patient inside the caller's scope. */
export async function updateNotice(db: Database, scope: PatientScope, id: string, values: { star: number; patientOpinion: string; recommend: boolean; updatedAt: Date }) {
  const [row] = await db
    .update(notices)
    .set(values)
    .where(and(eq(notices.id, id), inArray(notices.patientId, db.select({ id: patients.id }).from(patients).where(patientFilter(scope)))))
    .returning(noticeColumns);
  return row ?? null;
}

/** Average star, count and share of recommendations of an organisation (index on organisation). */
export async function noticeSummary(db: Database, scope: OrgScope) {
  const [row] = await db
    .select({ average: avg(notices.star), count: count(), recommended: sql<number>`count(*) filter (where ${notices.recommend})`.mapWith(Number) })
    .from(notices)
    .where(orgFilter(scope, notices.organizationId));
  return row;
}

/** A notice as the timeline carries it (JSON: dates as text). */
export interface NoticeJson {
  id: string;
  star: number;
  patientOpinion: string;
  recommend: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The notice of the consultation named by `consultationId`, or null (a timeline column, one statement). */
export function consultationNotice(consultationId: PgColumn): SQL<NoticeJson | null> {
  return sql<NoticeJson | null>`(select json_build_object('id', ${notices.id}, 'star', ${notices.star}, 'patientOpinion', ${notices.patientOpinion}, 'recommend', ${notices.recommend}, 'createdAt', ${notices.createdAt}, 'updatedAt', ${notices.updatedAt}) from ${notices} where ${notices.consultationId} = ${consultationId})`;
}

/** A page of the patient's notices (on live consultations: `live`) inside the scope, oldest first. */
export async function exportPage(db: Database, scope: PatientScope, patientId: string, live: (consultationId: PgColumn) => SQL, after: ExportCursor, limit: number) {
  return db
    .select({
      id: notices.id,
      cursorAt: sql<string>`${notices.createdAt}::text`,
      consultationId: notices.consultationId,
      star: notices.star,
      patientOpinion: notices.patientOpinion,
      recommend: notices.recommend,
      createdAt: notices.createdAt,
    })
    .from(notices)
    .innerJoin(patients, eq(patients.id, notices.patientId))
    .where(
      and(
        eq(notices.patientId, patientId),
        patientFilter(scope),
        live(notices.consultationId),
        exportAfter(notices.createdAt, notices.id, after),
      ),
    )
    .orderBy(asc(notices.createdAt), asc(notices.id))
    .limit(limit);
}
