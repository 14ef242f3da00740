import { organisationOwned } from './columns.ts';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { patients } from './patients.ts';
import { users } from './users.ts';

// "Je ne reconnais pas cet accès": a patient flags one journal row of their file; the
// organisation's administrators (PA) answer it from /admin. The journal row is referenced by id
// only (the journal has no foreign keys, it outlives what it mentions).
export const accessFlags = pgTable(
  'access_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    auditEventId: bigint('audit_event_id', { mode: 'number' }).notNull(),
    /** The PT account that flagged it. */
    flaggedBy: uuid('flagged_by')
      .notNull()
      .references(() => users.id),
    comment: text('comment').notNull().default(''),
    status: text('status').$type<'open' | 'answered'>().notNull().default('open'),
    answer: text('answer'),
    answeredBy: uuid('answered_by').references(() => users.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One flag per journal row: flagging twice answers the existing flag.
    uniqueIndex('access_flags_event_key').on(t.auditEventId),
    index('access_flags_org_idx').on(t.organizationId, t.status, t.createdAt.desc(), t.id),
    index('access_flags_patient_idx').on(t.patientId),
  ],
);
