import { and, asc, desc, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import { patientFilter } from '../../access/filters.ts';
import type { PatientScope } from '../../access/patients.ts';
import { orgFilter, type OneOrgScope, type OrgScope } from '../../access/scope.ts';
import { patients } from '../../access/views.ts';
import type { Database } from '../../db/client.ts';
import { questionnaireAssignments as qa, questionnaires as q, questionnaireVersions as qv } from '../../db/schema/questionnaires.ts';

// SQL of the questionnaires: every statement binds the caller's organisation (templates,
// versions, assignments) and, for a patient's assignments, the patient scope on the joined row.

export type QuestionnaireRow = typeof q.$inferSelect;
export type VersionRow = typeof qv.$inferSelect;
export type AssignmentRow = typeof qa.$inferSelect;

export interface TemplateValues {
  title: string;
  preVisit: boolean;
  appointmentTypeIds: string[];
}

/** Templates with their current version's definition, by title. */
export async function listQuestionnaires(db: Database, scope: OrgScope, includeInactive: boolean) {
  return db
    .select({ q, definition: qv.definition })
    .from(q)
    .innerJoin(qv, and(eq(qv.questionnaireId, q.id), eq(qv.version, q.version), orgFilter(scope, qv.organizationId)))
    .where(and(orgFilter(scope, q.organizationId), includeInactive ? undefined : eq(q.active, true)))
    .orderBy(asc(q.title), asc(q.id));
}

/** A template and a version of it (the current one unless `version` is named). */
export async function findQuestionnaire(db: Database, scope: OrgScope, id: string, version?: number) {
  const [row] = await db
    .select({ q, version: qv })
    .from(q)
    .innerJoin(qv, and(eq(qv.questionnaireId, q.id), version ? eq(qv.version, version) : eq(qv.version, q.version), orgFilter(scope, qv.organizationId)))
    .where(and(eq(q.id, id), orgFilter(scope, q.organizationId)))
    .limit(1);
  return row ?? null;
}

/** A new template and its version 1, in one transaction. */
export async function insertQuestionnaire(db: Database, scope: OneOrgScope, values: TemplateValues, definition: Record<string, unknown>, by: string | null, now: Date): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(q)
      .values({ ...values, organizationId: scope.organizationId, version: 1, createdBy: by, createdAt: now, updatedAt: now })
      .returning({ id: q.id });
    await tx.insert(qv).values({ organizationId: scope.organizationId, questionnaireId: row!.id, version: 1, definition, createdBy: by, createdAt: now });
    return row!.id;
  });
}

/**
 * The next version of a template: the counter is bumped and the version written in one
 * transaction (the unique (questionnaire, version) index keeps two writers from sharing a number).
 */
export async function insertVersion(db: Database, scope: OneOrgScope, id: string, values: TemplateValues, definition: Record<string, unknown>, by: string | null, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(q)
      .set({ ...values, version: sql`${q.version} + 1`, updatedAt: now })
      .where(and(eq(q.id, id), orgFilter(scope, q.organizationId)))
      .returning({ version: q.version });
    if (!row) return null;
    await tx.insert(qv).values({ organizationId: scope.organizationId, questionnaireId: id, version: row.version, definition, createdBy: by, createdAt: now });
    return row.version;
  });
}

export async function setActive(db: Database, scope: OrgScope, id: string, active: boolean, now: Date): Promise<boolean> {
  const rows = await db
    .update(q)
    .set({ active, updatedAt: now })
    .where(and(eq(q.id, id), orgFilter(scope, q.organizationId)))
    .returning({ id: q.id });
  return rows.length > 0;
}

/** Active templates of the organisation sent at the booking of this appointment type. */
export async function questionnairesForType(db: Database, scope: OneOrgScope, typeId: string) {
  return db
    .select({ id: q.id, versionId: qv.id })
    .from(q)
    .innerJoin(qv, and(eq(qv.questionnaireId, q.id), eq(qv.version, q.version), orgFilter(scope, qv.organizationId)))
    .where(and(orgFilter(scope, q.organizationId), eq(q.active, true), sql`${q.appointmentTypeIds} @> ${JSON.stringify([typeId])}::jsonb`));
}

export type NewAssignment = Omit<typeof qa.$inferInsert, 'organizationId' | 'id'>;

