import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';

// `node --import tsx apps/server/bench/queries.ts` (server stopped): PostgreSQL's own execution
// time (EXPLAIN ANALYZE, median of 7) of the patient list's queries before and after the
// performance work, on the bench database. Less sensitive to a busy machine than HTTP latencies.

const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? '.tmp/bench-data');

async function main() {
  const server = await startEmbeddedPostgres({ dir: path.join(dataDir, 'pg') });
  const db = new pg.Client({ connectionString: server.url(process.env.BENCH_DATABASE ?? 'wellbe') });
  await db.connect();
  try {
    const { rows: [org] } = await db.query<{ id: string }>(`select id from organisations where name = 'Cabinet Démo'`);
    const live = `organization_id = '${org.id}' and archived_at is null`;
    const cols = 'id, full_name, phone_number, email, birth_date, last_consultation_at, consultation_count, archived_at';
    const { rows: [late] } = await db.query<{ k: string; id: string }>(`select name_key as k, id from patients where ${live} order by name_key, id offset 9000 limit 1`);
    const phone = `(phone_key like '%0610%' or phone_key like '%33610%')`;
    const oldPhone = `(search_key like '%0610%' or search_key like '%33610%')`;
    const cases: [string, string][] = [
      ['count(*) de toute la liste (avant)', `select count(*) from patients where ${live}`],
      ['count plafonné à 1001 (après)', `select count(*) from (select 1 from patients where ${live} limit 1001) c`],
      ['page tardive OFFSET 9000, ids index-only (avant)', `select ${cols} from patients where id in (select id from patients where ${live} order by name_key, id limit 26 offset 9000) order by name_key, id`],
      ['page tardive par curseur (après)', `select ${cols} from patients where ${live} and (name_key, id) > ('${late.k.replace(/'/g, "''")}', '${late.id}') order by name_key, id limit 26`],
      ['téléphone « 06 10 » : page (avant, search_key)', `select ${cols} from patients where ${live} and ${oldPhone} order by name_key, id limit 26`],
      ['téléphone « 06 10 » : count(*) (avant)', `select count(*) from patients where ${live} and ${oldPhone}`],
      ['téléphone « 06 10 » : page (après, phone_key)', `select ${cols} from patients where ${live} and ${phone} order by name_key, id limit 26`],
      ['téléphone « 06 10 » : count plafonné (après)', `select count(*) from (select 1 from patients where ${live} and ${phone} limit 1001) c`],
    ];
    for (const [name, sql] of cases) {
      const times: number[] = [];
      for (let i = 0; i < 7; i++) {
        const { rows } = await db.query<{ 'QUERY PLAN': { 'Execution Time': number }[] }>(`explain (analyze, format json) ${sql}`);
        times.push(rows[0]['QUERY PLAN'][0]['Execution Time']);
      }
      times.sort((a, b) => a - b);
      console.log(`${name.padEnd(50)} ${times[3].toFixed(2).padStart(8)} ms`);
    }
  } finally {
    await db.end();
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
