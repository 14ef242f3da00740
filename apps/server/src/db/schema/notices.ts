import { organisationOwned } from './columns.ts';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { consultations } from './consultations.ts';
import { patients } from './patients.ts';
import { users } from './users.ts';

// SPEC §3 Notice: a patient's feedback on one of their consultations, once per consultation.
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    consultationId: uuid('consultation_id')
      .notNull()
      .references(() => consultations.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    star: integer('star').notNull(),
    patientOpinion: text('patient_opinion').notNull().default(''),
    recommend: boolean('recommend').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notices_consultation_key').on(t.consultationId), index('notices_org_idx').on(t.organizationId), index('notices_org_created_idx').on(t.organizationId, t.createdAt)],
);
