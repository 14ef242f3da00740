import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

// Issue 31, the list's CPU (docs/scaling.md, "The list's CPU, seventh pass"): every list read writes
// a journal row that names no patient. Such a row no longer enters audit_patient_idx (partial: rows
// with a patient) nor calls the trigger that looks up the patient's organisation (migration 0051);
// the reads by patient still find their rows through that index, and the trigger still clears a
// patient_organization_id the application might try to write.

let t: TestApp;
let client: pg.Client;
let demoPatient: string;
let otherOrganisation: string;
beforeAll(async () => {
  t = await createTestApp();
  client = new pg.Client(t.ctx.pool.options);
  await client.connect();
  const [row] = (await client.query<{ id: string; organization_id: string }>('select id, organization_id from patients order by id limit 1')).rows;
  demoPatient = row.id;
  otherOrganisation = (await client.query<{ id: string }>('select id from organisations where id <> $1 limit 1', [row.organization_id])).rows[0].id;
});
afterAll(async () => {
  await client.end();
  await t.close();
});

/** Inserts one journal row in the open transaction; answers its patient_organization_id. */
async function insert(values: { patientId: string | null; organizationId: string; patientOrganizationId?: string }): Promise<string | null> {
  const { rows } = await client.query<{ p: string | null }>(
    `insert into audit_events (organization_id, action, outcome, patient_id, patient_organization_id) values ($1, 'test.row', 'success', $2, $3) returning patient_organization_id as p`,
    [values.organizationId, values.patientId, values.patientOrganizationId ?? null],
  );
  return rows[0].p;
}

/** Calls of the trigger's function in the open transaction (track_functions set for it). */
async function triggerCalls(): Promise<number> {
  const { rows } = await client.query<{ calls: string }>(`select calls from pg_stat_xact_user_functions where funcname = 'audit_events_patient_organisation'`);
  return rows.length ? Number(rows[0].calls) : 0;
}

describe('the journal row of a read that names no patient (migration 0051)', () => {
  it('does not call the patient-organisation trigger; a row naming a patient does, and gets its organisation', async () => {
    await client.query('begin');
    try {
      await client.query(`set local track_functions = 'pl'`);
      expect(await insert({ patientId: null, organizationId: otherOrganisation })).toBeNull();
      expect(await triggerCalls()).toBe(0);
      // The demo patient seen from another organisation: its own organisation written beside the row.
      const own = (await client.query<{ o: string }>('select organization_id as o from patients where id = $1', [demoPatient])).rows[0].o;
      expect(await insert({ patientId: demoPatient, organizationId: otherOrganisation })).toBe(own);
      expect(await triggerCalls()).toBe(1);
    } finally {
      await client.query('rollback');
    }
  });

  it('still clears a patient_organization_id written by anyone but the trigger, with or without a patient', async () => {
    await client.query('begin');
    try {
      expect(await insert({ patientId: null, organizationId: otherOrganisation, patientOrganizationId: otherOrganisation })).toBeNull();
      const own = (await client.query<{ o: string }>('select organization_id as o from patients where id = $1', [demoPatient])).rows[0].o;
      // A row of the patient's own organisation has none, whatever was written.
      expect(await insert({ patientId: demoPatient, organizationId: own, patientOrganizationId: otherOrganisation })).toBeNull();
    } finally {
      await client.query('rollback');
    }
  });

  it('is left out of audit_patient_idx, which the reads by patient (a value or a join) still walk, generic plan or not', async () => {
    const { rows } = await client.query<{ p: string }>(`select pg_get_expr(indpred, indrelid) as p from pg_index where indexrelid = 'audit_patient_idx'::regclass`);
    expect(rows[0].p).toBe('(patient_id IS NOT NULL)');
    // The shapes of the access log (records.repository.ts) and of /admin's filter by patient: the
    // patient's id bound as a parameter, compared to patient_id directly or through the join.
    const reads = {
      value: 'select id from audit_events where patient_id = $1',
      join: 'select a.id from audit_events a join patients p on p.id = a.patient_id where p.id = $1',
    };
    await client.query('begin');
    try {
      // No sequential scan to fall back on: the index must be usable for the plan to use it.
      await client.query('set local enable_seqscan = off');
      for (const mode of ['force_generic_plan', 'force_custom_plan']) {
        await client.query(`set local plan_cache_mode = ${mode}`);
        for (const [name, text] of Object.entries(reads)) {
          await client.query(`prepare ${name}_read(uuid) as ${text}`);
          const plan = (await client.query<{ 'QUERY PLAN': string }>(`explain execute ${name}_read('${demoPatient}')`)).rows.map((r) => r['QUERY PLAN']).join('\n');
          expect(plan, `${name}, ${mode}`).toContain('audit_patient_idx');
          await client.query(`deallocate ${name}_read`);
        }
      }
    } finally {
      await client.query('rollback');
    }
  });
});
