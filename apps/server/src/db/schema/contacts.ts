import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisationOwned } from './columns.ts';
import { users } from './users.ts';

// The practice's address book (SPEC §3 Contact): shared by the organisation's staff.
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    name: text('name').notNull(),
    lastName: text('last_name').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    nickname: text('nickname').notNull().default(''),
    company: text('company').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    /** Honorific prefix (vCard N): « Dr », « Pr ». */
    prefix: text('prefix').notNull().default(''),
    /** Every email and phone with its type, the first one preferred (`email`, `phone` repeat it). */
    emails: jsonb('emails').$type<{ value: string; type: 'work' | 'home' | 'other' }[]>().notNull().default([]),
    phones: jsonb('phones').$type<{ value: string; type: 'cell' | 'work' | 'home' | 'fax' | 'other' }[]>().notNull().default([]),
    /** The address's parts (`address` is them on one line, or a line typed as such). */
    street: text('street').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    region: text('region').notNull().default(''),
    country: text('country').notNull().default(''),
    addressType: text('address_type').notNull().default('work'),
    url: text('url').notNull().default(''),
    /** The photo's thumbnail in the file store (contact-photos/<id>/<key>.png), '' for none. */
    photoKey: text('photo_key').notNull().default(''),
    birthday: text('birthday').notNull().default(''),
    notes: text('notes').notNull().default(''),
    profession: text('profession').notNull().default('autre'),
    rpps: text('rpps').notNull().default(''),
    /** Folded last name then name: the alphabetical order, without accents. */
    sortKey: text('sort_key').notNull(),
    searchKey: text('search_key').notNull(),
    /** Lower-case email and canonical phone digits: the duplicate rule of the vCard import. */
    emailKey: text('email_key').notNull().default(''),
    phoneKey: text('phone_key').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contacts_org_sort_idx').on(t.organizationId, t.sortKey, t.id),
    index('contacts_search_trgm').using('gin', sql`${t.searchKey} gin_trgm_ops`),
    index('contacts_org_email_idx').on(t.organizationId, t.emailKey),
    index('contacts_org_phone_idx').on(t.organizationId, t.phoneKey),
  ],
);

/** SPEC §3 Contact user: a user's star and how often they opened a contact (frequent contacts). */
export const contactUserState = pgTable(
  'contact_user_state',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    starred: boolean('starred').notNull().default(false),
    openCount: integer('open_count').notNull().default(0),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contactId] }), index('contact_user_state_contact_idx').on(t.contactId)],
);

/** SPEC §3 Contact user groups[{id, name, contactIds}]: a user's own groups. */
export const contactGroups = pgTable(
  'contact_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contact_groups_user_name_key').on(t.userId, t.nameKey)],
);

export const contactGroupMembers = pgTable(
  'contact_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => contactGroups.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.contactId] }), index('contact_group_members_contact_idx').on(t.contactId)],
);
