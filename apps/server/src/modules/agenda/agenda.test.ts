import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@wellbe/shared/domain/zoned';
import { AGENDA_MESSAGES } from '@wellbe/shared/schemas/agenda';
import { json } from '../../../test/helpers.ts';
import { appointments, auditEvents, consultations, patients, realtimeEvents } from '../../db/tables.ts';
import { runAgendaJobs } from './agenda.jobs.ts';
import { agendaKit, at, TZ, type AgendaKit } from './agenda.test-kit.ts';

// Agenda (issue 15): SPEC §6 groups as each role, other organisation's ids, no double booking
// under concurrency, holds and validity expiry (fake clock), reads that write nothing. The
// patient's side is in modules/appointments; settings, types, time zones in agenda.more.test.ts.

let k: AgendaKit;
let nordPatientId: string;

beforeAll(async () => {
  k = await agendaKit(['pr', 'pa', 'pg', 'ad', 'rh', 'sa', 'us', 'pt', 'de', 'pr2', 're']);
  const [n] = await k.t.ctx.db.select().from(patients).where(eq(patients.fullName, 'Mathilde Renaud'));
  nordPatientId = n!.id;
});
afterAll(async () => {
  await k.t.close();
});

describe('booking in the agenda (staff)', () => {
  it('pr books in their own agenda: confirmé, journalled, mailed with an .ics, pushed live', async () => {
    const day = k.monday(5);
    const res = await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '09:00', '09:30', { note: 'Contrôle' }));
    expect(res.statusCode, res.body).toBe(201);
    const a = json(res).data;
    expect(a).toMatchObject({ status: 'confirmé', patientName: 'Hélène Martin', typeLabel: 'Consultation', createdVia: 'staff' });
    expect(a.warning).toBeUndefined();
    const mail = k.t.mails.at(-1)!;
    expect(mail.to).toBe('helene.martin@exemple.fr');
    expect(mail.subject).toMatch(/^Confirmation de votre rendez-vous du \d{2}\/\d{2}\/\d{4} à 09:00$/);
    expect(mail.attachments?.[0]?.filename).toBe('rendez-vous.ics');
    const ics = new ICAL.Component(ICAL.parse(mail.attachments![0]!.content));
    expect(ics.getFirstSubcomponent('vevent')!.getFirstPropertyValue('dtstart')!.toString()).toContain('T');
    const journal = await k.t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'appointment.create'), eq(auditEvents.recordId, a.id)));
    expect(journal).toHaveLength(1);
    expect(journal[0]!.details).toMatchObject({ after: { status: 'confirmé' } });
    const events = (await k.t.ctx.db.select().from(realtimeEvents).where(eq(realtimeEvents.type, 'agenda.changed'))).filter((e) => (e.data as { appointmentId: string }).appointmentId === a.id);
    expect(events).toHaveLength(1);
  });

  it('two simultaneous bookings of one slot: exactly one 201 and one 409, one appointment', async () => {
    const day = k.monday(5, 1);
    const [a, b] = await Promise.all([k.post('pr', '/api/agenda/appointments', k.body('pr', day, '10:00', '10:30')), k.post('ad', '/api/agenda/appointments', k.body('pr', day, '10:15', '10:45'))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(json(refused).error.message).toBe('Ce créneau n’est plus disponible');
    const rows = await k.t.ctx.db.select().from(appointments).where(and(eq(appointments.practitionerId, k.s.pr!.id), eq(appointments.startsAt, new Date(at(day, a.statusCode === 201 ? '10:00' : '10:15')))));
    expect(rows).toHaveLength(1);
  });

  it('a cancelled slot can be booked again; back-to-back slots do not overlap', async () => {
    const day = k.monday(5, 2);
    const first = json(await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '11:00', '11:30'))).data;
    expect((await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '11:30', '12:00'))).statusCode).toBe(201);
    expect((await k.post('pr', `/api/agenda/appointments/${first.id}/cancel`, { reason: 'Patient malade' })).statusCode).toBe(200);
    expect((await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '11:00', '11:30'))).statusCode).toBe(201);
  });

  it('SPEC §6: write own agenda (PA PR PG DE), management any (PG RH AD DE), others refused', async () => {
    const day = k.monday(6);
    expect((await k.post('pa', '/api/agenda/appointments', k.body('pr', day, '09:00', '09:30'))).statusCode).toBe(403);
    expect(json(await k.post('pa', '/api/agenda/appointments', k.body('pr', day, '09:00', '09:30'))).error.message).toBe(AGENDA_MESSAGES.notYourAgenda);
    for (const [who, time] of [['ad', '09:00'], ['rh', '09:30'], ['pg', '10:00'], ['de', '10:30']] as const) {
      const res = await k.post(who, '/api/agenda/appointments', k.body('pr', day, time, time.replace(':00', ':20').replace(':30', ':50')));
      expect(res.statusCode, `${who} ${res.body}`).toBe(201);
    }
    expect((await k.post('pa', '/api/agenda/appointments', k.body('pa', day, '09:00', '09:30'))).statusCode).toBe(201);
    // SA reads agendas (agenda) but neither writes nor manages them.
    expect((await k.post('sa', '/api/agenda/appointments', k.body('pr', day, '11:00', '11:30'))).statusCode).toBe(403);
    expect((await k.get('sa', `/api/agenda/appointments?from=${at(day, '00:00')}&to=${at(day, '23:00')}&practitioners=${k.s.pr!.id}`)).statusCode).toBe(200);
    for (const who of ['us', 'pt', 're']) expect((await k.post(who, '/api/agenda/appointments', k.body('pr', day, '11:00', '11:30'))).statusCode).toBe(403);
  });

  it('another organisation’s practitioner, patient or appointment is a 404', async () => {
    const day = k.monday(6, 1);
    expect((await k.post('pr2', '/api/agenda/appointments', { ...k.body('pr', day, '09:00', '09:30'), patientId: nordPatientId })).statusCode).toBe(404);
    const res = await k.post('pr', '/api/agenda/appointments', { ...k.body('pr', day, '09:00', '09:30'), patientId: nordPatientId });
    expect(res.statusCode).toBe(404);
    const mine = json(await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '10:00', '10:30'))).data;
    expect((await k.get('pr2', `/api/agenda/appointments/${mine.id}`)).statusCode).toBe(404);
    expect((await k.patch('pr2', `/api/agenda/appointments/${mine.id}`, { startsAt: at(day, '11:00') })).statusCode).toBe(404);
    expect((await k.post('pr2', `/api/agenda/appointments/${mine.id}/cancel`, { reason: 'x' })).statusCode).toBe(404);
    const list = json(await k.get('pr2', `/api/agenda/appointments?from=${at(day, '00:00')}&to=${at(day, '23:00')}&practitioners=${k.s.pr!.id}`)).data;
    expect(list.appointments).toEqual([]);
  });

  it('refuses bad input with a French message and creates nothing', async () => {
    const day = k.monday(6, 2);
    const before = (await k.t.ctx.db.select().from(appointments)).length;
    const cases: [Record<string, unknown>, string][] = [
      [k.body('pr', day, '10:00', '09:00'), AGENDA_MESSAGES.endBeforeStart],
      [{ ...k.body('pr', day, '10:00', '10:00'), endsAt: new Date(Date.parse(at(day, '10:00')) + 25 * 3600_000).toISOString() }, AGENDA_MESSAGES.badDuration],
      [{ ...k.body('pr', day, '10:00', '10:30'), startsAt: '1850-01-01T10:00:00Z', endsAt: '1850-01-01T10:30:00Z' }, AGENDA_MESSAGES.outOfRange],
      [{ ...k.body('pr', day, '10:00', '10:30'), patientId: null }, AGENDA_MESSAGES.patientOrTitle],
    ];
    for (const [payload, message] of cases) {
      const res = await k.post('pr', '/api/agenda/appointments', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res).error.message).toBe(message);
    }
    expect((await k.t.ctx.db.select().from(appointments)).length).toBe(before);
  });

  it('staff may book outside working hours, with a warning; a meeting needs only a title', async () => {
    const day = k.monday(6, 3);
    const res = await k.post('pr', '/api/agenda/appointments', { ...k.body('pr', day, '20:00', '20:30'), patientId: null, title: 'Réunion de service' });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).data.warning).toBe(AGENDA_MESSAGES.outsideHoursWarning);
  });

  it('moves and resizes; an overlap snaps back (409, nothing changed); a cancelled one cannot move', async () => {
    const day = k.monday(7);
    const a = json(await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '09:00', '09:30'))).data;
    const b = json(await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '10:00', '10:30'))).data;
    const moved = await k.patch('pr', `/api/agenda/appointments/${a.id}`, { startsAt: at(day, '11:00'), endsAt: at(day, '11:45') });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(json(moved).data.endsAt).toBe(at(day, '11:45'));
    const clash = await k.patch('pr', `/api/agenda/appointments/${b.id}`, { startsAt: at(day, '11:30'), endsAt: at(day, '12:00') });
    expect(clash.statusCode).toBe(409);
    expect(json(clash).error.message).toBe('Ce créneau n’est plus disponible');
    expect(json(await k.get('pr', `/api/agenda/appointments/${b.id}`)).data.startsAt).toBe(at(day, '10:00'));
    const journal = await k.t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'appointment.move'), eq(auditEvents.recordId, a.id)));
    expect(journal[0]!.details).toMatchObject({ before: { startsAt: at(day, '09:00') }, after: { startsAt: at(day, '11:00') } });
    await k.post('pr', `/api/agenda/appointments/${b.id}/cancel`, { reason: 'Empêchement' });
    expect((await k.patch('pr', `/api/agenda/appointments/${b.id}`, { startsAt: at(day, '14:00') })).statusCode).toBe(409);
  });

  it('the day columns: a drop in another practitioner’s column moves the appointment to them (agenda management only), journalled; an overlap there is a 409', async () => {
    const day = k.monday(10, 2);
    const a = json(await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '09:00', '09:30'))).data;
    const busy = json(await k.post('pa', '/api/agenda/appointments', k.body('pa', day, '10:00', '10:30'))).data;
    const own = await k.patch('pr', `/api/agenda/appointments/${a.id}`, { practitionerId: k.s.pa!.id, startsAt: at(day, '09:00'), endsAt: at(day, '09:30') });
    expect(own.statusCode).toBe(403);
    expect(json(own).error.message).toBe(AGENDA_MESSAGES.notYourAgenda);
    const clash = await k.patch('ad', `/api/agenda/appointments/${a.id}`, { practitionerId: k.s.pa!.id, startsAt: at(day, '10:00'), endsAt: at(day, '10:30') });
    expect(clash.statusCode).toBe(409);
    expect(json(await k.get('pr', `/api/agenda/appointments/${a.id}`)).data).toMatchObject({ practitionerId: k.s.pr!.id, startsAt: at(day, '09:00') });
    const moved = await k.patch('ad', `/api/agenda/appointments/${a.id}`, { practitionerId: k.s.pa!.id, startsAt: at(day, '11:00'), endsAt: at(day, '11:30') });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(json(moved).data).toMatchObject({ practitionerId: k.s.pa!.id, practitionerName: json(await k.get('pa', `/api/agenda/appointments/${busy.id}`)).data.practitionerName, startsAt: at(day, '11:00') });
    const columns = json(await k.get('ad', `/api/agenda/appointments?from=${at(day, '00:00')}&to=${at(day, '23:00')}&practitioners=${k.s.pr!.id},${k.s.pa!.id}`)).data.appointments;
    expect(columns.filter((x: { id: string }) => x.id === a.id).map((x: { practitionerId: string }) => x.practitionerId)).toEqual([k.s.pa!.id]);
    const journal = await k.t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'appointment.move'), eq(auditEvents.recordId, a.id)));
    expect(journal).toHaveLength(1);
    expect(journal[0]!.details).toMatchObject({ before: { practitionerId: k.s.pr!.id }, after: { practitionerId: k.s.pa!.id, startsAt: at(day, '11:00') } });
  });

  it('cancel: a reason is required; agenda delete (own for PA/PR, any for RH/AD); US refused', async () => {
    const day = k.monday(7, 1);
    const a = json(await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '09:00', '09:30'))).data;
    expect((await k.post('pr', `/api/agenda/appointments/${a.id}/cancel`, { reason: ' ' })).statusCode).toBe(400);
    expect((await k.post('pa', `/api/agenda/appointments/${a.id}/cancel`, { reason: 'Erreur' })).statusCode).toBe(403);
    expect((await k.post('us', `/api/agenda/appointments/${a.id}/cancel`, { reason: 'Erreur' })).statusCode).toBe(403);
    expect((await k.post('sa', `/api/agenda/appointments/${a.id}/cancel`, { reason: 'Erreur' })).statusCode).toBe(403);
    const res = await k.post('rh', `/api/agenda/appointments/${a.id}/cancel`, { reason: 'Praticien absent' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ status: 'annulé', cancelReason: 'Praticien absent' });
    expect(k.t.mails.at(-1)!.subject).toMatch(/^Annulation de votre rendez-vous/);
  });

  it('statuses go demandé → confirmé → honoré | absent, never back', async () => {
    const day = k.monday(7, 2);
    const a = json(await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '09:00', '09:30', { status: 'demandé' }))).data;
    expect(a.status).toBe('demandé');
    expect((await k.post('pr', `/api/agenda/appointments/${a.id}/status`, { status: 'honoré' })).statusCode).toBe(409);
    expect(json(await k.post('pr', `/api/agenda/appointments/${a.id}/status`, { status: 'confirmé' })).data.status).toBe('confirmé');
    expect(json(await k.post('pr', `/api/agenda/appointments/${a.id}/status`, { status: 'honoré' })).data.status).toBe('honoré');
    expect((await k.post('pr', `/api/agenda/appointments/${a.id}/status`, { status: 'absent' })).statusCode).toBe(409);
    expect((await k.post('pr', `/api/agenda/appointments/${a.id}/cancel`, { reason: 'x' })).statusCode).toBe(409);
  });

  it('time of consultation: honoré links the consultation, only one of the appointment’s patient', async () => {
    const day = k.monday(7, 3);
    const a = json(await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '10:00', '10:30'))).data;
    const [own] = await k.t.ctx.db.select({ id: consultations.id }).from(consultations).where(eq(consultations.patientId, k.patientId)).limit(1);
    const [lucas] = await k.t.ctx.db.select({ id: patients.id }).from(patients).where(eq(patients.fullName, 'Lucas Bernard'));
    const [other] = await k.t.ctx.db.select({ id: consultations.id }).from(consultations).where(eq(consultations.patientId, lucas!.id)).limit(1);
    for (const consultationId of [other!.id, '00000000-0000-4000-8000-000000000000']) {
      const refused = await k.post('pr', `/api/agenda/appointments/${a.id}/status`, { status: 'honoré', consultationId });
      expect(refused.statusCode).toBe(404);
      expect(json(refused).error.message).toBe(AGENDA_MESSAGES.consultationNotFound);
    }
    const [unchanged] = await k.t.ctx.db.select().from(appointments).where(eq(appointments.id, a.id));
    expect(unchanged).toMatchObject({ status: 'confirmé', consultationId: null });
    const res = await k.post('pr', `/api/agenda/appointments/${a.id}/status`, { status: 'honoré', consultationId: own!.id });
    expect(json(res).data).toMatchObject({ status: 'honoré', consultationId: own!.id });
  });
});

