import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { orgFilter, type OrgScope } from '../../access/scope.ts';
import { patients, users } from '../../access/views.ts';
import type { Database } from '../../db/client.ts';
import { exercises, sportPrograms, sportSessionExercises, sportSessionLogs, sportSessions } from '../../db/schema/sport.ts';

// The only code of the sport programs that touches Drizzle. Every query of programs and logs takes
// an OrgScope (the caller's organisation, or the organisation of a patient the service found in
// the caller's scope) and applies it with orgFilter; sessions and their exercises are read through
// their program, inside the same scope.

export type ProgramRow = typeof sportPrograms.$inferSelect;
export type SessionRow = typeof sportSessions.$inferSelect;
export type SessionExerciseRow = typeof sportSessionExercises.$inferSelect;
export type LogRow = typeof sportSessionLogs.$inferSelect;
export type ProgramValues = Omit<typeof sportPrograms.$inferInsert, 'id'>;
export interface SessionValues {
  id?: string;
  name: string;
  exercises: Omit<typeof sportSessionExercises.$inferInsert, 'id' | 'sessionId' | 'position'>[];
}

export async function listTemplates(db: Database, scope: OrgScope): Promise<ProgramRow[]> {
  return db
    .select()
    .from(sportPrograms)
    .where(and(orgFilter(scope, sportPrograms.organizationId), isNull(sportPrograms.patientId), isNull(sportPrograms.archivedAt)))
    .orderBy(asc(sportPrograms.name));
}

export async function listForPatient(db: Database, scope: OrgScope, patientId: string): Promise<ProgramRow[]> {
  return db
    .select()
    .from(sportPrograms)
    .where(and(orgFilter(scope, sportPrograms.organizationId), eq(sportPrograms.patientId, patientId), isNull(sportPrograms.archivedAt)))
    .orderBy(desc(sportPrograms.startDate), desc(sportPrograms.createdAt));
}

export async function findProgram(db: Database, scope: OrgScope, id: string): Promise<ProgramRow | undefined> {
  const [row] = await db
    .select()
    .from(sportPrograms)
    .where(and(eq(sportPrograms.id, id), orgFilter(scope, sportPrograms.organizationId), isNull(sportPrograms.archivedAt)))
    .limit(1);
  return row;
}

/** The patient's program running on a day (the latest started), if any. */
export async function currentForPatient(db: Database, scope: OrgScope, patientId: string, day: string): Promise<ProgramRow | undefined> {
  const [row] = await db
    .select()
    .from(sportPrograms)
    .where(and(orgFilter(scope, sportPrograms.organizationId), eq(sportPrograms.patientId, patientId), isNull(sportPrograms.archivedAt), lte(sportPrograms.startDate, day), gte(sportPrograms.endDate, day)))
    .orderBy(desc(sportPrograms.startDate), desc(sportPrograms.createdAt))
    .limit(1);
  return row;
}

/** The live sessions of programs inside the scope, with their exercises (read through the program's scope). */
export async function sessionsOf(db: Database, scope: OrgScope, programIds: string[]) {
  if (!programIds.length) return { sessions: [] as SessionRow[], lines: [] as (SessionExerciseRow & { exercise: typeof exercises.$inferSelect })[] };
  const sessions = (
    await db
      .select({ session: sportSessions })
      .from(sportSessions)
      .innerJoin(sportPrograms, eq(sportPrograms.id, sportSessions.programId))
      .where(and(inArray(sportSessions.programId, programIds), orgFilter(scope, sportPrograms.organizationId), isNull(sportSessions.archivedAt)))
      .orderBy(asc(sportSessions.position))
  ).map((r) => r.session);
  const ids = sessions.map((s) => s.id);
  const lines = ids.length
    ? await db
        .select({ line: sportSessionExercises, exercise: exercises })
        .from(sportSessionExercises)
        .innerJoin(exercises, eq(exercises.id, sportSessionExercises.exerciseId))
        .innerJoin(sportSessions, eq(sportSessions.id, sportSessionExercises.sessionId))
        .innerJoin(sportPrograms, eq(sportPrograms.id, sportSessions.programId))
        .where(and(inArray(sportSessionExercises.sessionId, ids), orgFilter(scope, sportPrograms.organizationId)))
        .orderBy(asc(sportSessionExercises.position))
    : [];
  return { sessions, lines: lines.map((l) => ({ ...l.line, exercise: l.exercise })) };
}

/**
 * Writes a program with its sessions in one transaction; sessions keep their ids (logs point at
 * them). An existing program is changed only inside the scope (the service found it there):
 * outside it nothing is written and the answer is null.
 */
