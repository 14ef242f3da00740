import type { Queryable } from '../client.ts';

// Issue 32: every consultation, patient and notice has a chain of versions from its first one, and
// `npm run records:verify` walks them. The loaders write rows in bulk, past the services that
// append versions, so they give every loaded record its 'created' version afterwards with the
// migration history-triggers' own record_versions_backfill(): the same rows the app would chain
// (content from record_version_source, the row's creation time and author, version 1 without a
// previous hash). It writes them with the chain trigger off, so one statement over a whole load
// takes no lock per record (the trigger's advisory locks ran out of PostgreSQL's lock table,
// "out of shared memory", which once made this loader walk the records in chunks of its own).

/** Appends the 'created' version of every record that has none; answers how many were written. */
export async function backfillVersions(pool: Queryable, log: (m: string) => void): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('select record_versions_backfill() as n');
  const written = rows[0].n;
  log(`${written} premières versions écrites (historique des dossiers).`);
  return written;
}
