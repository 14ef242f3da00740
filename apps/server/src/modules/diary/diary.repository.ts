import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { patientFilter } from '../../access/filters.ts';
import type { PatientScope } from '../../access/patients.ts';
import { orgFilter, type OneOrgScope, type OrgScope } from '../../access/scope.ts';
import { patients, users } from '../../access/views.ts';
import type { Database } from '../../db/client.ts';
import { diaryEntries, diaryFollows, diaryMealItems } from '../../db/schema/diary.ts';

// The diary's SQL: every read joins the patient and applies the caller's patient scope
// (`patientFilter`), every write names the one organisation of the patient found through it.

export type EntryRow = typeof diaryEntries.$inferSelect & { commentAuthor: string | null };
export type EntryValues = Omit<typeof diaryEntries.$inferInsert, 'organizationId' | 'patientId' | 'createdBy'>;
export type ItemValues = Omit<typeof diaryMealItems.$inferInsert, 'entryId' | 'id'>;

const commenter = alias(users, 'diary_commenter');
const commentAuthor = sql<string | null>`nullif(trim(${commenter.firstName} || ' ' || ${commenter.lastName}), '')`;

function ofPatient(scope: PatientScope, patientId: string, ...conditions: (SQL | undefined)[]): SQL {
  return and(eq(diaryEntries.patientId, patientId), isNull(diaryEntries.archivedAt), patientFilter(scope), ...conditions)!;
}

/**
 * One entry and its foods, in one transaction. The id may come from the client (a retry after a
 * lost answer): a second insert of the same id writes nothing and answers false.
 */
export async function insertEntry(db: Database, scope: OneOrgScope, who: { patientId: string; userId: string }, values: EntryValues, items: ItemValues[]): Promise<{ id: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(diaryEntries)
      .values({ ...values, organizationId: scope.organizationId, patientId: who.patientId, createdBy: who.userId })
      .onConflictDoNothing({ target: diaryEntries.id })
      .returning({ id: diaryEntries.id });
    if (!row) return { id: values.id!, created: false };
    if (items.length) await tx.insert(diaryMealItems).values(items.map((item, position) => ({ ...item, position, entryId: row.id })));
    return { id: row.id, created: true };
  });
}

function entrySelect(db: Database) {
  return db
    .select({ entry: diaryEntries, commentAuthor })
    .from(diaryEntries)
    .innerJoin(patients, eq(patients.id, diaryEntries.patientId))
    .leftJoin(commenter, eq(commenter.id, diaryEntries.commentBy));
}

export async function findEntry(db: Database, scope: PatientScope, id: string): Promise<EntryRow | null> {
  const [row] = await entrySelect(db)
    .where(and(eq(diaryEntries.id, id), isNull(diaryEntries.archivedAt), patientFilter(scope)))
    .limit(1);
  return row ? { ...row.entry, commentAuthor: row.commentAuthor } : null;
}

/** A patient's entries between two instants (either open), newest first, at most `limit`. */
export async function listEntries(db: Database, scope: PatientScope, patientId: string, filter: { kind?: string; from?: Date; to?: Date }, limit: number): Promise<EntryRow[]> {
  const rows = await entrySelect(db)
    .where(
      ofPatient(
        scope,
        patientId,
        filter.kind ? eq(diaryEntries.kind, filter.kind) : undefined,
        filter.from ? gte(diaryEntries.at, filter.from) : undefined,
        filter.to ? lte(diaryEntries.at, filter.to) : undefined,
      ),
    )
    .orderBy(desc(diaryEntries.at), desc(diaryEntries.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.entry, commentAuthor: r.commentAuthor }));
}

/** The foods of the given entries (already read through the scope), in their order. */
export async function itemsOf(db: Database, entryIds: string[]) {
  if (!entryIds.length) return [];
  return db.select().from(diaryMealItems).where(inArray(diaryMealItems.entryId, entryIds)).orderBy(asc(diaryMealItems.entryId), asc(diaryMealItems.position));
}

/** The self-reported weights of a patient, oldest first (the file's weight curve). */
export function weights(db: Database, scope: PatientScope, patientId: string) {
  return db
    .select({ id: diaryEntries.id, at: diaryEntries.at, weightKg: diaryEntries.weightKg })
    .from(diaryEntries)
    .innerJoin(patients, eq(patients.id, diaryEntries.patientId))
    .where(ofPatient(scope, patientId, eq(diaryEntries.kind, 'weight')))
    .orderBy(asc(diaryEntries.at), asc(diaryEntries.id));
}

