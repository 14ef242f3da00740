import { addDays, localParts, todayIn } from '@wellbe/shared/domain/zoned';
import { zonedInstant } from '@wellbe/shared/domain/zoned-instant';
import { AGENDA_MESSAGES, FIRST_FREE_PERIODS, typeFitsPractitioner, type Appointment, type BookingInput, type BookingOptions, type FreeSlotsPage, type WaitlistEntry } from '@wellbe/shared/schemas/agenda';
import { isIsoDay } from '@wellbe/shared/schemas/fields';
import { hidden, isUuid, type Caller } from '../../access/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import { cancelAppointment, setStatus } from '../agenda/agenda.appointments.ts';
import { inside } from '../agenda/agenda.hours.ts';
import * as agenda from '../agenda/agenda.service.ts';
import { freeSlotsFor, listTypes } from '../agenda/agenda.settings.ts';
import { hashToken } from './appointments.offers.ts';
import * as repo from './appointments.repository.ts';

// /appointment (SPEC §6 `appointment`: RH AD PT DE), the booking side of the agenda. A patient
// books from the free slots of their organisation's practitioners for bookable types, sees and
// cancels only their own appointments, and never sees another patient's name. Staff see the
// requests to confirm and the day's list. The appointments themselves are the agenda's: this
// service goes through the agenda's service; the waitlist is its own table.

type Ctx = agenda.Ctx;

function patientOf(caller: Caller): string {
  if (caller.role !== 'PT' || !caller.patientId) throw forbidden(AGENDA_MESSAGES.patientOnly, 'patient_only');
  return caller.patientId;
}

/** The practitioners a booking may name, each with the ids of their own types among those offered. */
export async function bookingOptions(ctx: Ctx, caller: Caller): Promise<BookingOptions> {
  const types = (await listTypes(ctx, caller)).filter((t) => t.active && (caller.role !== 'PT' || t.bookable));
  const practitioners = (await agenda.listPractitioners(ctx, caller))
    .filter((p) => p.username.toLowerCase() !== 'de')
    .map((p) => ({ ...p, typeIds: types.filter((t) => typeFitsPractitioner(t, p)).map((t) => t.id) }));
  return { practitioners, types };
}

/** An active type of the practitioner's own, bookable online for a patient. */
async function bookableType(ctx: Ctx, caller: Caller, typeId: string, practitioner: { jobSpecialistId: number | null }) {
  const type = (await listTypes(ctx, caller)).find((t) => t.id === typeId && t.active);
  if (!type) throw hidden(AGENDA_MESSAGES.typeNotFound, 'type_not_found');
  if (caller.role === 'PT' && !type.bookable) throw forbidden(AGENDA_MESSAGES.typeNotBookable, 'type_not_bookable');
  if (!typeFitsPractitioner(type, practitioner)) throw badRequest(AGENDA_MESSAGES.typeNotForPractitioner, 'type_not_for_practitioner');
  return type;
}

/**
 * Free slots only: start and end, never who holds the others. With `firstFree`, the first period
 * from `from` that has one (read in one pass over FIRST_FREE_PERIODS periods): a patient opening
 * /appointment on a Saturday, or before a full week, lands on slots they can take.
 */
export async function slots(ctx: Ctx, caller: Caller, q: { practitionerId: string; typeId: string; from: string; days?: number; firstFree?: 'true' | 'false' }): Promise<FreeSlotsPage> {
  const scope = agenda.agendaScope(caller);
  const type = await bookableType(ctx, caller, q.typeId, await agenda.practitionerIn(ctx, scope, q.practitionerId));
  const days = q.days ?? 7;
  const seek = q.firstFree === 'true';
  const found = await freeSlotsFor(ctx, scope, q.practitionerId, type.durationMinutes, q.from, seek ? days * FIRST_FREE_PERIODS : days, new Date(ctx.clock.now()));
  if (!seek || !found.length) return { from: q.from, slots: seek ? [] : found };
  const { timeZone } = await agenda.orgSettings(ctx, scope);
  const firstDay = localParts(new Date(found[0]!.startsAt), timeZone).day;
  const period = Math.floor((Date.parse(firstDay) - Date.parse(q.from)) / (days * 86_400_000));
  const from = addDays(q.from, period * days);
  const start = zonedInstant(from, '00:00', timeZone).getTime();
  const end = zonedInstant(addDays(from, days), '00:00', timeZone).getTime();
  return { from, slots: found.filter((s) => Date.parse(s.startsAt) >= start && Date.parse(s.startsAt) < end) };
}