describe('holds and validity (fake clock)', () => {
  it('agenda temp: a hold keeps its slot 15 minutes, then frees it; RH cannot hold', async () => {
    const day = k.monday(8);
    const hold = await k.post('pr', '/api/agenda/holds', { practitionerId: k.s.pr!.id, startsAt: at(day, '09:00'), endsAt: at(day, '09:30') });
    expect(hold.statusCode, hold.body).toBe(201);
    expect(json(hold).data.status).toBe('provisoire');
    expect((await k.post('rh', '/api/agenda/holds', { practitionerId: k.s.pr!.id, startsAt: at(day, '10:00'), endsAt: at(day, '10:30') })).statusCode).toBe(403);
    expect((await k.post('ad', '/api/agenda/appointments', k.body('pr', day, '09:00', '09:30'))).statusCode).toBe(409);
    await k.advance(16 * 60_000);
    expect((await k.post('ad', '/api/agenda/appointments', k.body('pr', day, '09:00', '09:30'))).statusCode).toBe(201);
  });

  it('a booking refused (slot taken) keeps the hold it was to complete; the hold completes once', async () => {
    const day = k.monday(8, 2);
    const hold = json(await k.post('pr', '/api/agenda/holds', { practitionerId: k.s.pr!.id, startsAt: at(day, '09:00'), endsAt: at(day, '09:30') })).data;
    expect((await k.post('ad', '/api/agenda/appointments', k.body('pr', day, '11:00', '11:30'))).statusCode).toBe(201);
    const refused = await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '11:00', '11:30', { holdId: hold.id }));
    expect(refused.statusCode).toBe(409);
    expect(json(refused).error.message).toBe(AGENDA_MESSAGES.slotTaken);
    expect(json(await k.get('pr', `/api/agenda/appointments/${hold.id}`)).data.status).toBe('provisoire');
    expect((await k.post('ad', '/api/agenda/appointments', k.body('pr', day, '09:00', '09:30'))).statusCode).toBe(409);
    const booked = await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '09:00', '09:30', { holdId: hold.id }));
    expect(booked.statusCode, booked.body).toBe(201);
    expect(json(await k.get('pr', `/api/agenda/appointments/${hold.id}`)).data).toMatchObject({ status: 'annulé', cancelReason: 'Réservation finalisée' });
    const again = await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '10:00', '10:30', { holdId: hold.id }));
    expect(again.statusCode).toBe(409);
    expect(json(again).error.message).toBe(AGENDA_MESSAGES.holdExpired);
  });

  it('a request not confirmed within 48 h expires and frees its slot', async () => {
    const day = k.monday(8, 1);
    const a = json(await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '09:00', '09:30', { status: 'demandé' }))).data;
    await k.advance(47 * 3600_000);
    await runAgendaJobs(k.t.ctx);
    expect(json(await k.get('pr', `/api/agenda/appointments/${a.id}`)).data.status).toBe('demandé');
    await k.advance(2 * 3600_000);
    await runAgendaJobs(k.t.ctx);
    const after = json(await k.get('pr', `/api/agenda/appointments/${a.id}`)).data;
    expect(after).toMatchObject({ status: 'annulé', cancelReason: 'Demande non confirmée dans le délai' });
    expect((await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '09:00', '09:30'))).statusCode).toBe(201);
  });
});

