import { archivable, organisationOwned } from './columns.ts';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { consultations } from './consultations.ts';
import { patients } from './patients.ts';
import { users } from './users.ts';

// Files live outside the database under DATA_DIR/files, named by their content hash (DESIGN §4).
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    consultationId: uuid('consultation_id')
      .notNull()
      .references(() => consultations.id),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    ...archivable(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('documents_patient_idx').on(t.patientId, t.createdAt), index('documents_consultation_idx').on(t.consultationId)],
);
