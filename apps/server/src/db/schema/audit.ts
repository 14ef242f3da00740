import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

// Access journal: who, action, record, patient, when (UTC), IP, outcome. Never a password, token or
// clinical text. No foreign keys, so the journal outlives anything it mentions.
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id'),
    role: varchar('role', { length: 2 }),
    organizationId: uuid('organization_id'),
    action: text('action').notNull(),
    recordType: text('record_type'),
    recordId: text('record_id'),
    patientId: uuid('patient_id'),
    ip: text('ip'),
    outcome: text('outcome').$type<'success' | 'denied' | 'error'>().notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    /**
     * The patient's organisation when it is not the row's own (`organization_id`): a refused
     * attempt from another organisation, a platform role's act. Set by the database on insert
     * (trigger audit_events_patient_organisation, never by the application): an organisation's
     * journal is its own rows plus these, each read in (at, id) order from its own index, so a
     * page never walks the other organisations' rows (admin.repository.ts).
     */
    patientOrganizationId: uuid('patient_organization_id'),
  },
  (t) => [
    // The journal's keyset order (newest first, id as the tie-breaker), per organisation and overall (issue 13).
    // (`order by at desc, id desc` puts nulls first: the indexes say so, or the planner sorts instead.)
    index('audit_org_at_idx').on(t.organizationId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_at_idx').on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A patient's journal (« Mes données », the /admin filter by patient, a patient file's last
    // accesses): only rows that name a patient. A list read names none (most of the journal's rows,
    // issue 31): left out, its insert updates one index fewer. `patient_id = $1` and a join on it
    // imply the predicate, so those reads still walk it (audit-indexes.test.ts).
    index('audit_patient_idx').on(t.patientId, t.at.desc()).where(sql`${t.patientId} is not null`),
    index('audit_user_idx').on(t.userId, t.at.desc()),
    // The refusals of the last days (PA's dashboard): a few rows among every read the journal keeps,
    // found without reading the others (their count grows with every read of the practice).
    index('audit_patient_org_at_idx')
      .on(t.patientOrganizationId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.patientOrganizationId} is not null`),
    index('audit_denied_org_at_idx').on(t.organizationId, t.at.desc()).where(sql`${t.outcome} = 'denied'`),
  ],
);
