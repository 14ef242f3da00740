import type pg from 'pg';

// The rows behind the lists bench (`npm run bench -- lists`, issue 13): accounts, organisations
// and journal rows in numbers that grow with a practice, written by plain SQL (generate_series).
// Idempotent: a marker row per kind tells it is already there.

export async function loadListRows(pool: pg.Pool, organisationName: string, sizes: { users: number; organisations: number; journal: number }, log: (m: string) => void) {
  const { rows: [org] } = await pool.query<{ id: string }>('select id from organisations where name = $1', [organisationName]);
  if (!org) throw new Error(`Organisation introuvable : ${organisationName}`);
  const { rows: [{ n: users }] } = await pool.query<{ n: number }>(`select count(*)::int as n from users where username like 'bench-%'`);
  if (users < sizes.users) {
    await pool.query(
      `insert into users (organization_id, username, email, role, first_name, last_name, display_name, job)
       select $1, 'bench-' || i, 'bench-' || i || '@bench.invalid', 'US', 'Prénom' || (i % 97), 'Nom' || (i % 1013), 'Prénom Nom', 'Secrétaire'
         from generate_series($2::int + 1, $3::int) i`,
      [org.id, users, sizes.users],
    );
    log(`${sizes.users - users} comptes ajoutés.`);
  }
  const { rows: [{ n: orgs }] } = await pool.query<{ n: number }>(`select count(*)::int as n from organisations where name like 'Bench %'`);
  if (orgs < sizes.organisations) {
    await pool.query(`insert into organisations (name) select 'Bench ' || lpad(i::text, 6, '0') from generate_series($1::int + 1, $2::int) i`, [orgs, sizes.organisations]);
    log(`${sizes.organisations - orgs} organisations ajoutées.`);
  }
  const { rows: [{ n: events }] } = await pool.query<{ n: number }>(`select count(*)::int as n from audit_events where action = 'bench.read'`);
  if (events < sizes.journal) {
    // A year of reads, spread over the loaded organisation and the others.
    await pool.query(
      `insert into audit_events (at, user_id, role, organization_id, action, record_type, outcome)
       select now() - (i || ' seconds')::interval * 150, null, 'PR', case when i % 3 = 0 then $1::uuid else null end, 'bench.read', 'patient', 'success'
         from generate_series($2::int + 1, $3::int) i`,
      [org.id, events, sizes.journal],
    );
    log(`${sizes.journal - events} lignes de journal ajoutées.`);
  }
  for (const table of ['users', 'organisations', 'audit_events']) await pool.query(`VACUUM ANALYZE ${table}`);
}
