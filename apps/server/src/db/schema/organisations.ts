import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Settings an organisation applies to its users ('Paramètres'). */
export interface OrganisationSettings {
  language?: 'fr' | 'en' | 'tr' | 'ar';
  navbarStyle?: 'style-1' | 'style-2' | 'style-3' | 'style-3-dense';
  uploadLimitBytes?: number;
  timeZone?: string;
  sessionMaxHours?: number;
  mfaRequired?: boolean;
  /** Shown on the patient's /contact card (free text, e.g. 'Lun–ven 8 h 30–19 h'). */
  openingHours?: string;
  /** Issue 32: hours after its creation an unsigned consultation locks itself (1–72, default 24). */
  consultationLockHours?: number;
}

export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    siret: text('siret'),
    logoPath: text('logo_path'),
    settings: jsonb('settings').$type<OrganisationSettings>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    deactivationReason: text('deactivation_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The /organisations list's keyset order (issue 13).
  (t) => [index('organisations_name_idx').on(sql`lower(${t.name})`, t.id)],
);
