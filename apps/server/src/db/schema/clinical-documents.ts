import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ClinicalDocumentKind, DocumentContent } from '@wellbe/shared/schemas/clinical-documents';
import { organisationOwned } from './columns.ts';
import { consultations } from './consultations.ts';
import { patients } from './patients.ts';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

// Ordonnances, certificates and letters, issued as signed PDFs. A document is immutable once issued:
// a correction is a new document that replaces it (the old one keeps its PDF, marked replaced).
export const clinicalDocuments = pgTable(
  'clinical_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    consultationId: uuid('consultation_id').references(() => consultations.id),
    templateId: uuid('template_id').references(() => clinicalDocumentTemplates.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<ClinicalDocumentKind>().notNull(),
    /** Unique per organisation: a counter row per organisation and year (never a sequence). */
    number: text('number').notNull(),
    content: jsonb('content').$type<DocumentContent>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The signed PDF as issued (tens of KB; kept with its row so a document and its file commit together). */
    pdf: bytea('pdf').notNull(),
    sha256: text('sha256').notNull(),
    /** SHA-256 of the random verification token (the QR code's); the token itself is sealed below. */
    verifyTokenHash: text('verify_token_hash').notNull(),
    /** The token sealed with the server's secret, so lists can give the verification link again. */
    verifyTokenSealed: text('verify_token_sealed').notNull(),
    replacesId: uuid('replaces_id'),
    replacedById: uuid('replaced_by_id'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id),
    revokeReason: text('revoke_reason'),
  },
  (t) => [
    uniqueIndex('clinical_documents_org_number_idx').on(t.organizationId, t.number),
    uniqueIndex('clinical_documents_verify_idx').on(t.verifyTokenHash),
    index('clinical_documents_patient_idx').on(t.organizationId, t.patientId, t.issuedAt, t.id),
  ],
);

/** The last number issued per organisation and year (UPDATE … RETURNING in the issuing transaction). */
export const clinicalDocumentCounters = pgTable(
  'clinical_document_counters',
  {
    ...organisationOwned(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.year] })],
);

/** Templates: the organisation's (ownerId null) and each practitioner's own; deactivated, never deleted. */
export const clinicalDocumentTemplates = pgTable(
  'clinical_document_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    ownerId: uuid('owner_id').references(() => users.id),
    kind: text('kind').$type<ClinicalDocumentKind>().notNull(),
    name: text('name').notNull(),
    content: jsonb('content').$type<DocumentContent>().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clinical_document_templates_org_idx').on(t.organizationId, t.kind, t.name).where(sql`${t.active}`)],
);

/**
 * The French public medicines database (BDPM, ANSM; seed/data/BDPM-LICENCE.md): the marketed
 * medicines the ordonnance editor suggests. Reference data, the same for every organisation; the
 * CIS code is its id. `searchKey` folds the name and the active substances (so « paracetamol » finds
 * DOLIPRANE) for a trigram-indexed LIKE.
 */
export const medicines = pgTable(
  'medicines',
  {
    cis: text('cis').primaryKey(),
    name: text('name').notNull(),
    form: text('form').notNull(),
    routes: text('routes').array().notNull(),
    /** Active substances with their dosage, as the BDPM writes them (« PARACÉTAMOL 1000 mg »). */
    substances: text('substances').notNull(),
    holder: text('holder').notNull(),
    searchKey: text('search_key').notNull(),
  },
  (t) => [index('medicines_search_trgm').using('gin', sql`${t.searchKey} gin_trgm_ops`)],
);
