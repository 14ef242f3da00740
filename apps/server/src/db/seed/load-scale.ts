import type pg from 'pg';
import { fold } from '@wellbe/shared/domain/text';
import { hashPassword } from '../../lib/passwords.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { FIRST, INTENSITIES, LAST, LOCATIONS, NOTES, SECOND } from './load.ts';

// The scale figure (issue 31): LOAD_SCALE_ORGANISATIONS practices ('Cabinet Échelle 0001'…) of
// LOAD_PATIENTS patients each, with LOAD_SCALE_CONSULTATIONS consultations per patient, written by
// PostgreSQL itself (INSERT … SELECT generate_series): no row crosses the wire, so a million
// patients load in minutes where the row-by-row batches of load.ts would take an hour.
// Deterministic (ids are md5 of the practice and the patient's rank, every value follows from
// them) and idempotent (existing practices, accounts and patients are skipped by name and key).
// Each practice has one practitioner, `echelle-0001`…, with the demo password: the bench signs in as it.

const CHUNK = 20; // practices per statement: 20,000 patients, small enough for the statement-level triggers' transition tables

export type ScaleSizes = { organisations: number; patients: number; consultations: number };

const name = (o: string) => `'Cabinet Échelle ' || lpad(${o}::text, 4, '0')`;
// An md5 as a UUID of version 4 (variant 10): the app's ids are checked as RFC 9562 UUIDs, and a
// bare md5 has any digit there, so most patients would answer 404.
const uuid = (md5: string) => `overlay(overlay(${md5} placing '4' from 13) placing '8' from 17)::uuid`;
const account = (o: string) => `'echelle-' || lpad(${o}::text, 4, '0')`;

