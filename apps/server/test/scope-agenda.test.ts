import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@wellbe/shared/domain/zoned';
import { systemScope } from '../src/access/scope.ts';
import { agendaExceptions, agendaSettings, appointmentTypes, appointmentWaitlist, appointments, users } from '../src/db/tables.ts';
import { period } from '../src/modules/agenda/agenda.period.repository.ts';
import * as repo from '../src/modules/agenda/agenda.repository.ts';
import * as setup from '../src/modules/agenda/agenda.settings.repository.ts';
import { agendaKit, at, type AgendaKit } from '../src/modules/agenda/agenda.test-kit.ts';
import * as waitlist from '../src/modules/appointments/appointments.repository.ts';
import { json } from './helpers.ts';

// The scope of the agenda and appointments areas, checked below the services: every repository
// function of those areas (but the job's two statements over every organisation) is run with the
// scope of the other organisation (Centre Santé Nord) against Cabinet Démo's data, and must read
// nothing and change nothing of it; the same call with Cabinet Démo's scope reads the data, so
// that the check is not vacuous.

let k: AgendaKit;
let day: string;
let own: { appointment: string; exception: string; waitlist: string; type: string };

beforeAll(async () => {
  k = await agendaKit(['pr', 'pt', 'pr2']);
  day = k.monday(11, 1);
  const appointment = json(await k.post('pr', '/api/agenda/appointments', k.body('pr', day, '09:00', '09:30', { status: 'demandé' }))).data.id;
  const exception = json(await k.post('pr', `/api/agenda/settings/${k.s.pr!.id}/exceptions`, { startsAt: at(day, '14:00'), endsAt: at(day, '15:00'), label: 'Formation' })).data.id;
  expect((await k.post('pr', '/api/agenda/ical', {})).statusCode).toBe(201);
  const waiting = json(await k.post('pt', '/api/appointments/waitlist', { practitionerId: k.s.pr!.id, fromDay: day, toDay: addDays(day, 2) })).data;
  own = { appointment, exception, waitlist: waiting[0].id, type: k.typeId('Consultation') };
});
afterAll(async () => {
  await k.t.close();
});