/** Assignments in the scope's organisation; a second send for the same appointment is skipped. */
export async function insertAssignments(db: Database, scope: OneOrgScope, rows: NewAssignment[]) {
  if (!rows.length) return [];
  return db
    .insert(qa)
    .values(rows.map((r) => ({ ...r, organizationId: scope.organizationId })))
    .onConflictDoNothing()
    .returning({ id: qa.id, status: qa.status });
}

const assignmentColumns = { a: qa, definition: qv.definition, version: qv.version, preVisit: q.preVisit };

/** An assignment with its version's definition, its patient inside the patient scope. */
function assignmentBase(db: Database, scope: OrgScope, patientScope: PatientScope) {
  return db
    .select(assignmentColumns)
    .from(qa)
    .innerJoin(patients, and(eq(patients.id, qa.patientId), patientFilter(patientScope)))
    .innerJoin(qv, and(eq(qv.id, qa.versionId), orgFilter(scope, qv.organizationId)))
    .innerJoin(q, and(eq(q.id, qa.questionnaireId), orgFilter(scope, q.organizationId)));
}

/** A patient's assignments, newest first; `availableBy`: only those the patient may see by then. */
export async function listAssignments(db: Database, scope: OneOrgScope, patientScope: PatientScope, patientId: string, availableBy?: Date) {
  return assignmentBase(db, scope, patientScope)
    .where(and(orgFilter(scope, qa.organizationId), eq(qa.patientId, patientId), availableBy ? lte(qa.availableAt, availableBy) : undefined))
    .orderBy(desc(qa.availableAt), desc(qa.id))
    .limit(500);
}

export async function findAssignment(db: Database, scope: OrgScope, patientScope: PatientScope, id: string) {
  const [row] = await assignmentBase(db, scope, patientScope)
    .where(and(eq(qa.id, id), orgFilter(scope, qa.organizationId)))
    .limit(1);
  return row ?? null;
}

export type AssignmentDetail = NonNullable<Awaited<ReturnType<typeof findAssignment>>>;
export interface AnswerValues {
  answers: Record<string, unknown>;
  status: string;
  submittedAt: Date | null;
  updatedAt: Date;
}

/**
 * Saves an answer set built by `build` from the assignment as it is once locked (FOR UPDATE, in the
 * same transaction as the UPDATE): two saves at once apply one after the other, the second merging
 * into what the first wrote, and a save queued behind a submit sees it submitted. `build` throws to
 * refuse (nothing is written). Null when the assignment is not in the scopes any more.
 */
export async function saveAnswers(db: Database, scope: OneOrgScope, patientScope: PatientScope, id: string, build: (row: AssignmentDetail) => AnswerValues): Promise<AnswerValues | null> {
  return db.transaction(async (tx) => {
    const [row] = await assignmentBase(tx, scope, patientScope)
      .where(and(eq(qa.id, id), orgFilter(scope, qa.organizationId)))
      .limit(1)
      .for('update', { of: qa });
    if (!row) return null;
    const values = build(row);
    await tx
      .update(qa)
      .set(values)
      .where(and(eq(qa.id, id), orgFilter(scope, qa.organizationId)));
    return values;
  });
}

/**
 * Reminders due now, on every organisation (the background job): each is marked in the statement
 * that takes it, so it is sent once even with several servers. Submitted ones are never taken.
 */
export async function takeDueRemindersEverywhere(db: Database, now: Date) {
  return db
    .update(qa)
    .set({ remindedAt: now })
    .where(and(lte(qa.remindAt, now), isNull(qa.remindedAt), ne(qa.status, 'submitted'), sql`(${qa.dueAt} is null or ${qa.dueAt} > ${now})`))
    .returning({ id: qa.id, organizationId: qa.organizationId, patientId: qa.patientId, questionnaireId: qa.questionnaireId, appointmentId: qa.appointmentId, dueAt: qa.dueAt });
}

/** The patient's address and the template's title, for the reminder mail. */
export async function reminderTarget(db: Database, scope: OneOrgScope, patientId: string, questionnaireId: string) {
  const [row] = await db
    .select({ email: patients.email, fullName: patients.fullName, title: q.title })
    .from(patients)
    .innerJoin(q, and(eq(q.id, questionnaireId), orgFilter(scope, q.organizationId)))
    .where(and(eq(patients.id, patientId), orgFilter(scope, patients.organizationId), isNull(patients.archivedAt)))
    .limit(1);
  return row ?? null;
}
