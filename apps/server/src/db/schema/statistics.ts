import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { organisationOwned } from './columns.ts';

/**
 * /statistics counters (issue "Speed": statistics are SQL aggregates over indexed columns or
 * counters kept incrementally). One row per organisation, day (Europe/Paris), dimension and key,
 * holding how many live consultations fall there. Kept by a statement trigger on consultations
 * (migration statistics, hand-written part), so a year reads a few thousand counter rows instead of
 * every consultation. Dimensions: `total` (key ''), `practitioner` (user id), `speciality` (job
 * speciality id), `intensity` and `location` (the SPEC §3 pain options, 'Non Renseigné' when empty).
 * A later area (appointments) adds its own dimensions to the same table through its own trigger.
 */
export const statisticsDaily = pgTable(
  'statistics_daily',
  {
    ...organisationOwned(),
    day: date('day').notNull(),
    dimension: text('dimension').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'statistics_daily_pkey', columns: [t.organizationId, t.day, t.dimension, t.key] })],
);
