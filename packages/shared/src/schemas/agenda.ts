import { z } from 'zod';
import { parseRecurrence } from '../domain/recurrence.ts';
import { intId, isIsoDay, isoDayField } from './fields.ts';
import { AGENDA_MESSAGES } from '../domain/agenda-messages.ts';
import { dataAnswer } from './responses.ts';

// The agenda's French messages live in a zod-free module (a screen may read them without zod).
export { AGENDA_MESSAGES };

// Agenda and appointments (issue 15; SPEC §2 /agenda, /appointment; §3 messaging state
// "appointments, appointment, appointment validity, time of consultation"; §6 agenda groups).

export const APPOINTMENT_STATUSES = ['provisoire', 'demandé', 'confirmé', 'honoré', 'absent', 'annulé'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Allowed status changes (the cancel has its own call, with a reason). */
export const STATUS_TRANSITIONS: Record<AppointmentStatus, AppointmentStatus[]> = {
  provisoire: ['demandé', 'confirmé'],
  demandé: ['confirmé'],
  confirmé: ['honoré', 'absent'],
  honoré: [],
  absent: [],
  annulé: [],
};

export const AGENDA_LIMITS = {
  /** A hold (agenda temp) keeps its slot this long. */
  holdMinutes: 15,
  /** Appointment validity: a request not confirmed within this delay expires (organisation setting). */
  defaultValidityHours: 48,
  /** A patient cancels up to this many hours before the start (organisation setting). */
  defaultCancellationHours: 24,
  /** The reminder mail goes this many hours before (organisation setting). */
  defaultReminderHours: 24,
  /** A waitlist offer link is valid this long. */
  offerHours: 2,
  maxDurationMinutes: 24 * 60 - 1,
  maxRangeDays: 62,
  noteMax: 2000,
  reasonMax: 500,
  titleMax: 200,
  /** The private iCal feed: appointments starting from this many days back… */
  feedPastDays: 30,
  /** …to this many days ahead. */
  feedFutureDays: 180,
  /**
   * A cancelled appointment stays in the feed (STATUS:CANCELLED) this many days after its
   * cancellation: a calendar that polls the feed learns it, instead of keeping the stale event.
   */
  feedCancelledDays: 30,
} as const;


/**
 * A day of the agenda (YYYY-MM-DD): one that exists, in the years every date of the agenda keeps
 * to (checkTimes). The shape alone let 2026-00-10 reach Temporal (a RangeError, a 500), 2026-02-31
 * slide to another day or reach a date column, and year 9999's next day has no YYYY form.
 */
export const agendaDayField = isoDayField(AGENDA_MESSAGES.badDay).refine((d) => !isIsoDay(d) || (d >= '1900-01-01' && d <= '2100-12-31'), AGENDA_MESSAGES.outOfRange);

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, AGENDA_MESSAGES.badHours);
export const timeRangeSchema = z
  .object({ start: hhmm, end: hhmm })
  .refine((r) => r.start < r.end, { message: AGENDA_MESSAGES.badHours });
export type TimeRange = z.infer<typeof timeRangeSchema>;

/** Keys '1'..'7' (ISO weekday, Monday first). */
export const weeklyHoursSchema = z.partialRecord(z.enum(['1', '2', '3', '4', '5', '6', '7']), z.array(timeRangeSchema).max(6));
export type WeeklyHours = Partial<Record<'1' | '2' | '3' | '4' | '5' | '6' | '7', TimeRange[]>>;

export const availabilityRuleSchema = z.object({
  /** RFC 5545 RRULE body, e.g. 'FREQ=MONTHLY;BYDAY=1SA' (DTSTART is `since`): day frequencies only (parseRecurrence). */
  rrule: z.string({ error: AGENDA_MESSAGES.badRrule }).trim().max(300, AGENDA_MESSAGES.badRrule).refine((r) => parseRecurrence(r) !== null, AGENDA_MESSAGES.badRrule),
  /** Any day of the agenda's years: a rule's days are computed from the day asked, so an old start costs nothing. */
  since: agendaDayField,
  start: hhmm,
  end: hhmm,
});
export type AvailabilityRule = z.infer<typeof availabilityRuleSchema>;

export const DEFAULT_WEEKLY_HOURS: WeeklyHours = {
  '1': [{ start: '09:00', end: '12:30' }, { start: '14:00', end: '19:00' }],
  '2': [{ start: '09:00', end: '12:30' }, { start: '14:00', end: '19:00' }],
  '3': [{ start: '09:00', end: '12:30' }, { start: '14:00', end: '19:00' }],
  '4': [{ start: '09:00', end: '12:30' }, { start: '14:00', end: '19:00' }],
  '5': [{ start: '09:00', end: '12:30' }, { start: '14:00', end: '18:00' }],
};

