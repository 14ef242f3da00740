import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { patientFilter } from '../../access/filters.ts';
import type { PatientScope } from '../../access/patients.ts';
import type { OneOrgScope } from '../../access/scope.ts';
import { organisations, patients, users } from '../../access/views.ts';
import { consultationAddenda, consultations } from '../../db/schema/consultations.ts';

// Issue 32: signing, locking and addenda of consultations. Each write checks its condition in its
// own statement (signed_at / locked_at is null), so two requests or two servers cannot both do it.

const inPatientScope = (db: Database, scope: PatientScope) => inArray(consultations.patientId, db.select({ id: patients.id }).from(patients).where(patientFilter(scope)));

/** Signs and locks the author's own unsigned consultation; false when it is not theirs or already signed. */
export async function signRow(db: Database, scope: PatientScope, id: string, authorId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(consultations)
    .set({ signedAt: at, signedBy: authorId, lockedAt: sql`coalesce(${consultations.lockedAt}, ${at.toISOString()}::timestamptz)`, updatedAt: at })
    .where(and(eq(consultations.id, id), eq(consultations.userId, authorId), isNull(consultations.signedAt), isNull(consultations.archivedAt), inPatientScope(db, scope)))
    .returning({ id: consultations.id });
  return rows.length === 1;
}

/**
 * Holds a live, unlocked consultation of the scope until the caller's transaction ends (FOR SHARE:
 * signing and the lock job's UPDATE wait for it). False when it is signed, locked or archived by
 * now: a sign or lock that committed first, or that this statement waited for, is seen.
 */
export async function holdOpenRow(db: Database, scope: PatientScope, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: consultations.id })
    .from(consultations)
    .where(and(eq(consultations.id, id), isNull(consultations.lockedAt), isNull(consultations.archivedAt), inPatientScope(db, scope)))
    .for('share');
  return rows.length === 1;
}

/**
 * The automatic lock (a job, every practice on purpose: "…Everywhere"): every live unsigned
 * consultation older than its organisation's delay (`consultationLockHours`, default 24 h) is
 * locked in this one statement, which answers each one it locked. With several servers, a row
 * another server's statement locked first no longer matches `locked_at is null` and is skipped.
 */
export async function lockDueEverywhere(db: Database, now: Date, defaultHours: number) {
  const hours = sql`coalesce((select (${organisations.settings}->>'consultationLockHours')::int from ${organisations} where ${organisations.id} = ${consultations.organizationId}), ${defaultHours})`;
  return db
    .update(consultations)
    .set({ lockedAt: now })
    .where(and(isNull(consultations.lockedAt), isNull(consultations.archivedAt), sql`${consultations.createdAt} + make_interval(hours => ${hours}) <= ${now.toISOString()}::timestamptz`))
    .returning({ id: consultations.id, organizationId: consultations.organizationId });
}

export async function insertAddendum(db: Database, scope: OneOrgScope, values: { consultationId: string; authorId: string; text: string; createdAt: Date }): Promise<string> {
  const [row] = await db
    .insert(consultationAddenda)
    .values({ ...values, organizationId: scope.organizationId })
    .returning({ id: consultationAddenda.id });
  return row.id;
}

/** The addenda of consultations of the scope's patients, oldest first, with their authors' names. */
export async function addendaRows(db: Database, scope: PatientScope, consultationIds: string[]) {
  if (consultationIds.length === 0) return [];
  return db
    .select({ id: consultationAddenda.id, consultationId: consultationAddenda.consultationId, text: consultationAddenda.text, at: consultationAddenda.createdAt, authorId: consultationAddenda.authorId, authorName: users.displayName })
    .from(consultationAddenda)
    .innerJoin(consultations, eq(consultations.id, consultationAddenda.consultationId))
    .innerJoin(patients, eq(patients.id, consultations.patientId))
    .innerJoin(users, eq(users.id, consultationAddenda.authorId))
    .where(and(inArray(consultationAddenda.consultationId, consultationIds), eq(consultationAddenda.organizationId, consultations.organizationId), patientFilter(scope)))
    .orderBy(asc(consultationAddenda.createdAt), asc(consultationAddenda.id));
}
