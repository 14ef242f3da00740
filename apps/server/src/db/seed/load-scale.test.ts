import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../../test/helpers.ts';
import { patientKeys } from '../../modules/patients/patients.keys.ts';
import { verifyRecords } from '../../modules/history/history.service.ts';
import { backfillVersions } from './load-history.ts';
import { loadScale } from './load-scale.ts';

// The million-patient loader at a small size: what it writes is what the app would have stored,
// a practitioner of a loaded practice sees their patients and only theirs, and a second run
// changes nothing (and leaves every index in place). After it, as `npm run seed:load` does, every
// loaded record has its first version and records:verify passes.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const sizes = { organisations: 2, patients: 30, consultations: 2 };
const indexCount = async () => (await t.handle.pool.query<{ n: number }>(`select count(*)::int as n from pg_index where indrelid = 'patients'::regclass`)).rows[0].n;
const loaded = async () =>
  (
    await t.handle.pool.query<{ full_name: string; phone_number: string; email: string; name_key: string; phone_key: string; search_key: string; consultation_count: number }>(
      `select p.full_name, p.phone_number, p.email, p.name_key, p.phone_key, p.search_key, p.consultation_count
         from patients p join organisations g on g.id = p.organization_id where g.name like 'Cabinet Échelle %' order by p.id`,
    )
  ).rows;

describe('seed:load à l’échelle (LOAD_SCALE_ORGANISATIONS)', () => {
  it('writes practices, patients with the app’s keys and their consultations, idempotently', async () => {
    const indexes = await indexCount();
    await loadScale(t.handle.pool, sizes, () => {});
    const rows = await loaded();
    expect(rows).toHaveLength(60);
    for (const r of rows) {
      expect({ nameKey: r.name_key, phoneKey: r.phone_key, searchKey: r.search_key }).toEqual(patientKeys(r.full_name, r.phone_number, r.email));
      expect(r.consultation_count).toBe(2);
    }
    expect(await indexCount()).toBe(indexes);

    const pr = await t.login('echelle-0002');
    const list = json(await t.app.inject({ method: 'GET', url: '/api/patients?pageSize=100', headers: pr.auth }));
    expect(list.data).toHaveLength(30);
    // Every loaded patient opens (ids the app accepts as UUIDs).
    for (const p of list.data) expect((await t.app.inject({ method: "GET", url: `/api/patients/${p.idPatient}`, headers: pr.auth })).statusCode).toBe(200);

    await loadScale(t.handle.pool, sizes, () => {});
    expect(await loaded()).toEqual(rows);
    expect(await indexCount()).toBe(indexes);
  });

  it('gives every loaded consultation and patient its first version, and records:verify passes', async () => {
    await loadScale(t.handle.pool, sizes, () => {});
    expect(await backfillVersions(t.handle.pool, () => {})).toBeGreaterThanOrEqual(60 + 120);
    const { rows } = await t.handle.pool.query<{ type: string; records: number; versioned: number }>(
      `select r.type, count(*)::int as records, count(v.record_id)::int as versioned
         from (select 'patient' as type, p.id, p.organization_id from patients p
               union all select 'consultation', c.id, c.organization_id from consultations c) r
         join organisations g on g.id = r.organization_id
         left join record_versions v on v.record_type = r.type and v.record_id = r.id and v.version = 1 and v.kind = 'created'
        where g.name like 'Cabinet Échelle %' group by r.type order by r.type`,
    );
    expect(rows).toEqual([
      { type: 'consultation', records: 120, versioned: 120 },
      { type: 'patient', records: 60, versioned: 60 },
    ]);
    const verification = await verifyRecords(t.ctx);
    expect(verification.failures).toEqual([]);
    expect(verification.ok).toBe(true);
    // A second run finds nothing left to write.
    expect(await backfillVersions(t.handle.pool, () => {})).toBe(0);
  });

  it('the migration’s backfill versions 25,000 records in one transaction (no lock per record to run out of)', async () => {
    const pool = t.handle.pool;
    const { rows: [org] } = await pool.query<{ id: string }>(`select id from organisations order by name limit 1`);
    await pool.query(
      `insert into patients (organization_id, full_name, name_key, phone_number, phone_key, email, search_key)
       select $1, 'Patient Reprise ' || i, 'patient reprise ' || i, '06' || lpad(i::text, 8, '0'), '06' || lpad(i::text, 8, '0'), '', 'patient reprise ' || i
         from generate_series(1, 25000) i`,
      [org!.id],
    );
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows: [done] } = await client.query<{ n: number }>('select record_versions_backfill() as n');
      await client.query('commit');
      expect(done!.n).toBeGreaterThanOrEqual(25000);
    } finally {
      client.release();
    }
    const { rows: [left] } = await pool.query<{ n: number }>(
      `select count(*)::int as n from patients p where not exists (select 1 from record_versions v where v.record_type = 'patient' and v.record_id = p.id and v.version = 1)`,
    );
    expect(left!.n).toBe(0);
    expect((await verifyRecords(t.ctx)).ok).toBe(true);
  });
});
