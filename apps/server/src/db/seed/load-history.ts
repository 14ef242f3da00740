import type { Queryable } from '../client.ts';

// Issue 32: every consultation, patient and notice has a chain of versions from its first one, and
// `npm run records:verify` walks them. The loaders write rows in bulk, past the services that
// append versions, so they give every loaded record its 'created' version afterwards: the same
// rows as migration history-triggers' record_versions_backfill() (content from
// record_version_source, the row's creation time and author), but a few thousand records per
// statement. The insert trigger takes one advisory lock per record until the end of its
// transaction, and one statement over a whole load (tens of thousands of records, millions at
// scale) runs out of PostgreSQL's lock table ("out of shared memory"); chunks walked by id each
// commit on their own and each cost an index lookup per record, so the whole load stays linear.

const CHUNK = 2000;

/** Where each record type's rows, creation time and author are. */
const SOURCES = [
  { type: 'consultation', table: 'consultations', author: 'user_id' },
  { type: 'patient', table: 'patients', author: 'created_by' },
  { type: 'notice', table: 'notices', author: 'user_id' },
] as const;

/** Appends the 'created' version of every record that has none; answers how many were written. */
export async function backfillVersions(pool: Queryable, log: (m: string) => void): Promise<number> {
  let written = 0;
  for (const { type, table, author } of SOURCES) {
    for (let after = '00000000-0000-0000-0000-000000000000'; ; ) {
      const { rows } = await pool.query<{ last: string | null; n: number }>(
        `with chunk as (
           select r.id, r.created_at, r.${author} as author_id from ${table} r
            where r.id > $2::uuid and not exists (select 1 from record_versions v where v.record_type = $1 and v.record_id = r.id)
            order by r.id limit $3
         ), written as (
           insert into record_versions (organization_id, record_type, record_id, patient_id, kind, at, author_id, author_role, content)
           select s.organization_id, $1, c.id, s.patient_id, 'created', date_trunc('milliseconds', c.created_at), c.author_id, u.role, s.content
             from chunk c left join users u on u.id = c.author_id cross join lateral record_version_source($1, c.id) s
            order by c.created_at, c.id
           returning 1
         )
         select (select max(id::text) from chunk) as last, (select count(*)::int from written) as n`,
        [type, after, CHUNK],
      );
      written += rows[0].n;
      if (!rows[0].last) break;
      after = rows[0].last;
    }
  }
  log(`${written} premières versions écrites (historique des dossiers).`);
  return written;
}
