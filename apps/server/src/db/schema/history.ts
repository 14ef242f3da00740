import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisationOwned } from './columns.ts';

// Issue 32: every version of a clinical record (a consultation, a patient's identity, a notice),
// append-only. A trigger (custom migration history-triggers) refuses any UPDATE or DELETE, so a
// version once written stays as it was; `hash` chains each version to the one before it (SHA-256
// over the canonical JSON of the content and the previous hash), so a row altered behind the
// application's back shows in `npm run records:verify`.
export const recordVersions = pgTable(
  'record_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...organisationOwned(),
    /** 'consultation' | 'patient' | 'notice'. */
    recordType: text('record_type').notNull(),
    recordId: uuid('record_id').notNull(),
    /** The patient the record belongs to (the access log, the export). */
    patientId: uuid('patient_id').notNull(),
    /** 1, 2, 3… per record, without gaps (set by the insert trigger, like the hashes). */
    version: integer('version').notNull().default(0),
    /** 'created' | 'updated' | 'signed' | 'locked' | 'addendum' | 'archived'. */
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Null for the automatic lock and the backfill of existing rows. */
    authorId: uuid('author_id'),
    authorRole: text('author_role'),
    reason: text('reason'),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    prevHash: text('prev_hash'),
    hash: text('hash').notNull().default(''),
  },
  (t) => [
    uniqueIndex('record_versions_record_idx').on(t.recordType, t.recordId, t.version),
    index('record_versions_patient_idx').on(t.patientId, t.at),
      ],
);

/** The last run of `records:verify` (the nightly job or the command): shown in /admin. */
export const recordVerifications = pgTable('record_verifications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  chains: integer('chains').notNull(),
  versions: integer('versions').notNull(),
  /** Every version whose content or order no longer matches: { recordType, recordId, version, reason }. */
  failures: jsonb('failures').$type<{ recordType: string; recordId: string; version: number; reason: string }[]>().notNull(),
});