export async function saveProgram(db: Database, scope: OrgScope, id: string | null, values: ProgramValues, sessions: SessionValues[]): Promise<string | null> {
  return db.transaction(async (tx) => {
    let programId = id;
    if (programId) {
      const updated = await tx
        .update(sportPrograms)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(sportPrograms.id, programId), orgFilter(scope, sportPrograms.organizationId)))
        .returning({ id: sportPrograms.id });
      if (!updated.length) return null;
    } else {
      const [row] = await tx.insert(sportPrograms).values(values).returning({ id: sportPrograms.id });
      programId = row.id;
    }
    const existing = await tx
      .select({ id: sportSessions.id })
      .from(sportSessions)
      .where(and(eq(sportSessions.programId, programId), isNull(sportSessions.archivedAt)));
    const known = new Set(existing.map((s) => s.id));
    const kept = new Set<string>();
    for (const [position, s] of sessions.entries()) {
      let sessionId: string;
      if (s.id && known.has(s.id)) {
        sessionId = s.id;
        kept.add(sessionId);
        await tx.update(sportSessions).set({ name: s.name, position }).where(eq(sportSessions.id, sessionId));
        await tx.delete(sportSessionExercises).where(eq(sportSessionExercises.sessionId, sessionId));
      } else {
        const [row] = await tx.insert(sportSessions).values({ programId, name: s.name, position }).returning({ id: sportSessions.id });
        sessionId = row.id;
      }
      if (s.exercises.length) await tx.insert(sportSessionExercises).values(s.exercises.map((e, i) => ({ ...e, sessionId, position: i })));
    }
    const removed = [...known].filter((sid) => !kept.has(sid));
    if (removed.length) {
      const logged = new Set(
        (await tx.selectDistinct({ id: sportSessionLogs.sessionId }).from(sportSessionLogs).where(inArray(sportSessionLogs.sessionId, removed))).map((r) => r.id),
      );
      const drop = removed.filter((sid) => !logged.has(sid));
      const archive = removed.filter((sid) => logged.has(sid));
      if (drop.length) {
        await tx.delete(sportSessionExercises).where(inArray(sportSessionExercises.sessionId, drop));
        await tx.delete(sportSessions).where(inArray(sportSessions.id, drop));
      }
      if (archive.length) await tx.update(sportSessions).set({ archivedAt: new Date() }).where(inArray(sportSessions.id, archive));
    }
    return programId;
  });
}

export async function archiveProgram(db: Database, scope: OrgScope, id: string, userId: string, at: Date): Promise<void> {
  await db
    .update(sportPrograms)
    .set({ archivedAt: at, archivedBy: userId })
    .where(and(eq(sportPrograms.id, id), orgFilter(scope, sportPrograms.organizationId)));
}

/** The span of some of a patient's programs, archived ones included (a questionnaire schedule stops with them). */
export async function programSpans(db: Database, scope: OrgScope, patientId: string, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: sportPrograms.id, startDate: sportPrograms.startDate, endDate: sportPrograms.endDate, archivedAt: sportPrograms.archivedAt })
    .from(sportPrograms)
    .where(and(orgFilter(scope, sportPrograms.organizationId), eq(sportPrograms.patientId, patientId), inArray(sportPrograms.id, ids)));
}

/** A session of a live program of the patient, or undefined. */
export async function sessionOfPatient(db: Database, scope: OrgScope, patientId: string, sessionId: string) {
  const [row] = await db
    .select({ session: sportSessions, program: sportPrograms })
    .from(sportSessions)
    .innerJoin(sportPrograms, eq(sportPrograms.id, sportSessions.programId))
    .where(and(eq(sportSessions.id, sessionId), orgFilter(scope, sportPrograms.organizationId), eq(sportPrograms.patientId, patientId), isNull(sportPrograms.archivedAt), isNull(sportSessions.archivedAt)))
    .limit(1);
  return row;
}

export async function upsertLog(db: Database, values: Omit<typeof sportSessionLogs.$inferInsert, 'id'>): Promise<LogRow> {
  const [row] = await db
    .insert(sportSessionLogs)
    .values(values)
    .onConflictDoUpdate({
      target: [sportSessionLogs.sessionId, sportSessionLogs.day],
      set: { status: values.status, rpe: values.rpe, pain: values.pain, comment: values.comment, createdBy: values.createdBy, updatedAt: new Date() },
    })
    .returning();
  return row;
}

export async function logsOf(db: Database, scope: OrgScope, programIds: string[]) {
  if (!programIds.length) return [];
  return db
    .select({ log: sportSessionLogs, sessionName: sportSessions.name })
    .from(sportSessionLogs)
    .innerJoin(sportSessions, eq(sportSessions.id, sportSessionLogs.sessionId))
    .where(and(inArray(sportSessionLogs.programId, programIds), orgFilter(scope, sportSessionLogs.organizationId)))
    .orderBy(desc(sportSessionLogs.day), desc(sportSessionLogs.createdAt));
}

/** Running programs of the organisation whose patient logged nothing since `since` (and started before it). */
export async function inactive(db: Database, scope: OrgScope, today: string, since: string) {
  const last = sql<string | null>`(select max(${sportSessionLogs.day})::text from ${sportSessionLogs} where ${sportSessionLogs.programId} = ${sportPrograms.id})`;
  return db
    .select({ program: sportPrograms, fullName: patients.fullName, lastLogDay: last })
    .from(sportPrograms)
    .innerJoin(patients, eq(patients.id, sportPrograms.patientId))
    .where(
      and(
        orgFilter(scope, sportPrograms.organizationId),
        isNull(sportPrograms.archivedAt),
        isNull(patients.archivedAt),
        lte(sportPrograms.startDate, since),
        gte(sportPrograms.endDate, today),
        sql`coalesce(${last}, '0001-01-01') <= ${since}`,
      ),
    )
    .orderBy(asc(patients.fullName));
}

/** The accounts of a patient (their patient-space sign-in), who see the program live. */
export async function patientAccounts(db: Database, scope: OrgScope, patientId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.patientId, patientId), orgFilter(scope, users.organizationId)));
  return rows.map((r) => r.id);
}
