import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { replannedOf, type Database } from '../db/client.ts';
import { mapRowsOnce } from './row-mapper.ts';

// Statements of the hot reads prepared once (issue 31): Drizzle builds each one the first time it is
// asked for, with every value a placeholder (the scope's included: access/filters.ts preparedScope),
// names it, and node-postgres has PostgreSQL plan it once per connection. Kept per database handle:
// a prepared query runs on the pool it was built with.

interface Prepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

const cache = new WeakMap<Database, Map<string, Prepared<unknown>>>();

/**
 * The prepared statement `name` of this database, built by `build` (a Drizzle query whose values
 * are all placeholders) the first time. One name per shape of query: a name is one statement text.
 */
export function preparedOnce<R>(db: Database, name: string, build: () => { prepare(name: string): Prepared<R> }): Prepared<R> {
  let ofDb = cache.get(db);
  if (!ofDb) cache.set(db, (ofDb = new Map()));
  let statement = ofDb.get(name) as Prepared<R> | undefined;
  if (!statement) {
    // Its rows mapped by a mapper worked out once (lib/row-mapper.ts), not field by field per row.
    statement = mapRowsOnce(build().prepare(name));
    ofDb.set(name, statement as Prepared<unknown>);
  }
  return statement;
}

/**
 * preparedOnce's statement, built and mapped once, but sent without a name: PostgreSQL parses and
 * plans it again for each execution's values (a custom plan), where one generic plan would serve some
 * values badly (the list's search: its words decide between the trigram index and the sort's). What
 * is saved is Node's side, Drizzle building the text and mapping the rows per request.
 */
export function builtOnce<R>(db: Database, key: string, build: () => { prepare(name: string): Prepared<R> }): Prepared<R> {
  // node-postgres sends a query without a name as the unnamed statement, parsed at each execution.
  return preparedOnce<R>(db, `unnamed:${key}`, () => ({ prepare: () => build().prepare(undefined as unknown as string) }));
}

/**
 * A statement to be planned for each execution's values (the list's search: its words decide
 * between the trigram index and the sort's), named and prepared once per session of the database's
 * replanned handle (db/client.ts replannedOf: `plan_cache_mode = force_custom_plan`), so PostgreSQL
 * parses it once and plans it each time (issue 31: 0.73 → 0.63 ms of backend CPU for a search,
 * docs/scaling.md). `build` is given the handle to build on: a query runs on the pool it was built
 * with. On a handle without a replanned one (a transaction's), built once and sent unnamed (builtOnce).
 */
export function replannedOnce<R>(db: Database, name: string, build: (on: Database) => { prepare(name: string): Prepared<R> }): Prepared<R> {
  const other = replannedOf(db);
  return other ? preparedOnce<R>(other.db, name, () => build(other.db)) : builtOnce<R>(db, name, () => build(db));
}

const dialect = new PgDialect();

/**
 * preparedOnce for a hand-written statement (`sql\`…\``: an aggregate over several areas' tables,
 * db.execute's kind of query), its values placeholders (`sql.placeholder`; the scope's through
 * access/filters preparedOrgScope or preparedScope). Answers its rows as PostgreSQL sends them.
 */
export function preparedSql<T>(db: Database, name: string, build: () => SQL): Prepared<{ rows: T[] }> {
  return preparedOnce<{ rows: T[] }>(db, name, () => ({
    prepare: (n) => db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, n, false) as unknown as Prepared<{ rows: T[] }>,
  }));
}

/**
 * A whole number written into a prepared statement's text rather than bound (a LIMIT): PostgreSQL
 * plans a `LIMIT $n` for 10 % of the rows, and a statement whose generic plan looks that dear is
 * planned again at every execution (custom plans), its planning costing as much as running it. A
 * value taken from a small fixed set, so that the statements it names stay few (one per value).
 * Typed as a number for Drizzle's `.limit()`, which writes an SQL chunk as it is.
 */
export function literalInt(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`entier attendu : ${n}`);
  return sql.raw(String(n)) as unknown as number;
}
