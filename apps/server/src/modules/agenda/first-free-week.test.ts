import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localParts, weekdayOf } from '@wellbe/shared/domain/zoned';
import { zonedInstant } from '@wellbe/shared/domain/zoned-instant';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';

// /appointment opens on the first week with a free slot: a patient arriving on a Saturday evening
// (every slot of the week is past) or before a week the practitioner is away is shown the next
// week that has slots. The fake clock is moved to the coming Saturday, so the test means the same
// whatever day it runs.

const TZ = 'Europe/Paris';
let t: TestApp;
let pt: Session;
let pr: Session;
let typeId: string;

const get = (who: Session, url: string) => t.app.inject({ method: 'GET', url, headers: who.auth });
const mondayOf = (day: string) => addDays(day, 1 - weekdayOf(day));
const slotsOf = (from: string, extra = '') => get(pt, `/api/appointments/slots?practitionerId=${pr.id}&typeId=${typeId}&from=${from}${extra}`);

beforeAll(async () => {
  t = await createTestApp();
  // The coming Saturday, 18:00 in the practice: the rest of its week has no working hour left.
  let saturday = localParts(new Date(t.clock.now()), TZ).day;
  while (weekdayOf(saturday) !== 6) saturday = addDays(saturday, 1);
  t.clock.advance(zonedInstant(saturday, '18:00', TZ).getTime() - t.clock.now());
  pt = await t.login('pt');
  pr = await t.login('pr');
  const options = json(await get(pt, '/api/appointments/options')).data;
  typeId = options.types.find((x: { label: string }) => x.label === 'Consultation').id;
});
afterAll(async () => {
  await t.close();
});

describe('free slots of /appointment: the first week that has one', () => {
  it('on a Saturday evening, this week has none and firstFree answers next week’s slots', async () => {
    const today = localParts(new Date(t.clock.now()), TZ).day;
    const thisWeek = mondayOf(today);
    const plain = await slotsOf(thisWeek);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(json(plain)).toMatchObject({ data: [], from: thisWeek });

    const seek = json(await slotsOf(thisWeek, '&firstFree=true'));
    const nextWeek = addDays(thisWeek, 7);
    expect(seek.from).toBe(nextWeek);
    expect(seek.data.length).toBeGreaterThan(10);
    const days = seek.data.map((s: { startsAt: string }) => localParts(new Date(s.startsAt), TZ).day);
    expect(days.every((d: string) => d >= nextWeek && d < addDays(nextWeek, 7))).toBe(true);
    // The same slots as asking for that week itself.
    expect(seek.data).toEqual(json(await slotsOf(nextWeek)).data);
  });

  it('skips a week the practitioner is away, and stays on a week that has slots', async () => {
    const nextWeek = addDays(mondayOf(localParts(new Date(t.clock.now()), TZ).day), 7);
    const away = await t.app.inject({
      method: 'POST',
      url: `/api/agenda/settings/${pr.id}/exceptions`,
      headers: pr.auth,
      payload: { startsAt: zonedInstant(nextWeek, '00:00', TZ).toISOString(), endsAt: zonedInstant(addDays(nextWeek, 7), '00:00', TZ).toISOString(), label: 'Congés' },
    });
    expect(away.statusCode, away.body).toBe(201);
    const seek = json(await slotsOf(nextWeek, '&firstFree=true'));
    expect(seek.from).toBe(addDays(nextWeek, 7));
    expect(seek.data.length).toBeGreaterThan(10);
    const later = addDays(nextWeek, 14);
    expect(json(await slotsOf(later, '&firstFree=true')).from).toBe(later);
  });

  it('refuses a firstFree that is not true or false, in French', async () => {
    const res = await slotsOf(mondayOf(localParts(new Date(t.clock.now()), TZ).day), '&firstFree=oui');
    expect(res.statusCode).toBe(400);
    expect(json(res).success).toBe(false);
  });
});