describe('reads never write', () => {
  it('an expired hold is left untouched by the iCal feed, "Mes rendez-vous" and the free slots, which show its slot free; a booking over it succeeds, a live hold answers 409', async () => {
    const day = k.monday(14);
    const stored = async (id: string) => (await k.t.ctx.db.select().from(appointments).where(eq(appointments.id, id)))[0]!;
    const hold = json(await k.post('pr', '/api/agenda/holds', { practitionerId: k.s.pr!.id, startsAt: at(day, '09:00'), endsAt: at(day, '09:30') })).data;
    const slots = async (who: string, prefix: string) => json(await k.get(who, `${prefix}/slots?practitionerId=${k.s.pr!.id}&typeId=${k.typeId('Consultation')}&from=${day}&days=1`)).data.map((x: { startsAt: string }) => x.startsAt);
    expect(await slots('pt', '/api/appointments')).not.toContain(at(day, '09:00'));
    const live = await k.post('pt', '/api/appointments', { practitionerId: k.s.pr!.id, typeId: k.typeId('Consultation'), startsAt: at(day, '09:00') });
    expect(live.statusCode).toBe(409);
    expect(json(live).error.message).toBe(AGENDA_MESSAGES.slotTaken);

    await k.advance(16 * 60_000);
    const before = await stored(hold.id);
    const feed = new URL(json(await k.post('pr', '/api/agenda/ical', {})).data.url).pathname;
    expect((await k.t.app.inject({ method: 'GET', url: feed })).statusCode).toBe(200);
    expect((await k.get('pt', '/api/appointments/mine')).statusCode).toBe(200);
    expect((await k.get('ad', '/api/appointments/overview')).statusCode).toBe(200);
    expect(await slots('pt', '/api/appointments')).toContain(at(day, '09:00'));
    expect(await slots('pr', '/api/agenda')).toContain(at(day, '09:00'));
    const week = json(await k.get('pr', `/api/agenda/appointments?from=${at(day, '00:00')}&to=${at(addDays(day, 1), '00:00')}`)).data;
    expect(week.appointments.map((a: { id: string }) => a.id)).not.toContain(hold.id);
    expect(await stored(hold.id)).toEqual(before);
    expect(before).toMatchObject({ status: 'provisoire', cancelledAt: null });

    // The booking releases the expired hold in its own transaction, then takes the slot.
    const booked = await k.post('pt', '/api/appointments', { practitionerId: k.s.pr!.id, typeId: k.typeId('Consultation'), startsAt: at(day, '09:00') });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await stored(hold.id)).toMatchObject({ status: 'annulé', cancelReason: 'Réservation provisoire expirée' });
  });
});

