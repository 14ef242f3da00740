import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localParts } from '@wellbe/shared/domain/zoned';
import { AGENDA_MESSAGES } from '@wellbe/shared/schemas/agenda';
import { json } from '../../../test/helpers.ts';
import { whileHeld } from '../../../test/locks.ts';
import { appointments, auditEvents } from '../../db/tables.ts';
import { runAgendaJobs } from '../agenda/agenda.jobs.ts';
import { agendaKit, at, TZ, type AgendaKit } from '../agenda/agenda.test-kit.ts';

// /appointment (issue 15): a patient books from free slots without any name, sees and cancels
// their own appointments up to the limit, staff confirm the requests; reminders sent once, the
// iCal feed (parsed with ical.js, initials only), and the waitlist's offers.

let k: AgendaKit;

beforeAll(async () => {
  k = await agendaKit(['pr', 'pa', 'pg', 'ad', 'rh', 'sa', 'us', 'pt', 'de', 'pr2', 're']);
});
afterAll(async () => {
  await k.t.close();
});

describe('/appointment for patients and staff', () => {
  it('pt sees bookable types only and free slots without any name', async () => {
    const options = json(await k.get('pt', '/api/appointments/options')).data;
    expect(options.types.every((x: { bookable: boolean }) => x.bookable)).toBe(true);
    expect(options.types.map((x: { label: string }) => x.label)).not.toContain('Première consultation');
    const res = await k.get('pt', `/api/appointments/slots?practitionerId=${k.s.pr!.id}&typeId=${k.typeId('Consultation')}&from=${k.monday(9)}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/Martin|Bernard|patient/i);
    expect(json(res).data.length).toBeGreaterThan(10);
    expect((await k.get('pt', `/api/appointments/slots?practitionerId=${k.s.pr2!.id}&typeId=${k.typeId('Consultation')}&from=${k.monday(9)}`)).statusCode).toBe(404);
  });

  it('pt books a request, sees it in "Mes rendez-vous", cannot book a non-bookable type, the past or outside hours', async () => {
    const day = k.monday(9, 1);
    const res = await k.post('pt', '/api/appointments', { practitionerId: k.s.pr!.id, typeId: k.typeId('Consultation'), startsAt: at(day, '09:00') });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).data).toMatchObject({ status: 'demandé', createdVia: 'patient', endsAt: at(day, '09:30') });
    const mine = json(await k.get('pt', '/api/appointments/mine')).data;
    expect(mine.map((a: { id: string }) => a.id)).toContain(json(res).data.id);
    expect(mine.every((a: { patientName: string }) => a.patientName === 'Lucas Bernard')).toBe(true);
    expect((await k.post('pt', '/api/appointments', { practitionerId: k.s.pr!.id, typeId: k.typeId('Première consultation'), startsAt: at(day, '10:00') })).statusCode).toBe(403);
    const past = await k.post('pt', '/api/appointments', { practitionerId: k.s.pr!.id, typeId: k.typeId('Consultation'), startsAt: '2020-01-06T09:00:00Z' });
    expect(json(past).error.message).toBe(AGENDA_MESSAGES.inPast);
    const night = await k.post('pt', '/api/appointments', { practitionerId: k.s.pr!.id, typeId: k.typeId('Consultation'), startsAt: at(day, '21:00') });
    expect(night.statusCode).toBe(400);
    expect(json(night).error.message).toBe(AGENDA_MESSAGES.outsideHours);
    const taken = await k.post('pt', '/api/appointments', { practitionerId: k.s.pr!.id, typeId: k.typeId('Consultation'), startsAt: at(day, '09:00') });
    expect(taken.statusCode).toBe(409);
  });

  it('staff confirm requests from /appointment; a patient cannot; a patient cancels only their own, up to 24 h before', async () => {
    const day = k.monday(9, 2);
    const req = json(await k.post('pt', '/api/appointments', { practitionerId: k.s.pr!.id, typeId: k.typeId('Consultation'), startsAt: at(day, '14:00') })).data;
    const overview = json(await k.get('ad', '/api/appointments/overview')).data;
    expect(overview.requests.map((a: { id: string }) => a.id)).toContain(req.id);
    expect((await k.post('pt', `/api/appointments/${req.id}/confirm`, {})).statusCode).toBe(403);
    expect((await k.get('pr', '/api/appointments/overview')).statusCode).toBe(403);
    const ok = await k.post('ad', `/api/appointments/${req.id}/confirm`, {});
    expect(json(ok).data.status).toBe('confirmé');
    const other = json(await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '15:00', '15:30'))).data;
    expect((await k.post('pt', `/api/appointments/${other.id}/cancel`, { reason: 'x' })).statusCode).toBe(404);
    expect((await k.post('pt', `/api/appointments/${req.id}/cancel`, { reason: 'Je ne peux pas venir' })).statusCode).toBe(200);
    // Within 24 hours: closed online.
    const soon = json(await k.post('pt', '/api/appointments', { practitionerId: k.s.pr!.id, typeId: k.typeId('Consultation'), startsAt: at(day, '16:00') })).data;
    await k.advance(Date.parse(at(day, '16:00')) - k.t.clock.now() - 10 * 3600_000);
    const late = await k.post('pt', `/api/appointments/${soon.id}/cancel`, { reason: 'Trop tard' });
    expect(late.statusCode).toBe(409);
    expect(json(late).error.message).toBe(AGENDA_MESSAGES.cancelTooLate);
  });
});

describe('reminders, iCal feed, waitlist', () => {
  it('sends a reminder 24 h before, exactly once even when the job runs twice (restart), never for a cancelled one', async () => {
    const day = k.monday(20);
    const keep = json(await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '09:00', '09:30'))).data;
    const gone = json(await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '10:00', '10:30'))).data;
    await k.post('pr', `/api/agenda/appointments/${gone.id}/cancel`, { reason: 'Annulé' });
    await k.advance(Date.parse(keep.startsAt) - k.t.clock.now() - 23 * 3600_000);
    const count = () => k.t.mails.filter((m) => m.subject.startsWith('Rappel : votre rendez-vous')).length;
    const before = count();
    await runAgendaJobs(k.t.ctx);
    await k.t.drain();
    await runAgendaJobs(k.t.ctx);
    await k.t.drain();
    expect(count() - before).toBeGreaterThanOrEqual(1);
    const reminders = k.t.mails.filter((m) => m.subject.startsWith('Rappel') && m.subject.includes('09:00'));
    expect(reminders.filter((m) => m.subject.includes(localParts(new Date(keep.startsAt), TZ).day.split('-').reverse().join('/')))).toHaveLength(1);
    const [row] = await k.t.ctx.db.select().from(appointments).where(eq(appointments.id, gone.id));
    expect(row!.reminderSentAt).toBeNull();
  });

  it('the iCal feed parses, lists initials only, is cached privately; revoking it answers 404', async () => {
    const created = await k.post('pr', '/api/agenda/ical', {});
    expect(created.statusCode).toBe(201);
    const url = new URL(json(created).data.url);
    expect(url.pathname).toMatch(/^\/api\/agenda\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await k.t.app.inject({ method: 'GET', url: url.pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.headers['cache-control']).toBe('private, max-age=300');
    const cal = new ICAL.Component(ICAL.parse(feed.body));
    const events = cal.getAllSubcomponents('vevent');
    expect(events.length).toBeGreaterThan(0);
    expect(feed.body).not.toMatch(/Hélène|Martin|Bernard|Contrôle|Suivi lombalgie/);
    expect(events.map((e) => String(e.getFirstPropertyValue('summary')))).toContain('H. M. — Consultation');
    expect((await k.t.app.inject({ method: 'DELETE', url: '/api/agenda/ical', headers: k.s.pr!.auth })).statusCode).toBe(204);
    expect((await k.t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(404);
    expect((await k.post('ad', '/api/agenda/ical', {})).statusCode).toBe(403);
  });

  it('waitlist: a cancellation offers the slot to the first waiting patient; the first to accept gets it', async () => {
    const day = k.monday(22, 1);
    const taken = json(await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '09:00', '09:30'))).data;
    const join = await k.post('pt', '/api/appointments/waitlist', { practitionerId: k.s.pr!.id, fromDay: day, toDay: addDays(day, 3) });
    expect(join.statusCode, join.body).toBe(201);
    await k.post('pr', `/api/agenda/appointments/${taken.id}/cancel`, { reason: 'Patient excusé' });
    const offer = k.t.mails.at(-1)!;
    expect(offer.to).toBe('lucas.bernard@exemple.fr');
    const token = /offre=([A-Za-z0-9_-]+)/.exec(offer.text)![1]!;
    expect(json(await k.get('pt', '/api/appointments/waitlist')).data[0].status).toBe('proposé');
    const [a, b] = await Promise.all([k.post('pt', '/api/appointments/offers/accept', { token }), k.post('pt', '/api/appointments/offers/accept', { token })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const won = a.statusCode === 201 ? a : b;
    expect(json(won).data).toMatchObject({ status: 'confirmé', createdVia: 'waitlist', startsAt: at(day, '09:00') });
  });
});

describe('at the same time (the test holds a row, the requests queue on it)', () => {
  const holdRow = (table: string, id: string) => (c: PoolClient) => c.query(`select 1 from ${table} where id = $1 for update`, [id]);

  it('a confirmation queued behind the patient’s cancellation is refused: the request stays cancelled, no confirmation mailed or journalled', async () => {
    const day = k.monday(26, 1);
    const req = json(await k.post('pt', '/api/appointments', { practitionerId: k.s.pr!.id, typeId: k.typeId('Consultation'), startsAt: at(day, '10:00') })).data;
    const mails = k.t.mails.length;
    const [cancelled, confirmed] = await whileHeld(k.t.ctx.pool, holdRow('appointments', req.id), [
      () => k.post('pt', `/api/appointments/${req.id}/cancel`, { reason: 'Je ne peux pas venir' }),
      () => k.post('ad', `/api/appointments/${req.id}/confirm`, {}),
    ]);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(confirmed.statusCode, confirmed.body).toBe(409);
    expect(json(confirmed).error.message).toBe(AGENDA_MESSAGES.cancelled);
    const mine = json(await k.get('pt', '/api/appointments/mine')).data;
    expect(mine.find((a: { id: string }) => a.id === req.id)).toMatchObject({ status: 'annulé', cancelReason: 'Je ne peux pas venir' });
    const sent = k.t.mails.slice(mails).map((m) => m.subject);
    expect(sent.filter((subject) => subject.startsWith('Annulation de votre rendez-vous'))).toHaveLength(1);
    expect(sent.filter((subject) => subject.startsWith('Confirmation de votre rendez-vous'))).toEqual([]);
    const journal = await k.t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'appointment.status'), eq(auditEvents.recordId, req.id)));
    expect(journal).toEqual([]);
  });

  it('an offer accepted twice at once: the losing request leaves the entry served, so no other slot is offered', async () => {
    const day = k.monday(24, 1);
    const taken = json(await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '09:00', '09:30'))).data;
    const later = json(await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '11:00', '11:30'))).data;
    expect((await k.post('pt', '/api/appointments/waitlist', { practitionerId: k.s.pr!.id, fromDay: day, toDay: day })).statusCode).toBe(201);
    await k.post('pr', `/api/agenda/appointments/${taken.id}/cancel`, { reason: 'Patient excusé' });
    const token = /offre=([A-Za-z0-9_-]+)/.exec(k.t.mails.at(-1)!.text)![1]!;
    const entry = json(await k.get('pt', '/api/appointments/waitlist')).data.find((e: { status: string }) => e.status === 'proposé');
    expect(entry.offerStartsAt).toBe(at(day, '09:00'));
    // The winner waits to mark the entry served; the loser, refused by the slot, then tries to reopen it.
    const accept = () => k.post('pt', '/api/appointments/offers/accept', { token });
    const [won, lost] = await whileHeld(k.t.ctx.pool, holdRow('appointment_waitlist', entry.id), [accept, accept]);
    expect([won.statusCode, lost.statusCode]).toEqual([201, 409]);
    expect(json(await k.get('pt', '/api/appointments/waitlist')).data.map((e: { id: string }) => e.id)).not.toContain(entry.id);
    const mails = k.t.mails.length;
    await k.post('pr', `/api/agenda/appointments/${later.id}/cancel`, { reason: 'Patient excusé' });
    expect(k.t.mails.slice(mails).filter((m) => m.subject.startsWith('Un créneau s’est libéré'))).toEqual([]);
  });

  it('leaving the waitlist is journalled, as joining is', async () => {
    const day = k.monday(25, 2);
    expect((await k.post('pt', '/api/appointments/waitlist', { practitionerId: k.s.pr!.id, fromDay: day, toDay: day })).statusCode).toBe(201);
    const entry = json(await k.get('pt', '/api/appointments/waitlist')).data.find((e: { fromDay: string }) => e.fromDay === day);
    expect((await k.t.app.inject({ method: 'DELETE', url: `/api/appointments/waitlist/${entry.id}`, headers: k.s.pt!.auth })).statusCode).toBe(204);
    const journal = await k.t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'waitlist.leave'), eq(auditEvents.recordId, entry.id)));
    expect(journal).toMatchObject([{ outcome: 'success', userId: k.s.pt!.id }]);
    expect(journal[0]!.patientId).toBeTruthy();
  });
});
