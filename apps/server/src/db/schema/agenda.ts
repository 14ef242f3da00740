import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AvailabilityRule, WeeklyHours } from '@wellbe/shared/schemas/agenda';
import { organisationOwned } from './columns.ts';
import { consultations } from './consultations.ts';
import { jobSpecialists } from './specialists.ts';
import { patients } from './patients.ts';
import { users } from './users.ts';

// Agenda and appointments (issue 15). Times are instants (timestamptz); working hours and
// recurring availability are wall-clock times read in the organisation's time zone.

/** One row per practitioner who has set up their agenda (defaults apply otherwise). */
export const agendaSettings = pgTable('agenda_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  ...organisationOwned(),
  /** Working hours per ISO weekday (1 = Monday … 7 = Sunday), wall-clock 'HH:MM' ranges. */
  weeklyHours: jsonb('weekly_hours').$type<WeeklyHours>().notNull(),
  /** Extra recurring availability (RRULE, e.g. one Saturday morning a month). */
  availability: jsonb('availability').$type<AvailabilityRule[]>().notNull().default([]),
  /** sha-256 of the private iCal feed secret; null when no feed exists (or it was revoked). */
  icalSecretHash: text('ical_secret_hash'),
  icalCreatedAt: timestamp('ical_created_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('agenda_settings_ical_key').on(t.icalSecretHash)]);

/** Holidays and absences: no booking inside. */
export const agendaExceptions = pgTable(
  'agenda_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    practitionerId: uuid('practitioner_id')
      .notNull()
      .references(() => users.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    label: text('label').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agenda_exceptions_practitioner_idx').on(t.practitionerId, t.startsAt)],
);

export const appointmentTypes = pgTable(
  'appointment_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    label: text('label').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    colour: text('colour').notNull().default('#1976d2'),
    jobSpecialistId: integer('job_specialist_id').references(() => jobSpecialists.id),
    bookable: boolean('bookable').notNull().default(false),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('appointment_types_org_idx').on(t.organizationId, t.position)],
);

export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    practitionerId: uuid('practitioner_id')
      .notNull()
      .references(() => users.id),
    patientId: uuid('patient_id').references(() => patients.id),
    /** For a slot without patient (a meeting). */
    title: text('title'),
    /**
     * The patient's full name, kept by PostgreSQL alone (triggers of migration agenda-patient-name:
     * set from patients on insert or when patient_id changes, rewritten when the patient is renamed,
     * null without patient): the calendar's period reads it beside the appointment instead of one
     * lookup per row (issue 31, docs/scaling.md). The application never writes it.
     */
    patientName: text('patient_name'),
    typeId: uuid('type_id').references(() => appointmentTypes.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    location: text('location'),
    teleconsultation: boolean('teleconsultation').notNull().default(false),
    note: text('note').notNull().default(''),
    /** provisoire (a 15-minute hold) | demandé | confirmé | honoré | absent | annulé */
    status: text('status').notNull(),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by'),
    /** Until when a hold keeps its slot. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Set by the reminder job in the statement that takes the appointment: sent exactly once. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    consultationId: uuid('consultation_id').references(() => consultations.id),
    createdBy: uuid('created_by').references(() => users.id),
    /** staff | patient | waitlist */
    createdVia: text('created_via').notNull().default('staff'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The iCalendar SEQUENCE (RFC 5545): bumped by the appointments_sequence trigger whenever the
     * time, practitioner, place, type or status changes, so that every write path (the job's
     * release of expired requests included) tells calendars which revision is the newest.
     */
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [
    index('appointments_org_start_idx').on(t.organizationId, t.startsAt),
    // The calendar's period (every read carries the organisation): organisation, practitioners, time.
    index('appointments_org_practitioner_start_idx').on(t.organizationId, t.practitionerId, t.startsAt),
    index('appointments_patient_idx').on(t.patientId, t.startsAt).where(sql`${t.patientId} is not null`),
    // The job's (and the writes') release of expired holds and requests reads only these rows.
    index('appointments_pending_idx').on(t.status, t.createdAt).where(sql`${t.status} in ('provisoire', 'demandé')`),
    index('appointments_reminder_due_idx').on(t.startsAt).where(sql`${t.reminderSentAt} is null and ${t.status} = 'confirmé'`),
  ],
);

/** Patients waiting for an earlier slot with a practitioner (★). */
export const appointmentWaitlist = pgTable(
  'appointment_waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...organisationOwned(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    practitionerId: uuid('practitioner_id')
      .notNull()
      .references(() => users.id),
    typeId: uuid('type_id').references(() => appointmentTypes.id),
    /** Calendar days (YYYY-MM-DD), inclusive, in the organisation's time zone. */
    fromDay: text('from_day').notNull(),
    toDay: text('to_day').notNull(),
    /** attente | proposé | servi | retiré */
    status: text('status').notNull().default('attente'),
    offerTokenHash: text('offer_token_hash'),
    offerStartsAt: timestamp('offer_starts_at', { withTimezone: true }),
    offerEndsAt: timestamp('offer_ends_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('appointment_waitlist_practitioner_idx').on(t.practitionerId, t.status, t.createdAt)],
);
