import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@wellbe/shared/domain/zoned';
import { AGENDA_MESSAGES } from '@wellbe/shared/schemas/agenda';
import { json } from '../../../test/helpers.ts';
import { agendaKit, type AgendaKit } from '../agenda/agenda.test-kit.ts';

// The days of the agenda's queries and bodies (a week's slots, the overview's day, a waitlist's
// period, an availability's start) must exist: a day the calendar does not have is refused with
// a French 400 and changes nothing, where the shape alone let it reach Temporal (a 500) or the
// date column (the database's fallback answer), or slide to another day.

let k: AgendaKit;

beforeAll(async () => {
  k = await agendaKit(['pr', 'ad', 'pt']);
});
afterAll(async () => {
  await k.t.close();
});

const refusedWith = (res: LightMyRequestResponse, message: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(json(res).error.message).toBe(message);
};

describe('days that do not exist', () => {
  it('free slots (patient and staff) refuse month 00, day 00 and 31 February; a real week still answers', async () => {
    const q = (from: string) => `practitionerId=${k.s.pr!.id}&typeId=${k.typeId('Consultation')}&from=${from}`;
    for (const from of ['2026-00-10', '2026-01-00', '2026-02-31', '2026-13-01']) {
      refusedWith(await k.get('pt', `/api/appointments/slots?${q(from)}`), AGENDA_MESSAGES.badDay);
      refusedWith(await k.get('pr', `/api/agenda/slots?${q(from)}`), AGENDA_MESSAGES.badDay);
    }
    // Year 9999's next day has no YYYY-MM-DD form: the agenda keeps to its years.
    refusedWith(await k.get('pt', `/api/appointments/slots?${q('9999-12-31')}`), AGENDA_MESSAGES.outOfRange);
    const week = await k.get('pt', `/api/appointments/slots?${q(k.monday(9))}`);
    expect(week.statusCode, week.body).toBe(200);
    expect(json(week).from).toBe(k.monday(9));
    expect((await k.get('pr', `/api/agenda/slots?${q(k.monday(9))}`)).statusCode).toBe(200);
  });

  it('the overview refuses 2026-13-00 and 2026-02-31, and shows a real day', async () => {
    refusedWith(await k.get('ad', '/api/appointments/overview?day=2026-13-00'), AGENDA_MESSAGES.badDay);
    refusedWith(await k.get('ad', '/api/appointments/overview?day=2026-02-31'), AGENDA_MESSAGES.badDay);
    const day = await k.get('ad', '/api/appointments/overview?day=2026-02-28');
    expect(day.statusCode, day.body).toBe(200);
    expect(json(day).data.day).toBe('2026-02-28');
  });

  it('the waitlist refuses a period ending on 31 February or starting in month 00 and records nothing; a real period is recorded', async () => {
    const from = k.monday(12);
    refusedWith(await k.post('pt', '/api/appointments/waitlist', { practitionerId: k.s.pr!.id, fromDay: from, toDay: '2030-02-31' }), AGENDA_MESSAGES.badDay);
    refusedWith(await k.post('pt', '/api/appointments/waitlist', { practitionerId: k.s.pr!.id, fromDay: '2026-00-01', toDay: from }), AGENDA_MESSAGES.badDay);
    expect(json(await k.get('pt', '/api/appointments/waitlist')).data).toEqual([]);
    const join = await k.post('pt', '/api/appointments/waitlist', { practitionerId: k.s.pr!.id, fromDay: from, toDay: addDays(from, 3) });
    expect(join.statusCode, join.body).toBe(201);
    expect(json(join).data.map((e: { fromDay: string; toDay: string }) => [e.fromDay, e.toDay])).toEqual([[from, addDays(from, 3)]]);
  });

  it('an availability starting on 30 February is refused and the settings stay as they were', async () => {
    const url = `/api/agenda/settings/${k.s.pr!.id}`;
    const before = json(await k.get('pr', url)).data;
    const put = await k.t.app.inject({ method: 'PUT', url, headers: k.s.pr!.auth, payload: { weeklyHours: {}, availability: [{ rrule: 'FREQ=WEEKLY;BYDAY=SA', since: '2026-02-30', start: '09:00', end: '10:00' }] } });
    refusedWith(put, AGENDA_MESSAGES.badDay);
    expect(json(await k.get('pr', url)).data).toEqual(before);
  });
});