export async function loadScale(pool: pg.Pool, sizes: ScaleSizes, log: (m: string) => void): Promise<void> {
  const started = Date.now();
  await pool.query(
    `insert into organisations (name) select ${name('o')} from generate_series(1, $1::int) o
      where not exists (select 1 from organisations x where x.name = ${name('o')})`,
    [sizes.organisations],
  );
  const hash = await hashPassword(DEMO_PASSWORD);
  await pool.query(
    `insert into users (organization_id, username, email, role, first_name, last_name, display_name, password_hash, job_specialist_id)
     select g.id, ${account('o')}, ${account('o')} || '@echelle.invalid', 'PR', 'Praticien', 'Échelle ' || o, 'Praticien Échelle ' || o, $2, 1
       from generate_series(1, $1::int) o join organisations g on g.name = ${name('o')}
      where not exists (select 1 from users u where lower(u.username) = ${account('o')})`,
    [sizes.organisations, hash],
  );
  // The policies in force accepted, as the demo accounts have them: otherwise every call answers 403 consent_required.
  await pool.query(
    `insert into policy_acceptances (user_id, organization_id, version_id, accepted_at, via)
     select u.id, u.organization_id, v.id, v.effective_at, 'seed' from users u cross join policy_versions v
      where u.username like 'echelle-%' and v.status = 'published' and v.requires_acceptance
        and not exists (select 1 from policy_acceptances a where a.user_id = u.id and a.version_id = v.id)`,
  );
  const { rows: [{ n }] } = await pool.query<{ n: number }>(
    `select count(*)::int as n from patients p join organisations g on g.id = p.organization_id
      where g.name in (select ${name('o')} from generate_series(1, $1::int) o) and p.archived_at is null`,
    [sizes.organisations],
  );
  if (n >= sizes.organisations * sizes.patients) {
    // Already loaded: no index to drop and build again for nothing.
    log(`Les ${sizes.organisations} cabinets comptent déjà ${n} patients : rien à charger.`);
    return;
  }
  const client = await pool.connect();
  try {
    // One transaction: the patients' secondary indexes are dropped, the rows written, the indexes
    // built again in one pass each (a bulk build is several times cheaper than a million insertions
    // into 10 indexes, the trigram GIN ones above all, and the consultation triggers' updates of
    // every patient); a load stopped half-way (even kill -9) rolls back whole and leaves every index
    // in place. The unique indexes stay: they keep the load idempotent. The consultations' indexes
    // stay too: the triggers look a patient's consultations up through them.
    await client.query('begin');
    await client.query(`set local maintenance_work_mem = '256MB'`);
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as def from pg_index
        where indrelid = 'patients'::regclass and not indisunique`,
    );
    for (const i of indexes) await client.query(`drop index ${i.name}`);
    await writeChunks(client, sizes, log, started);
    for (const i of indexes) await client.query(i.def);
    log(`${indexes.length} index reconstruits (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
  log(`Échelle chargée en ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

async function writeChunks(client: pg.PoolClient, sizes: ScaleSizes, log: (m: string) => void, started: number) {
  // Names exactly as load.ts builds them (fullNameOf), with their folded keys computed here by the
  // one folding rule, so the search and the duplicate rule see what the app would have stored.
  const lists = [FIRST, LAST, SECOND.map((s) => (s ? `-${s}` : ''))];
  const params = [...lists, ...lists.map((l) => l.map((v) => fold(v))), LOCATIONS, INTENSITIES, NOTES];
  for (let from = 1; from <= sizes.organisations; from += CHUNK) {
    const to = Math.min(sizes.organisations, from + CHUNK - 1);
    const { rows } = await client.query<{ patients: number; consultations: number }>(
      `with org as (
         select o, g.id, u.id as author, coalesce(u.job_specialist_id, 1) as job
           from generate_series($1::int, $2::int) o
           join organisations g on g.name = ${name('o')}
           join users u on lower(u.username) = ${account('o')}
       ), src as (
         select org.*, i, right((10000000 + i * 7919)::text, 8) as d,
                ($5::text[])[i % 50 + 1] || ' ' || ($6::text[])[(i / 50) % 50 + 1] || ($7::text[])[(i / 2500) % 8 + 1] || case when i >= 20000 then ' ' || (i / 20000 + 1) else '' end as full_name,
                ($8::text[])[i % 50 + 1] || ' ' || ($9::text[])[(i / 50) % 50 + 1] || ($10::text[])[(i / 2500) % 8 + 1] || case when i >= 20000 then ' ' || (i / 20000 + 1) else '' end as name_key
           from org cross join generate_series(0, $3::int - 1) i
       ), keyed as (
         select src.*, '06 ' || substr(d, 1, 2) || ' ' || substr(d, 3, 2) || ' ' || substr(d, 5, 2) || ' ' || substr(d, 7, 2) as phone,
                '336' || d as phone_key, regexp_replace(name_key, '[^a-z0-9]+', '.', 'g') || '@exemple.fr' as email
           from src
       ), p as (
         insert into patients (id, organization_id, full_name, name_key, phone_number, phone_key, email, search_key, birth_date, sex, address, created_at)
         select ${uuid("md5('wellbe-scale:' || o || ':' || i)")}, id, full_name, name_key, phone, phone_key, email,
                name_key || ' ' || phone_key || ' 0' || substr(phone_key, 3) || ' ' || email,
                date '1940-01-01' + (i * 7919 + o * 31) % 23725, case when (i + o) % 2 = 0 then 'F' else 'M' end,
                1 + (i * 13 + o) % 120 || ' rue de la République, 69002 Lyon',
                now() - ((i * 37 + o) % ($4::int * 60 + 60)) * interval '1 day'
           from keyed
         on conflict do nothing
         returning id, organization_id
       ), c as (
         insert into consultations (id, organization_id, patient_id, user_id, job_specialist_id, consultation_date, consultation_note, diagnostic,
                                    size, weight, dolor_location, dolor_intensity, antalgesic_treatment, treatment_efficacy)
         select ${uuid("md5('wellbe-scale-visit:' || p.id || ':' || v)")}, p.organization_id, p.id, org.author, org.job,
                now() - (($4::int - v) * 60 + h % 50) * interval '1 day',
                '<p>' || ($13::text[])[h % 5 + 1] || '</p>', '<p>Examen clinique sans particularité.</p>',
                150 + h % 45, case when h % 10 = 0 then null else 50 + (h / 10) % 500 / 10.0 + v * 0.3 end,
                ($11::text[])[h % 8 + 1], ($12::text[])[h % 6 + 1], 'Non renseigné', 'Non renseigné'
           from p join org on org.id = p.organization_id
           cross join generate_series(1, $4::int) v
           cross join lateral (select abs(hashtext(p.id::text || v))) r(h)
         returning 1
       )
       select (select count(*) from p)::int as patients, (select count(*) from c)::int as consultations`,
      [from, to, sizes.patients, sizes.consultations, ...params],
    );
    log(`cabinets ${from}–${to} : ${rows[0].patients} patients, ${rows[0].consultations} consultations ajoutés (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
}
