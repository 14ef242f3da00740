import { createHash, randomBytes } from 'node:crypto';
import { can } from '@wellbe/shared/permissions';
import { DEFAULT_TIME_ZONE } from '@wellbe/shared/domain/dates';
import { addDays, localParts, zonedInstant } from '@wellbe/shared/domain/zoned';
import {
  AGENDA_LIMITS,
  AGENDA_MESSAGES,
  DEFAULT_WEEKLY_HOURS,
  STATUS_TRANSITIONS,
  type AgendaPeriod,
  type AgendaPractitioner,
  type AgendaSettings,
  type AgendaSettingsInput,
  type Appointment,
  type AppointmentInput,
  type AppointmentPatch,
  type AppointmentStatus,
  type AppointmentType,
  type AppointmentTypeInput,
  type BookingRules,
  type FreeSlot,
  type PatientChoice,
  typeFitsPractitioner,
} from '@wellbe/shared/schemas/agenda';
import { hidden, isUuid, type Caller, type OrgScope } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import { publishRealtime, registerRealtimeType } from '../../lib/realtime/index.ts';
import { freeSlots as computeFreeSlots, inside, validRrule, workingIntervals, type Interval } from './agenda.hours.ts';
import { appointmentMail } from './agenda.mail.ts';
import * as repo from './agenda.repository.ts';
import { searchPatientNames } from '../patients/patients.service.ts';

// The agenda's rules (issue 15, SPEC §6): who may see, book, move, cancel; the working hours;
// no double booking (the database's exclusion constraint, mapped to a 409); the journal.

registerRealtimeType('agenda.changed', { access: 'agenda' });

type Ctx = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config'>;

export function orgOf(caller: Caller): string {
  if (!caller.organizationId) throw forbidden('Aucune organisation n’est associée à ce compte.', 'no_organisation');
  return caller.organizationId;
}

export interface OrgAgendaSettings {
  timeZone: string;
  validityHours: number;
  cancellationHours: number;
  reminderHours: number;
  name: string;
}

