import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { jobSpecialists } from './specialists.ts';
import { patients } from './patients.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organisations.id),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** argon2id; null while an invited account has not set its password. */
    passwordHash: text('password_hash'),
    role: varchar('role', { length: 2 }).notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    displayName: text('display_name').notNull().default(''),
    job: text('job'),
    jobSpecialistId: integer('job_specialist_id').references(() => jobSpecialists.id),
    phoneNumber: text('phone_number'),
    professionalNumber: text('professional_number'),
    /** National identifiers of a health professional (issue 37: Pro Santé Connect matches on them). */
    rpps: varchar('rpps', { length: 11 }),
    adeli: varchar('adeli', { length: 9 }),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    photoUrl: text('photo_url'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    shortcuts: jsonb('shortcuts').$type<string[]>().notNull().default([]),
    /** The provider the account signs in with (SPEC §3 `from`). */
    provider: text('provider').notNull().default('jwt'),
    active: boolean('active').notNull().default(true),
    emailConfirmed: boolean('email_confirmed').notNull().default(true),
    /** Moves on deactivation and password change: older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** A PT user is linked to exactly one patient of their organisation. */
    patientId: uuid('patient_id').references(() => patients.id),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_patient_key').on(t.patientId),
    index('users_organization_idx').on(t.organizationId, t.lastName, t.firstName),
    // The /user list's keyset order (issue 13): within an organisation, and across all (SA, DE).
    // The trailing columns are not part of the order: they let a page picked by number skip its
    // rows in the index alone (an index-only scan: lower(...) needs the raw names, and a role or
    // state filter its column), instead of reading each skipped account from the table.
    index('users_list_org_name_idx').on(t.organizationId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id, t.lastName, t.firstName, t.role, t.active),
    // Pro Santé Connect's sign-in looks a professional up by their national number.
    index('users_rpps_idx').on(t.rpps).where(sql`${t.rpps} is not null`),
    index('users_adeli_idx').on(t.adeli).where(sql`${t.adeli} is not null`),
    index('users_list_name_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id, t.lastName, t.firstName, t.role, t.active),
    // The /user search (`q`, users.repository.ts userListWhere): `like '%…%'` on each of these
    // expressions, written exactly as the search writes them, so each is a trigram index scan and
    // the matches are found without reading every account (the count visited them all).
    index('users_username_trgm').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    index('users_email_trgm').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    index('users_first_last_trgm').using('gin', sql`lower(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index('users_last_first_trgm').using('gin', sql`lower(${t.lastName} || ' ' || ${t.firstName}) gin_trgm_ops`),
  ],
);
