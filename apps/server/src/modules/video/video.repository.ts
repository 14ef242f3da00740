import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { orgFilter, type OneOrgScope, type OrgScope } from '../../access/scope.ts';
import { users } from '../../access/views.ts';
import type { Database } from '../../db/client.ts';
import { videoCalls, videoConsents, videoJoins, videoSignals } from '../../db/schema/video.ts';

// The téléconsultation's rows, always read and written inside the caller's organisation.

export type CallRow = typeof videoCalls.$inferSelect;
export type JoinRow = typeof videoJoins.$inferSelect;
export type SignalRow = typeof videoSignals.$inferSelect;

export async function callOfAppointment(db: Database, scope: OrgScope, appointmentId: string): Promise<CallRow | null> {
  const [row] = await db
    .select()
    .from(videoCalls)
    .where(and(eq(videoCalls.appointmentId, appointmentId), orgFilter(scope, videoCalls.organizationId)));
  return row ?? null;
}

export async function findCall(db: Database, scope: OrgScope, callId: string): Promise<CallRow | null> {
  const [row] = await db
    .select()
    .from(videoCalls)
    .where(and(eq(videoCalls.id, callId), orgFilter(scope, videoCalls.organizationId)));
  return row ?? null;
}

/** The appointment's call, created by whoever joins first (two first joins at once make one call). */
export async function ensureCall(db: Database, scope: OneOrgScope, appointmentId: string): Promise<CallRow> {
  await db.insert(videoCalls).values({ organizationId: scope.organizationId, appointmentId }).onConflictDoNothing();
  return (await callOfAppointment(db, scope, appointmentId))!;
}

/** Spends a call token: false when its id was already spent (a replay). */
export async function insertJoin(db: Database, scope: OneOrgScope, values: { callId: string; userId: string; tokenId: string; at: Date }): Promise<JoinRow | null> {
  const [row] = await db
    .insert(videoJoins)
    .values({ organizationId: scope.organizationId, callId: values.callId, userId: values.userId, tokenId: values.tokenId, joinedAt: values.at, seenAt: values.at })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Each user's newest join of the call (the live one: the newest tab wins). */
export function latestJoins(db: Database, scope: OrgScope, callId: string): Promise<JoinRow[]> {
  return db
    .selectDistinctOn([videoJoins.userId])
    .from(videoJoins)
    .where(and(eq(videoJoins.callId, callId), orgFilter(scope, videoJoins.organizationId)))
    .orderBy(videoJoins.userId, desc(videoJoins.seq));
}

export async function findJoin(db: Database, scope: OrgScope, joinId: string): Promise<JoinRow | null> {
  const [row] = await db
    .select()
    .from(videoJoins)
    .where(and(eq(videoJoins.id, joinId), orgFilter(scope, videoJoins.organizationId)));
  return row ?? null;
}

export async function touchJoin(db: Database, scope: OrgScope, joinId: string, userId: string, values: { seenAt?: Date; leftAt?: Date }): Promise<boolean> {
  const rows = await db
    .update(videoJoins)
    .set(values)
    .where(and(eq(videoJoins.id, joinId), eq(videoJoins.userId, userId), isNull(videoJoins.leftAt), orgFilter(scope, videoJoins.organizationId)))
    .returning({ id: videoJoins.id });
  return rows.length > 0;
}

export async function updateCall(db: Database, scope: OrgScope, callId: string, values: Partial<Pick<CallRow, 'admittedAt' | 'invitedUserId' | 'endedAt' | 'durationSeconds'>>): Promise<void> {
  await db
    .update(videoCalls)
    .set(values)
    .where(and(eq(videoCalls.id, callId), orgFilter(scope, videoCalls.organizationId)));
}

/** The first colleague invited wins (two invitations at once: one is refused). */
export async function inviteColleague(db: Database, scope: OrgScope, callId: string, userId: string): Promise<boolean> {
  const rows = await db
    .update(videoCalls)
    .set({ invitedUserId: userId })
    .where(and(eq(videoCalls.id, callId), isNull(videoCalls.invitedUserId), orgFilter(scope, videoCalls.organizationId)))
    .returning({ id: videoCalls.id });
  return rows.length > 0;
}

export async function insertSignal(db: Database, scope: OneOrgScope, values: Omit<typeof videoSignals.$inferInsert, 'organizationId' | 'id'>): Promise<string> {
  const [row] = await db
    .insert(videoSignals)
    .values({ ...values, organizationId: scope.organizationId })
    .returning({ id: videoSignals.id });
  return row.id;
}

export async function findSignal(db: Database, scope: OrgScope, id: string): Promise<SignalRow | null> {
  const [row] = await db
    .select()
    .from(videoSignals)
    .where(and(eq(videoSignals.id, id), orgFilter(scope, videoSignals.organizationId)));
  return row ?? null;
}

/** How many signalling messages the user sent in the call since `since` (the rate limit). */
export async function signalsSince(db: Database, scope: OrgScope, callId: string, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(videoSignals)
    .where(and(eq(videoSignals.callId, callId), eq(videoSignals.fromUserId, userId), gte(videoSignals.createdAt, since), orgFilter(scope, videoSignals.organizationId)));
  return row?.n ?? 0;
}

/** Signals are pushed within the second: older ones are of no use to anybody. */
export async function purgeSignals(db: Database, scope: OrgScope, callId: string, before: Date): Promise<void> {
  await db.delete(videoSignals).where(and(eq(videoSignals.callId, callId), lt(videoSignals.createdAt, before), orgFilter(scope, videoSignals.organizationId)));
}

export async function consentOf(db: Database, scope: OrgScope, patientId: string): Promise<boolean> {
  const [row] = await db
    .select({ at: videoConsents.acceptedAt })
    .from(videoConsents)
    .where(and(eq(videoConsents.patientId, patientId), orgFilter(scope, videoConsents.organizationId)));
  return !!row;
}

export async function insertConsent(db: Database, scope: OneOrgScope, values: { patientId: string; userId: string; text: string; at: Date }): Promise<boolean> {
  const rows = await db
    .insert(videoConsents)
    .values({ organizationId: scope.organizationId, patientId: values.patientId, userId: values.userId, text: values.text, acceptedAt: values.at })
    .onConflictDoNothing()
    .returning({ id: videoConsents.patientId });
  return rows.length > 0;
}

/** Active staff of the organisation by id (the invited colleague), with their names. */
export function usersIn(db: Database, scope: OrgScope, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: users.id, role: users.role, active: users.active, displayName: users.displayName, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(inArray(users.id, ids), orgFilter(scope, users.organizationId)));
}
