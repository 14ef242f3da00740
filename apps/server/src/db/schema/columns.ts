import { boolean, integer, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';

// Column helpers, so that every area's tables say the same thing the same way. Each call makes
// fresh column builders (a builder belongs to one table).

/** The organisation a row belongs to: every query of the area is scoped on it (access module). */
export function organisationOwned() {
  return {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organisations.id),
  };
}

/**
 * Nothing is deleted (DESIGN §4): a row is archived, with when and by whom. Live rows are
 * `archived_at is null`; partial indexes should say so.
 */
export function archivable() {
  return {
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    archivedBy: uuid('archived_by'),
  };
}

/** The order and active flag of a reference table (packages/shared schemas/reference.ts). */
export function referenceColumns() {
  return {
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  };
}
