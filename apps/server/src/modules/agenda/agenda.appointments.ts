import { can } from '@wellbe/shared/permissions';
import { AGENDA_LIMITS, AGENDA_MESSAGES, STATUS_TRANSITIONS, type Appointment, type AppointmentInput, type AppointmentPatch, type AppointmentStatus } from '@wellbe/shared/schemas/agenda';
import { hidden, isUuid, type Caller, type OneOrgScope } from '../../access/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import { offerFreedSlot } from '../appointments/appointments.offers.ts';
import { isConsultationOfPatient } from '../consultations/consultations.measures.service.ts';
import { inside } from './agenda.hours.ts';
import * as repo from './agenda.repository.ts';
import { patientIn } from './agenda.settings.repository.ts';
import {
  agendaScope,
  changed,
  checkTimes,
  found,
  insertAppointment,
  journal,
  mailPatient,
  mayWrite,
  orgSettings,
  practitionerIn,
  releasedChanged,
  snapshot,
  toAppointment,
  typeIn,
  workingTime,
  type Ctx,
} from './agenda.service.ts';

// The agenda's writes (issue 15, SPEC §6): booking, moving, statuses, cancelling and the 15-minute
// holds, each checked against the caller's rights in that practitioner's agenda and journalled.

function mayCancel(caller: Caller, practitionerId: string): boolean {
  if (!can(caller.role, 'agendaDelete')) return false;
  return can(caller.role, 'agendaManagement') || caller.id === practitionerId;
}

export async function createAppointment(ctx: Ctx, caller: Caller, input: AppointmentInput): Promise<Appointment> {
  const scope = agendaScope(caller);
  const practitioner = await practitionerIn(ctx, scope, input.practitionerId);
  if (!mayWrite(caller, practitioner.id)) throw forbidden(can(caller.role, 'agendaWrite') ? AGENDA_MESSAGES.notYourAgenda : AGENDA_MESSAGES.noAgendaRight, 'agenda_forbidden');
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  checkTimes(startsAt, endsAt);
  if (!input.patientId && !input.title?.trim()) throw badRequest(AGENDA_MESSAGES.patientOrTitle, 'patient_or_title');
  if (input.patientId) {
    // Another organisation's (or an archived) patient is a journalled 404, as elsewhere.
    if (!(await patientIn(ctx.db, { organizationId: scope.organizationId, patientId: input.patientId, archived: false }))) {
      await recordAudit(ctx, caller, { action: 'appointment.create', outcome: 'denied', recordType: 'patient', recordId: input.patientId, patientId: input.patientId });
      throw hidden(AGENDA_MESSAGES.patientNotFound, 'patient_not_found');
    }
  }
  const type = await typeIn(ctx, scope, input.typeId, practitioner);
  const { timeZone } = await orgSettings(ctx, scope);
  const now = new Date(ctx.clock.now());
  // The past is booked only on purpose (a visit already made, recorded without a mail).
  if (input.pastVisit && startsAt > now) throw badRequest(AGENDA_MESSAGES.pastVisitFuture, 'past_visit_future');
  if (!input.pastVisit && startsAt < now) throw badRequest(AGENDA_MESSAGES.pastBooking, 'in_past');
  if (input.holdId) {
    const hold = await repo.findAppointment(ctx.db, scope, input.holdId);
    if (!hold || hold.status !== 'provisoire' || hold.createdBy !== caller.id) throw conflict(AGENDA_MESSAGES.holdExpired, 'hold_expired');
  }
  const hours = await workingTime(ctx, scope, practitioner.id, startsAt, endsAt, timeZone);
  // A past visit is confirmed like any other: its consultation starts from it, and honoré or
  // absent follow as usual; only the mail is left out.
  const status = input.pastVisit ? 'confirmé' : (input.status ?? 'confirmé');
  const row = await insertAppointment(ctx, scope, {
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
  }, input.holdId ? { id: input.holdId, createdBy: caller.id, reason: 'Réservation finalisée', now } : undefined);
  if (row === 'overlap') throw conflict(AGENDA_MESSAGES.slotTaken, 'slot_taken');
  await journal(ctx, caller, 'appointment.create', row, { after: snapshot(row), ...(input.pastVisit ? { pastVisit: true } : {}) });
  await changed(ctx, scope.organizationId, row.id, row.practitionerId);
  if (status === 'confirmé' && !input.pastVisit) await mailPatient(ctx, row, 'confirmation', timeZone);
  const out = toAppointment(row, timeZone);
  if (!inside(hours, startsAt, endsAt)) out.warning = AGENDA_MESSAGES.outsideHoursWarning;
  return out;
}

