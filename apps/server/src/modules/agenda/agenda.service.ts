import type { OneOrgScope } from '../../access/scope.ts';
import { can } from '@wellbe/shared/permissions';
import { DEFAULT_TIME_ZONE } from '@wellbe/shared/domain/dates';
import { addDays, localParts, todayIn } from '@wellbe/shared/domain/zoned';
import { zonedInstant } from '@wellbe/shared/domain/zoned-instant';
import { AGENDA_LIMITS, AGENDA_MESSAGES, DEFAULT_WEEKLY_HOURS, type AgendaPeriod, type AgendaPractitioner, type Appointment, type AppointmentStatus, typeFitsPractitioner } from '@wellbe/shared/schemas/agenda';
import { hidden, isUuid, ownScope, systemScope, type Caller, type OrgScope } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { auditRow, recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { publishRealtime, registerRealtimeType } from '../../lib/realtime/index.ts';
import { offerFreedSlot } from '../appointments/appointments.offers.ts';
import { workingIntervals, type Interval } from './agenda.hours.ts';
import { appointmentMail } from './agenda.mail.ts';
import { period } from './agenda.period.repository.ts';
import * as repo from './agenda.repository.ts';
import * as setup from './agenda.settings.repository.ts';

// The agenda's rules (issue 15, SPEC §6): who may see, book, move, cancel; the working hours;
// no double booking (the database's exclusion constraint, mapped to a 409); the journal. This file
// holds what every part of the area shares and the reads; the writes are in agenda.appointments.ts,
// the settings, types and free slots in agenda.settings.ts, the feed in agenda.ical.ts.

registerRealtimeType('agenda.changed', { access: 'agenda' });

export type Ctx = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config'>;
export type AppointmentRow = repo.AppointmentRow;
export type { LiveAt, NewAppointment } from './agenda.repository.ts';

/**
 * The agenda's scope: the caller's own organisation (SA and DE included: an agenda is one
 * practice's). A caller without organisation has no agenda: the area's 404, as for another
 * organisation's appointment (the one rule of the access module).
 */
export function agendaScope(caller: Caller): OneOrgScope {
  return ownScope(caller, AGENDA_MESSAGES.notFound, 'appointment_not_found');
}

export interface OrgAgendaSettings {
  timeZone: string;
  validityHours: number;
  cancellationHours: number;
  reminderHours: number;
  name: string;
}

export async function orgSettings(ctx: Pick<AppContext, 'db'>, scope: OneOrgScope): Promise<OrgAgendaSettings> {
  const row = await repo.organisationSettings(ctx.db, scope);
  const s = (row?.settings ?? {}) as Record<string, unknown>;
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  return {
    timeZone: typeof s.timeZone === 'string' ? s.timeZone : DEFAULT_TIME_ZONE,
    validityHours: num(s.appointmentValidityHours, AGENDA_LIMITS.defaultValidityHours),
    cancellationHours: num(s.cancellationHours, AGENDA_LIMITS.defaultCancellationHours),
    reminderHours: num(s.reminderHours, AGENDA_LIMITS.defaultReminderHours),
    name: row?.name ?? '',
  };
}

/** May the caller write in this practitioner's agenda? (`agenda write` own, `agenda management` any.) */
export function mayWrite(caller: Caller, practitionerId: string): boolean {
  if (can(caller.role, 'agendaManagement')) return true;
  return can(caller.role, 'agendaWrite') && caller.id === practitionerId;
}

export function toAppointment(row: repo.AppointmentRow, timeZone: string, hideNames = false): Appointment {
  void timeZone;
  return {
    id: row.id,
    practitionerId: row.practitionerId,
    practitionerName: row.practitionerName ?? '',
    patientId: hideNames ? null : row.patientId,
    patientName: hideNames ? null : row.patientName,
    title: hideNames ? null : row.title,
    typeId: row.typeId,
    typeLabel: row.typeLabel,
    colour: row.colour,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    location: row.location,
    teleconsultation: row.teleconsultation,
    note: hideNames ? '' : row.note,
    status: row.status as AppointmentStatus,
    cancelReason: row.cancelReason,
    holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
    consultationId: row.consultationId,
    createdVia: row.createdVia,
  };
}

/** Dates a user typed: end after start, 1 min..24 h, years 1900..2100. */
export function checkTimes(startsAt: Date, endsAt: Date): void {
  if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime())) throw badRequest(AGENDA_MESSAGES.outOfRange, 'bad_date');
  for (const d of [startsAt, endsAt]) {
    const y = d.getUTCFullYear();
    if (y < 1900 || y > 2100) throw badRequest(AGENDA_MESSAGES.outOfRange, 'bad_date');
  }
  if (endsAt <= startsAt) throw badRequest(AGENDA_MESSAGES.endBeforeStart, 'end_before_start');
  const minutes = (endsAt.getTime() - startsAt.getTime()) / 60_000;
  if (minutes < 1 || minutes > AGENDA_LIMITS.maxDurationMinutes) throw badRequest(AGENDA_MESSAGES.badDuration, 'bad_duration');
}

