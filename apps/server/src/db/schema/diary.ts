import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { archivable, organisationOwned } from './columns.ts';
import { foods } from './dietetics.ts';
import { patients } from './patients.ts';
import { users } from './users.ts';

// The patient's diaries between visits: one row per entry (weight, meal, pain or activity), the
// foods of a meal, and which practitioners follow which patients' new entries (badge, daily digest).

export const diaryEntries = pgTable(
  'diary_entries',
  {
    /** Given by the client when it wants a retry-safe save (a second POST finds the first row). */
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The calendar day of `at` in the practice's time zone when written: what the charts group by. */
    day: date('day').notNull(),
    weightKg: numeric('weight_kg', { precision: 5, scale: 2, mode: 'number' }),
    intensity: integer('intensity'),
    location: text('location'),
    meal: text('meal'),
    // A meal's totals at the time it was logged (the foods' values then): the charts sum them in SQL.
    energyKcal: numeric('energy_kcal', { precision: 8, scale: 2, mode: 'number' }),
    proteinsG: numeric('proteins_g', { precision: 8, scale: 2, mode: 'number' }),
    carbohydratesG: numeric('carbohydrates_g', { precision: 8, scale: 2, mode: 'number' }),
    fatG: numeric('fat_g', { precision: 8, scale: 2, mode: 'number' }),
    /** A session of the patient's sport program (checked through the sport service), or null. */
    sessionId: uuid('session_id'),
    activity: text('activity'),
    durationMin: integer('duration_min'),
    activityIntensity: text('activity_intensity'),
    note: text('note'),
    /** The meal's photo in the file store (content hash), typed by its bytes. */
    photoHash: text('photo_hash'),
    photoMime: text('photo_mime'),
    comment: text('comment'),
    commentBy: uuid('comment_by').references(() => users.id),
    commentAt: timestamp('comment_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...archivable(),
  },
  (t) => [
    index('diary_entries_patient_idx').on(t.organizationId, t.patientId, t.day, t.kind),
    index('diary_entries_created_idx').on(t.organizationId, t.createdAt),
    check('diary_entries_kind_check', sql`${t.kind} in ('weight', 'meal', 'pain', 'activity')`),
    check('diary_entries_weight_check', sql`${t.weightKg} is null or ${t.weightKg} between 1 and 400`),
    check('diary_entries_intensity_check', sql`${t.intensity} is null or ${t.intensity} between 0 and 10`),
    check('diary_entries_duration_check', sql`${t.durationMin} is null or ${t.durationMin} between 1 and 1440`),
  ],
);

export const diaryMealItems = pgTable(
  'diary_meal_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => diaryEntries.id),
    foodId: integer('food_id')
      .notNull()
      .references(() => foods.id),
    /** The food's name when logged (the diary reads without joining the dietetics tables). */
    name: text('name').notNull(),
    grams: numeric('grams', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    measure: text('measure'),
    quantity: numeric('quantity', { precision: 6, scale: 2, mode: 'number' }),
    energyKcal: numeric('energy_kcal', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('diary_meal_items_entry_idx').on(t.entryId, t.position), check('diary_meal_items_grams_check', sql`${t.grams} > 0 and ${t.grams} <= 5000`)],
);

/** A practitioner hears about a patient's new entries (badge, daily digest): since `seenAt`. */
export const diaryFollows = pgTable(
  'diary_follows',
  {
    ...organisationOwned(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    digestAt: timestamp('digest_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.patientId] }), index('diary_follows_org_idx').on(t.organizationId, t.patientId)],
);
