import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@wellbe/shared/domain/zoned';
import { until } from '../../../test/until.ts';
import { agendaKit, at, type AgendaKit } from './agenda.test-kit.ts';

// appointments.patient_name (migration agenda-patient-name-triggers): the calendar's period reads the
// patient's name beside the appointment instead of looking it up per row (issue 31). PostgreSQL alone
// keeps it, whatever statement writes: it must never show a name the patient no longer has.

let k: AgendaKit;
beforeAll(async () => {
  k = await agendaKit(['pr']);
});
afterAll(async () => {
  await k.t.close();
});

const nameOf = async (id: string) => (await k.t.ctx.pool.query<{ patient_name: string | null }>('select patient_name from appointments where id = $1', [id])).rows[0]!.patient_name;

async function anotherPatient(): Promise<{ id: string; fullName: string }> {
  const { rows } = await k.t.ctx.pool.query<{ id: string; full_name: string }>('select id, full_name from patients where organization_id = $1 and id <> $2 order by full_name limit 1', [
    k.s.pr!.idOrganization,
    k.patientId,
  ]);
  return { id: rows[0]!.id, fullName: rows[0]!.full_name };
}

async function insertAppointment(day: string, time: string, patientId: string | null, extra: Record<string, unknown> = {}): Promise<string> {
  const pr = k.s.pr!;
  const row = { organization_id: pr.idOrganization, practitioner_id: pr.id, patient_id: patientId, title: patientId ? null : 'Réunion', starts_at: at(day, time), ends_at: at(day, `${time.slice(0, 2)}:30`), status: 'confirmé', ...extra };
  const columns = Object.keys(row);
  const sql = `insert into appointments (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning id`;
  return (await k.t.ctx.pool.query<{ id: string }>(sql, Object.values(row))).rows[0]!.id;
}

describe('the patient name beside an appointment', () => {
  it('follows the patient: written with one, renamed with them, moved to another, gone without one, never taken from the writer', async () => {
    const day = k.monday(60);
    const other = await anotherPatient();
    const helene = (await k.t.ctx.pool.query<{ full_name: string }>('select full_name from patients where id = $1', [k.patientId])).rows[0]!.full_name;
    const withPatient = await insertAppointment(day, '09:00', k.patientId);
    const meeting = await insertAppointment(day, '10:00', null);
    // A writer's own name is not kept: the patient's is.
    const forged = await insertAppointment(day, '11:00', other.id, { patient_name: 'Nom inventé' });
    expect([await nameOf(withPatient), await nameOf(meeting), await nameOf(forged)]).toEqual([helene, null, other.fullName]);

    // Renamed: every appointment of the patient, in the rename's own transaction.
    await k.t.ctx.pool.query('update patients set full_name = $2 where id = $1', [other.id, 'Odile Renommée']);
    expect(await nameOf(forged)).toBe('Odile Renommée');
    const week = async () => {
      const res = await k.get('pr', `/api/agenda/appointments?from=${at(day, '00:00')}&to=${at(addDays(day, 1), '00:00')}&practitioners=${k.s.pr!.id}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.appointments as { id: string; title: string }[]).map((a) => [a.id, a.title]);
    };
    expect(await week()).toEqual([
      [withPatient, helene],
      [meeting, 'Réunion'],
      [forged, 'Odile Renommée'],
    ]);

    // Moved to another patient, then left without one (its title shown), then written by hand.
    await k.t.ctx.pool.query('update appointments set patient_id = $2 where id = $1', [withPatient, other.id]);
    expect(await nameOf(withPatient)).toBe('Odile Renommée');
    await k.t.ctx.pool.query(`update appointments set patient_id = null, title = 'Sans patient' where id = $1`, [forged]);
    expect(await nameOf(forged)).toBeNull();
    await k.t.ctx.pool.query(`update appointments set patient_name = 'Autre nom' where id = $1`, [withPatient]);
    expect(await nameOf(withPatient)).toBe('Odile Renommée');
    expect(await week()).toEqual([
      [withPatient, 'Odile Renommée'],
      [meeting, 'Réunion'],
      [forged, 'Sans patient'],
    ]);
  });

  it('an appointment written while its patient is being renamed takes the new name once the rename commits', async () => {
    const day = k.monday(61);
    const other = await anotherPatient();
    const renaming = await k.t.ctx.pool.connect();
    try {
      await renaming.query('begin');
      await renaming.query('update patients set full_name = $2 where id = $1', [other.id, 'Nom Pendant Écriture']);
      // The insert waits for the rename's transaction (a lock on the patient's row), then reads its name.
      const written = insertAppointment(day, '09:00', other.id);
      const waiting = await until(
        async () => (await k.t.ctx.pool.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like 'insert into appointments%'`)).rows[0]!.n,
        (n) => n === 1,
        10_000,
      );
      expect(waiting).toBe(1);
      await renaming.query('commit');
      expect(await nameOf(await written)).toBe('Nom Pendant Écriture');
    } finally {
      renaming.release();
    }
  });

  it('a rename made while an appointment is being written waits for it, then renames it too', async () => {
    const day = k.monday(62);
    const other = await anotherPatient();
    const writing = await k.t.ctx.pool.connect();
    try {
      await writing.query('begin');
      const pr = k.s.pr!;
      const { rows } = await writing.query<{ id: string }>(
        `insert into appointments (organization_id, practitioner_id, patient_id, starts_at, ends_at, status) values ($1, $2, $3, $4, $5, 'confirmé') returning id`,
        [pr.idOrganization, pr.id, other.id, at(day, '09:00'), at(day, '09:30')],
      );
      const renamed = k.t.ctx.pool.query('update patients set full_name = $2 where id = $1', [other.id, 'Nom Après Écriture']);
      const waiting = await until(
        async () => (await k.t.ctx.pool.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like 'update patients%'`)).rows[0]!.n,
        (n) => n === 1,
        10_000,
      );
      expect(waiting).toBe(1);
      await writing.query('commit');
      await renamed;
      expect(await nameOf(rows[0]!.id)).toBe('Nom Après Écriture');
    } finally {
      writing.release();
    }
  });
});