describe('reading the agenda (issue 15 bench)', () => {
  it('a week read writes one journal row and changes nothing; expired holds and requests are left out, and the write that releases them offers the slot to the waitlist', async () => {
    const day = k.monday(12);
    const [other] = await k.t.ctx.db.select().from(patients).where(eq(patients.fullName, 'Lucas Bernard'));
    const kept = [
      json(await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '09:00', '09:30'))).data.id,
      json(await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '10:00', '10:30', { patientId: other!.id }))).data.id,
      json(await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '10:30', '11:00'))).data.id,
    ];
    const request = json(await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '11:00', '11:30', { status: 'demandé' }))).data;
    const hold = json(await k.post('pr', '/api/agenda/holds', { practitionerId: k.s.pr!.id, startsAt: at(day, '12:00'), endsAt: at(day, '12:30') })).data;
    expect((await k.post('pt', '/api/appointments/waitlist', { practitionerId: k.s.pr!.id, fromDay: day, toDay: day })).statusCode).toBe(201);
    await k.advance(49 * 3600_000);

    const lists = () => k.t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'appointment.list'), eq(auditEvents.userId, k.s.pr!.id)));
    const before = (await lists()).length;
    const mails = k.t.mails.length;
    const week = await k.get('pr', `/api/agenda/appointments?from=${at(day, '00:00')}&to=${at(addDays(day, 7), '00:00')}&practitioners=${k.s.pr!.id},${k.s.pr!.id}`);
    expect(week.statusCode).toBe(200);
    expect(json(week).data.appointments.map((a: { id: string }) => a.id)).toEqual(kept);
    // What the calendar draws, nothing more (the details come with GET /api/agenda/appointments/:id).
    expect(json(week).data.appointments[0]).toEqual({ id: kept[0], practitionerId: k.s.pr!.id, title: 'Hélène Martin', typeLabel: 'Consultation', colour: expect.stringMatching(/^#/), startsAt: at(day, '09:00'), endsAt: at(day, '09:30'), status: 'confirmé' });
    expect(json(week).data.timeZone).toBe(TZ);
    const journal = (await lists()).slice(before);
    expect(journal).toHaveLength(1);
    expect(journal[0]).toMatchObject({ patientId: null, outcome: 'success' });
    // The counts, not the answer: no names in the journal, no 300 kB row per read.
    expect(journal[0]!.details).toEqual({ from: at(day, '00:00'), to: at(addDays(day, 7), '00:00'), practitioners: 1, appointments: 3, patients: 2 });
    const stored = async (id: string) => (await k.t.ctx.db.select().from(appointments).where(eq(appointments.id, id)))[0]!.status;
    expect([await stored(request.id), await stored(hold.id)]).toEqual(['demandé', 'provisoire']);
    expect(k.t.mails.length).toBe(mails);

    // A booking elsewhere in the agenda releases nothing; the job releases them, tells the open
    // agendas and offers the freed slot.
    expect((await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '14:00', '14:30'))).statusCode).toBe(201);
    expect([await stored(request.id), await stored(hold.id)]).toEqual(['demandé', 'provisoire']);
    await runAgendaJobs(k.t.ctx);
    await k.t.drain();
    expect([await stored(request.id), await stored(hold.id)]).toEqual(['annulé', 'annulé']);
    const live = (await k.t.ctx.db.select().from(realtimeEvents).where(eq(realtimeEvents.type, 'agenda.changed'))).map((e) => (e.data as { appointmentId: string }).appointmentId);
    expect(live).toEqual(expect.arrayContaining([request.id, hold.id]));
    const offer = k.t.mails.find((m, i) => i >= mails && m.to === 'lucas.bernard@exemple.fr' && m.subject.startsWith('Un créneau s’est libéré'));
    expect(offer?.subject).toContain('à 11:00');
    const token = /offre=([A-Za-z0-9_-]+)/.exec(offer!.text)![1]!;
    expect(json(await k.post('pt', '/api/appointments/offers/accept', { token })).data).toMatchObject({ status: 'confirmé', startsAt: at(day, '11:00') });
  });
});