export async function orgSettings(ctx: Pick<AppContext, 'db'>, organizationId: string): Promise<OrgAgendaSettings> {
  const row = await repo.organisationSettings(ctx.db, organizationId);
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

function mayCancel(caller: Caller, practitionerId: string): boolean {
  if (!can(caller.role, 'agendaDelete')) return false;
  return can(caller.role, 'agendaManagement') || caller.id === practitionerId;
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

export async function practitionerIn(ctx: Pick<AppContext, 'db'>, organizationId: string, id: string) {
  const row = isUuid(id) ? await repo.findPractitioner(ctx.db, organizationId, id) : null;
  if (!row) throw hidden(AGENDA_MESSAGES.practitionerNotFound, 'practitioner_not_found');
  return row;
}

/** The organisation's type, which must be one of the practitioner's own (typeFitsPractitioner). */
async function typeIn(ctx: Pick<AppContext, 'db'>, organizationId: string, id: string | null | undefined, practitioner: { jobSpecialistId: number | null }) {
  if (!id) return null;
  const row = await repo.findType(ctx.db, organizationId, id);
  if (!row) throw hidden(AGENDA_MESSAGES.typeNotFound, 'type_not_found');
  if (!typeFitsPractitioner(row, practitioner)) throw badRequest(AGENDA_MESSAGES.typeNotForPractitioner, 'type_not_for_practitioner');
  return row;
}

/** The practitioner's working intervals over the days covering [from, to]. */
export async function workingTime(ctx: Pick<AppContext, 'db'>, organizationId: string, practitionerId: string, from: Date, to: Date, timeZone: string): Promise<Interval[]> {
  const settings = await repo.readSettings(ctx.db, practitionerId);
  const exceptions = await repo.exceptionsBetween(ctx.db, organizationId, [practitionerId], addHours(from, -24), addHours(to, 24));
  return workingIntervals({
    weeklyHours: settings?.weeklyHours ?? DEFAULT_WEEKLY_HOURS,
    availability: settings?.availability ?? [],
    exceptions: exceptions.map((e) => ({ start: e.startsAt, end: e.endsAt })),
    fromDay: localParts(from, timeZone).day,
    toDay: localParts(to, timeZone).day,
    timeZone,
  });
}

function addHours(d: Date, h: number): Date {
  return new Date(d.getTime() + h * 3600_000);
}

async function journal(ctx: Ctx, caller: Caller, action: string, row: { id: string; patientId: string | null }, details: Record<string, unknown>) {
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
export async function releaseExpired(ctx: Ctx, where: { organizationId?: string; practitionerId?: string } = {}): Promise<number> {
  const now = new Date(ctx.clock.now());
  const { holds, requests } = await repo.releaseExpired(ctx.db, now, where);
  for (const r of [...holds, ...requests]) await changed(ctx, r.organizationId, r.id, r.practitionerId);
  for (const r of requests) {
    if (r.startsAt > now) await offerFreedSlot(ctx, r, (await orgSettings(ctx, r.organizationId)).timeZone);
  }
  return holds.length + requests.length;
}

/** Tells the open agendas about the expired holds and requests a write released in its transaction. */
export async function releasedChanged(ctx: Pick<AppContext, 'db'>, released: repo.Released): Promise<void> {
  for (const r of released) await changed(ctx, r.organizationId, r.id, r.practitionerId);
}

async function changed(ctx: Pick<AppContext, 'db'>, organizationId: string, appointmentId: string, practitionerId: string) {
  await publishRealtime(ctx.db, { type: 'agenda.changed', organisationId: organizationId, data: { appointmentId, practitionerId } });
}

function snapshot(row: { startsAt: Date; endsAt: Date; status: string; practitionerId: string }) {
  return { startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString(), status: row.status, practitionerId: row.practitionerId };
}

// ---- Reading ----

export async function listPractitioners(ctx: Pick<AppContext, 'db'>, caller: Caller): Promise<AgendaPractitioner[]> {
  const rows = await repo.listPractitioners(ctx.db, orgOf(caller));
  return rows.map(({ email: _e, ...r }) => r);
}

export async function resolveHandle(ctx: Pick<AppContext, 'db'>, caller: Caller, handle: string): Promise<string> {
  if (handle === 'moi') return caller.id;
  const row = await repo.findByUsername(ctx.db, orgOf(caller), handle);
  if (!row) throw hidden(AGENDA_MESSAGES.practitionerNotFound, 'practitioner_not_found');
  return row.id;
}

/**
 * The agenda's period (day, week, month views): one prepared statement (repo.period). A read
 * writes nothing but its journal row: expired holds and requests are left out (as released) and
 * released by the job, which also tells the open agendas and offers the freed slots to the waitlist.
 */
export async function listAppointments(ctx: Ctx & Pick<AppContext, 'pool'>, caller: Caller, query: { from: string; to: string; practitioners?: string }): Promise<AgendaPeriod> {
  const organizationId = orgOf(caller);
  const from = new Date(query.from);
  const to = new Date(query.to);
  if (!(to > from) || to.getTime() - from.getTime() > AGENDA_LIMITS.maxRangeDays * 86_400_000) throw badRequest('Période invalide (62 jours au plus).', 'bad_range');
  const ids = [...new Set((query.practitioners ? query.practitioners.split(',') : [caller.id]).filter(isUuid))].slice(0, 50);
  const read = await repo.period(ctx.pool, {
    organizationId,
    practitionerIds: ids,
    from,
    to,
    now: new Date(ctx.clock.now()),
    defaultTimeZone: DEFAULT_TIME_ZONE,
    defaultValidityHours: AGENDA_LIMITS.defaultValidityHours,
  });
  if (!read) throw forbidden('Aucune organisation n’est associée à ce compte.', 'no_organisation');
  await journalList(ctx, caller, { appointments: read.period.appointments.length, patients: read.patients }, { from: from.toISOString(), to: to.toISOString(), practitioners: ids.length });
  return read.period;
}

export async function readAppointment(ctx: Ctx, caller: Caller, id: string): Promise<Appointment> {
  const organizationId = orgOf(caller);
  const row = await found(ctx, organizationId, id);
  const { timeZone } = await orgSettings(ctx, organizationId);
  if (row.patientId) await journal(ctx, caller, 'appointment.read', row, {});
  return toAppointment(row, timeZone);
}

async function found(ctx: Pick<AppContext, 'db'>, organizationId: string, id: string) {
  const row = isUuid(id) ? await repo.findAppointment(ctx.db, organizationId, id) : null;
  if (!row) throw hidden(AGENDA_MESSAGES.notFound, 'appointment_not_found');
  return row;
}

/**
 * Today's appointments of a practitioner (not cancelled), in the organisation's time zone: what
 * other areas (the quick panel's events, the dashboard) read. No journal row: callers that show
 * names to a user journal it themselves.
 */
export async function todayAppointments(ctx: Pick<AppContext, 'db' | 'clock'>, organizationId: string, practitionerId: string): Promise<Appointment[]> {
  const { timeZone, validityHours } = await orgSettings(ctx, organizationId);
  const now = new Date(ctx.clock.now());
  const today = localParts(now, timeZone).day;
  const from = zonedInstant(today, '00:00', timeZone);
  const to = zonedInstant(addDays(today, 1), '00:00', timeZone);
  const rows = await repo.appointmentsBetween(ctx.db, organizationId, [practitionerId], from, to, { live: { now, validityHours } });
  return rows.filter((r) => r.status !== 'provisoire').map((r) => toAppointment(r, timeZone));
}

/**
 * The quick panel's 'Événements' from the agenda: today's appointments of the signed-in
 * practitioner, or a patient's next ones (SPEC §3 shape: id, title, detail). Journalled.
 */
export async function panelEvents(ctx: Ctx, caller: Caller): Promise<{ id: string; title: string; detail: string }[]> {
  if (!caller.organizationId) return [];
  const { timeZone } = await orgSettings(ctx, caller.organizationId);
  const time = (d: string) => localParts(new Date(d), timeZone).time;
  if (caller.role === 'PT' && caller.patientId) {
    const now = new Date(ctx.clock.now());
    const rows = (await repo.patientAppointments(ctx.db, caller.organizationId, caller.patientId)).filter((r) => r.startsAt > now && (r.status === 'confirmé' || r.status === 'demandé')).slice(0, 3);
    return rows.map((r) => {
      const [y, m, d] = localParts(r.startsAt, timeZone).day.split('-');
      return { id: r.id, title: `${d}/${m}/${y} ${localParts(r.startsAt, timeZone).time} · ${r.practitionerName ?? ''}`, detail: r.typeLabel ?? '' };
    });
  }
  if (!can(caller.role, 'agendaWrite')) return [];
  const list = await todayAppointments(ctx, caller.organizationId, caller.id);
  await journalList(ctx, caller, countShown(list), { via: 'panel' });
  return list.filter((a) => a.status !== 'annulé').map((a) => ({ id: a.id, title: `${time(a.startsAt)} ${a.patientName ?? a.title ?? ''}`.trim(), detail: [a.typeLabel, a.status].filter(Boolean).join(' · ') }));
}

// ---- Writing (staff) ----

export async function createAppointment(ctx: Ctx, caller: Caller, input: AppointmentInput): Promise<Appointment> {
  const organizationId = orgOf(caller);
  const practitioner = await practitionerIn(ctx, organizationId, input.practitionerId);
  if (!mayWrite(caller, practitioner.id)) throw forbidden(can(caller.role, 'agendaWrite') ? AGENDA_MESSAGES.notYourAgenda : AGENDA_MESSAGES.noAgendaRight, 'agenda_forbidden');
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  checkTimes(startsAt, endsAt);
  if (!input.patientId && !input.title?.trim()) throw badRequest(AGENDA_MESSAGES.patientOrTitle, 'patient_or_title');
  if (input.patientId) {
    // Another organisation's (or an archived) patient is a journalled 404, as elsewhere.
    if (!(await repo.livePatientIn(ctx.db, organizationId, input.patientId))) {
      await recordAudit(ctx, caller, { action: 'appointment.create', outcome: 'denied', recordType: 'patient', recordId: input.patientId, patientId: input.patientId });
      throw hidden('Patient introuvable.', 'patient_not_found');
    }
  }
  const type = await typeIn(ctx, organizationId, input.typeId, practitioner);
  const { timeZone } = await orgSettings(ctx, organizationId);
  const now = new Date(ctx.clock.now());
  // The past is booked only on purpose (a visit already made, recorded without a mail).
  if (input.pastVisit && startsAt > now) throw badRequest(AGENDA_MESSAGES.pastVisitFuture, 'past_visit_future');
  if (!input.pastVisit && startsAt < now) throw badRequest(AGENDA_MESSAGES.pastBooking, 'in_past');
  if (input.holdId) {
    const hold = await repo.findAppointment(ctx.db, organizationId, input.holdId);
    if (!hold || hold.status !== 'provisoire' || hold.createdBy !== caller.id) throw conflict(AGENDA_MESSAGES.holdExpired, 'hold_expired');
    await repo.updateAppointment(ctx.db, organizationId, hold.id, { status: 'annulé', cancelReason: 'Réservation finalisée', cancelledAt: now, updatedAt: now });
  }
  const hours = await workingTime(ctx, organizationId, practitioner.id, startsAt, endsAt, timeZone);
  // A past visit is confirmed like any other: its consultation starts from it, and honoré or
  // absent follow as usual; only the mail is left out.
  const status = input.pastVisit ? 'confirmé' : (input.status ?? 'confirmé');
  const result = await repo.insertAppointment(ctx.db, {
    organizationId,
    practitionerId: practitioner.id,
    patientId: input.patientId ?? null,
    title: input.title?.trim() || null,
    typeId: type?.id ?? null,
    startsAt,
    endsAt,
    location: input.location ?? null,
    teleconsultation: input.teleconsultation ?? false,
    note: input.note ?? '',
    status,
    confirmedAt: status === 'confirmé' ? now : null,
    createdBy: caller.id,
    createdVia: 'staff',
    createdAt: now,
    updatedAt: now,
  }, { now, practitionerId: practitioner.id, startsAt, endsAt });
  if (result === 'overlap') throw conflict(AGENDA_MESSAGES.slotTaken, 'slot_taken');
  await releasedChanged(ctx, result.released);
  const row = (await repo.findAppointment(ctx.db, organizationId, result.id))!;
  await journal(ctx, caller, 'appointment.create', row, { after: snapshot(row), ...(input.pastVisit ? { pastVisit: true } : {}) });
  await changed(ctx, organizationId, row.id, row.practitionerId);
  if (status === 'confirmé' && !input.pastVisit) await mailPatient(ctx, row, 'confirmation', timeZone);
  const out = toAppointment(row, timeZone);
  if (!inside(hours, startsAt, endsAt)) out.warning = AGENDA_MESSAGES.outsideHoursWarning;
  return out;
}

export async function updateAppointment(ctx: Ctx, caller: Caller, id: string, patch: AppointmentPatch): Promise<Appointment> {
  const organizationId = orgOf(caller);
  const row = await found(ctx, organizationId, id);
  if (!mayWrite(caller, row.practitionerId)) throw forbidden(AGENDA_MESSAGES.notYourAgenda, 'agenda_forbidden');
  if (row.status === 'annulé') throw conflict(AGENDA_MESSAGES.cancelled, 'appointment_cancelled');
  const practitionerId = patch.practitionerId ?? row.practitionerId;
  const target = practitionerId !== row.practitionerId ? await practitionerIn(ctx, organizationId, practitionerId) : null;
  if (target && !mayWrite(caller, practitionerId)) throw forbidden(AGENDA_MESSAGES.notYourAgenda, 'agenda_forbidden');
  const startsAt = patch.startsAt ? new Date(patch.startsAt) : row.startsAt;
  const endsAt = patch.endsAt ? new Date(patch.endsAt) : patch.startsAt ? new Date(startsAt.getTime() + (row.endsAt.getTime() - row.startsAt.getTime())) : row.endsAt;
  checkTimes(startsAt, endsAt);
  // A new type, or the same type in another practitioner's agenda, must be that practitioner's own.
  const typeId = patch.typeId === undefined ? row.typeId : patch.typeId;
  const type = patch.typeId !== undefined || (target && typeId) ? await typeIn(ctx, organizationId, typeId, target ?? (await practitionerIn(ctx, organizationId, practitionerId))) : undefined;
  const { timeZone } = await orgSettings(ctx, organizationId);
  const now = new Date(ctx.clock.now());
  const moved = startsAt.getTime() !== row.startsAt.getTime() || endsAt.getTime() !== row.endsAt.getTime() || practitionerId !== row.practitionerId;
  const result = await repo.updateAppointment(ctx.db, organizationId, row.id, {
    practitionerId,
    startsAt,
    endsAt,
    ...(type !== undefined ? { typeId: type?.id ?? null } : {}),
    ...(patch.location !== undefined ? { location: patch.location } : {}),
    ...(patch.teleconsultation !== undefined ? { teleconsultation: patch.teleconsultation } : {}),
    ...(patch.note !== undefined ? { note: patch.note } : {}),
    ...(patch.title !== undefined ? { title: patch.title } : {}),
    ...(moved ? { reminderSentAt: null } : {}),
    updatedAt: now,
  }, moved ? { now, practitionerId, startsAt, endsAt } : undefined);
  if (result === 'overlap') throw conflict(AGENDA_MESSAGES.slotTaken, 'slot_taken');
  await releasedChanged(ctx, result.released);
  const after = (await repo.findAppointment(ctx.db, organizationId, row.id))!;
  await journal(ctx, caller, moved ? 'appointment.move' : 'appointment.update', after, { before: snapshot(row), after: snapshot(after) });
  await changed(ctx, organizationId, row.id, practitionerId);
  // A visit moved within the past (its time corrected) is no news for the patient.
  if (moved && after.status === 'confirmé' && startsAt > now) await mailPatient(ctx, after, 'change', timeZone);
  const out = toAppointment(after, timeZone);
  const hours = await workingTime(ctx, organizationId, practitionerId, startsAt, endsAt, timeZone);
  if (!inside(hours, startsAt, endsAt)) out.warning = AGENDA_MESSAGES.outsideHoursWarning;
  return out;
}

export async function setStatus(ctx: Ctx, caller: Caller, id: string, input: { status: 'confirmé' | 'honoré' | 'absent'; consultationId?: string }): Promise<Appointment> {
  const organizationId = orgOf(caller);
  const row = await found(ctx, organizationId, id);
  if (!mayWrite(caller, row.practitionerId)) throw forbidden(AGENDA_MESSAGES.notYourAgenda, 'agenda_forbidden');
  if (row.status === 'annulé') throw conflict(AGENDA_MESSAGES.cancelled, 'appointment_cancelled');
  if (!STATUS_TRANSITIONS[row.status as AppointmentStatus].includes(input.status)) throw conflict(AGENDA_MESSAGES.badTransition, 'bad_transition');
  // "Time of consultation": the consultation linked must be one of this patient's, in this
  // organisation; an id from the body is never taken on trust.
  if (input.consultationId && (!row.patientId || !isUuid(input.consultationId) || !(await repo.consultationOfPatient(ctx.db, organizationId, row.patientId, input.consultationId)))) {
    throw hidden(AGENDA_MESSAGES.consultationNotFound, 'consultation_not_found');
  }
  const now = new Date(ctx.clock.now());
  await repo.updateAppointment(ctx.db, organizationId, row.id, {
    status: input.status,
    ...(input.status === 'confirmé' ? { confirmedAt: now, holdExpiresAt: null } : {}),
    ...(input.consultationId ? { consultationId: input.consultationId } : {}),
    updatedAt: now,
  });
  const after = (await repo.findAppointment(ctx.db, organizationId, row.id))!;
  await journal(ctx, caller, 'appointment.status', after, { before: { status: row.status }, after: { status: after.status } });
  await changed(ctx, organizationId, row.id, row.practitionerId);
  const { timeZone } = await orgSettings(ctx, organizationId);
  if (input.status === 'confirmé') await mailPatient(ctx, after, 'confirmation', timeZone);
  return toAppointment(after, timeZone);
}

/** Cancels (staff: `agenda delete`, own agenda or `agenda management`; a patient: their own, up to the limit). */
export async function cancelAppointment(ctx: Ctx, caller: Caller, id: string, reason: string): Promise<Appointment> {
  const organizationId = orgOf(caller);
  const row = await found(ctx, organizationId, id);
  const now = new Date(ctx.clock.now());
  const settings = await orgSettings(ctx, organizationId);
  if (caller.role === 'PT') {
    if (!caller.patientId || row.patientId !== caller.patientId) throw hidden(AGENDA_MESSAGES.notFound, 'appointment_not_found');
    if (row.startsAt.getTime() - now.getTime() < settings.cancellationHours * 3600_000) throw conflict(AGENDA_MESSAGES.cancelTooLate, 'cancel_too_late');
  } else if (!mayCancel(caller, row.practitionerId)) {
    throw forbidden(AGENDA_MESSAGES.notYourAgenda, 'agenda_forbidden');
  }
  if (row.status === 'annulé') throw conflict(AGENDA_MESSAGES.cancelled, 'appointment_cancelled');
  if (row.status === 'honoré' || row.status === 'absent') throw conflict(AGENDA_MESSAGES.badTransition, 'bad_transition');
  await repo.updateAppointment(ctx.db, organizationId, row.id, { status: 'annulé', cancelReason: reason, cancelledAt: now, cancelledBy: caller.id, updatedAt: now });
  const after = (await repo.findAppointment(ctx.db, organizationId, row.id))!;
  await journal(ctx, caller, 'appointment.cancel', after, { before: snapshot(row), after: { status: 'annulé', reason } });
  await changed(ctx, organizationId, row.id, row.practitionerId);
  await mailPatient(ctx, after, 'cancel', settings.timeZone);
  if (row.status !== 'provisoire' && row.startsAt > now) await offerFreedSlot(ctx, { organizationId, practitionerId: row.practitionerId, startsAt: row.startsAt, endsAt: row.endsAt }, settings.timeZone);
  return toAppointment(after, settings.timeZone);
}

/** `agenda temp`: holds a slot for 15 minutes while a booking is being completed. */
export async function createHold(ctx: Ctx, caller: Caller, input: { practitionerId: string; startsAt: string; endsAt: string }): Promise<Appointment> {
  const organizationId = orgOf(caller);
  const practitioner = await practitionerIn(ctx, organizationId, input.practitionerId);
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  checkTimes(startsAt, endsAt);
  const now = new Date(ctx.clock.now());
  // A hold prepares a booking, and the past is never booked that way.
  if (startsAt < now) throw badRequest(AGENDA_MESSAGES.inPast, 'in_past');
  const result = await repo.insertAppointment(ctx.db, {
    organizationId,
    practitionerId: practitioner.id,
    title: 'Réservation provisoire',
    startsAt,
    endsAt,
    status: 'provisoire',
    holdExpiresAt: new Date(now.getTime() + AGENDA_LIMITS.holdMinutes * 60_000),
    createdBy: caller.id,
    createdVia: 'staff',
    createdAt: now,
    updatedAt: now,
  }, { now, practitionerId: practitioner.id, startsAt, endsAt });
  if (result === 'overlap') throw conflict(AGENDA_MESSAGES.slotTaken, 'slot_taken');
  await releasedChanged(ctx, result.released);
  const row = (await repo.findAppointment(ctx.db, organizationId, result.id))!;
  await changed(ctx, organizationId, row.id, row.practitionerId);
  return toAppointment(row, (await orgSettings(ctx, organizationId)).timeZone);
}

// ---- Free slots, settings, types ----

export async function freeSlotsFor(ctx: Ctx, organizationId: string, practitionerId: string, minutes: number, fromDay: string, days: number, notBefore: Date): Promise<FreeSlot[]> {
  const { timeZone, validityHours } = await orgSettings(ctx, organizationId);
  const from = zonedInstant(fromDay, '00:00', timeZone);
  const to = zonedInstant(addDays(fromDay, days), '00:00', timeZone);
  const intervals = (await workingTime(ctx, organizationId, practitionerId, from, addHours(to, -1), timeZone)).filter((i) => i.end > from && i.start < to);
  // Expired holds and requests are free slots already (the booking releases them).
  const live = { now: new Date(ctx.clock.now()), validityHours };
  const busy = (await repo.appointmentsBetween(ctx.db, organizationId, [practitionerId], from, to, { live })).map((r) => ({ start: r.startsAt, end: r.endsAt }));
  const step = minutes <= 20 ? minutes : minutes <= 30 ? 30 : 15;
  return computeFreeSlots(intervals, busy, minutes, step, notBefore).map((s) => ({ startsAt: s.start.toISOString(), endsAt: s.end.toISOString() }));
}

export async function staffFreeSlots(ctx: Ctx, caller: Caller, q: { practitionerId: string; typeId: string; from: string; days?: number }) {
  const organizationId = orgOf(caller);
  const type = (await typeIn(ctx, organizationId, q.typeId, await practitionerIn(ctx, organizationId, q.practitionerId)))!;
  return freeSlotsFor(ctx, organizationId, q.practitionerId, type.durationMinutes, q.from, q.days ?? 7, new Date(ctx.clock.now()));
}

export async function readSettings(ctx: Ctx, caller: Caller, practitionerId: string): Promise<AgendaSettings> {
  const organizationId = orgOf(caller);
  await practitionerIn(ctx, organizationId, practitionerId);
  const row = await repo.readSettings(ctx.db, practitionerId);
  const exceptions = await repo.upcomingExceptions(ctx.db, organizationId, practitionerId, new Date(ctx.clock.now() - 30 * 86_400_000));
  return {
    practitionerId,
    weeklyHours: row?.weeklyHours ?? DEFAULT_WEEKLY_HOURS,
    availability: row?.availability ?? [],
    exceptions: exceptions.map((e) => ({ id: e.id, startsAt: e.startsAt.toISOString(), endsAt: e.endsAt.toISOString(), label: e.label })),
    icalActive: practitionerId === caller.id && !!row?.icalSecretHash,
    timeZone: (await orgSettings(ctx, organizationId)).timeZone,
  };
}

export async function writeSettings(ctx: Ctx, caller: Caller, practitionerId: string, input: AgendaSettingsInput): Promise<AgendaSettings> {
  const organizationId = orgOf(caller);
  await practitionerIn(ctx, organizationId, practitionerId);
  if (!mayWrite(caller, practitionerId)) throw forbidden(AGENDA_MESSAGES.notYourAgenda, 'agenda_forbidden');
  for (const rule of input.availability) if (!validRrule(rule)) throw badRequest(AGENDA_MESSAGES.badRrule, 'bad_rrule');
  const existing = await repo.readSettings(ctx.db, practitionerId);
  await repo.upsertSettings(ctx.db, { userId: practitionerId, organizationId, weeklyHours: input.weeklyHours, availability: input.availability, icalSecretHash: existing?.icalSecretHash ?? null, icalCreatedAt: existing?.icalCreatedAt ?? null, updatedAt: new Date(ctx.clock.now()) });
  await recordAudit(ctx, caller, { action: 'agenda.settings', outcome: 'success', recordType: 'agenda', recordId: practitionerId, details: { before: existing ? { weeklyHours: existing.weeklyHours } : null, after: { weeklyHours: input.weeklyHours } } });
  return readSettings(ctx, caller, practitionerId);
}

export async function addException(ctx: Ctx, caller: Caller, practitionerId: string, input: { startsAt: string; endsAt: string; label: string }) {
  const organizationId = orgOf(caller);
  await practitionerIn(ctx, organizationId, practitionerId);
  if (!mayWrite(caller, practitionerId)) throw forbidden(AGENDA_MESSAGES.notYourAgenda, 'agenda_forbidden');
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  if (endsAt <= startsAt) throw badRequest(AGENDA_MESSAGES.endBeforeStart, 'end_before_start');
  checkTimes(startsAt, new Date(Math.min(endsAt.getTime(), startsAt.getTime() + 60_000)));
  const row = await repo.insertException(ctx.db, { organizationId, practitionerId, startsAt, endsAt, label: input.label });
  await recordAudit(ctx, caller, { action: 'agenda.exception', outcome: 'success', recordType: 'agenda', recordId: practitionerId, details: { after: { startsAt: input.startsAt, endsAt: input.endsAt } } });
  return { id: row.id, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString(), label: row.label };
}

export async function removeException(ctx: Ctx, caller: Caller, practitionerId: string, id: string) {
  const organizationId = orgOf(caller);
  await practitionerIn(ctx, organizationId, practitionerId);
  if (!mayWrite(caller, practitionerId)) throw forbidden(AGENDA_MESSAGES.notYourAgenda, 'agenda_forbidden');
  if (!isUuid(id) || !isUuid(practitionerId) || !(await repo.deleteException(ctx.db, organizationId, practitionerId, id))) throw hidden('Exception introuvable.', 'exception_not_found');
}

function toType(row: Awaited<ReturnType<typeof repo.listTypes>>[number]): AppointmentType {
  return { id: row.id, label: row.label, durationMinutes: row.durationMinutes, colour: row.colour, jobSpecialistId: row.jobSpecialistId, bookable: row.bookable, active: row.active };
}

/** The organisation's types; with a practitioner, only their own (the booking dialogs offer these). */
export async function listTypes(ctx: Pick<AppContext, 'db'>, caller: Caller, practitionerId?: string): Promise<AppointmentType[]> {
  const organizationId = orgOf(caller);
  const practitioner = practitionerId ? await practitionerIn(ctx, organizationId, practitionerId) : null;
  const rows = await repo.listTypes(ctx.db, organizationId);
  return rows.filter((t) => !practitioner || typeFitsPractitioner(t, practitioner)).map(toType);
}

export async function createType(ctx: Ctx, caller: Caller, input: AppointmentTypeInput): Promise<AppointmentType> {
  const row = await repo.insertType(ctx.db, { organizationId: orgOf(caller), label: input.label, durationMinutes: input.durationMinutes, colour: input.colour, jobSpecialistId: input.jobSpecialistId ?? null, bookable: input.bookable, active: input.active ?? true });
  await recordAudit(ctx, caller, { action: 'agenda.type.create', outcome: 'success', recordType: 'appointment_type', recordId: row.id, details: { after: toType(row) } });
  return toType(row);
}

export async function updateType(ctx: Ctx, caller: Caller, id: string, input: AppointmentTypeInput): Promise<AppointmentType> {
  const before = isUuid(id) ? await repo.findType(ctx.db, orgOf(caller), id) : null;
  const row = before
    ? await repo.updateType(ctx.db, orgOf(caller), id, { label: input.label, durationMinutes: input.durationMinutes, colour: input.colour, jobSpecialistId: input.jobSpecialistId ?? null, bookable: input.bookable, active: input.active ?? true })
    : null;
  if (!row || !before) throw hidden(AGENDA_MESSAGES.typeNotFound, 'type_not_found');
  await recordAudit(ctx, caller, { action: 'agenda.type.update', outcome: 'success', recordType: 'appointment_type', recordId: row.id, details: { before: toType(before), after: toType(row) } });
  return toType(row);
}

// ---- The organisation's booking rules (validity, cancellation, reminder delays) ----

function rulesOf(settings: OrgAgendaSettings): BookingRules {
  return { appointmentValidityHours: settings.validityHours, cancellationHours: settings.cancellationHours, reminderHours: settings.reminderHours };
}

export async function readBookingRules(ctx: Pick<AppContext, 'db'>, caller: Caller): Promise<BookingRules> {
  return rulesOf(await orgSettings(ctx, orgOf(caller)));
}

/** `agenda management`: merged into the organisation's settings (its other keys untouched), journalled. */
export async function writeBookingRules(ctx: Ctx, caller: Caller, input: BookingRules): Promise<BookingRules> {
  const organizationId = orgOf(caller);
  const before = rulesOf(await orgSettings(ctx, organizationId));
  await repo.mergeOrganisationSettings(ctx.db, organizationId, input, new Date(ctx.clock.now()));
  await recordAudit(ctx, caller, { action: 'agenda.rules', outcome: 'success', recordType: 'organisation', recordId: organizationId, details: { before, after: input } });
  return readBookingRules(ctx, caller);
}

// ---- Patients a booking may name (the booking dialog) ----

/**
 * Who books for a practitioner (`agenda write` in their own agenda, `agenda management` in any)
 * names the patient: AD and RH have no access to the patient files (not `dps`), so they get the
 * live patients of their organisation by the list's search, id and name only. Journalled as a list.
 */
export async function searchPatients(ctx: Ctx, caller: Caller, q: string): Promise<PatientChoice[]> {
  const organizationId = orgOf(caller);
  if (!can(caller.role, 'agendaBooking')) throw forbidden(AGENDA_MESSAGES.noAgendaRight, 'agenda_forbidden');
  if (!q.trim()) return [];
  const rows = await searchPatientNames(ctx, organizationId, q);
  await recordAudit(ctx, caller, { action: 'patient.list', outcome: 'success', recordType: 'patient', details: { count: rows.length, search: true, via: 'agenda' } });
  return rows;
}

// ---- iCal feed secret ----

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

// ---- Mails and the waitlist offer (shared with the jobs and the patient side) ----

export async function mailPatient(ctx: Ctx, row: repo.AppointmentRow, kind: 'confirmation' | 'change' | 'cancel' | 'reminder', timeZone: string): Promise<void> {
  if (!row.patientEmail) return;
  const org = await orgSettings(ctx, row.organizationId);
  await ctx.mailer.send(appointmentMail(row, kind, { timeZone, organisationName: org.name, publicUrl: ctx.config.publicUrl, mailFrom: ctx.config.mailFrom }));
}

export async function offerFreedSlot(ctx: Ctx, slot: { organizationId: string; practitionerId: string; startsAt: Date; endsAt: Date }, timeZone: string): Promise<void> {
  const token = randomBytes(24).toString('base64url');
  const now = new Date(ctx.clock.now());
  const offer = await repo.offerToFirstWaiting(ctx.db, {
    organizationId: slot.organizationId,
    practitionerId: slot.practitionerId,
    day: localParts(slot.startsAt, timeZone).day,
    startsAt: slot.startsAt,
    endsAt: slot.endsAt,
    tokenHash: hashSecret(token),
    expiresAt: new Date(now.getTime() + AGENDA_LIMITS.offerHours * 3600_000),
  });
  if (!offer?.patient?.email) return;
  const p = localParts(slot.startsAt, timeZone);
  const [y, m, d] = p.day.split('-');
  await ctx.mailer.send({
    to: offer.patient.email,
    subject: `Un créneau s’est libéré le ${d}/${m}/${y} à ${p.time}`,
    text: `Bonjour,\n\nUn créneau s’est libéré le ${d}/${m}/${y} à ${p.time}. Vous étiez sur la liste d’attente : ce lien vous permet de le réserver pendant ${AGENDA_LIMITS.offerHours} heures (le premier qui accepte l’obtient).\n\n${ctx.config.publicUrl}/appointment?offre=${token}\n\nWellBe`,
  });
}

/** The patients and practitioners of the scope's appointments not cancelled, one patient's or one practitioner's (chat). */
export function appointmentCarePairs(ctx: Pick<AppContext, 'db'>, scope: OrgScope, who: { patientId?: string; practitionerId?: string }) {
  return repo.carePairs(ctx.db, scope, who);
}