export type Granularity = 'day' | 'week' | 'month';

/**
 * The chart's points, aggregated in PostgreSQL (5 years of daily entries are a few hundred rows
 * here, never thousands sent to Node): per day, week (from Monday) or month of the entries' day.
 */
export async function buckets(db: Database, scope: PatientScope, patientId: string, from: string, to: string, granularity: Granularity) {
  const start = sql<string>`to_char(date_trunc(${granularity}, ${diaryEntries.day}::timestamp), 'YYYY-MM-DD')`;
  const of = (kind: string) => sql.raw(`kind = '${kind}'`);
  return db
    .select({
      start,
      weightKg: sql<string | null>`round(avg(${diaryEntries.weightKg}) filter (where ${of('weight')}), 2)`,
      pain: sql<string | null>`round(avg(${diaryEntries.intensity}) filter (where ${of('pain')}), 1)`,
      painMax: sql<number | null>`max(${diaryEntries.intensity}) filter (where ${of('pain')})`,
      energyKcal: sql<string | null>`round(sum(${diaryEntries.energyKcal}) filter (where ${of('meal')}) / nullif(count(distinct ${diaryEntries.day}) filter (where ${of('meal')}), 0))`,
      activityMin: sql<string>`coalesce(sum(${diaryEntries.durationMin}) filter (where ${of('activity')}), 0)`,
      daysWithEntries: sql<number>`count(distinct ${diaryEntries.day})::int`,
    })
    .from(diaryEntries)
    .innerJoin(patients, eq(patients.id, diaryEntries.patientId))
    .where(ofPatient(scope, patientId, gte(diaryEntries.day, from), lte(diaryEntries.day, to)))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

/** A day's meal totals (the patient's screen: the day against the target). */
export async function dayTotals(db: Database, scope: PatientScope, patientId: string, day: string) {
  const [row] = await db
    .select({
      energyKcal: sql<string>`coalesce(sum(${diaryEntries.energyKcal}), 0)`,
      proteinsG: sql<string>`coalesce(sum(${diaryEntries.proteinsG}), 0)`,
      carbohydratesG: sql<string>`coalesce(sum(${diaryEntries.carbohydratesG}), 0)`,
      fatG: sql<string>`coalesce(sum(${diaryEntries.fatG}), 0)`,
    })
    .from(diaryEntries)
    .innerJoin(patients, eq(patients.id, diaryEntries.patientId))
    .where(ofPatient(scope, patientId, eq(diaryEntries.kind, 'meal'), eq(diaryEntries.day, day)));
  return row;
}

/** Writes the practitioner's comment on an entry of a patient inside the scope. */
export async function setComment(db: Database, scope: PatientScope, id: string, comment: { text: string; by: string; at: Date }): Promise<boolean> {
  const rows = await db
    .update(diaryEntries)
    .set({ comment: comment.text, commentBy: comment.by, commentAt: comment.at })
    .where(and(eq(diaryEntries.id, id), isNull(diaryEntries.archivedAt), inArray(diaryEntries.patientId, db.select({ id: patients.id }).from(patients).where(patientFilter(scope)))))
    .returning({ id: diaryEntries.id });
  return rows.length > 0;
}

// ---- Following a patient's diary ----

export async function setFollow(db: Database, scope: OneOrgScope, userId: string, patientId: string, follow: boolean, now: Date): Promise<void> {
  if (follow) {
    await db.insert(diaryFollows).values({ organizationId: scope.organizationId, userId, patientId, seenAt: now, digestAt: now }).onConflictDoNothing();
  } else {
    await db.delete(diaryFollows).where(and(eq(diaryFollows.userId, userId), eq(diaryFollows.patientId, patientId), orgFilter(scope, diaryFollows.organizationId)));
  }
}

export async function isFollowing(db: Database, scope: OrgScope, userId: string, patientId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: diaryFollows.userId })
    .from(diaryFollows)
    .where(and(eq(diaryFollows.userId, userId), eq(diaryFollows.patientId, patientId), orgFilter(scope, diaryFollows.organizationId)))
    .limit(1);
  return !!row;
}