describe('the agenda and appointments repositories, run with the other organisation’s scope', () => {
  const demo = () => systemScope(k.s.pr!.idOrganization!);
  const nord = () => systemScope(k.s.pr2!.idOrganization!);
  const stored = async () => ({
    appointment: (await k.t.ctx.db.select().from(appointments).where(eq(appointments.id, own.appointment)))[0],
    exception: (await k.t.ctx.db.select().from(agendaExceptions).where(eq(agendaExceptions.id, own.exception)))[0],
    settings: (await k.t.ctx.db.select().from(agendaSettings).where(eq(agendaSettings.userId, k.s.pr!.id)))[0],
    type: (await k.t.ctx.db.select().from(appointmentTypes).where(eq(appointmentTypes.id, own.type)))[0],
    waitlist: (await k.t.ctx.db.select().from(appointmentWaitlist).where(eq(appointmentWaitlist.id, own.waitlist)))[0],
  });

  it('appointments and the calendar’s period: read in Cabinet Démo’s scope, nothing in Nord’s, and no write reaches them', async () => {
    const db = k.t.ctx.db;
    const [a, b] = [demo(), nord()];
    const pr = k.s.pr!.id;
    const [from, to] = [new Date(at(day, '00:00')), new Date(at(addDays(day, 1), '00:00'))];
    const live = { now: new Date(k.t.clock.now()), validityHours: 48 };
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
    const before = await stored();

    expect((await repo.organisationSettings(db, a))?.name).toBe('Cabinet Démo');
    expect((await repo.organisationSettings(db, b))?.name).not.toBe('Cabinet Démo');
    expect(ids(await repo.appointmentsBetween(db, a, [pr], from, to))).toContain(own.appointment);
    expect(await repo.appointmentsBetween(db, b, [pr], from, to)).toEqual([]);
    const range = { from, to, cancelledSince: from };
    expect(ids(await repo.feedAppointments(db, a, pr, range, live))).toContain(own.appointment);
    expect(await repo.feedAppointments(db, b, pr, range, live)).toEqual([]);
    expect(await repo.findAppointment(db, a, own.appointment)).not.toBeNull();
    expect(await repo.findAppointment(db, b, own.appointment)).toBeNull();
    expect(ids(await repo.patientAppointments(db, a, k.patientId))).toContain(own.appointment);
    expect(await repo.patientAppointments(db, b, k.patientId)).toEqual([]);
    expect(ids(await repo.requestsAndDay(db, a, from, to, live))).toContain(own.appointment);
    expect(ids(await repo.requestsAndDay(db, b, from, to, live))).not.toContain(own.appointment);
    const journal = { at: live.now, userId: pr, organizationId: a.organizationId, action: 'appointment.list', outcome: 'success' as const };
    const input = { practitionerIds: [pr], from, to, now: live.now, defaultTimeZone: 'Europe/Paris', defaultValidityHours: 48, journal };
    const shown = await period(k.t.ctx.pool, a, input);
    expect([ids(shown!.appointments), ids(shown!.exceptions)]).toEqual([[own.appointment], [own.exception]]);
    expect(await period(k.t.ctx.pool, b, input)).toMatchObject({ appointments: [], exceptions: [] });

    expect(await repo.updateAppointment(db, b, own.appointment, { note: 'Écrit depuis Nord', status: 'annulé' })).toEqual({ found: false, released: [] });
    // A row inserted in Nord's scope is Nord's, whatever its practitioner.
    const inserted = await repo.insertAppointment(db, b, { practitionerId: k.s.pr2!.id, title: 'Réunion', startsAt: new Date(at(day, '09:00')), endsAt: new Date(at(day, '09:30')), status: 'confirmé' });
    expect(inserted).not.toBe('overlap');
    // Completing a hold names it by id: Nord's scope finds none to give up, and inserts nothing.
    const completing = await repo.insertAppointment(db, b, { practitionerId: k.s.pr2!.id, title: 'Réunion', startsAt: new Date(at(day, '10:00')), endsAt: new Date(at(day, '10:30')), status: 'confirmé' }, undefined, { id: own.appointment, createdBy: pr, reason: 'Depuis Nord', now: new Date() });
    expect(completing).toBe('hold_expired');
    expect((await repo.findAppointment(db, b, (inserted as { id: string }).id))?.organizationId).toBe(b.organizationId);
    expect(await stored()).toEqual(before);
  });

  it('practitioners, patients, working hours, absences and types: read in Cabinet Démo’s scope, nothing in Nord’s, and no write reaches them', async () => {
    const db = k.t.ctx.db;
    const [a, b] = [demo(), nord()];
    const pr = k.s.pr!.id;
    const [from, to] = [new Date(at(day, '00:00')), new Date(at(addDays(day, 1), '00:00'))];
    const before = await stored();

    expect(await setup.patientIn(db, { organizationId: a.organizationId, patientId: k.patientId, archived: false })).not.toBeNull();
    expect(await setup.patientIn(db, { organizationId: b.organizationId, patientId: k.patientId, archived: false })).toBeNull();
    expect((await setup.listPractitioners(db, a)).map((p) => p.id)).toContain(pr);
    expect((await setup.listPractitioners(db, b)).map((p) => p.id)).not.toContain(pr);
    expect(await setup.findPractitioner(db, a, pr)).not.toBeNull();
    expect(await setup.findPractitioner(db, b, pr)).toBeNull();
    expect(await setup.findByUsername(db, a, 'pr')).not.toBeNull();
    expect(await setup.findByUsername(db, b, 'pr')).toBeNull();
    expect(await setup.readSettings(db, a, pr)).not.toBeNull();
    expect(await setup.readSettings(db, b, pr)).toBeNull();
    expect((await setup.exceptionsBetween(db, a, [pr], from, to)).map((e) => e.id)).toEqual([own.exception]);
    expect(await setup.exceptionsBetween(db, b, [pr], from, to)).toEqual([]);
    expect((await setup.upcomingExceptions(db, a, pr, from)).map((e) => e.id)).toContain(own.exception);
    expect(await setup.upcomingExceptions(db, b, pr, from)).toEqual([]);
    expect((await setup.listTypes(db, a)).map((x) => x.id)).toContain(own.type);
    expect((await setup.listTypes(db, b)).map((x) => x.id)).not.toContain(own.type);
    expect(await setup.findType(db, a, own.type)).not.toBeNull();
    expect(await setup.findType(db, b, own.type)).toBeNull();

    await setup.saveHours(db, b, { userId: pr, weeklyHours: {}, availability: [], updatedAt: new Date() });
    await setup.saveIcalSecret(db, b, { userId: pr, icalSecretHash: 'x'.repeat(64), icalCreatedAt: new Date() }, {});
    await setup.clearIcalSecret(db, b, pr, new Date());
    expect(await setup.deleteException(db, b, pr, own.exception)).toBe(false);
    expect(await setup.updateType(db, b, own.type, { label: 'Renommé depuis Nord' })).toBeNull();
    expect(await stored()).toEqual(before);
  });

  it('the waitlist: read in Cabinet Démo’s scope, nothing in Nord’s, and no write reaches it', async () => {
    const db = k.t.ctx.db;
    const [a, b] = [demo(), nord()];
    const [lucas] = await db.select({ patientId: users.patientId }).from(users).where(eq(users.username, 'pt'));
    const before = await stored();

    expect((await waitlist.patientWaitlist(db, a, lucas!.patientId!)).map((w) => w.id)).toEqual([own.waitlist]);
    expect(await waitlist.patientWaitlist(db, b, lucas!.patientId!)).toEqual([]);
    expect(await waitlist.withdrawWaitlist(db, b, lucas!.patientId!, own.waitlist)).toBe(false);
    const slot = { practitionerId: k.s.pr!.id, day, startsAt: new Date(at(day, '11:00')), endsAt: new Date(at(day, '11:30')), tokenHash: 'x'.repeat(64), expiresAt: new Date(k.t.clock.now() + 3600_000) };
    expect(await waitlist.offerToFirstWaiting(db, b, slot)).toBeNull();
    await waitlist.markWaitlist(db, b, own.waitlist, 'servi');
    expect(await stored()).toEqual(before);

    // Offered in Cabinet Démo's scope, the offer is found by its token there only.
    expect((await waitlist.offerToFirstWaiting(db, a, slot))?.entry.id).toBe(own.waitlist);
    expect(await waitlist.offerByToken(db, b, slot.tokenHash)).toBeNull();
    expect((await waitlist.offerByToken(db, a, slot.tokenHash))?.id).toBe(own.waitlist);
    await waitlist.reopenOffer(db, b, own.waitlist, slot.tokenHash);
    expect((await stored()).waitlist?.status).toBe('proposé');
    await waitlist.reopenOffer(db, a, own.waitlist, slot.tokenHash);
    expect((await stored()).waitlist?.status).toBe('attente');
  });
});
