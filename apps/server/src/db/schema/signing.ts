import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { archivable, organisationOwned } from './columns.ts';
import { users } from './users.ts';

// The certificate an organisation signs its PDFs with (ordonnances, certificates, invoices): a
// self-signed one made at first use, or the PKCS#12 an administrator uploaded. The private key is
// kept sealed with the server's secret (AES-256-GCM, lib/secret.ts); a replaced certificate is
// archived, never deleted (documents signed with it still carry it in their signature).
export const signingCertificates = pgTable(
  'signing_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    source: text('source').$type<'generated' | 'uploaded'>().notNull(),
    subject: text('subject').notNull(),
    fingerprint: text('fingerprint').notNull(),
    notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
    certificatePem: text('certificate_pem').notNull(),
    /** The PKCS#12 and its internal passphrase, sealed (never the password an administrator typed). */
    sealedKey: text('sealed_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id),
    ...archivable(),
  },
  // One live certificate per organisation: two first signatures at once make one key, not two.
  (t) => [uniqueIndex('signing_certificates_org_live_idx').on(t.organizationId).where(sql`${t.archivedAt} is null`)],
);