export async function practitionerIn(ctx: Pick<AppContext, 'db'>, scope: OneOrgScope, id: string) {
  const row = isUuid(id) ? await setup.findPractitioner(ctx.db, scope, id) : null;
  if (!row) throw hidden(AGENDA_MESSAGES.practitionerNotFound, 'practitioner_not_found');
  return row;
}

/** The organisation's type, which must be one of the practitioner's own (typeFitsPractitioner). */
export async function typeIn(ctx: Pick<AppContext, 'db'>, scope: OneOrgScope, id: string | null | undefined, practitioner: { jobSpecialistId: number | null }) {
  if (!id) return null;
  const row = await setup.findType(ctx.db, scope, id);
  if (!row) throw hidden(AGENDA_MESSAGES.typeNotFound, 'type_not_found');
  if (!typeFitsPractitioner(row, practitioner)) throw badRequest(AGENDA_MESSAGES.typeNotForPractitioner, 'type_not_for_practitioner');
  return row;
}

/** The practitioner's working intervals over the days covering [from, to]. */
export async function workingTime(ctx: Pick<AppContext, 'db'>, scope: OneOrgScope, practitionerId: string, from: Date, to: Date, timeZone: string): Promise<Interval[]> {
  const settings = await setup.readSettings(ctx.db, scope, practitionerId);
  const exceptions = await setup.exceptionsBetween(ctx.db, scope, [practitionerId], addHours(from, -24), addHours(to, 24));
  return workingIntervals({
    weeklyHours: settings?.weeklyHours ?? DEFAULT_WEEKLY_HOURS,
    availability: settings?.availability ?? [],
    exceptions: exceptions.map((e) => ({ start: e.startsAt, end: e.endsAt })),
    fromDay: localParts(from, timeZone).day,
    toDay: localParts(to, timeZone).day,
    timeZone,
  });
}

export function addHours(d: Date, h: number): Date {
  return new Date(d.getTime() + h * 3600_000);
}

export async function journal(ctx: Ctx, caller: Caller, action: string, row: { id: string; patientId: string | null }, details: Record<string, unknown>) {
  await recordAudit(ctx, caller, { action, outcome: 'success', recordType: 'appointment', recordId: row.id, patientId: row.patientId, details });
}

/**
 * Showing patients' names in a list of appointments is a read of patient data: one journal row
 * for the read (as the patient list's 'patient.list'), with how many appointments and patients it
 * showed, not one row per patient. Opening an appointment is journalled with its patient.
 */
async function journalList(ctx: Ctx, caller: Caller, shown: { appointments: number; patients: number }, details: Record<string, unknown>) {
  // The counts only, picked by name: never the rest of what the caller passes (the week view's
  // period carries its answer, names included: 290 kB written and flushed at every read).
  if (shown.patients) await recordAudit(ctx, caller, { action: 'appointment.list', outcome: 'success', recordType: 'appointment', details: { ...details, appointments: shown.appointments, patients: shown.patients } });
}