const instant = z.iso.datetime({ offset: true });

export const appointmentInputSchema = z.object({
  practitionerId: z.string().uuid(),
  patientId: z.string().uuid().nullable().optional(),
  title: z.string().trim().max(AGENDA_LIMITS.titleMax).nullable().optional(),
  typeId: z.string().uuid().nullable().optional(),
  startsAt: instant,
  endsAt: instant,
  location: z.string().trim().max(300).nullable().optional(),
  teleconsultation: z.boolean().optional(),
  note: z.string().max(AGENDA_LIMITS.noteMax).optional(),
  /** Staff booking: confirmé at once (default) or a request. */
  status: z.enum(['confirmé', 'demandé']).optional(),
  /** Turns a hold of the caller into this appointment. */
  holdId: z.string().uuid().optional(),
  /**
   * Records a visit that already started (confirmé, no mail; its consultation starts from it): a
   * new appointment starting in the past is refused without it, so nobody books the past by mistake.
   */
  pastVisit: z.boolean().optional(),
});
export type AppointmentInput = z.infer<typeof appointmentInputSchema>;

export const appointmentPatchSchema = z.object({
  startsAt: instant.optional(),
  endsAt: instant.optional(),
  practitionerId: z.string().uuid().optional(),
  typeId: z.string().uuid().nullable().optional(),
  location: z.string().trim().max(300).nullable().optional(),
  teleconsultation: z.boolean().optional(),
  note: z.string().max(AGENDA_LIMITS.noteMax).optional(),
  title: z.string().trim().max(AGENDA_LIMITS.titleMax).nullable().optional(),
});
export type AppointmentPatch = z.infer<typeof appointmentPatchSchema>;

export const holdInputSchema = z.object({ practitionerId: z.string().uuid(), startsAt: instant, endsAt: instant });

export const statusInputSchema = z.object({ status: z.enum(['confirmé', 'honoré', 'absent']), consultationId: z.string().uuid().optional() });
export const cancelInputSchema = z.object({ reason: z.string().trim().min(1, AGENDA_MESSAGES.reasonRequired).max(AGENDA_LIMITS.reasonMax) });

export const rangeQuerySchema = z.object({
  from: instant,
  to: instant,
  /** Comma-separated practitioner ids; default: the caller's own agenda. */
  practitioners: z.string().max(2000).optional(),
});

export const appointmentTypeInputSchema = z.object({
  label: z.string().trim().min(1).max(100),
  durationMinutes: z.number().int().min(5).max(480),
  colour: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  jobSpecialistId: intId().nullable().optional(),
  bookable: z.boolean(),
  active: z.boolean().optional(),
});
export type AppointmentTypeInput = z.infer<typeof appointmentTypeInputSchema>;

/** GET /api/agenda/types: with `practitionerId`, only that practitioner's own types. */
export const typesQuerySchema = z.object({ practitionerId: z.string().uuid().optional() });

/**
 * A practitioner's own appointment types: those of their job speciality, and those meant for
 * every speciality (no speciality). A general practitioner is never offered a 'Bilan diététique'.
 */
export function typeFitsPractitioner(type: { jobSpecialistId: number | null }, practitioner: { jobSpecialistId: number | null }): boolean {
  return type.jobSpecialistId === null || type.jobSpecialistId === practitioner.jobSpecialistId;
}

export const agendaSettingsInputSchema = z.object({
  weeklyHours: weeklyHoursSchema,
  availability: z.array(availabilityRuleSchema).max(20),
});
export type AgendaSettingsInput = z.infer<typeof agendaSettingsInputSchema>;

export const exceptionInputSchema = z.object({ startsAt: instant, endsAt: instant, label: z.string().trim().max(200) });