export async function updateAppointment(ctx: Ctx, caller: Caller, id: string, patch: AppointmentPatch): Promise<Appointment> {
  const scope = agendaScope(caller);
  const row = await found(ctx, scope, id);
  if (!mayWrite(caller, row.practitionerId)) throw forbidden(AGENDA_MESSAGES.notYourAgenda, 'agenda_forbidden');
  if (row.status === 'annulé') throw conflict(AGENDA_MESSAGES.cancelled, 'appointment_cancelled');
  const practitionerId = patch.practitionerId ?? row.practitionerId;
  const target = practitionerId !== row.practitionerId ? await practitionerIn(ctx, scope, practitionerId) : null;
  if (target && !mayWrite(caller, practitionerId)) throw forbidden(AGENDA_MESSAGES.notYourAgenda, 'agenda_forbidden');
  const startsAt = patch.startsAt ? new Date(patch.startsAt) : row.startsAt;
  const endsAt = patch.endsAt ? new Date(patch.endsAt) : patch.startsAt ? new Date(startsAt.getTime() + (row.endsAt.getTime() - row.startsAt.getTime())) : row.endsAt;
  checkTimes(startsAt, endsAt);
  // A new type, or the same type in another practitioner's agenda, must be that practitioner's own.
  const typeId = patch.typeId === undefined ? row.typeId : patch.typeId;
  const type = patch.typeId !== undefined || (target && typeId) ? await typeIn(ctx, scope, typeId, target ?? (await practitionerIn(ctx, scope, practitionerId))) : undefined;
  const { timeZone } = await orgSettings(ctx, scope);
  const now = new Date(ctx.clock.now());
  const moved = startsAt.getTime() !== row.startsAt.getTime() || endsAt.getTime() !== row.endsAt.getTime() || practitionerId !== row.practitionerId;
  const result = await repo.updateAppointment(ctx.db, scope, row.id, {
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
  const after = (await repo.findAppointment(ctx.db, scope, row.id))!;
  await journal(ctx, caller, moved ? 'appointment.move' : 'appointment.update', after, { before: snapshot(row), after: snapshot(after) });
  await changed(ctx, scope.organizationId, row.id, practitionerId);
  // A visit moved within the past (its time corrected) is no news for the patient.
  if (moved && after.status === 'confirmé' && startsAt > now) await mailPatient(ctx, after, 'change', timeZone);
  const out = toAppointment(after, timeZone);
  const hours = await workingTime(ctx, scope, practitionerId, startsAt, endsAt, timeZone);
  if (!inside(hours, startsAt, endsAt)) out.warning = AGENDA_MESSAGES.outsideHoursWarning;
  return out;
}

export async function setStatus(ctx: Ctx, caller: Caller, id: string, input: { status: 'confirmé' | 'honoré' | 'absent'; consultationId?: string }): Promise<Appointment> {
  const scope = agendaScope(caller);
  const row = await found(ctx, scope, id);
  if (!mayWrite(caller, row.practitionerId)) throw forbidden(AGENDA_MESSAGES.notYourAgenda, 'agenda_forbidden');
  if (row.status === 'annulé') throw conflict(AGENDA_MESSAGES.cancelled, 'appointment_cancelled');
  // A visit already honoured (a téléconsultation ends so) still takes the consultation written after it.
  const linking = row.status === 'honoré' && input.status === 'honoré' && !!input.consultationId && !row.consultationId;
  if (!linking && !STATUS_TRANSITIONS[row.status as AppointmentStatus].includes(input.status)) throw conflict(AGENDA_MESSAGES.badTransition, 'bad_transition');
  // "Time of consultation": the consultation linked must be one of this patient's, in this
  // organisation (asked of the consultations area); an id from the body is never taken on trust.
  if (input.consultationId && (!row.patientId || !isUuid(input.consultationId) || !(await isConsultationOfPatient(ctx, scope, input.consultationId, row.patientId)))) {
    throw hidden(AGENDA_MESSAGES.consultationNotFound, 'consultation_not_found');
  }
  const now = new Date(ctx.clock.now());
  const result = await repo.updateAppointment(
    ctx.db,
    scope,
    row.id,
    {
      status: input.status,
      ...(input.status === 'confirmé' ? { confirmedAt: now, holdExpiresAt: null } : {}),
      ...(input.consultationId ? { consultationId: input.consultationId } : {}),
      updatedAt: now,
    },
    undefined,
    row.status,
  );
  // A status never moves the slot: only a row revived from 'annulé' (which the status condition
  // prevents) could collide with a booking made since. Nothing changed then: no journal, no mail.
  if (result === 'overlap') throw conflict(AGENDA_MESSAGES.slotTaken, 'slot_taken');
  if (!result.found) throw await changedMeanwhile(ctx, scope, row.id);
  const after = (await repo.findAppointment(ctx.db, scope, row.id))!;
  await journal(ctx, caller, 'appointment.status', after, { before: { status: row.status }, after: { status: after.status } });
  await changed(ctx, scope.organizationId, row.id, row.practitionerId);
  const { timeZone } = await orgSettings(ctx, scope);
  if (input.status === 'confirmé') await mailPatient(ctx, after, 'confirmation', timeZone);
  return toAppointment(after, timeZone);
}

/**
 * The 409 of a status write whose row another request changed after it was read (its update is
 * conditional on the status read): said as the row now stands.
 */
async function changedMeanwhile(ctx: Ctx, scope: OneOrgScope, id: string) {
  const current = await repo.findAppointment(ctx.db, scope, id);
  return current?.status === 'annulé' ? conflict(AGENDA_MESSAGES.cancelled, 'appointment_cancelled') : conflict(AGENDA_MESSAGES.badTransition, 'bad_transition');
}

/** Cancels (staff: `agenda delete`, own agenda or `agenda management`; a patient: their own, up to the limit). */
export async function cancelAppointment(ctx: Ctx, caller: Caller, id: string, reason: string): Promise<Appointment> {
  const scope = agendaScope(caller);
  const row = await found(ctx, scope, id);
  const now = new Date(ctx.clock.now());
  const settings = await orgSettings(ctx, scope);
  if (caller.role === 'PT') {
    if (!caller.patientId || row.patientId !== caller.patientId) throw hidden(AGENDA_MESSAGES.notFound, 'appointment_not_found');
    if (row.startsAt.getTime() - now.getTime() < settings.cancellationHours * 3600_000) throw conflict(AGENDA_MESSAGES.cancelTooLate, 'cancel_too_late');
  } else if (!mayCancel(caller, row.practitionerId)) {
    throw forbidden(AGENDA_MESSAGES.notYourAgenda, 'agenda_forbidden');
  }
  if (row.status === 'annulé') throw conflict(AGENDA_MESSAGES.cancelled, 'appointment_cancelled');
  if (row.status === 'honoré' || row.status === 'absent') throw conflict(AGENDA_MESSAGES.badTransition, 'bad_transition');
  const result = await repo.updateAppointment(ctx.db, scope, row.id, { status: 'annulé', cancelReason: reason, cancelledAt: now, cancelledBy: caller.id, updatedAt: now }, undefined, row.status);
  if (result === 'overlap' || !result.found) throw await changedMeanwhile(ctx, scope, row.id);
  const after = (await repo.findAppointment(ctx.db, scope, row.id))!;
  await journal(ctx, caller, 'appointment.cancel', after, { before: snapshot(row), after: { status: 'annulé', reason } });
  await changed(ctx, scope.organizationId, row.id, row.practitionerId);
  await mailPatient(ctx, after, 'cancel', settings.timeZone);
  if (row.status !== 'provisoire' && row.startsAt > now) await offerFreedSlot(ctx, scope, { practitionerId: row.practitionerId, startsAt: row.startsAt, endsAt: row.endsAt }, settings.timeZone);
  return toAppointment(after, settings.timeZone);
}

/** `agenda temp`: holds a slot for 15 minutes while a booking is being completed. */
export async function createHold(ctx: Ctx, caller: Caller, input: { practitionerId: string; startsAt: string; endsAt: string }): Promise<Appointment> {
  const scope = agendaScope(caller);
  const practitioner = await practitionerIn(ctx, scope, input.practitionerId);
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  checkTimes(startsAt, endsAt);
  const now = new Date(ctx.clock.now());
  // A hold prepares a booking, and the past is never booked that way.
  if (startsAt < now) throw badRequest(AGENDA_MESSAGES.inPast, 'in_past');
  const row = await insertAppointment(ctx, scope, {
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
  });
  if (row === 'overlap') throw conflict(AGENDA_MESSAGES.slotTaken, 'slot_taken');
  await changed(ctx, scope.organizationId, row.id, row.practitionerId);
  return toAppointment(row, (await orgSettings(ctx, scope)).timeZone);
}
