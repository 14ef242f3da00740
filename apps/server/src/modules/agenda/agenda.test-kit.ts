import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import ICAL from 'ical.js';
import { addDays, localParts, weekdayOf } from '@wellbe/shared/domain/zoned';
import { zonedInstant } from '@wellbe/shared/domain/zoned-instant';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';
import { patients } from '../../db/tables.ts';

// What the agenda's API tests share: a test app with signed-in demo users, requests as one of
// them, days clear of the demo week (whatever today's weekday or hour), and .ics parsed by an
// independent parser (ical.js).

export const TZ = 'Europe/Paris';

export interface AgendaKit {
  t: TestApp;
  s: Record<string, Session>;
  post: (who: string, url: string, payload: unknown) => Promise<LightMyRequestResponse>;
  patch: (who: string, url: string, payload: unknown) => Promise<LightMyRequestResponse>;
  get: (who: string, url: string) => Promise<LightMyRequestResponse>;
  /** The id of an appointment type of Cabinet Démo by its label. */
  typeId: (label: string) => string;
  /** Hélène Martin (Cabinet Démo, with an email). */
  patientId: string;
  /** Moves the fake clock; sessions are signed in again (tokens last 60 minutes). */
  advance: (ms: number) => Promise<void>;
  /** The Monday `weeks` weeks from today (negative: back), plus `dayOffset` days. */
  monday: (weeks: number, dayOffset?: number) => string;
  /** A staff booking in `practitioner`'s agenda: Hélène Martin, a 'Consultation', Paris times. */
  body: (practitioner: string, day: string, start: string, end: string, extra?: Record<string, unknown>) => Record<string, unknown>;
}

export async function agendaKit(users: string[]): Promise<AgendaKit> {
  const t = await createTestApp();
  const s: Record<string, Session> = {};
  for (const u of users) s[u] = await t.login(u);
  const inject = (method: 'GET' | 'POST' | 'PATCH') => (who: string, url: string, payload?: unknown) => t.app.inject({ method, url, headers: s[who]!.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
  const types: { id: string; label: string }[] = json(await inject('GET')(users[0]!, '/api/agenda/types')).data;
  const [helene] = await t.ctx.db.select().from(patients).where(eq(patients.fullName, 'Hélène Martin'));
  const typeId = (label: string) => types.find((x) => x.label === label)!.id;
  return {
    t,
    s,
    post: inject('POST'),
    patch: inject('PATCH'),
    get: (who, url) => inject('GET')(who, url),
    typeId,
    patientId: helene!.id,
    advance: async (ms) => {
      t.clock.advance(ms);
      for (const u of Object.keys(s)) s[u] = await t.login(u);
    },
    monday: (weeks, dayOffset = 0) => {
      let day = addDays(localParts(new Date(t.clock.now()), TZ).day, weeks * 7);
      while (weekdayOf(day) !== 1) day = addDays(day, 1);
      return addDays(day, dayOffset);
    },
    body: (who, day, start, end, extra = {}) => ({ practitionerId: s[who]!.id, patientId: helene!.id, typeId: typeId('Consultation'), startsAt: at(day, start), endsAt: at(day, end), ...extra }),
  };
}

/** An instant from a day and a wall-clock time in Paris. */
export const at = (day: string, time: string) => zonedInstant(day, time, TZ).toISOString();

/** The VEVENTs of an iCalendar text, parsed by ical.js, by UID. */
export function parseEvents(text: string): { calendar: ICAL.Component; byUid: Map<string, ICAL.Component> } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const byUid = new Map(calendar.getAllSubcomponents('vevent').map((e) => [String(e.getFirstPropertyValue('uid')), e]));
  return { calendar, byUid };
}

/** What a calendar application reads of an event's revision. */
export function revisionOf(event: ICAL.Component) {
  const stamp = event.getFirstPropertyValue('dtstamp') as ICAL.Time;
  return { status: String(event.getFirstPropertyValue('status')), sequence: Number(event.getFirstPropertyValue('sequence') ?? 0), dtstamp: stamp.toJSDate().toISOString() };
}

/** A Date at the second, as DTSTAMP writes it. */
export const toSecond = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000).toISOString();