function countShown(rows: { patientId: string | null }[]) {
  return { appointments: rows.length, patients: new Set(rows.map((r) => r.patientId).filter(Boolean)).size };
}

/**
 * The job's release of the expired holds and requests (agenda.jobs.ts, every minute), with what a
 * release entails: the open agendas are told, and a request's freed future slot is offered to the
 * waitlist. Reads never release (they show them as released); a write releases only those
 * overlapping its own slot, in its transaction (repo.insertAppointment, repo.updateAppointment).
 */
export async function releaseExpired(ctx: Ctx): Promise<number> {
  const now = new Date(ctx.clock.now());
  const { holds, requests } = await repo.releaseExpiredEverywhere(ctx.db, now);
  for (const r of [...holds, ...requests]) await changed(ctx, r.organizationId, r.id, r.practitionerId);
  for (const r of requests) {
    const scope = systemScope(r.organizationId);
    if (r.startsAt > now) await offerFreedSlot(ctx, scope, r, (await orgSettings(ctx, scope)).timeZone);
  }
  return holds.length + requests.length;
}

/** Tells the open agendas about the expired holds and requests a write released in its transaction. */
export async function releasedChanged(ctx: Pick<AppContext, 'db'>, released: repo.Released): Promise<void> {
  for (const r of released) await changed(ctx, r.organizationId, r.id, r.practitionerId);
}

export async function changed(ctx: Pick<AppContext, 'db'>, organizationId: string, appointmentId: string, practitionerId: string) {
  await publishRealtime(ctx.db, { type: 'agenda.changed', organisationId: organizationId, data: { appointmentId, practitionerId } });
}

export function snapshot(row: { startsAt: Date; endsAt: Date; status: string; practitionerId: string }) {
  return { startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString(), status: row.status, practitionerId: row.practitionerId };
}

/**
 * A new appointment in the scope's organisation, read back with its names; 'overlap' when the slot
 * is taken (the expired holds and requests over it are released in the same transaction, and the
 * open agendas told). Every booking path (staff, hold, patient, waitlist) writes through here.
 * A booking that completes a hold gives it up in that transaction: refused, it keeps the hold.
 */
export async function insertAppointment(ctx: Pick<AppContext, 'db'>, scope: OneOrgScope, values: repo.NewAppointment & { createdAt: Date }, hold?: repo.HoldToFinalise): Promise<repo.AppointmentRow | 'overlap'> {
  const result = await repo.insertAppointment(ctx.db, scope, values, { now: values.createdAt, practitionerId: values.practitionerId, startsAt: values.startsAt, endsAt: values.endsAt }, hold);
  if (result === 'overlap') return result;
  if (result === 'hold_expired') throw conflict(AGENDA_MESSAGES.holdExpired, 'hold_expired');
  await releasedChanged(ctx, result.released);
  const row = (await repo.findAppointment(ctx.db, scope, result.id))!;
  for (const listener of bookingListeners.values()) await listener(ctx, scope, row, values.createdAt);
  return row;
}

/** What another area does when an appointment is booked (questionnaires sent with its type). */
export type BookingListener = (ctx: Pick<AppContext, 'db'>, scope: OneOrgScope, row: repo.AppointmentRow, now: Date) => Promise<void>;
const bookingListeners = new Map<string, BookingListener>();
/** Registered by app.ts, by name (building the app twice registers it once). */
export function onAppointmentBooked(name: string, listener: BookingListener): void {
  bookingListeners.set(name, listener);
}

/** An appointment of the scope, or the area's 404. */
export async function found(ctx: Pick<AppContext, 'db'>, scope: OneOrgScope, id: string) {
  const row = isUuid(id) ? await repo.findAppointment(ctx.db, scope, id) : null;
  if (!row) throw hidden(AGENDA_MESSAGES.notFound, 'appointment_not_found');
  return row;
}