/** A patient books online: a request ('demandé') the practice confirms within its validity delay. */
export async function book(ctx: Ctx, caller: Caller, input: BookingInput, via: 'patient' | 'waitlist' = 'patient'): Promise<Appointment> {
  const scope = agenda.agendaScope(caller);
  const patientId = patientOf(caller);
  const practitioner = await agenda.practitionerIn(ctx, scope, input.practitionerId);
  const type = await bookableType(ctx, caller, input.typeId, practitioner);
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(startsAt.getTime() + type.durationMinutes * 60_000);
  agenda.checkTimes(startsAt, endsAt);
  const now = new Date(ctx.clock.now());
  if (startsAt <= now) throw badRequest(AGENDA_MESSAGES.inPast, 'in_past');
  const { timeZone } = await agenda.orgSettings(ctx, scope);
  const hours = await agenda.workingTime(ctx, scope, practitioner.id, startsAt, endsAt, timeZone);
  if (!inside(hours, startsAt, endsAt)) throw badRequest(AGENDA_MESSAGES.outsideHours, 'outside_hours');
  const row = await agenda.insertAppointment(ctx, scope, {
    practitionerId: practitioner.id,
    patientId,
    typeId: type.id,
    startsAt,
    endsAt,
    note: input.note ?? '',
    status: via === 'waitlist' ? 'confirmé' : 'demandé',
    confirmedAt: via === 'waitlist' ? now : null,
    createdBy: caller.id,
    createdVia: via,
    createdAt: now,
    updatedAt: now,
  });
  if (row === 'overlap') throw conflict(AGENDA_MESSAGES.slotTaken, 'slot_taken');
  await recordAudit(ctx, caller, { action: 'appointment.book', outcome: 'success', recordType: 'appointment', recordId: row.id, patientId, details: { after: { startsAt: row.startsAt.toISOString(), practitionerId: row.practitionerId, status: row.status } } });
  await agenda.changed(ctx, scope.organizationId, row.id, row.practitionerId);
  if (row.status === 'confirmé') await agenda.mailPatient(ctx, row, 'confirmation', timeZone);
  return agenda.toAppointment(row, timeZone);
}

export async function myAppointments(ctx: Ctx, caller: Caller): Promise<Appointment[]> {
  // Staff of the group have no appointments of their own as patients: an empty list.
  if (caller.role !== 'PT') return [];
  const scope = agenda.agendaScope(caller);
  const patientId = patientOf(caller);
  const { timeZone, validityHours } = await agenda.orgSettings(ctx, scope);
  // A read writes nothing: an expired request reads as released (the job releases it).
  const rows = await agenda.patientAppointments(ctx, scope, patientId, { now: new Date(ctx.clock.now()), validityHours });
  await recordAudit(ctx, caller, { action: 'appointment.list', outcome: 'success', recordType: 'appointment', patientId, details: { count: rows.length } });
  return rows.map((r) => agenda.toAppointment(r, timeZone));
}

/** Staff of /appointment: requests waiting for confirmation and one day's appointments. */
export async function staffOverview(ctx: Ctx, caller: Caller, day?: string): Promise<{ day: string; requests: Appointment[]; appointments: Appointment[] }> {
  if (caller.role === 'PT') throw forbidden();
  const scope = agenda.agendaScope(caller);
  const { timeZone, validityHours } = await agenda.orgSettings(ctx, scope);
  const now = new Date(ctx.clock.now());
  // The route refuses a day that does not exist (overviewQuerySchema); the shape alone let 2026-13-00 reach Temporal.
  const theDay = day && isIsoDay(day) ? day : localParts(now, timeZone).day;
  const from = zonedInstant(theDay, '00:00', timeZone);
  const to = zonedInstant(addDays(theDay, 1), '00:00', timeZone);
  const rows = await agenda.requestsAndDay(ctx, scope, from, to, { now, validityHours });
  const patientIds = [...new Set(rows.map((r) => r.patientId).filter(Boolean))];
  if (patientIds.length) await recordAudit(ctx, caller, { action: 'appointment.list', outcome: 'success', recordType: 'appointment', details: { patients: patientIds.length } });
  const all = rows.map((r) => agenda.toAppointment(r, timeZone));
  return {
    day: theDay,
    requests: all.filter((a) => a.status === 'demandé'),
    appointments: all.filter((a) => a.status !== 'provisoire' && new Date(a.startsAt) < to && new Date(a.endsAt) > from),
  };
}

/** Confirming a request from /appointment (RH AD DE: the agenda management group). */
export async function confirm(ctx: Ctx, caller: Caller, id: string): Promise<Appointment> {
  if (caller.role === 'PT') throw forbidden();
  return setStatus(ctx, caller, id, { status: 'confirmé' });
}