/** The organisation's booking rules (issue 15), stored in its settings; `agenda management` edits them. */
export const bookingRulesSchema = z.object({
  /** A request (demandé) not confirmed within this many hours expires. */
  appointmentValidityHours: z.number({ message: AGENDA_MESSAGES.hoursNumber }).int(AGENDA_MESSAGES.hoursInteger).min(1, AGENDA_MESSAGES.validityHours).max(720, AGENDA_MESSAGES.validityHours),
  /** A patient cancels online up to this many hours before the start. */
  cancellationHours: z.number({ message: AGENDA_MESSAGES.hoursNumber }).int(AGENDA_MESSAGES.hoursInteger).min(0, AGENDA_MESSAGES.cancellationHours).max(336, AGENDA_MESSAGES.cancellationHours),
  /** The reminder mail goes this many hours before the start. */
  reminderHours: z.number({ message: AGENDA_MESSAGES.hoursNumber }).int(AGENDA_MESSAGES.hoursInteger).min(1, AGENDA_MESSAGES.reminderHours).max(168, AGENDA_MESSAGES.reminderHours),
});
export type BookingRules = z.infer<typeof bookingRulesSchema>;

/** GET /api/agenda/patients: the patients a booking may name (id and name only). */
export const patientChoiceQuerySchema = z.object({ q: z.string().trim().max(100).default('') });
export const patientChoiceSchema = z.object({ id: z.string(), fullName: z.string() });
export type PatientChoice = z.infer<typeof patientChoiceSchema>;

export const bookingInputSchema = z.object({
  practitionerId: z.string().uuid(),
  typeId: z.string().uuid(),
  startsAt: instant,
  note: z.string().max(AGENDA_LIMITS.noteMax).optional(),
});
export type BookingInput = z.infer<typeof bookingInputSchema>;

export const slotsQuerySchema = z.object({
  practitionerId: z.string().uuid(),
  typeId: z.string().uuid(),
  /** First day of the week shown (YYYY-MM-DD, organisation time zone). */
  from: agendaDayField,
  days: z.coerce.number().int().min(1).max(14).optional(),
});

/**
 * A patient's free slots (/appointment). With `firstFree=true` the answer is the first period of
 * `days` from `from` (then `from` + `days`…) that has a free slot, so the screen never opens on an
 * empty week (a Saturday, a full week); the answer's `from` says which period it is.
 */
export const bookingSlotsQuerySchema = slotsQuerySchema.extend({
  firstFree: z.enum(['true', 'false']).optional(),
});

/** GET /api/appointments/overview: the day shown (default: today in the organisation's zone). */
export const overviewQuerySchema = z.object({ day: agendaDayField.optional() });

/** How many periods `firstFree` looks ahead (one read of that span) before answering the first, empty. */
export const FIRST_FREE_PERIODS = 8;

export const waitlistInputSchema = z.object({
  practitionerId: z.string().uuid(),
  typeId: z.string().uuid().nullable().optional(),
  fromDay: agendaDayField,
  toDay: agendaDayField,
});

// The answers of /api/agenda and /api/appointments (the web client's types come from them): the
// instants are ISO strings the services write (toISOString), the days YYYY-MM-DD.
const status = z.enum(APPOINTMENT_STATUSES);
const nullableText = z.string().nullable();

