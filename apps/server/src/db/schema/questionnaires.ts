import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appointments } from './agenda.ts';
import { organisationOwned } from './columns.ts';
import { patients } from './patients.ts';
import { sportPrograms } from './sport.ts';
import { users } from './users.ts';

// Questionnaires (DESIGN §9): an organisation's templates; each change of the questions writes a
// new version (append-only: answers keep the version they were given on); an assignment is one
// questionnaire sent to one patient (by hand, with an appointment, or weekly on a schedule) with
// the patient's answers, saved as they go and submitted once.

export const questionnaires = pgTable(
  'questionnaires',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    /** The current version's title (lists read it without the definition). */
    title: text('title').notNull(),
    version: integer('version').notNull().default(1),
    preVisit: boolean('pre_visit').notNull().default(false),
    /** Appointment types (agenda) whose booking sends it. */
    appointmentTypeIds: jsonb('appointment_type_ids').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('questionnaires_org_title_idx').on(t.organizationId, t.title, t.id)],
);

export const questionnaireVersions = pgTable(
  'questionnaire_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    questionnaireId: uuid('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id),
    version: integer('version').notNull(),
    /** `{ title, introduction, questions }`, as questionnaireDefinitionSchema parsed it. */
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('questionnaire_versions_key').on(t.questionnaireId, t.version)],
);

export const questionnaireAssignments = pgTable(
  'questionnaire_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    questionnaireId: uuid('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id),
    versionId: uuid('version_id')
      .notNull()
      .references(() => questionnaireVersions.id),
    /** pending, in_progress, submitted. */
    status: text('status').notNull().default('pending'),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    /** manual, appointment, schedule. */
    source: text('source').notNull().default('manual'),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    /** A weekly schedule tied to the patient's sport program: its weeks stop with the program. */
    programId: uuid('program_id').references(() => sportPrograms.id),
    /** The patient sees it from then on (a weekly schedule's later weeks). */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** When the mail reminder is due (48 h before the appointment); taken once by the job. */
    remindAt: timestamp('remind_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    sentBy: uuid('sent_by').references(() => users.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('questionnaire_assignments_patient_idx').on(t.organizationId, t.patientId, t.availableAt, t.id),
    // One send per appointment and questionnaire: a booking replayed sends nothing twice.
    uniqueIndex('questionnaire_assignments_appointment_key').on(t.appointmentId, t.questionnaireId).where(sql`${t.appointmentId} is not null`),
    index('questionnaire_assignments_remind_idx').on(t.remindAt).where(sql`${t.remindedAt} is null and ${t.remindAt} is not null`),
  ],
);
