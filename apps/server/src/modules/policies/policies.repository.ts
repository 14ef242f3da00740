import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PolicyAcceptanceDto, PolicyKind, PolicyVersionDto } from '@wellbe/shared/schemas/policies';
import type { Database } from '../../db/client.ts';
import type { ConsentState } from '../../lib/auth-cache.ts';
import { orgFilter, type OrgScope } from '../../access/scope.ts';
import { users } from '../../access/views.ts';
import { policyAcceptances, policyVersions } from '../../db/schema/policies.ts';
import { sanitizeArticleHtml } from '../../lib/rich-text.ts';

type Row = typeof policyVersions.$inferSelect;

export function toDto(row: Row): PolicyVersionDto {
  return {
    id: row.id,
    kind: row.kind,
    version: row.version,
    title: row.title,
    // Sanitised on save and again on display (issue 20).
    body: sanitizeArticleHtml(row.body),
    effectiveAt: row.effectiveAt.toISOString(),
    requiresAcceptance: row.requiresAcceptance,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

/** The version in force of each kind: the latest published one whose effective date has come. */
export async function currentVersions(db: Database, now: Date): Promise<Row[]> {
  const rows = await db
    .selectDistinctOn([policyVersions.kind])
    .from(policyVersions)
    .where(and(eq(policyVersions.status, 'published'), sql`${policyVersions.effectiveAt} <= ${now.toISOString()}`))
    .orderBy(policyVersions.kind, desc(policyVersions.version));
  return rows;
}

/** The versions in force that require acceptance and that this user has not accepted. */
export async function pendingVersions(db: Database, userId: string, now: Date): Promise<Row[]> {
  const current = await currentVersions(db, now);
  const required = current.filter((v) => v.requiresAcceptance);
  if (required.length === 0) return [];
  const accepted = await db
    .select({ versionId: policyAcceptances.versionId })
    .from(policyAcceptances)
    .where(and(eq(policyAcceptances.userId, userId), inArray(policyAcceptances.versionId, required.map((v) => v.id))));
  const done = new Set(accepted.map((a) => a.versionId));
  return required.filter((v) => !done.has(v.id));
}

/**
 * Whether the user owes an acceptance, and the effective date of the next published version not
 * yet in force (the answer may change then without any write): the consent gate's one query, read
 * through each server's cache (lib/auth-cache.ts).
 */
export async function consentState(db: Database, userId: string, now: Date): Promise<ConsentState> {
  const result = await db.execute(sql`select exists (
       select 1 from (
         select distinct on (kind) id, requires_acceptance from policy_versions
          where status = 'published' and effective_at <= ${now.toISOString()} order by kind, version desc
       ) v
       where v.requires_acceptance and not exists (select 1 from policy_acceptances a where a.user_id = ${userId} and a.version_id = v.id)
     ) as pending,
     (select min(effective_at) from policy_versions where status = 'published' and effective_at > ${now.toISOString()}) as until`);
  const [row] = (result as unknown as { rows: { pending: boolean; until: Date | string | null }[] }).rows;
  return { pending: row!.pending, until: row!.until === null ? null : new Date(row!.until).getTime() };
}

/**
 * The user's own acceptances: keyed on the user, stamped with their organisation of the moment
 * (none for an account without one), which is what the export's scope reads.
 */
export async function recordAcceptances(db: Database, input: { userId: string; organizationId: string | null; versionIds: string[]; ip: string | null; via: string; at: Date }): Promise<void> {
  if (input.versionIds.length === 0) return;
  await db
    .insert(policyAcceptances)
    .values(input.versionIds.map((versionId) => ({ userId: input.userId, organizationId: input.organizationId, versionId, ip: input.ip, via: input.via, acceptedAt: input.at })))
    .onConflictDoNothing();
}

export async function acceptancesOf(db: Database, userId: string): Promise<PolicyAcceptanceDto[]> {
  const rows = await db
    .select({ versionId: policyVersions.id, kind: policyVersions.kind, version: policyVersions.version, title: policyVersions.title, acceptedAt: policyAcceptances.acceptedAt })
    .from(policyAcceptances)
    .innerJoin(policyVersions, eq(policyVersions.id, policyAcceptances.versionId))
    .where(eq(policyAcceptances.userId, userId))
    .orderBy(desc(policyAcceptances.acceptedAt));
  return rows.map((r) => ({ ...r, acceptedAt: r.acceptedAt.toISOString() }));
}

/** The acceptances of the users of the scope's organisation (SA, DE: the whole platform), oldest first. */
export async function acceptancesForExport(db: Database, scope: OrgScope) {
  return db
    .select({
      username: users.username,
      lastName: users.lastName,
      firstName: users.firstName,
      role: users.role,
      kind: policyVersions.kind,
      version: policyVersions.version,
      acceptedAt: policyAcceptances.acceptedAt,
      ip: policyAcceptances.ip,
      via: policyAcceptances.via,
    })
    .from(policyAcceptances)
    .innerJoin(users, eq(users.id, policyAcceptances.userId))
    .innerJoin(policyVersions, eq(policyVersions.id, policyAcceptances.versionId))
    .where(orgFilter(scope, policyAcceptances.organizationId))
    .orderBy(asc(policyAcceptances.acceptedAt))
    .limit(100_000);
}

export async function listVersions(db: Database, kind?: PolicyKind): Promise<Row[]> {
  return db
    .select()
    .from(policyVersions)
    .where(kind ? eq(policyVersions.kind, kind) : undefined)
    .orderBy(asc(policyVersions.kind), desc(policyVersions.version));
}

export async function findVersion(db: Database, id: string): Promise<Row | undefined> {
  const [row] = await db.select().from(policyVersions).where(eq(policyVersions.id, id)).limit(1);
  return row;
}

export async function insertVersion(db: Database, values: { kind: PolicyKind; title: string; body: string; effectiveAt: Date; requiresAcceptance: boolean; createdBy: string | null }): Promise<Row> {
  return db.transaction(async (tx) => {
    // One writer at a time per kind: version numbers follow each other.
    await tx.execute(sql`select pg_advisory_xact_lock(727020, hashtext(${values.kind}))`);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${policyVersions.version}), 0) + 1` })
      .from(policyVersions)
      .where(eq(policyVersions.kind, values.kind));
    const [row] = await tx.insert(policyVersions).values({ ...values, version: Number(next) }).returning();
    return row;
  });
}

export async function updateDraft(db: Database, id: string, values: Partial<{ title: string; body: string; effectiveAt: Date; requiresAcceptance: boolean }>, at: Date): Promise<Row | undefined> {
  const [row] = await db
    .update(policyVersions)
    .set({ ...values, updatedAt: at })
    .where(and(eq(policyVersions.id, id), eq(policyVersions.status, 'draft')))
    .returning();
  return row;
}

export async function publish(db: Database, id: string, by: string, at: Date): Promise<Row | undefined> {
  const [row] = await db
    .update(policyVersions)
    .set({ status: 'published', publishedAt: at, publishedBy: by, updatedAt: at })
    .where(and(eq(policyVersions.id, id), eq(policyVersions.status, 'draft'), isNull(policyVersions.publishedAt)))
    .returning();
  return row;
}
