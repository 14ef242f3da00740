import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { archivable, referenceColumns } from './columns.ts';
import { organisations } from './organisations.ts';
import { patients } from './patients.ts';
import { users } from './users.ts';

// Sport: seven reference catalogs (reference-table kit, each with a stable code), the exercise
// library (free-exercise-db, shared, plus each organisation's own exercises), sport programs
// (templates of an organisation, and the patient's copy made at assignment: adjusted per patient
// without touching the template), their sessions and exercises, and the sessions patients log.

type Labels = { fr: string; en: string; tr: string; ar: string };

function catalogTable(name: string) {
  return pgTable(
    name,
    {
      id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
      code: text('code').notNull(),
      label: text('label').notNull(),
      labels: jsonb('labels').$type<Labels>().notNull(),
      /** Body parts: the region of the muscle; null elsewhere. */
      region: text('region'),
      /** null: a platform entry every organisation sees (written by SA and DE); else the organisation's own. */
      organizationId: uuid('organization_id').references(() => organisations.id),
      ...referenceColumns(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    // A code is unique among the platform entries, and among each organisation's own: another
    // organisation's codes are none of its business (a 409 on them would tell they exist).
    (t) => [
      uniqueIndex(`${name}_code_key`).on(t.code).where(sql`${t.organizationId} is null`),
      uniqueIndex(`${name}_org_code_key`).on(t.organizationId, t.code).where(sql`${t.organizationId} is not null`),
    ],
  );
}

export const sportBodyParts = catalogTable('sport_body_parts');
export const sportCategories = catalogTable('sport_categories');
export const sportEquipments = catalogTable('sport_equipments');
export const sportLevels = catalogTable('sport_levels');
export const sportObjectives = catalogTable('sport_objectives');
export const sportProgramTypes = catalogTable('sport_program_types');
export const sportGenders = catalogTable('sport_genders');

export const exercises = pgTable(
  'exercises',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** null: the shared library every organisation sees; else the organisation's own exercise. */
    organizationId: uuid('organization_id').references(() => organisations.id),
    /** The free-exercise-db id of a library exercise. */
    sourceId: text('source_id'),
    nameFr: text('name_fr'),
    nameEn: text('name_en'),
    /** Folded French and English names: accent-insensitive search through a trigram index. */
    searchKey: text('search_key').notNull(),
    instructionsFr: jsonb('instructions_fr').$type<string[]>(),
    instructionsEn: jsonb('instructions_en').$type<string[]>().notNull().default([]),
    categoryId: integer('category_id')
      .notNull()
      .references(() => sportCategories.id),
    levelId: integer('level_id')
      .notNull()
      .references(() => sportLevels.id),
    equipmentId: integer('equipment_id').references(() => sportEquipments.id),
    primaryBodyPartIds: integer('primary_body_part_ids').array().notNull().default(sql`'{}'::integer[]`),
    secondaryBodyPartIds: integer('secondary_body_part_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** The exercise's image or short video, in the document store (named by its sha256, typed by its bytes). */
    mediaSha256: text('media_sha256'),
    mediaMime: text('media_mime'),
    mediaSize: integer('media_size'),
    createdBy: uuid('created_by').references(() => users.id),
    ...archivable(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exercises_media_idx').on(t.mediaSha256).where(sql`${t.mediaSha256} is not null`),
    uniqueIndex('exercises_source_id_key').on(t.sourceId).where(sql`${t.sourceId} is not null`),
    index('exercises_search_trgm').using('gin', sql`${t.searchKey} gin_trgm_ops`),
    index('exercises_body_parts_gin').using('gin', t.primaryBodyPartIds),
    index('exercises_org_idx').on(t.organizationId),
    index('exercises_filters_idx').on(t.categoryId, t.levelId, t.equipmentId),
  ],
);

/**
 * The distinct words (3 letters or more) of the exercise names, kept by a trigger on exercises
 * (hand-written in the migration, as food_words): a typed word that matches nothing is replaced by
 * its closest words here (a KNN scan of the trigram GiST index), then the exercises are searched
 * with them. A word stays when its exercise goes: it is only ever a candidate for a visible search.
 */
export const exerciseWords = pgTable('exercise_words', { word: text('word').primaryKey() }, (t) => [index('exercise_words_trgm_gist').using('gist', sql`${t.word} gist_trgm_ops`)]);

export const sportPrograms = pgTable(
  'sport_programs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    objectiveId: integer('objective_id').references(() => sportObjectives.id),
    typeId: integer('type_id').references(() => sportProgramTypes.id),
    levelId: integer('level_id').references(() => sportLevels.id),
    genderId: integer('gender_id').references(() => sportGenders.id),
    weeks: integer('weeks').notNull(),
    sessionsPerWeek: integer('sessions_per_week').notNull(),
    /** Set on a patient's copy (an assignment); null on a template of the library. */
    patientId: uuid('patient_id').references(() => patients.id),
    templateId: uuid('template_id'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    createdBy: uuid('created_by').references(() => users.id),
    ...archivable(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sport_programs_org_idx').on(t.organizationId, t.name),
    index('sport_programs_patient_idx').on(t.patientId, t.startDate),
    check('sport_programs_weeks_check', sql`${t.weeks} between 1 and 52`),
    check('sport_programs_sessions_check', sql`${t.sessionsPerWeek} between 1 and 7`),
    check('sport_programs_assignment_check', sql`(${t.patientId} is null) = (${t.startDate} is null)`),
  ],
);

export const sportSessions = pgTable(
  'sport_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programId: uuid('program_id')
      .notNull()
      .references(() => sportPrograms.id),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    /** A session removed from a program after the patient logged it: kept for its logs. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [index('sport_sessions_program_idx').on(t.programId, t.position)],
);

export const sportSessionExercises = pgTable(
  'sport_session_exercises',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sportSessions.id),
    exerciseId: uuid('exercise_id')
      .notNull()
      .references(() => exercises.id),
    position: integer('position').notNull().default(0),
    sets: integer('sets').notNull(),
    reps: integer('reps'),
    durationS: integer('duration_s'),
    loadKg: numeric('load_kg', { precision: 5, scale: 1, mode: 'number' }),
    loadPct: integer('load_pct'),
    restS: integer('rest_s'),
    tempo: text('tempo').notNull().default(''),
    notes: text('notes').notNull().default(''),
  },
  (t) => [
    index('sport_session_exercises_session_idx').on(t.sessionId, t.position),
    index('sport_session_exercises_exercise_idx').on(t.exerciseId),
    check('sport_session_exercises_sets_check', sql`${t.sets} between 1 and 20`),
    check('sport_session_exercises_reps_check', sql`${t.reps} is null or ${t.reps} between 1 and 200`),
    check('sport_session_exercises_duration_check', sql`${t.durationS} is null or ${t.durationS} between 1 and 10800`),
    check('sport_session_exercises_load_check', sql`${t.loadKg} is null or ${t.loadKg} between 0 and 500`),
    check('sport_session_exercises_pct_check', sql`${t.loadPct} is null or ${t.loadPct} between 1 and 150`),
    check('sport_session_exercises_amount_check', sql`${t.reps} is not null or ${t.durationS} is not null`),
  ],
);

export const sportSessionLogs = pgTable(
  'sport_session_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organisations.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    programId: uuid('program_id')
      .notNull()
      .references(() => sportPrograms.id),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sportSessions.id),
    day: date('day').notNull(),
    status: text('status').notNull(),
    rpe: integer('rpe'),
    pain: integer('pain'),
    comment: text('comment').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sport_session_logs_session_day_key').on(t.sessionId, t.day),
    index('sport_session_logs_patient_idx').on(t.patientId, t.day),
    index('sport_session_logs_program_idx').on(t.programId, t.day),
    check('sport_session_logs_status_check', sql`${t.status} in ('done', 'partial', 'skipped')`),
    check('sport_session_logs_rpe_check', sql`${t.rpe} is null or ${t.rpe} between 0 and 10`),
    check('sport_session_logs_pain_check', sql`${t.pain} is null or ${t.pain} between 0 and 10`),
  ],
);
