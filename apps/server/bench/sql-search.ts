// `node --import tsx apps/server/bench/sql-search.ts`: the exercise and food searches measured at the
// repository level (no HTTP, no sign-in): p50/p95 of each scenario over the bench database
// (BENCH_DATA_DIR, default .tmp/bench-data; or DATABASE_URL). Isolates the query shape from the
// machine's HTTP stack when profiling the 20 ms budgets (issue 18 and 19). Each scenario runs the
// previous query shape ('avant') and the current one ('après') alternately, call by call, so both
// meet the same machine load: on a busy shared machine only this side-by-side reading is fair.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fold } from '@wellbe/shared/domain/text';
import { connect } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { and, asc, count, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { exercises, foods, foodWords } from '../src/db/tables.ts';
import { escapeLike } from '../src/lib/text.ts';
import { search } from '../src/modules/exercises/exercises.repository.ts';
import { searchFoods } from '../src/modules/dietetics/dietetics.foods.repository.ts';
import { recordCatalog } from '../src/access/catalogs.ts';

// The previous shapes (before issue 19's follow-up): every column and a second count query; one
// trigram lookup per typed word (a pass over food_words each).
async function searchBefore(db: Database, org: string, folded: string, limit: number) {
  const words = [...new Set(folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean))].slice(0, 6);
  const where = and(isNull(exercises.archivedAt), or(isNull(exercises.organizationId), eq(exercises.organizationId, org)), ...words.map((w) => sql`${exercises.searchKey} like ${`%${escapeLike(w)}%`}`));
  return Promise.all([
    db
      .select()
      .from(exercises)
      .where(where)
      .orderBy(...(words.length ? [sql`(${exercises.searchKey} like ${`${escapeLike(words[0]!)}%`}) desc`] : []), sql`(${exercises.nameFr} is null)`, asc(sql`coalesce(${exercises.nameFr}, ${exercises.nameEn})`), asc(exercises.id))
      .limit(limit),
    db.select({ total: count() }).from(exercises).where(where),
  ]);
}
async function foodsBefore(db: Database, org: string, folded: string, limit: number) {
  const words = [...new Set(folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean))].slice(0, 6);
  const visible = and(isNull(foods.archivedAt), or(isNull(foods.organizationId), eq(foods.organizationId, org)));
  const contains = (w: string) => sql`${foods.searchKey} like ${`%${escapeLike(w)}%`}`;
  const exact = sql.join(words.map((w) => sql`(${contains(w)})::int`), sql` + `);
  const close = sql.join(words.map((w) => sql`word_similarity(${w}, ${foods.searchKey})`), sql` + `);
  const run = (match: SQL[]) =>
    db.select({ id: foods.id, nameFr: foods.nameFr }).from(foods).where(and(visible, ...match)).orderBy(sql`(${foods.searchKey} like ${`${escapeLike(words[0]!)}%`}) desc`, sql`${exact} desc`, sql`${close} desc`, sql`length(${foods.searchKey})`, asc(foods.id)).limit(limit);
  const found = await run(words.map(contains));
  if (found.length >= limit) return found;
  const near = await Promise.all(
    words.map(async (w) => (w.length < 3 ? [] : (await db.select({ word: foodWords.word }).from(foodWords).where(sql`${foodWords.word} % ${w}`).orderBy(sql`similarity(${foodWords.word}, ${w}) desc`, asc(foodWords.word)).limit(4)).map((r) => r.word).filter((x) => x !== w))),
  );
  return run(words.map((w, i) => or(contains(w), ...near[i]!.map(contains))!));
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const runs = Number(process.env.BENCH_REQUESTS ?? 300);
const pg = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dir: path.resolve(root, process.env.BENCH_DATA_DIR ?? '.tmp/bench-data', 'pg') });
const { db, pool } = connect(process.env.DATABASE_URL ?? pg!.url('wellbe'), 4);
const [{ id: org }] = (await pool.query<{ id: string }>('select id from organisations order by created_at limit 1')).rows;

const stats = (t: number[]) => {
  t.sort((a, b) => a - b);
  const p = (q: number) => t[Math.min(t.length - 1, Math.floor(q * t.length))]!.toFixed(2).padStart(7);
  return `p50 ${p(0.5)} ms  p95 ${p(0.95)} ms`;
};
async function time(name: string, before: () => Promise<unknown>, after: () => Promise<unknown>) {
  for (let i = 0; i < 30; i++) await Promise.all([before(), after()]);
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    for (const [run, into] of (i % 2 ? [[before, a], [after, b]] : [[after, b], [before, a]]) as [() => Promise<unknown>, number[]][]) {
      const s = performance.now();
      await run();
      into.push(performance.now() - s);
    }
  }
  console.log(`${name.padEnd(38)} avant ${stats(a)}   après ${stats(b)}`);
}

const ex = (q: string, extra: object = {}) => [() => searchBefore(db, org, fold(q), 30), () => search(pool, recordCatalog(org), fold(q), { q, limit: 30, offset: 0, ...extra })] as const;
await time('exercices « étirement »', ...ex('étirement'));
await time('exercices « squat »', ...ex('squat'));
await time('exercices sans texte', ...ex(''));
const food = (q: string) => [() => foodsBefore(db, org, fold(q), 30), () => searchFoods(pool, recordCatalog(org), fold(q), undefined, 30)] as const;
await time('aliments « pomme »', ...food('pomme'));
await time('aliments « pome crue »', ...food('pome crue'));
await time('aliments « épinard cuit »', ...food('épinard cuit'));
await pool.end();
await pg?.stop();