export async function cancel(ctx: Ctx, caller: Caller, id: string, reason: string): Promise<Appointment> {
  return cancelAppointment(ctx, caller, id, reason);
}

// ---- Waitlist ----

function toEntry(r: Awaited<ReturnType<typeof repo.patientWaitlist>>[number]): WaitlistEntry {
  return { ...r, practitionerName: r.practitionerName, offerStartsAt: r.offerStartsAt?.toISOString() ?? null, offerExpiresAt: r.offerExpiresAt?.toISOString() ?? null };
}

export async function myWaitlist(ctx: Ctx, caller: Caller): Promise<WaitlistEntry[]> {
  if (caller.role !== 'PT') return [];
  return (await repo.patientWaitlist(ctx.db, agenda.agendaScope(caller), patientOf(caller))).map(toEntry);
}

export async function joinWaitlist(ctx: Ctx, caller: Caller, input: { practitionerId: string; typeId?: string | null; fromDay: string; toDay: string }): Promise<WaitlistEntry[]> {
  const scope = agenda.agendaScope(caller);
  const patientId = patientOf(caller);
  const practitioner = await agenda.practitionerIn(ctx, scope, input.practitionerId);
  const today = todayIn((await agenda.orgSettings(ctx, scope)).timeZone, ctx.clock.now());
  if (input.toDay < input.fromDay || input.toDay < today || input.fromDay > addDays(today, 366)) throw badRequest(AGENDA_MESSAGES.waitlistRange, 'waitlist_range');
  if (input.typeId) await bookableType(ctx, caller, input.typeId, practitioner);
  await repo.insertWaitlist(ctx.db, scope, { patientId, practitionerId: input.practitionerId, typeId: input.typeId ?? null, fromDay: input.fromDay, toDay: input.toDay });
  await recordAudit(ctx, caller, { action: 'waitlist.join', outcome: 'success', recordType: 'waitlist', patientId });
  return myWaitlist(ctx, caller);
}

export async function leaveWaitlist(ctx: Ctx, caller: Caller, id: string): Promise<void> {
  if (caller.role !== 'PT' || !isUuid(id) || !(await repo.withdrawWaitlist(ctx.db, agenda.agendaScope(caller), patientOf(caller), id))) throw hidden(AGENDA_MESSAGES.waitlistNotFound, 'waitlist_not_found');
  // A change to the patient's own entry, journalled as joining is.
  await recordAudit(ctx, caller, { action: 'waitlist.leave', outcome: 'success', recordType: 'waitlist', recordId: id, patientId: patientOf(caller) });
}

/** Accepting an offer: the first to accept gets the slot (the exclusion constraint decides). */
export async function acceptOffer(ctx: Ctx, caller: Caller, token: string): Promise<Appointment> {
  const scope = agenda.agendaScope(caller);
  const patientId = patientOf(caller);
  const tokenHash = hashToken(token);
  const entry = await repo.offerByToken(ctx.db, scope, tokenHash);
  const now = new Date(ctx.clock.now());
  // An offer outlives its slot when the slot was freed less than its validity before the start:
  // accepting it then would book the past, which a patient never does.
  if (!entry || entry.patientId !== patientId || !entry.offerExpiresAt || entry.offerExpiresAt <= now || !entry.offerStartsAt || !entry.offerEndsAt || entry.offerStartsAt <= now) {
    throw conflict(AGENDA_MESSAGES.offerInvalid, 'offer_invalid');
  }
  const row = await agenda.insertAppointment(ctx, scope, {
    practitionerId: entry.practitionerId,
    patientId,
    typeId: entry.typeId,
    startsAt: entry.offerStartsAt,
    endsAt: entry.offerEndsAt,
    status: 'confirmé',
    confirmedAt: now,
    createdBy: caller.id,
    createdVia: 'waitlist',
    createdAt: now,
    updatedAt: now,
  });
  if (row === 'overlap') {
    await repo.reopenOffer(ctx.db, scope, entry.id, tokenHash);
    throw conflict(AGENDA_MESSAGES.slotTaken, 'slot_taken');
  }
  await repo.markWaitlist(ctx.db, scope, entry.id, 'servi');
  const { timeZone } = await agenda.orgSettings(ctx, scope);
  await recordAudit(ctx, caller, { action: 'appointment.book', outcome: 'success', recordType: 'appointment', recordId: row.id, patientId, details: { via: 'waitlist' } });
  await agenda.changed(ctx, scope.organizationId, row.id, row.practitionerId);
  await agenda.mailPatient(ctx, row, 'confirmation', timeZone);
  return agenda.toAppointment(row, timeZone);
}