export const appointmentSchema = z.object({
  id: z.string(),
  practitionerId: z.string(),
  practitionerName: z.string(),
  patientId: nullableText,
  /** The patient's full name (staff), or null for a patient caller's view of others. */
  patientName: nullableText,
  title: nullableText,
  typeId: nullableText,
  typeLabel: nullableText,
  colour: nullableText,
  startsAt: z.string(),
  endsAt: z.string(),
  location: nullableText,
  teleconsultation: z.boolean(),
  note: z.string(),
  status,
  cancelReason: nullableText,
  holdExpiresAt: nullableText,
  consultationId: nullableText,
  createdVia: z.string(),
  /** Set on a staff write outside working hours. */
  warning: z.string().optional(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/**
 * One appointment as the calendar draws it (GET /api/agenda/appointments, the period's views):
 * what the event shows, nothing more; its details come on demand (GET /api/agenda/appointments/:id).
 */
export const agendaEventSchema = z.object({
  id: z.string(),
  practitionerId: z.string(),
  /** The patient's full name, or the title of a slot without a patient (a meeting, a hold). */
  title: nullableText,
  typeLabel: nullableText,
  colour: nullableText,
  startsAt: z.string(),
  endsAt: z.string(),
  status,
});
export type AgendaEvent = z.infer<typeof agendaEventSchema>;

const absenceFields = { id: z.string(), startsAt: z.string(), endsAt: z.string(), label: z.string() };
export const agendaExceptionSchema = z.object(absenceFields);

/** The calendar's period: its events and the practitioners' absences, in the organisation's time zone. */
export const agendaPeriodSchema = z.object({
  timeZone: z.string(),
  appointments: z.array(agendaEventSchema),
  exceptions: z.array(z.object({ ...absenceFields, practitionerId: z.string() })),
});
export type AgendaPeriod = z.infer<typeof agendaPeriodSchema>;

export const agendaPractitionerSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  job: nullableText,
  jobSpecialistId: z.number().nullable(),
});
export type AgendaPractitioner = z.infer<typeof agendaPractitionerSchema>;

export const appointmentTypeSchema = z.object({
  id: z.string(),
  label: z.string(),
  durationMinutes: z.number(),
  colour: z.string(),
  jobSpecialistId: z.number().nullable(),
  bookable: z.boolean(),
  active: z.boolean(),
});
export type AppointmentType = z.infer<typeof appointmentTypeSchema>;

/** GET /api/appointments/options: each practitioner with the ids of their own types among `types`. */
export const bookingOptionsSchema = z.object({
  practitioners: z.array(agendaPractitionerSchema.extend({ typeIds: z.array(z.string()) })),
  types: z.array(appointmentTypeSchema),
});
export type BookingOptions = z.infer<typeof bookingOptionsSchema>;

export const freeSlotSchema = z.object({ startsAt: z.string(), endsAt: z.string() });
export type FreeSlot = z.infer<typeof freeSlotSchema>;

/** GET /api/appointments/slots: the free slots of the period that starts on `from` (YYYY-MM-DD). */
export interface FreeSlotsPage {
  from: string;
  slots: FreeSlot[];
}
/** The answer of GET /api/appointments/slots: the page's slots as `data`, beside its `from`. */
export const freeSlotsAnswer = z.object({ success: z.boolean(), data: z.array(freeSlotSchema), from: z.string() });

const storedRange = z.object({ start: z.string(), end: z.string() });
export const agendaSettingsSchema = z.object({
  practitionerId: z.string(),
  /** Keys '1'..'7' (ISO weekday, Monday first). */
  weeklyHours: z.partialRecord(z.enum(['1', '2', '3', '4', '5', '6', '7']), z.array(storedRange)),
  availability: z.array(storedRange.extend({ rrule: z.string(), since: z.string() })),
  exceptions: z.array(agendaExceptionSchema),
  icalActive: z.boolean(),
  timeZone: z.string(),
});
export type AgendaSettings = z.infer<typeof agendaSettingsSchema>;

export const waitlistEntrySchema = z.object({
  id: z.string(),
  practitionerId: z.string(),
  practitionerName: z.string(),
  fromDay: z.string(),
  toDay: z.string(),
  status: z.string(),
  offerStartsAt: nullableText,
  offerExpiresAt: nullableText,
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const appointmentAnswer = dataAnswer(appointmentSchema);
export const agendaPeriodAnswer = dataAnswer(agendaPeriodSchema);
export const agendaPractitionersAnswer = dataAnswer(z.array(agendaPractitionerSchema));
export const agendaHandleAnswer = dataAnswer(z.object({ practitionerId: z.string() }));
export const staffFreeSlotsAnswer = dataAnswer(z.array(freeSlotSchema));
export const agendaSettingsAnswer = dataAnswer(agendaSettingsSchema);
export const agendaExceptionAnswer = dataAnswer(agendaExceptionSchema);
export const appointmentTypeAnswer = dataAnswer(appointmentTypeSchema);
export const appointmentTypesAnswer = dataAnswer(z.array(appointmentTypeSchema));
export const bookingRulesAnswer = dataAnswer(z.object({ appointmentValidityHours: z.number(), cancellationHours: z.number(), reminderHours: z.number() }));
export const patientChoicesAnswer = dataAnswer(z.array(patientChoiceSchema));
/** The private feed's address (shown once: only its hash is stored). */
export const icalFeedAnswer = dataAnswer(z.object({ url: z.string() }));
export const staffOverviewAnswer = dataAnswer(z.object({ day: z.string(), requests: z.array(appointmentSchema), appointments: z.array(appointmentSchema) }));
export const appointmentsAnswer = dataAnswer(z.array(appointmentSchema));
export const bookingOptionsAnswer = dataAnswer(bookingOptionsSchema);
export const waitlistAnswer = dataAnswer(z.array(waitlistEntrySchema));

/** Initials for a feed that leaves the practice ('Lucas Bernard' → 'L. B.'). */
export function initialsOf(fullName: string | null | undefined): string {
  if (!fullName) return '';
  return fullName
    .split(/[\s-]+/)
    .filter(Boolean)
    .slice(0, 3)
    .map((w) => w[0]!.toLocaleUpperCase('fr-FR') + '.')
    .join(' ');
}
