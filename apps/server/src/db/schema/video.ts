import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appointments } from './agenda.ts';
import { organisationOwned } from './columns.ts';
import { patients } from './patients.ts';
import { users } from './users.ts';

// Téléconsultation: the call of an appointment, who joined it (one row per call token spent), the
// signalling messages in transit, and the patients' consent. No audio or video ever reaches the
// server: WebRTC goes browser to browser.

/** One call per téléconsultation appointment, created at the first join. */
export const videoCalls = pgTable(
  'video_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    /** The colleague the practitioner invited (at most one). */
    invitedUserId: uuid('invited_user_id').references(() => users.id),
    /** When the practitioner admitted the patient (null: the patient waits). */
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    durationSeconds: integer('duration_seconds'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('video_calls_appointment_key').on(t.appointmentId), index('video_calls_org_idx').on(t.organizationId, t.createdAt)],
);

/**
 * One row per call token spent: the token's id is unique, so a replayed token is refused by the
 * database whatever the server. A user's newest join is their live one (the newest tab wins).
 */
export const videoJoins = pgTable(
  'video_joins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    callId: uuid('call_id')
      .notNull()
      .references(() => videoCalls.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenId: uuid('token_id').notNull(),
    /** The order of the joins (the newest tab wins, even within one millisecond). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    /** Refreshed by the participant's page; a join not seen for the reconnection delay is away. */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('video_joins_token_key').on(t.tokenId), index('video_joins_call_idx').on(t.callId, t.userId, t.seq)],
);

/** A signalling message waiting to be pushed to its one recipient (purged after a few minutes). */
export const videoSignals = pgTable(
  'video_signals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    callId: uuid('call_id')
      .notNull()
      .references(() => videoCalls.id),
    fromUserId: uuid('from_user_id').notNull(),
    fromJoinId: uuid('from_join_id').notNull(),
    toUserId: uuid('to_user_id').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('video_signals_call_idx').on(t.callId, t.fromUserId, t.createdAt)],
);

/** A patient's consent to video visits, given at their first join (the text they accepted). */
export const videoConsents = pgTable('video_consents', {
  patientId: uuid('patient_id')
    .primaryKey()
    .references(() => patients.id),
  ...organisationOwned(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  text: text('text').notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
});
