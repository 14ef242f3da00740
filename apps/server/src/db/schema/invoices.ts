import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { archivable, organisationOwned } from './columns.ts';
import { appointments } from './agenda.ts';
import { consultations } from './consultations.ts';
import { patients } from './patients.ts';
import { users } from './users.ts';

// Fees and payments (DESIGN §9 "Money"): integer cents everywhere. Issued invoices, credit notes,
// payments and reminders are append-only: the invoices-triggers migration refuses the UPDATE or
// DELETE that would change them (a tax inspection reads the same history the practice saw).

/** An act and its price: the practitioner's own (practitioner_id) or the whole organisation's (null). */
export const invoiceActs = pgTable(
  'invoice_acts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    practitionerId: uuid('practitioner_id').references(() => users.id),
    label: text('label').notNull(),
    code: text('code'),
    priceCents: integer('price_cents').notNull(),
    durationMinutes: integer('duration_minutes'),
    /** VAT in basis points (2000 = 20 %); null = exempt, "TVA non applicable, article 261-4-1° du CGI". */
    vatRateBp: integer('vat_rate_bp'),
    /** The appointment type this act is the default of (at most one act per type). */
    appointmentTypeId: uuid('appointment_type_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...archivable(),
  },
  (t) => [index('invoice_acts_org_label_idx').on(t.organizationId, t.label, t.id), check('invoice_acts_price_check', sql`${t.priceCents} >= 0`)],
);

/**
 * The last number given per issuer, year and series ('invoice' | 'credit'): taken with
 * UPDATE … RETURNING in the issuing transaction, never a sequence (a rollback would leave a gap).
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    ...organisationOwned(),
    /** The practitioner billing in their own name, or the organisation's id when it bills as a company. */
    issuerId: uuid('issuer_id').notNull(),
    year: integer('year').notNull(),
    series: text('series').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.issuerId, t.year, t.series] })],
);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    practitionerId: uuid('practitioner_id')
      .notNull()
      .references(() => users.id),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    consultationId: uuid('consultation_id').references(() => consultations.id),
    /** draft | issued */
    status: text('status').notNull().default('draft'),
    /** Optimistic concurrency of a draft: each write bumps it, a PATCH names the one it read (409 when it moved). */
    version: integer('version').notNull().default(1),
    issuerId: uuid('issuer_id'),
    year: integer('year'),
    /** "2026-000001", set at issue. */
    number: text('number'),
    actDate: text('act_date').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The legal mentions as they were at issue (identity, RPPS/ADELI, SIRET, patient, VAT mention). */
    mentions: jsonb('mentions').$type<Record<string, string | null>>().notNull().default({}),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('invoices_patient_idx').on(t.patientId, t.createdAt),
    uniqueIndex('invoices_number_key').on(t.organizationId, t.issuerId, t.number),
    check('invoices_status_check', sql`${t.status} in ('draft', 'issued')`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    position: integer('position').notNull(),
    actId: uuid('act_id').references(() => invoiceActs.id),
    label: text('label').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    vatRateBp: integer('vat_rate_bp'),
    totalCents: integer('total_cents').notNull(),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId, t.position),
    check('invoice_lines_amounts_check', sql`${t.quantity} > 0 and ${t.unitPriceCents} >= 0 and ${t.discountCents} >= 0 and ${t.totalCents} >= 0`),
  ],
);

/** A credit note (avoir): corrects an issued invoice, numbered in its own series at once. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    number: text('number').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull().default(''),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').notNull(),
  },
  (t) => [index('credit_notes_invoice_idx').on(t.invoiceId), check('credit_notes_amount_check', sql`${t.amountCents} > 0`)],
);

/** A payment received: cash, cheque (number, bank), card, transfer. Partial payments are rows. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** Copied from the invoice: the receipts book reads payments per practitioner and day. */
    practitionerId: uuid('practitioner_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    mode: text('mode').notNull(),
    reference: text('reference'),
    bank: text('bank'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    receivedBy: uuid('received_by').notNull(),
  },
  (t) => [
    index('invoice_payments_book_idx').on(t.organizationId, t.practitionerId, t.paidAt, t.id),
    index('invoice_payments_invoice_idx').on(t.invoiceId),
    check('invoice_payments_amount_check', sql`${t.amountCents} > 0`),
    check('invoice_payments_mode_check', sql`${t.mode} in ('cash', 'cheque', 'card', 'transfer')`),
  ],
);

/** One row per reminder mailed: the unique key makes each reminder go out once, whatever the servers. */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    ...organisationOwned(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    level: integer('level').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.level] })],
);
