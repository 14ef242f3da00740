import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@wellbe/shared/domain/zoned';
import { queriesSent } from '../../../test/prepared.ts';
import { auditEvents } from '../../db/tables.ts';
import { isoOf } from './agenda.period.repository.ts';
import { agendaKit, at, type AgendaKit } from './agenda.test-kit.ts';

// The agenda's period read (GET /api/agenda/appointments, agenda.period.repository): what the
// calendar receives, byte for byte, on a fixed set of rows, and the one journal row that goes with
// it. Reworking the statement for speed (issue 31 bench) must change neither.

let k: AgendaKit;
beforeAll(async () => {
  k = await agendaKit(['pr', 'pa']);
});
afterAll(async () => {
  await k.t.close();
});

/** Rows written as they are, with their exact instants (sub-millisecond ones included). */
async function insert(table: 'appointments' | 'agenda_exceptions', row: Record<string, unknown>): Promise<string> {
  const columns = Object.keys(row);
  const { rows } = await k.t.ctx.pool.query<{ id: string }>(
    `insert into ${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
    Object.values(row),
  );
  return rows[0]!.id;
}

describe('the period read', () => {
  it('answers the same bytes for a fixed week (names, types, instants to the millisecond, absences) with one journal row of its counts', async () => {
    const day = k.monday(30);
    const pr = k.s.pr!;
    const now = new Date(k.t.clock.now());
    const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
    const base = { organization_id: pr.idOrganization, practitioner_id: pr.id };
    const { rows: types } = await k.t.ctx.pool.query<{ colour: string }>(`select colour from appointment_types where id = $1`, [k.typeId('Consultation')]);
    const colour = types[0]!.colour;
    // Sub-millisecond instants: the answer keeps the millisecond, cut (not rounded) as before.
    const night = await insert('appointments', { ...base, patient_id: k.patientId, type_id: k.typeId('Consultation'), starts_at: '2000-01-01T00:00:00Z', ends_at: '2000-01-01T00:01:00Z', status: 'confirmé' });
    await k.t.ctx.pool.query(`update appointments set starts_at = $2::timestamptz - interval '1 hour' + interval '0.9996 seconds', ends_at = $2::timestamptz + interval '30 minutes 0.000004 seconds' where id = $1`, [night, at(day, '00:00')]);
    const meeting = await insert('appointments', { ...base, title: 'Réunion « équipe » "A\\B" <b>', starts_at: at(day, '12:00'), ends_at: at(day, '13:00'), status: 'confirmé' });
    const held = await insert('appointments', { ...base, patient_id: k.patientId, type_id: k.typeId('Consultation'), starts_at: at(addDays(day, 1), '09:00'), ends_at: at(addDays(day, 1), '09:30'), status: 'provisoire', hold_expires_at: minutes(10) });
    const asked = await insert('appointments', { ...base, patient_id: k.patientId, starts_at: at(addDays(day, 2), '09:00'), ends_at: at(addDays(day, 2), '09:30'), status: 'demandé', created_at: minutes(-60) });
    // Left out: cancelled, an expired hold, a request past its validity, one before the week, another practitioner's.
    await insert('appointments', { ...base, patient_id: k.patientId, starts_at: at(addDays(day, 3), '09:00'), ends_at: at(addDays(day, 3), '09:30'), status: 'annulé' });
    await insert('appointments', { ...base, patient_id: k.patientId, starts_at: at(addDays(day, 3), '10:00'), ends_at: at(addDays(day, 3), '10:30'), status: 'provisoire', hold_expires_at: minutes(-1) });
    await insert('appointments', { ...base, patient_id: k.patientId, starts_at: at(addDays(day, 3), '11:00'), ends_at: at(addDays(day, 3), '11:30'), status: 'demandé', created_at: minutes(-49 * 60) });
    await insert('appointments', { ...base, patient_id: k.patientId, starts_at: at(addDays(day, -1), '09:00'), ends_at: at(addDays(day, -1), '09:30'), status: 'confirmé' });
    const absence = await insert('agenda_exceptions', { ...base, starts_at: at(addDays(day, 4), '14:00'), ends_at: at(addDays(day, 5), '00:00'), label: 'Congrès' });

    const from = at(day, '00:00');
    const to = at(addDays(day, 7), '00:00');
    const journal = () => k.t.ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'appointment.list'));
    const before = (await journal()).length;
    // One round trip (issue 31): the read and its journal row are one statement, no insert after it.
    let res!: Awaited<ReturnType<AgendaKit['get']>>;
    const sent = await queriesSent(
      k.t.ctx.pool,
      (config) => {
        const text = typeof config === 'string' ? config : config.text;
        return /audit_events|appointments/.test(text) ? (typeof config === 'object' && config.name) || text.slice(0, 60) : undefined;
      },
      async () => void (res = await k.get('pr', `/api/agenda/appointments?from=${from}&to=${to}&practitioners=${pr.id}`)),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(sent).toEqual(['agenda_period_v5']);
    const starts = new Date(new Date(at(day, '00:00')).getTime() - 3_600_000 + 999).toISOString();
    const expected = {
      success: true,
      data: {
        timeZone: 'Europe/Paris',
        appointments: [
          { id: night, practitionerId: pr.id, title: 'Hélène Martin', typeLabel: 'Consultation', colour, startsAt: starts, endsAt: at(day, '00:30'), status: 'confirmé' },
          { id: meeting, practitionerId: pr.id, title: 'Réunion « équipe » "A\\B" <b>', typeLabel: null, colour: null, startsAt: at(day, '12:00'), endsAt: at(day, '13:00'), status: 'confirmé' },
          { id: held, practitionerId: pr.id, title: 'Hélène Martin', typeLabel: 'Consultation', colour, startsAt: at(addDays(day, 1), '09:00'), endsAt: at(addDays(day, 1), '09:30'), status: 'provisoire' },
          { id: asked, practitionerId: pr.id, title: 'Hélène Martin', typeLabel: null, colour: null, startsAt: at(addDays(day, 2), '09:00'), endsAt: at(addDays(day, 2), '09:30'), status: 'demandé' },
        ],
        exceptions: [{ id: absence, practitionerId: pr.id, startsAt: at(addDays(day, 4), '14:00'), endsAt: at(addDays(day, 5), '00:00'), label: 'Congrès' }],
      },
    };
    expect(res.body).toBe(JSON.stringify(expected));

    // One journal row: who, from where, the counts (4 appointments, 1 patient), never the names.
    const rows = (await journal()).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: pr.id, role: 'PR', organizationId: pr.idOrganization, recordType: 'appointment', recordId: null, patientId: null, outcome: 'success', ip: '127.0.0.1' });
    expect(rows[0]!.at.getTime()).toBe(k.t.clock.now());
    expect(rows[0]!.details).toEqual({ from, to, practitioners: 1, appointments: 4, patients: 1 });

    // A period without a patient in it reads no patient data: no journal row.
    const empty = await k.get('pr', `/api/agenda/appointments?from=${at(day, '11:00')}&to=${at(day, '14:00')}&practitioners=${pr.id}`);
    expect(empty.json().data.appointments.map((a: { id: string }) => a.id)).toEqual([meeting]);
    expect((await journal()).length).toBe(before + 1);
  });
});

// Any other way of writing the answer (issue 31 tried PostgreSQL's own JSON, docs/scaling.md)
// must give these bytes: the text and the instants as JSON.stringify of the values.
describe('the period answer as JSON', () => {
  it('escapes text and writes instants exactly as JSON.stringify of the values did (fractions of a second, an empty period)', async () => {
    const pr = k.s.pr!;
    const base = { organization_id: pr.idOrganization, practitioner_id: pr.id };
    // Every character JSON.stringify escapes or keeps: quotes, backslash, control characters, DEL,
    // the line separator, an emoji (a surrogate pair in JavaScript), accents.
    const tricky = 'Bilan "A\\B" \n\t\r\b\f \u0001\u001f \u007f \u2028 😀 é <b>';
    const { rows } = await k.t.ctx.pool.query<{ id: string }>(
      `insert into appointment_types (organization_id, label, duration_minutes, colour) values ($1, $2, 30, $3) returning id`,
      [pr.idOrganization, tricky, '#"c\\'],
    );
    const typeId = rows[0]!.id;
    const day = k.monday(40);
    const second = (time: string) => at(day, time).slice(0, 19);
    const fractions = ['.5', '.12', '.123', '.1234', '.99999', '.000004'];
    const expected: Record<string, unknown>[] = [];
    for (const [i, fraction] of fractions.entries()) {
      const startsAt = `${second(`0${i + 1}:00`)}${fraction}Z`;
      const endsAt = `${second(`0${i + 1}:30`)}Z`;
      const id = await insert('appointments', { ...base, title: `${tricky} ${i}`, type_id: i % 2 ? typeId : null, starts_at: startsAt, ends_at: endsAt, status: 'confirmé' });
      const type = i % 2 ? { typeLabel: tricky, colour: '#"c\\' } : { typeLabel: null, colour: null };
      // A Date keeps the millisecond, cut: ".99999" is .999, ".000004" is .000.
      expected.push({ id, practitionerId: pr.id, title: `${tricky} ${i}`, ...type, startsAt: new Date(startsAt).toISOString(), endsAt: new Date(endsAt).toISOString(), status: 'confirmé' });
    }
    const absence = await insert('agenda_exceptions', { ...base, starts_at: at(day, '14:00'), ends_at: at(day, '15:00'), label: tricky });
    const period = (from: string, to: string) => k.get('pr', `/api/agenda/appointments?from=${from}&to=${to}&practitioners=${pr.id}`);
    const res = await period(at(day, '00:00'), at(addDays(day, 1), '00:00'));
    expect(res.statusCode, res.body).toBe(200);
    const exceptions = [{ id: absence, practitionerId: pr.id, startsAt: at(day, '14:00'), endsAt: at(day, '15:00'), label: tricky }];
    expect(res.body).toBe(JSON.stringify({ success: true, data: { timeZone: 'Europe/Paris', appointments: expected, exceptions } }));
    expect(expected.map((a) => a.startsAt as string).map((iso) => iso.slice(19))).toEqual(['.500Z', '.120Z', '.123Z', '.123Z', '.999Z', '.000Z']);

    // Nothing in the period: empty arrays, not null.
    const empty = await period(at(addDays(day, 2), '00:00'), at(addDays(day, 3), '00:00'));
    expect(empty.body).toBe(JSON.stringify({ success: true, data: { timeZone: 'Europe/Paris', appointments: [], exceptions: [] } }));
  });
});

describe('the period order', () => {
  it('lists appointments by start, those starting together (two practitioners side by side) by end then id', async () => {
    const [pr, pa] = [k.s.pr!, k.s.pa!];
    expect(pa.idOrganization).toBe(pr.idOrganization);
    const row = (who: typeof pr, title: string, starts: string, ends: string) =>
      insert('appointments', { organization_id: who.idOrganization, practitioner_id: who.id, status: 'confirmé', title, starts_at: at(day, starts), ends_at: at(day, ends) });
    const day = k.monday(50);
    // Written in the reverse of the expected order.
    const long = await row(pr, 'Long', '09:00', '10:00');
    const short = await row(pa, 'Court', '09:00', '09:30');
    const early = await row(pa, 'Tôt', '08:00', '08:30');
    const twins = [await row(pr, 'Jumeau', '12:00', '12:30'), await row(pa, 'Jumeau', '12:00', '12:30')].sort().reverse();
    const res = await k.get('pr', `/api/agenda/appointments?from=${at(day, '00:00')}&to=${at(addDays(day, 1), '00:00')}&practitioners=${pr.id},${pa.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.appointments.map((a: { id: string }) => a.id)).toEqual([early, short, long, ...twins.reverse()]);
  });
});

describe('isoOf', () => {
  it('writes an instant sent as to_json of its UTC time as Date#toISOString does, cut to the millisecond', () => {
    expect(isoOf('"2026-11-23T07:00:00"')).toBe('2026-11-23T07:00:00.000Z');
    expect(isoOf('"2026-11-23T07:00:00.5"')).toBe('2026-11-23T07:00:00.500Z');
    expect(isoOf('"2026-11-23T07:00:00.12"')).toBe('2026-11-23T07:00:00.120Z');
    expect(isoOf('"2026-11-23T07:00:00.999999"')).toBe('2026-11-23T07:00:00.999Z');
    expect(isoOf('"2026-11-23T07:00:00.000004"')).toBe('2026-11-23T07:00:00.000Z');
  });
});
