// `node --import tsx apps/server/bench/sql-search.ts`: the exercise and food searches measured at the
// repository level (no HTTP, no sign-in): p50/p95 of each scenario over the bench database
// (BENCH_DATA_DIR, default .tmp/bench-data; or DATABASE_URL). Isolates the query shape from the
// machine's HTTP stack when profiling the 20 ms budgets (issue 18 and 19).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fold } from '@wellbe/shared/domain/text';
import { connect } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { search } from '../src/modules/exercises/exercises.repository.ts';
import { searchFoods } from '../src/modules/dietetics/dietetics.repository.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const runs = Number(process.env.BENCH_REQUESTS ?? 300);
const pg = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dir: path.resolve(root, process.env.BENCH_DATA_DIR ?? '.tmp/bench-data', 'pg') });
const { db, pool } = connect(process.env.DATABASE_URL ?? pg!.url('wellbe'), 4);
const [{ id: org }] = (await pool.query<{ id: string }>('select id from organisations order by created_at limit 1')).rows;
const ids = async (table: string, code: string) => (await pool.query<{ id: number }>(`select id from ${table} where code = $1`, [code])).rows[0].id;
const glutes = await ids('sport_body_parts', 'glutes');
const beginner = await ids('sport_levels', 'beginner');

async function time(name: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 30; i++) await run();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    await run();
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  const p = (q: number) => t[Math.min(t.length - 1, Math.floor(q * t.length))].toFixed(2);
  console.log(`${name.padEnd(40)} p50 ${p(0.5).padStart(7)} ms   p95 ${p(0.95).padStart(7)} ms`);
}

const ex = (q: string, extra: object = {}) => () => search(db, org, fold(q), { q, limit: 30, offset: 0, ...extra });
await time('exercices « étirement »', ex('étirement'));
await time('exercices filtres fessiers, débutant', ex('etirement', { bodyPart: glutes, level: beginner }));
await time('exercices « squat »', ex('squat'));
await time('exercices sans texte', ex(''));
const food = (q: string) => () => searchFoods(db, org, fold(q), undefined, 30);
await time('aliments « pomme »', food('pomme'));
await time('aliments « pome crue »', food('pome crue'));
await time('aliments « épinard cuit »', food('épinard cuit'));
await pool.end();
await pg?.stop();
