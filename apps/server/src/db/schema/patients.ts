import { archivable, organisationOwned } from './columns.ts';
import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const patients = pgTable(
  'patients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    fullName: text('full_name').notNull(),
    /** Name folded to lower case without accents: the duplicate rule of SPEC §5 is on this key. */
    nameKey: text('name_key').notNull(),
    phoneNumber: text('phone_number').notNull(),
    /** Phone reduced to its digits in international form, for the duplicate rule. */
    phoneKey: text('phone_key').notNull(),
    email: text('email').notNull(),
    /** Folded name, phone and email: accent-insensitive search through a trigram index. */
    searchKey: text('search_key').notNull(),
    birthDate: date('birth_date'),
    sex: text('sex'),
    address: text('address'),
    notes: text('notes'),
    ...archivable(),
    /**
     * Kept by a trigger on consultations (migration patients-list-stats), so the patient list sorts
     * by last consultation and count from indexes instead of aggregating every consultation.
     */
    lastConsultationAt: timestamp('last_consultation_at', { withTimezone: true }),
    consultationCount: integer('consultation_count').notNull().default(0),
    /**
     * IMC of the latest live consultation that has a size and a weight, kept by the statistics
     * trigger on consultations (migration statistics): /statistics counts IMC classes from it.
     */
    latestImc: numeric('latest_imc', { precision: 6, scale: 2, mode: 'number' }),
    /**
     * The weights of the two latest live consultations that have one, and the date of the latest,
     * kept by the same trigger (migration s21): the dashboard's "weight change above 5 %" reads
     * them through an index instead of looking up every recent patient's consultations.
     */
    latestWeight: numeric('latest_weight', { precision: 6, scale: 2, mode: 'number' }),
    previousWeight: numeric('previous_weight', { precision: 6, scale: 2, mode: 'number' }),
    latestWeightAt: timestamp('latest_weight_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // SPEC §5 duplicate rules hold under concurrent creates: unique indexes, not only checks.
    uniqueIndex('patients_org_name_key').on(t.organizationId, t.nameKey).where(sql`${t.archivedAt} is null`),
    uniqueIndex('patients_org_phone_key').on(t.organizationId, t.phoneKey).where(sql`${t.archivedAt} is null`),
    index('patients_org_name_idx').on(t.organizationId, t.nameKey),
    index('patients_search_trgm').using('gin', sql`${t.searchKey} gin_trgm_ops`),
    // Phone search ('06 10', '+33 6 10'): the canonical digits alone, trigram-indexed.
    index('patients_phone_digits_trgm').using('gin', sql`${t.phoneKey} gin_trgm_ops`),
    // Patient list sorts: live patients of one organisation, id as the tie-breaker.
    // Index-only scans for every sort and direction, so a late page never touches the table rows.
    index('patients_org_live_name_idx').on(t.organizationId, t.nameKey, t.id).where(sql`${t.archivedAt} is null`),
    index('patients_org_last_consultation_idx').on(t.organizationId, t.lastConsultationAt, t.id).where(sql`${t.archivedAt} is null`),
    index('patients_org_last_consultation_desc_idx')
      .on(t.organizationId, t.lastConsultationAt.desc().nullsLast(), t.id.desc())
      .where(sql`${t.archivedAt} is null`),
    index('patients_org_consultation_count_idx').on(t.organizationId, t.consultationCount, t.id).where(sql`${t.archivedAt} is null`),
    // /statistics: new patients of a period.
    index('patients_org_created_idx').on(t.organizationId, t.createdAt).where(sql`${t.archivedAt} is null`),
    // Dashboard: the patients whose latest weighing moved more than 5 % (DASHBOARD_FOLLOW_UP.weightPct).
    index('patients_org_weight_change_idx')
      .on(t.organizationId, t.latestWeightAt.desc())
      .where(sql`${t.archivedAt} is null and ${t.previousWeight} > 0 and abs(${t.latestWeight} - ${t.previousWeight}) / ${t.previousWeight} * 100 > 5`),
    index('patients_org_birth_date_idx').on(t.organizationId, t.birthDate, t.id).where(sql`${t.archivedAt} is null`),
  ],
);
