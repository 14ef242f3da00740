import type pg from 'pg';
import { expect } from 'vitest';

// Issue 31: a hot read prepared once is one statement shared by every organisation. What a test of
// one needs: the named statements a request sends, and the check that the statement holds nothing
// of a caller (its organisation bound per call, never written in its text).

export interface SentStatement {
  name: string;
  text: string;
  values: unknown[];
}

/** One call of a request as a caller of an organisation, and what it answers. */
export interface OrgCall<T> {
  organizationId: string;
  run: () => Promise<T>;
}

/** A query as node-postgres receives it: a text, or a config (a prepared statement's has a name). */
type QueryArgs = [config: string | { name?: string; text: string; values?: unknown[] }, values?: unknown[]];

/** What `pick` keeps of each query the pool is sent while `run` goes (its `query` wrapped, then restored). */
export async function queriesSent<T>(pool: pg.Pool, pick: (...args: QueryArgs) => T | undefined, run: () => Promise<unknown>): Promise<T[]> {
  const original = pool.query;
  const kept: T[] = [];
  pool.query = ((...args: unknown[]) => {
    const picked = pick(...(args as QueryArgs));
    if (picked !== undefined) kept.push(picked);
    return (original as (...a: unknown[]) => unknown).apply(pool, args);
  }) as typeof original;
  try {
    await run();
  } finally {
    pool.query = original;
  }
  return kept;
}

/** The named statements whose name starts with `prefix` that the pool sends while `run` goes. */
export function preparedSent(pool: pg.Pool, prefix: string, run: () => Promise<unknown>): Promise<SentStatement[]> {
  return queriesSent(
    pool,
    (config, values) => (typeof config === 'object' && config.name?.startsWith(prefix) ? { name: config.name, text: config.text, values: config.values ?? values ?? [] } : undefined),
    run,
  );
}

/**
 * Runs the calls one after the other (callers of different organisations, then the first again)
 * and checks that each went through the same prepared statement(s) named `prefix…`: one text per
 * name, no organisation's id in it, each execution bound to its own caller's organisation and to no
 * other one's. Answers what each call answered, for the test to check each saw only its own rows.
 */
export async function throughSharedStatement<T>(pool: pg.Pool, prefix: string, calls: OrgCall<T>[]): Promise<T[]> {
  const answers: T[] = [];
  const sentBy: SentStatement[][] = [];
  for (const call of calls) {
    let answer: T | undefined;
    sentBy.push(await preparedSent(pool, prefix, async () => void (answer = await call.run())));
    answers.push(answer as T);
  }
  const orgs = [...new Set(calls.map((c) => c.organizationId))];
  expect(orgs.length, 'au moins deux organisations').toBeGreaterThan(1);
  const texts = new Map<string, Set<string>>();
  sentBy.forEach((sent, i) => {
    expect(sent.length, `appel ${i + 1} : aucune requête préparée « ${prefix}… »`).toBeGreaterThan(0);
    for (const s of sent) {
      texts.set(s.name, (texts.get(s.name) ?? new Set()).add(s.text));
      for (const org of orgs) expect(s.text, `${s.name} contient une organisation`).not.toContain(org);
      const bound = s.values.map(String);
      expect(bound, `${s.name} : l’organisation de l’appel ${i + 1}`).toContain(calls[i].organizationId);
      for (const org of orgs.filter((o) => o !== calls[i].organizationId)) expect(bound, `${s.name} : une autre organisation`).not.toContain(org);
    }
  });
  for (const [name, seen] of texts) expect(seen.size, `${name} : un seul texte`).toBe(1);
  // The same statement(s) served every organisation.
  const names = sentBy.map((sent) => [...new Set(sent.map((s) => s.name))].sort().join());
  expect(new Set(names).size, 'les mêmes requêtes pour chaque organisation').toBe(1);
  return answers;
}