// ---- Reading ----

export async function listPractitioners(ctx: Pick<AppContext, 'db'>, caller: Caller): Promise<AgendaPractitioner[]> {
  const rows = await setup.listPractitioners(ctx.db, agendaScope(caller));
  return rows.map(({ email: _e, ...r }) => r);
}

export async function resolveHandle(ctx: Pick<AppContext, 'db'>, caller: Caller, handle: string): Promise<string> {
  if (handle === 'moi') return caller.id;
  const row = await setup.findByUsername(ctx.db, agendaScope(caller), handle);
  if (!row) throw hidden(AGENDA_MESSAGES.practitionerNotFound, 'practitioner_not_found');
  return row.id;
}

/**
 * The agenda's period (day, week, month views): one prepared statement (agenda.period.repository).
 * A read writes nothing but its journal row: expired holds and requests are left out (as released)
 * and released by the job, which also tells the open agendas and offers the freed slots to the waitlist.
 */
export async function listAppointments(ctx: Ctx & Pick<AppContext, 'pool'>, caller: Caller, query: { from: string; to: string; practitioners?: string }): Promise<AgendaPeriod> {
  const scope = agendaScope(caller);
  const from = new Date(query.from);
  const to = new Date(query.to);
  if (!(to > from) || to.getTime() - from.getTime() > AGENDA_LIMITS.maxRangeDays * 86_400_000) throw badRequest(AGENDA_MESSAGES.badRange, 'bad_range');
  const ids = [...new Set((query.practitioners ? query.practitioners.split(',') : [caller.id]).filter(isUuid))].slice(0, 50);
  const read = await period(ctx.pool, scope, {
    practitionerIds: ids,
    from,
    to,
    now: new Date(ctx.clock.now()),
    defaultTimeZone: DEFAULT_TIME_ZONE,
    defaultValidityHours: AGENDA_LIMITS.defaultValidityHours,
    // Showing patients' names is a read of patient data: one journal row for the read (as the
    // patient list's 'patient.list'), written by the read's statement when it shows a patient, with
    // how many appointments and patients it showed (never the answer, names included), not one row per patient.
    journal: auditRow(ctx, caller, { action: 'appointment.list', outcome: 'success', recordType: 'appointment', details: { from: from.toISOString(), to: to.toISOString(), practitioners: ids.length } }),
  });
  // No such organisation (a deleted one a token still names): nothing of it exists for the caller.
  if (!read) throw hidden(AGENDA_MESSAGES.notFound, 'appointment_not_found');
  return read;
}

export async function readAppointment(ctx: Ctx, caller: Caller, id: string): Promise<Appointment> {
  const scope = agendaScope(caller);
  const row = await found(ctx, scope, id);
  const { timeZone } = await orgSettings(ctx, scope);
  if (row.patientId) await journal(ctx, caller, 'appointment.read', row, {});
  return toAppointment(row, timeZone);
}

/**
 * Today's appointments of a practitioner (not cancelled), in the organisation's time zone: what
 * other areas (the quick panel's events, the dashboard) read. No journal row: callers that show
 * names to a user journal it themselves.
 */
export async function todayAppointments(ctx: Pick<AppContext, 'db' | 'clock'>, scope: OneOrgScope, practitionerId: string): Promise<Appointment[]> {
  const { timeZone, validityHours } = await orgSettings(ctx, scope);
  const now = new Date(ctx.clock.now());
  const today = todayIn(timeZone, now);
  const from = zonedInstant(today, '00:00', timeZone);
  const to = zonedInstant(addDays(today, 1), '00:00', timeZone);
  const rows = await repo.appointmentsBetween(ctx.db, scope, [practitionerId], from, to, { live: { now, validityHours } });
  return rows.filter((r) => r.status !== 'provisoire').map((r) => toAppointment(r, timeZone));
}

