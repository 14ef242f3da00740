import type { OneOrgScope } from '../../access/scope.ts';
import { can } from '@wellbe/shared/permissions';
import { addDays } from '@wellbe/shared/domain/zoned';
import { zonedInstant } from '@wellbe/shared/domain/zoned-instant';
import { AGENDA_MESSAGES, DEFAULT_WEEKLY_HOURS, typeFitsPractitioner, type AgendaSettings, type AgendaSettingsInput, type AppointmentType, type AppointmentTypeInput, type BookingRules, type FreeSlot, type PatientChoice } from '@wellbe/shared/schemas/agenda';
import { hidden, isUuid, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { mergeOrganisationSettings } from '../organisations/organisations.service.ts';
import { searchPatientNames } from '../patients/patients.service.ts';
import { SpecialistsService } from '../specialists/specialists.service.ts';
import { freeSlots as computeFreeSlots, validRrule } from './agenda.hours.ts';
import * as setup from './agenda.settings.repository.ts';
import { addHours, agendaScope, busyBetween, checkTimes, mayWrite, orgSettings, practitionerIn, typeIn, workingTime, type Ctx, type OrgAgendaSettings } from './agenda.service.ts';

// What an agenda is set up with (issue 15): the free slots its hours leave, each practitioner's
// working hours and absences, the organisation's appointment types and booking rules, and the
// patients a booking may name.

// ---- Free slots ----

export async function freeSlotsFor(ctx: Ctx, scope: OneOrgScope, practitionerId: string, minutes: number, fromDay: string, days: number, notBefore: Date): Promise<FreeSlot[]> {
  const { timeZone, validityHours } = await orgSettings(ctx, scope);
  const from = zonedInstant(fromDay, '00:00', timeZone);
  const to = zonedInstant(addDays(fromDay, days), '00:00', timeZone);
  const intervals = (await workingTime(ctx, scope, practitionerId, from, addHours(to, -1), timeZone)).filter((i) => i.end > from && i.start < to);
  const busy = await busyBetween(ctx, scope, practitionerId, from, to, validityHours);
  const step = minutes <= 20 ? minutes : minutes <= 30 ? 30 : 15;
  return computeFreeSlots(intervals, busy, minutes, step, notBefore).map((s) => ({ startsAt: s.start.toISOString(), endsAt: s.end.toISOString() }));
}

export async function staffFreeSlots(ctx: Ctx, caller: Caller, q: { practitionerId: string; typeId: string; from: string; days?: number }) {
  const scope = agendaScope(caller);
  const type = (await typeIn(ctx, scope, q.typeId, await practitionerIn(ctx, scope, q.practitionerId)))!;
  return freeSlotsFor(ctx, scope, q.practitionerId, type.durationMinutes, q.from, q.days ?? 7, new Date(ctx.clock.now()));
}

// ---- Working hours and absences ----

export async function readSettings(ctx: Ctx, caller: Caller, practitionerId: string): Promise<AgendaSettings> {
  const scope = agendaScope(caller);
  await practitionerIn(ctx, scope, practitionerId);
  const row = await setup.readSettings(ctx.db, scope, practitionerId);
  const exceptions = await setup.upcomingExceptions(ctx.db, scope, practitionerId, new Date(ctx.clock.now() - 30 * 86_400_000));
  return {
    practitionerId,
    weeklyHours: row?.weeklyHours ?? DEFAULT_WEEKLY_HOURS,
    availability: row?.availability ?? [],
    exceptions: exceptions.map((e) => ({ id: e.id, startsAt: e.startsAt.toISOString(), endsAt: e.endsAt.toISOString(), label: e.label })),
    icalActive: practitionerId === caller.id && !!row?.icalSecretHash,
    timeZone: (await orgSettings(ctx, scope)).timeZone,
  };
}

/** The practitioner of an agenda the caller may write in (404 outside the scope, 403 without the right). */
async function writablePractitioner(ctx: Ctx, caller: Caller, practitionerId: string): Promise<OneOrgScope> {
  const scope = agendaScope(caller);
  await practitionerIn(ctx, scope, practitionerId);
  if (!mayWrite(caller, practitionerId)) throw forbidden(AGENDA_MESSAGES.notYourAgenda, 'agenda_forbidden');
  return scope;
}

export async function writeSettings(ctx: Ctx, caller: Caller, practitionerId: string, input: AgendaSettingsInput): Promise<AgendaSettings> {
  const scope = await writablePractitioner(ctx, caller, practitionerId);
  for (const rule of input.availability) if (!validRrule(rule)) throw badRequest(AGENDA_MESSAGES.badRrule, 'bad_rrule');
  const existing = await setup.readSettings(ctx.db, scope, practitionerId);
  await setup.saveHours(ctx.db, scope, { userId: practitionerId, weeklyHours: input.weeklyHours, availability: input.availability, updatedAt: new Date(ctx.clock.now()) });
  await recordAudit(ctx, caller, { action: 'agenda.settings', outcome: 'success', recordType: 'agenda', recordId: practitionerId, details: { before: existing ? { weeklyHours: existing.weeklyHours } : null, after: { weeklyHours: input.weeklyHours } } });
  return readSettings(ctx, caller, practitionerId);
}

export async function addException(ctx: Ctx, caller: Caller, practitionerId: string, input: { startsAt: string; endsAt: string; label: string }) {
  const scope = await writablePractitioner(ctx, caller, practitionerId);
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  if (endsAt <= startsAt) throw badRequest(AGENDA_MESSAGES.endBeforeStart, 'end_before_start');
  checkTimes(startsAt, new Date(Math.min(endsAt.getTime(), startsAt.getTime() + 60_000)));
  const row = await setup.insertException(ctx.db, scope, { practitionerId, startsAt, endsAt, label: input.label });
  await recordAudit(ctx, caller, { action: 'agenda.exception', outcome: 'success', recordType: 'agenda', recordId: practitionerId, details: { after: { startsAt: input.startsAt, endsAt: input.endsAt } } });
  return { id: row.id, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString(), label: row.label };
}

export async function removeException(ctx: Ctx, caller: Caller, practitionerId: string, id: string) {
  const scope = await writablePractitioner(ctx, caller, practitionerId);
  if (!isUuid(id) || !isUuid(practitionerId) || !(await setup.deleteException(ctx.db, scope, practitionerId, id))) throw hidden(AGENDA_MESSAGES.exceptionNotFound, 'exception_not_found');
}

// ---- Appointment types ----

function toType(row: Awaited<ReturnType<typeof setup.listTypes>>[number]): AppointmentType {
  return { id: row.id, label: row.label, durationMinutes: row.durationMinutes, colour: row.colour, jobSpecialistId: row.jobSpecialistId, bookable: row.bookable, active: row.active };
}

/** The organisation's types; with a practitioner, only their own (the booking dialogs offer these). */
export async function listTypes(ctx: Pick<AppContext, 'db'>, caller: Caller, practitionerId?: string): Promise<AppointmentType[]> {
  const scope = agendaScope(caller);
  const practitioner = practitionerId ? await practitionerIn(ctx, scope, practitionerId) : null;
  const rows = await setup.listTypes(ctx.db, scope);
  return rows.filter((t) => !practitioner || typeFitsPractitioner(t, practitioner)).map(toType);
}

/**
 * A type's stored values, its speciality checked first: an unknown one is the caller's mistake (a
 * 400), not the database's 404 on the reference. Specialities are the platform's, one list for all.
 */
async function typeValues(ctx: AppContext, input: AppointmentTypeInput) {
  const jobSpecialistId = input.jobSpecialistId ?? null;
  if (jobSpecialistId != null && !(await new SpecialistsService(ctx).exists(jobSpecialistId))) throw badRequest(AGENDA_MESSAGES.unknownSpecialist, 'unknown_specialist');
  return { label: input.label, durationMinutes: input.durationMinutes, colour: input.colour, jobSpecialistId, bookable: input.bookable, active: input.active ?? true };
}

export async function createType(ctx: AppContext, caller: Caller, input: AppointmentTypeInput): Promise<AppointmentType> {
  const row = await setup.insertType(ctx.db, agendaScope(caller), await typeValues(ctx, input));
  await recordAudit(ctx, caller, { action: 'agenda.type.create', outcome: 'success', recordType: 'appointment_type', recordId: row.id, details: { after: toType(row) } });
  return toType(row);
}

export async function updateType(ctx: AppContext, caller: Caller, id: string, input: AppointmentTypeInput): Promise<AppointmentType> {
  const scope = agendaScope(caller);
  const values = await typeValues(ctx, input);
  const before = isUuid(id) ? await setup.findType(ctx.db, scope, id) : null;
  const row = before ? await setup.updateType(ctx.db, scope, id, values) : null;
  if (!row || !before) throw hidden(AGENDA_MESSAGES.typeNotFound, 'type_not_found');
  await recordAudit(ctx, caller, { action: 'agenda.type.update', outcome: 'success', recordType: 'appointment_type', recordId: row.id, details: { before: toType(before), after: toType(row) } });
  return toType(row);
}

// ---- The organisation's booking rules (validity, cancellation, reminder delays) ----

function rulesOf(settings: OrgAgendaSettings): BookingRules {
  return { appointmentValidityHours: settings.validityHours, cancellationHours: settings.cancellationHours, reminderHours: settings.reminderHours };
}

export async function readBookingRules(ctx: Pick<AppContext, 'db'>, caller: Caller): Promise<BookingRules> {
  return rulesOf(await orgSettings(ctx, agendaScope(caller)));
}

/** `agenda management`: merged into the organisation's settings (its other keys untouched), journalled. */
export async function writeBookingRules(ctx: Ctx, caller: Caller, input: BookingRules): Promise<BookingRules> {
  const scope = agendaScope(caller);
  const before = rulesOf(await orgSettings(ctx, scope));
  await mergeOrganisationSettings(ctx, scope, input, new Date(ctx.clock.now()));
  await recordAudit(ctx, caller, { action: 'agenda.rules', outcome: 'success', recordType: 'organisation', recordId: scope.organizationId, details: { before, after: input } });
  return readBookingRules(ctx, caller);
}

// ---- Patients a booking may name (the booking dialog) ----

/**
 * Who books for a practitioner (`agenda write` in their own agenda, `agenda management` in any)
 * names the patient: AD and RH have no access to the patient files (not `dps`), so they get the
 * live patients of their organisation by the list's search, id and name only. Journalled as a list.
 */
export async function searchPatients(ctx: Ctx, caller: Caller, q: string): Promise<PatientChoice[]> {
  const scope = agendaScope(caller);
  if (!can(caller.role, 'agendaBooking')) throw forbidden(AGENDA_MESSAGES.noAgendaRight, 'agenda_forbidden');
  if (!q.trim()) return [];
  const rows = await searchPatientNames(ctx, scope.organizationId, q);
  await recordAudit(ctx, caller, { action: 'patient.list', outcome: 'success', recordType: 'patient', details: { count: rows.length, search: true, via: 'agenda' } });
  return rows;
}