/** Per followed patient, the entries written since the follower last looked (or since the last digest). */
export async function newEntries(db: Database, scope: OrgScope, userId: string, since: 'seen' | 'digest') {
  const mark = since === 'seen' ? diaryFollows.seenAt : diaryFollows.digestAt;
  return db
    .select({ patientId: diaryFollows.patientId, fullName: patients.fullName, count: sql<number>`count(${diaryEntries.id})::int` })
    .from(diaryFollows)
    .innerJoin(patients, and(eq(patients.id, diaryFollows.patientId), isNull(patients.archivedAt), eq(patients.organizationId, diaryFollows.organizationId)))
    .innerJoin(diaryEntries, and(eq(diaryEntries.patientId, diaryFollows.patientId), eq(diaryEntries.organizationId, diaryFollows.organizationId), isNull(diaryEntries.archivedAt), gt(diaryEntries.createdAt, mark)))
    .where(and(eq(diaryFollows.userId, userId), orgFilter(scope, diaryFollows.organizationId)))
    .groupBy(diaryFollows.patientId, patients.fullName)
    .orderBy(asc(patients.fullName));
}

/** The follower has looked: every followed patient's entries, or only `patientId`'s (their diary opened). */
export async function markSeen(db: Database, scope: OrgScope, userId: string, now: Date, patientId?: string): Promise<void> {
  await db
    .update(diaryFollows)
    .set({ seenAt: now })
    .where(and(eq(diaryFollows.userId, userId), orgFilter(scope, diaryFollows.organizationId), patientId ? eq(diaryFollows.patientId, patientId) : undefined));
}

/** The followers with something new since their last digest, every organisation (the daily job). */
export async function digestRecipientsEverywhere(db: Database) {
  return db
    .selectDistinct({ userId: diaryFollows.userId, organizationId: diaryFollows.organizationId, email: users.email })
    .from(diaryFollows)
    .innerJoin(users, and(eq(users.id, diaryFollows.userId), eq(users.active, true)))
    .innerJoin(diaryEntries, and(eq(diaryEntries.patientId, diaryFollows.patientId), eq(diaryEntries.organizationId, diaryFollows.organizationId), isNull(diaryEntries.archivedAt), gt(diaryEntries.createdAt, diaryFollows.digestAt)));
}

export async function markDigested(db: Database, scope: OneOrgScope, userId: string, now: Date): Promise<void> {
  await db.update(diaryFollows).set({ digestAt: now }).where(and(eq(diaryFollows.userId, userId), orgFilter(scope, diaryFollows.organizationId)));
}

// ---- A meal's photo ----

/** Sets the photo of a meal of the patient, inside the scope; false when no such meal. */
export async function setPhoto(db: Database, scope: PatientScope, id: string, patientId: string, photo: { hash: string; mime: string }): Promise<boolean> {
  const rows = await db
    .update(diaryEntries)
    .set({ photoHash: photo.hash, photoMime: photo.mime })
    .where(
      and(
        eq(diaryEntries.id, id),
        eq(diaryEntries.kind, 'meal'),
        eq(diaryEntries.patientId, patientId),
        isNull(diaryEntries.archivedAt),
        inArray(diaryEntries.patientId, db.select({ id: patients.id }).from(patients).where(patientFilter(scope))),
      ),
    )
    .returning({ id: diaryEntries.id });
  return rows.length > 0;
}

/** Whether a stored file is a meal's photo (the documents' sweep keeps it). */
export async function photoUsesFile(db: Database, sha256: string): Promise<boolean> {
  const [row] = await db.select({ id: diaryEntries.id }).from(diaryEntries).where(eq(diaryEntries.photoHash, sha256)).limit(1);
  return !!row;
}

/** The (session, day) pairs a patient's diary records for these program sessions (activity entries, not archived). */
export async function sessionDays(db: Database, scope: OrgScope, patientId: string, sessionIds: string[]): Promise<{ sessionId: string; day: string }[]> {
  if (!sessionIds.length) return [];
  const rows = await db
    .selectDistinct({ sessionId: diaryEntries.sessionId, day: diaryEntries.day })
    .from(diaryEntries)
    .where(and(orgFilter(scope, diaryEntries.organizationId), eq(diaryEntries.patientId, patientId), eq(diaryEntries.kind, 'activity'), inArray(diaryEntries.sessionId, sessionIds), isNull(diaryEntries.archivedAt)));
  return rows.map((r) => ({ sessionId: r.sessionId!, day: r.day }));
}