/** The busy intervals of a practitioner over [from, to) (the free slots' other half). */
export async function busyBetween(ctx: Pick<AppContext, 'db' | 'clock'>, scope: OneOrgScope, practitionerId: string, from: Date, to: Date, validityHours: number) {
  // Expired holds and requests are free slots already (the booking releases them).
  const live = { now: new Date(ctx.clock.now()), validityHours };
  return (await repo.appointmentsBetween(ctx.db, scope, [practitionerId], from, to, { live })).map((r) => ({ start: r.startsAt, end: r.endsAt }));
}

/** A patient's appointments (not holds): /appointment's "Mes rendez-vous" and the quick panel. */
export async function patientAppointments(ctx: Pick<AppContext, 'db'>, scope: OneOrgScope, patientId: string, live?: repo.LiveAt) {
  return repo.patientAppointments(ctx.db, scope, patientId, live);
}

/** Staff view of /appointment: the requests to confirm and one day's appointments. */
export async function requestsAndDay(ctx: Pick<AppContext, 'db'>, scope: OneOrgScope, from: Date, to: Date, live: repo.LiveAt) {
  return repo.requestsAndDay(ctx.db, scope, from, to, live);
}

/**
 * The quick panel's 'Événements' from the agenda: today's appointments of the signed-in
 * practitioner, or a patient's next ones (SPEC §3 shape: id, title, detail). Journalled.
 */
export async function panelEvents(ctx: Ctx, caller: Caller): Promise<{ id: string; title: string; detail: string }[]> {
  // A summary panel, not a page: without an organisation it is simply empty.
  if (!caller.organizationId) return [];
  const scope = agendaScope(caller);
  const { timeZone } = await orgSettings(ctx, scope);
  const time = (d: string) => localParts(new Date(d), timeZone).time;
  if (caller.role === 'PT' && caller.patientId) {
    const now = new Date(ctx.clock.now());
    const rows = (await repo.patientAppointments(ctx.db, scope, caller.patientId)).filter((r) => r.startsAt > now && (r.status === 'confirmé' || r.status === 'demandé')).slice(0, 3);
    // The patient's own appointments are still their file's data: the read is journalled (DESIGN §4).
    if (rows.length) await recordAudit(ctx, caller, { action: 'appointment.list', outcome: 'success', recordType: 'patient', recordId: caller.patientId, patientId: caller.patientId, details: { via: 'panel', appointments: rows.length } });
    return rows.map((r) => {
      const [y, m, d] = localParts(r.startsAt, timeZone).day.split('-');
      return { id: r.id, title: `${d}/${m}/${y} ${localParts(r.startsAt, timeZone).time} · ${r.practitionerName ?? ''}`, detail: r.typeLabel ?? '' };
    });
  }
  if (!can(caller.role, 'agendaWrite')) return [];
  const list = await todayAppointments(ctx, scope, caller.id);
  await journalList(ctx, caller, countShown(list), { via: 'panel' });
  return list.filter((a) => a.status !== 'annulé').map((a) => ({ id: a.id, title: `${time(a.startsAt)} ${a.patientName ?? a.title ?? ''}`.trim(), detail: [a.typeLabel, a.status].filter(Boolean).join(' · ') }));
}

// ---- Mails (shared with the jobs and the patient side) ----

export async function mailPatient(ctx: Ctx, row: repo.AppointmentRow, kind: 'confirmation' | 'change' | 'cancel' | 'reminder', timeZone: string): Promise<void> {
  if (!row.patientEmail) return;
  const org = await orgSettings(ctx, systemScope(row.organizationId));
  await ctx.mailer.send(appointmentMail(row, kind, { timeZone, organisationName: org.name, publicUrl: ctx.config.publicUrl, mailFrom: ctx.config.mailFrom }));
}


/** The patients and practitioners of the scope's appointments not cancelled, one patient's or one practitioner's (chat). */
export function appointmentCarePairs(ctx: Pick<AppContext, 'db'>, scope: OrgScope, who: { patientId?: string; practitionerId?: string }) {
  return repo.carePairs(ctx.db, scope, who);
}
