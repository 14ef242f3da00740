import { and, asc, desc, eq, gt, gte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { patientFilter } from '../../access/filters.ts';
import type { PatientScope } from '../../access/patients.ts';
import { orgWhere, type OneOrgScope } from '../../access/scope.ts';
import { patients, users } from '../../access/views.ts';
import { recordVerifications, recordVersions } from '../../db/schema/history.ts';

// The only code that touches the versions (issue 32). A version is appended in the transaction of
// the change it records (the caller passes its transaction as `db`); the insert trigger numbers it
// and chains its hash, under a per-record lock, so two appends can never share a number.

type Rows<T> = { rows: T[] };

export type RecordType = 'consultation' | 'patient' | 'notice';

export interface VersionMeta {
  kind: string;
  at: Date;
  authorId: string | null;
  authorRole: string | null;
  reason?: string | null;
}

/**
 * Appends a version of a record of the scope's organisation, its content read from the record as
 * it stands in this transaction (`record_version_source`, migration history-triggers); answers its
 * number, or null when the record is not in the scope.
 */
export async function appendVersion(db: Database, scope: OneOrgScope, recordType: RecordType, recordId: string, meta: VersionMeta): Promise<number | null> {
  const { rows } = (await db.execute(sql`
    insert into ${recordVersions} (organization_id, record_type, record_id, patient_id, kind, at, author_id, author_role, reason, content)
    select s.organization_id, ${recordType}, ${recordId}, s.patient_id, ${meta.kind}, ${meta.at.toISOString()}, ${meta.authorId}, ${meta.authorRole}, ${meta.reason ?? null}, s.content
      from record_version_source(${recordType}, ${recordId}) s
     where ${orgWhere(scope, sql`s.organization_id`)}
    returning version`)) as unknown as Rows<{ version: number }>;
  return rows[0] ? Number(rows[0].version) : null;
}

/**
 * Versions of one record of a patient inside the scope, from `fromVersion` on (the one before a
 * page comes too: the first change of a page is a diff against it), with the author's name.
 */
export async function versionRows(db: Database, scope: PatientScope, recordType: RecordType, recordId: string, fromVersion: number, limit: number) {
  return db
    .select({
      version: recordVersions.version,
      at: recordVersions.at,
      kind: recordVersions.kind,
      reason: recordVersions.reason,
      authorId: recordVersions.authorId,
      authorRole: recordVersions.authorRole,
      authorName: users.displayName,
      content: recordVersions.content,
      total: sql<number>`(select max(v2.version) from ${recordVersions} v2 where v2.record_type = ${recordType} and v2.record_id = ${recordId} and v2.organization_id = ${patients.organizationId})`.mapWith(Number),
    })
    .from(recordVersions)
    .innerJoin(patients, eq(patients.id, recordVersions.patientId))
    .leftJoin(users, eq(users.id, recordVersions.authorId))
    .where(
      and(
        eq(recordVersions.recordType, recordType),
        eq(recordVersions.recordId, recordId),
        eq(recordVersions.organizationId, patients.organizationId),
        gte(recordVersions.version, fromVersion),
        patientFilter(scope),
      ),
    )
    .orderBy(asc(recordVersions.version))
    .limit(limit);
}

/**
 * The last change after the creation of the record named by `recordId` ({ at, name }), as a
 * correlated expression: the patient file's "Modifiée le … par …" in its timeline's one statement.
 */
export function lastChangeSql(recordType: RecordType, recordId: PgColumn): SQL<{ at: string; name: string | null } | null> {
  return sql<{ at: string; name: string | null } | null>`(select json_build_object('at', v.at, 'name', u.display_name)
    from ${recordVersions} v left join ${users} u on u.id = v.author_id
    where v.record_type = ${recordType} and v.record_id = ${recordId} and v.version > 1
    order by v.version desc limit 1)`;
}

// ---- records:verify (system code over every practice, on purpose: "…Everywhere") ----

/**
 * Every version whose stored hash, previous hash or number no longer matches what the chain
 * recomputes (PostgreSQL's own sha256 over the same canonical text as the insert trigger), every
 * practice: the versions altered, reordered or renumbered behind the application's back.
 */
export async function brokenVersionsEverywhere(db: Database) {
  const { rows } = (await db.execute(sql`
    with chain as (
      select v.*, lag(v.hash) over w as expected_prev, row_number() over w as expected_version
        from ${recordVersions} v window w as (partition by v.record_type, v.record_id order by v.version, v.id)
    )
    select record_type, record_id, version,
           case when version <> expected_version then 'order'
                when prev_hash is distinct from expected_prev then 'chain'
                else 'content' end as reason
      from chain
     where version <> expected_version
        or prev_hash is distinct from expected_prev
        or hash <> record_version_hash(prev_hash, record_type, record_id, version, kind, at, author_id, content)
     order by record_type, record_id, version
     limit 1000`)) as unknown as Rows<{ record_type: string; record_id: string; version: number; reason: string }>;
  return rows.map((r) => ({ recordType: r.record_type, recordId: r.record_id, version: Number(r.version), reason: r.reason }));
}

export async function chainCountsEverywhere(db: Database): Promise<{ chains: number; versions: number }> {
  const { rows } = (await db.execute(
    sql`select count(distinct (record_type, record_id))::int as chains, count(*)::int as versions from ${recordVersions}`,
  )) as unknown as Rows<{ chains: number; versions: number }>;
  return { chains: Number(rows[0].chains), versions: Number(rows[0].versions) };
}

export async function insertVerification(db: Database, row: typeof recordVerifications.$inferInsert): Promise<void> {
  await db.insert(recordVerifications).values(row);
}

/** The last verification (platform-wide: /admin, DE and SA). */
export async function lastVerification(db: Database) {
  const [row] = await db.select().from(recordVerifications).orderBy(desc(recordVerifications.at), desc(recordVerifications.id)).limit(1);
  return row ?? null;
}

/** A page of every version about one patient inside the scope, in the order written (the export's Provenance). */
export async function patientVersionRows(db: Database, scope: PatientScope, patientId: string, afterId: number, limit: number) {
  return db
    .select({
      id: recordVersions.id,
      recordType: recordVersions.recordType,
      recordId: recordVersions.recordId,
      version: recordVersions.version,
      kind: recordVersions.kind,
      at: recordVersions.at,
      authorId: recordVersions.authorId,
      authorRole: recordVersions.authorRole,
      hash: recordVersions.hash,
    })
    .from(recordVersions)
    .innerJoin(patients, eq(patients.id, recordVersions.patientId))
    .where(and(eq(recordVersions.patientId, patientId), eq(recordVersions.organizationId, patients.organizationId), gt(recordVersions.id, afterId), patientFilter(scope)))
    .orderBy(asc(recordVersions.id))
    .limit(limit);
}

/** The current version of each record of one patient inside the scope (the export's `meta.versionId`). */
export async function latestVersionRows(db: Database, scope: PatientScope, patientId: string) {
  return db
    .select({ recordId: recordVersions.recordId, version: sql<number>`max(${recordVersions.version})`.mapWith(Number) })
    .from(recordVersions)
    .innerJoin(patients, eq(patients.id, recordVersions.patientId))
    .where(and(eq(recordVersions.patientId, patientId), eq(recordVersions.organizationId, patients.organizationId), patientFilter(scope)))
    .groupBy(recordVersions.recordId);
}
