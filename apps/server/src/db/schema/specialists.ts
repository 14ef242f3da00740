import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { referenceColumns } from './columns.ts';

/** Job specialities; small integer ids, id 1 is the general profile of SPEC §7 (DESIGN §4). */
export const jobSpecialists = pgTable('job_specialists', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  label: text('label').notNull(),
  labels: jsonb('labels').$type<{ fr: string; en: string; tr: string; ar: string }>().notNull(),
  dietetic: boolean('dietetic').notNull().default(false),
  ...referenceColumns(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
