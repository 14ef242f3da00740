import { eq } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.ts';
import { whileHeld } from '../../../test/locks.ts';
import { appointments } from '../../db/tables.ts';
import { runAgendaJobs } from './agenda.jobs.ts';
import { agendaKit, at, parseEvents, revisionOf, toSecond, type AgendaKit } from './agenda.test-kit.ts';

// The agenda's iCalendar as calendar applications read it, parsed by ical.js (not the library
// that writes it): the private feed (DTSTAMP and SEQUENCE of each appointment's last revision, so
// an unchanged agenda answers 304; cancellations sent as STATUS:CANCELLED for 30 days; each status
// mapped) and the .ics of the patient's mails (RFC 5546 REQUEST / CANCEL: ORGANIZER, ATTENDEE).

let k: AgendaKit;
const DAY = 86_400_000;

beforeAll(async () => {
  k = await agendaKit(['pr', 'ad']);
});
afterAll(async () => {
  await k.t.close();
});

const book = async (day: string, start: string, end: string, extra: Record<string, unknown> = {}) => {
  const res = await k.post('pr', '/api/agenda/appointments', { practitionerId: k.s.pr!.id, patientId: k.patientId, typeId: k.typeId('Consultation'), startsAt: at(day, start), endsAt: at(day, end), ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data as { id: string; startsAt: string };
};
const stored = async (id: string) => (await k.t.ctx.db.select().from(appointments).where(eq(appointments.id, id)))[0]!;
const uid = (id: string) => `${id}@wellbe`;

describe('the private iCal feed', () => {
  let feedUrl: string;
  const feed = (headers: Record<string, string> = {}) => k.t.app.inject({ method: 'GET', url: feedUrl, headers });

  beforeAll(async () => {
    feedUrl = new URL(json(await k.post('pr', '/api/agenda/ical', {})).data.url).pathname;
  });

  it('DTSTAMP is the appointment’s last change, not the request’s time: a later read is the same text, and If-None-Match answers 304', async () => {
    const a = await book(k.monday(6), '09:00', '09:30');
    const first = await feed();
    expect(first.statusCode).toBe(200);
    const event = parseEvents(first.body).byUid.get(uid(a.id))!;
    expect(revisionOf(event)).toEqual({ status: 'CONFIRMED', sequence: 0, dtstamp: toSecond((await stored(a.id)).updatedAt) });

    k.t.clock.advance(90_000);
    const again = await feed();
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    const cached = await feed({ 'if-none-match': String(first.headers.etag) });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    // As a compressing proxy hands the tag on (weak), in a list.
    expect((await feed({ 'if-none-match': `"other", W/${String(first.headers.etag)}` })).statusCode).toBe(304);

    // A move is a new revision: a higher SEQUENCE, DTSTAMP at the move, another ETag.
    k.t.clock.advance(60_000);
    expect((await k.patch('pr', `/api/agenda/appointments/${a.id}`, { startsAt: at(k.monday(6), '10:00') })).statusCode).toBe(200);
    const moved = await feed({ 'if-none-match': String(first.headers.etag) });
    expect(moved.statusCode).toBe(200);
    expect(revisionOf(parseEvents(moved.body).byUid.get(uid(a.id))!)).toEqual({ status: 'CONFIRMED', sequence: 1, dtstamp: toSecond((await stored(a.id)).updatedAt) });
  });

  it('each status reads as a calendar expects: requested TENTATIVE, confirmed and honoured CONFIRMED, absent and cancelled CANCELLED with a higher SEQUENCE', async () => {
    const day = k.monday(7);
    const confirmed = await book(day, '09:00', '09:30');
    const requested = await book(day, '10:00', '10:30', { status: 'demandé' });
    const cancelled = await book(day, '11:00', '11:30');
    expect((await k.post('pr', `/api/agenda/appointments/${cancelled.id}/cancel`, { reason: 'Patient malade' })).statusCode).toBe(200);
    const absent = await book(day, '14:00', '14:30');
    expect((await k.post('pr', `/api/agenda/appointments/${absent.id}/status`, { status: 'absent' })).statusCode).toBe(200);
    const honoured = await book(k.monday(-2), '09:00', '09:30', { pastVisit: true });
    expect((await k.post('pr', `/api/agenda/appointments/${honoured.id}/status`, { status: 'honoré' })).statusCode).toBe(200);

    const { byUid } = parseEvents((await feed()).body);
    const read = (id: string) => {
      const e = byUid.get(uid(id));
      return e ? { status: revisionOf(e).status, sequence: revisionOf(e).sequence } : null;
    };
    expect(read(confirmed.id)).toEqual({ status: 'CONFIRMED', sequence: 0 });
    expect(read(requested.id)).toEqual({ status: 'TENTATIVE', sequence: 0 });
    expect(read(cancelled.id)).toEqual({ status: 'CANCELLED', sequence: 1 });
    expect(read(absent.id)).toEqual({ status: 'CANCELLED', sequence: 1 });
    expect(read(honoured.id)).toEqual({ status: 'CONFIRMED', sequence: 1 });
    expect(String(byUid.get(uid(absent.id))!.getFirstPropertyValue('summary'))).toBe('H. M. — Consultation — absent');
    // A hold is the practice's bookkeeping: never in the feed, live or cancelled.
    const hold = json(await k.post('pr', '/api/agenda/holds', { practitionerId: k.s.pr!.id, startsAt: at(day, '16:00'), endsAt: at(day, '16:30') })).data;
    await book(day, '16:00', '16:30', { holdId: hold.id });
    expect(parseEvents((await feed()).body).byUid.has(uid(hold.id))).toBe(false);
  });

  it('a cancellation stays in the feed 30 days, then leaves it; a request the job lets expire comes back CANCELLED', async () => {
    const day = k.monday(10);
    const kept = await book(day, '09:00', '09:30');
    const cancelled = await book(day, '10:00', '10:30');
    await k.post('pr', `/api/agenda/appointments/${cancelled.id}/cancel`, { reason: 'Empêchement' });
    const request = await book(day, '11:00', '11:30', { status: 'demandé' });

    await k.advance(29 * DAY);
    await runAgendaJobs(k.t.ctx);
    let events = parseEvents((await feed()).body).byUid;
    expect(revisionOf(events.get(uid(cancelled.id))!).status).toBe('CANCELLED');
    expect(revisionOf(events.get(uid(request.id))!)).toEqual({ status: 'CANCELLED', sequence: 1, dtstamp: toSecond((await stored(request.id)).updatedAt) });

    await k.advance(2 * DAY);
    events = parseEvents((await feed()).body).byUid;
    expect(events.has(uid(cancelled.id))).toBe(false);
    expect(events.has(uid(request.id))).toBe(true);
    expect(revisionOf(events.get(uid(kept.id))!).status).toBe('CONFIRMED');
  });
});

describe('the .ics of the patient’s mails (RFC 5546)', () => {
  const lastIcs = () => {
    const mail = k.t.mails.at(-1)!;
    expect(mail.to).toBe('helene.martin@exemple.fr');
    const { calendar, byUid } = parseEvents(mail.attachments![0]!.content);
    return { mail, method: String(calendar.getFirstPropertyValue('method')), event: [...byUid.values()][0]!, uids: [...byUid.keys()] };
  };
  const party = (event: ReturnType<typeof lastIcs>['event'], name: 'organizer' | 'attendee') => {
    const p = event.getAllProperties(name);
    // The URI's scheme is case-insensitive (RFC 3986): ical-generator writes MAILTO for attendees.
    return p.map((x) => ({ value: String(x.getFirstValue()).replace(/^mailto:/i, 'mailto:'), cn: x.getParameter('cn') }));
  };

  it('booking, moving and cancelling send REQUEST, REQUEST and CANCEL of one UID, with ORGANIZER, the patient as ATTENDEE, rising SEQUENCE and DTSTAMP at each change', async () => {
    const day = k.monday(8);
    const a = await book(day, '09:00', '09:30');
    const booked = lastIcs();
    expect(booked.method).toBe('REQUEST');
    expect(booked.mail.attachments![0]!.contentType).toContain('method=REQUEST');
    expect(booked.uids).toEqual([uid(a.id)]);
    expect(party(booked.event, 'organizer')).toEqual([{ value: 'mailto:no-reply@wellbe.local', cn: 'Julien Moreau' }]);
    expect(party(booked.event, 'attendee')).toEqual([{ value: 'mailto:helene.martin@exemple.fr', cn: 'Hélène Martin' }]);
    expect(revisionOf(booked.event)).toEqual({ status: 'CONFIRMED', sequence: 0, dtstamp: toSecond((await stored(a.id)).updatedAt) });

    k.t.clock.advance(60_000);
    await k.patch('pr', `/api/agenda/appointments/${a.id}`, { startsAt: at(day, '10:00') });
    const moved = lastIcs();
    expect(moved.method).toBe('REQUEST');
    expect(moved.mail.subject).toContain('à 10:00');
    expect(party(moved.event, 'organizer')).toHaveLength(1);
    expect(party(moved.event, 'attendee')).toHaveLength(1);
    expect(revisionOf(moved.event)).toEqual({ status: 'CONFIRMED', sequence: 1, dtstamp: toSecond((await stored(a.id)).updatedAt) });

    k.t.clock.advance(60_000);
    await k.post('pr', `/api/agenda/appointments/${a.id}/cancel`, { reason: 'Empêchement du praticien' });
    const cancel = lastIcs();
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.uids).toEqual([uid(a.id)]);
    expect(party(cancel.event, 'organizer')).toEqual([{ value: 'mailto:no-reply@wellbe.local', cn: 'Julien Moreau' }]);
    expect(party(cancel.event, 'attendee')).toEqual([{ value: 'mailto:helene.martin@exemple.fr', cn: 'Hélène Martin' }]);
    expect(revisionOf(cancel.event)).toEqual({ status: 'CANCELLED', sequence: 2, dtstamp: toSecond((await stored(a.id)).updatedAt) });
  });
});

describe('the feed and the hours changed at the same time (the test holds the settings row, the requests queue on it)', () => {
  const holdSettings = (c: PoolClient) => c.query('select 1 from agenda_settings where user_id = $1 for update', [k.s.pr!.id]);
  const saveHours = (weeklyHours: Record<string, { start: string; end: string }[]>) => () => k.t.app.inject({ method: 'PUT', url: `/api/agenda/settings/${k.s.pr!.id}`, headers: k.s.pr!.auth, payload: { weeklyHours, availability: [] } });
  const revoke = () => k.t.app.inject({ method: 'DELETE', url: '/api/agenda/ical', headers: k.s.pr!.auth });

  it('a feed revoked while the hours are being saved stays revoked, and the hours are kept, whichever commits first', async () => {
    for (const saveFirst of [true, false]) {
      const feedPath = new URL(json(await k.post('pr', '/api/agenda/ical', {})).data.url).pathname;
      expect((await k.t.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(200);
      const hours = { '1': [{ start: '08:00', end: saveFirst ? '11:00' : '12:00' }] };
      const answers = await whileHeld(k.t.ctx.pool, holdSettings, saveFirst ? [saveHours(hours), revoke] : [revoke, saveHours(hours)]);
      expect(answers.map((a) => a.statusCode)).toEqual(saveFirst ? [200, 204] : [204, 200]);
      expect((await k.t.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(404);
      expect(json(await k.get('pr', `/api/agenda/settings/${k.s.pr!.id}`)).data).toMatchObject({ weeklyHours: hours, icalActive: false });
    }
  });
});
