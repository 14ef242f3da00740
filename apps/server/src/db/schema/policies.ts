import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

// Versioned policy documents (issue 20, RGPD art. 7 and 13): privacy policy, terms, legal notice.
// A version is written as a draft, then published; the version in force for a kind is the latest
// published one whose effective date has come.
export const policyVersions = pgTable(
  'policy_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<'privacy' | 'terms' | 'legal'>().notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML (lib/rich-text). */
    body: text('body').notNull().default(''),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    requiresAcceptance: boolean('requires_acceptance').notNull().default(true),
    status: text('status').$type<'draft' | 'published'>().notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedBy: uuid('published_by').references(() => users.id),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('policy_versions_kind_version_key').on(t.kind, t.version), index('policy_versions_in_force_idx').on(t.kind, t.status, t.effectiveAt)],
);

// The proof of consent (CNIL): who accepted which version, when, from where. Rows are never
// updated nor deleted: a trigger of the migration refuses both.
export const policyAcceptances = pgTable(
  'policy_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The user's organisation when they accepted: the admin's export is scoped on it. */
    organizationId: uuid('organization_id').references(() => organisations.id),
    versionId: uuid('version_id')
      .notNull()
      .references(() => policyVersions.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    /** Where it was given: 'sign-in' (the consent screen), 'register', 'seed'. */
    via: text('via').notNull().default('sign-in'),
  },
  (t) => [
    uniqueIndex('policy_acceptances_user_version_key').on(t.userId, t.versionId),
    index('policy_acceptances_org_idx').on(t.organizationId, t.acceptedAt).where(sql`${t.organizationId} is not null`),
  ],
);
