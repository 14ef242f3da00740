import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { consultations, exercises, patients, users, sportPrograms, sportSessionExercises, sportSessionLogs, sportSessions } from '../../db/tables.ts';

// The only code of the sport programs that touches Drizzle. Programs are read inside the caller's
// organisation; a patient's programs and logs through a patient the service found in scope.

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

export async function listTemplates(db: Database, organizationId: string): Promise<ProgramRow[]> {
  return db
    .select()
    .from(sportPrograms)
    .where(and(eq(sportPrograms.organizationId, organizationId), isNull(sportPrograms.patientId), isNull(sportPrograms.archivedAt)))
    .orderBy(asc(sportPrograms.name));
}

export async function listForPatient(db: Database, patientId: string): Promise<ProgramRow[]> {
  return db
    .select()
    .from(sportPrograms)
    .where(and(eq(sportPrograms.patientId, patientId), isNull(sportPrograms.archivedAt)))
    .orderBy(desc(sportPrograms.startDate), desc(sportPrograms.createdAt));
}

export async function findProgram(db: Database, organizationId: string, id: string): Promise<ProgramRow | undefined> {
  const [row] = await db
    .select()
    .from(sportPrograms)
    .where(and(eq(sportPrograms.id, id), eq(sportPrograms.organizationId, organizationId), isNull(sportPrograms.archivedAt)))
    .limit(1);
  return row;
}

/** The patient's program running on a day (the latest started), if any. */
export async function currentForPatient(db: Database, patientId: string, day: string): Promise<ProgramRow | undefined> {
  const [row] = await db
    .select()
    .from(sportPrograms)
    .where(and(eq(sportPrograms.patientId, patientId), isNull(sportPrograms.archivedAt), lte(sportPrograms.startDate, day), gte(sportPrograms.endDate, day)))
    .orderBy(desc(sportPrograms.startDate), desc(sportPrograms.createdAt))
    .limit(1);
  return row;
}

export async function sessionsOf(db: Database, programIds: string[]) {
  if (!programIds.length) return { sessions: [] as SessionRow[], lines: [] as (SessionExerciseRow & { exercise: typeof exercises.$inferSelect })[] };
  const sessions = await db
    .select()
    .from(sportSessions)
    .where(and(inArray(sportSessions.programId, programIds), isNull(sportSessions.archivedAt)))
    .orderBy(asc(sportSessions.position));
  const ids = sessions.map((s) => s.id);
  const lines = ids.length
    ? await db
        .select({ line: sportSessionExercises, exercise: exercises })
        .from(sportSessionExercises)
        .innerJoin(exercises, eq(exercises.id, sportSessionExercises.exerciseId))
        .where(inArray(sportSessionExercises.sessionId, ids))
        .orderBy(asc(sportSessionExercises.position))
    : [];
  return { sessions, lines: lines.map((l) => ({ ...l.line, exercise: l.exercise })) };
}

/** Writes a program with its sessions in one transaction; sessions keep their ids (logs point at them). */
export async function saveProgram(db: Database, id: string | null, values: ProgramValues, sessions: SessionValues[]): Promise<string> {
  return db.transaction(async (tx) => {
    let programId = id;
    if (programId) {
      await tx
        .update(sportPrograms)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(sportPrograms.id, programId));
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

export async function archiveProgram(db: Database, id: string, userId: string, at: Date): Promise<void> {
  await db.update(sportPrograms).set({ archivedAt: at, archivedBy: userId }).where(eq(sportPrograms.id, id));
}

/** A session of a live program of the patient, or undefined. */
export async function sessionOfPatient(db: Database, patientId: string, sessionId: string) {
  const [row] = await db
    .select({ session: sportSessions, program: sportPrograms })
    .from(sportSessions)
    .innerJoin(sportPrograms, eq(sportPrograms.id, sportSessions.programId))
    .where(and(eq(sportSessions.id, sessionId), eq(sportPrograms.patientId, patientId), isNull(sportPrograms.archivedAt), isNull(sportSessions.archivedAt)))
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

export async function logsOf(db: Database, programIds: string[]) {
  if (!programIds.length) return [];
  return db
    .select({ log: sportSessionLogs, sessionName: sportSessions.name })
    .from(sportSessionLogs)
    .innerJoin(sportSessions, eq(sportSessions.id, sportSessionLogs.sessionId))
    .where(inArray(sportSessionLogs.programId, programIds))
    .orderBy(desc(sportSessionLogs.day), desc(sportSessionLogs.createdAt));
}

export async function consultationPain(db: Database, patientId: string, from: string, to: string) {
  return db
    .select({ at: consultations.consultationDate, intensity: consultations.dolorIntensity })
    .from(consultations)
    .where(
      and(
        eq(consultations.patientId, patientId),
        isNull(consultations.archivedAt),
        isNotNull(consultations.dolorIntensity),
        gte(consultations.consultationDate, new Date(`${from}T00:00:00Z`)),
        lte(consultations.consultationDate, new Date(`${to}T23:59:59Z`)),
      ),
    )
    .orderBy(asc(consultations.consultationDate));
}

/** Running programs of the organisation whose patient logged nothing since `since` (and started before it). */
export async function inactive(db: Database, organizationId: string, today: string, since: string) {
  const last = sql<string | null>`(select max(${sportSessionLogs.day})::text from ${sportSessionLogs} where ${sportSessionLogs.programId} = ${sportPrograms.id})`;
  return db
    .select({ program: sportPrograms, fullName: patients.fullName, lastLogDay: last })
    .from(sportPrograms)
    .innerJoin(patients, eq(patients.id, sportPrograms.patientId))
    .where(
      and(
        eq(sportPrograms.organizationId, organizationId),
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
export async function patientAccounts(db: Database, patientId: string): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.patientId, patientId));
  return rows.map((r) => r.id);
}
