import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organisations, type OrganisationSettings } from '../../db/schema/organisations.ts';
import { patients, users } from '../../access/views.ts';
import { orgFilter, type OrgScope, type OneOrgScope } from '../../access/index.ts';
import { COUNT_CAP, boundedOffset, cappedTotal, decodeCursor, encodeCursor, keysetAfter, keysetKey, type KeysetOrder } from '../../lib/keyset.ts';
import { escapeLike } from '../../lib/text.ts';
import { signInChanged } from '../../lib/auth-cache.ts';

export type OrganisationRow = typeof organisations.$inferSelect;
export type NewOrganisation = typeof organisations.$inferInsert;

/** A scope naming one organisation (its settings are that organisation's). */

export interface OrganisationWithCounts {
  organisation: OrganisationRow;
  userCount: number;
  patientCount: number;
}

// The organisation a scope reaches is the row whose id it names: the scope applies to `id` here.
const inScope = (scope: OrgScope, id: string) => and(eq(organisations.id, id), orgFilter(scope, organisations.id));

// Counts through the organisation indexes of users and patients (archived patients left out),
// correlated with the organisation's row (not a scope: the row itself is read through one). The
// outer column is named in full: drizzle leaves it unqualified in a query without joins.
const userCount = sql<number>`(select count(*) from ${users} u where u.organization_id = "organisations"."id")`.mapWith(Number);
const patientCount = sql<number>`(select count(*) from ${patients} p where p.organization_id = "organisations"."id" and p.archived_at is null)`.mapWith(Number);

export async function findOrganisation(db: Database, scope: OrgScope, id: string): Promise<OrganisationRow | undefined> {
  const [row] = await db.select().from(organisations).where(inScope(scope, id)).limit(1);
  return row;
}

export async function findOrganisationWithCounts(db: Database, scope: OrgScope, id: string): Promise<OrganisationWithCounts | undefined> {
  const [row] = await db.select({ organisation: organisations, userCount, patientCount }).from(organisations).where(inScope(scope, id)).limit(1);
  return row;
}

// The list's order: the case-insensitive name, then id (the organisations_name_idx index).
const nameKey = sql`lower(${organisations.name})`;
const nameOrder: KeysetOrder = { column: nameKey, id: organisations.id, desc: false, type: 'text' };
const ORGANISATIONS_CURSOR_TAG = 'organisations:name';

/**
 * One page of organisations, its `nextCursor` and the number of matches exact up to COUNT_CAP
 * (like the patients' list). A cursor reads the rows after it through the name index; a page
 * number reads its ids first, so the per-row counts are computed for the page's rows only.
 */
export async function listOrganisations(
  db: Database,
  scope: OrgScope,
  f: { q?: string; page: number; pageSize: number; cursor?: string },
): Promise<{ rows: OrganisationWithCounts[]; total: number; totalCapped: boolean; nextCursor: string | null }> {
  const conditions: (SQL | undefined)[] = [orgFilter(scope, organisations.id)];
  if (f.q) {
    const like = `%${escapeLike(f.q.toLowerCase())}%`;
    conditions.push(sql`(lower(${organisations.name}) like ${like} or lower(coalesce(${organisations.address}, '')) like ${like} or ${organisations.siret} like ${like})`);
  }
  const where = and(...conditions);
  const order = [asc(nameKey), asc(organisations.id)];
  const columns = { organisation: organisations, userCount, patientCount, sortKey: keysetKey(nameKey) };
  const [found, [{ n }]] = await Promise.all([
    f.cursor
      ? db
          .select(columns)
          .from(organisations)
          .where(and(where, keysetAfter(nameOrder, decodeCursor(ORGANISATIONS_CURSOR_TAG, f.cursor))))
          .orderBy(...order)
          .limit(f.pageSize + 1)
      : db
          .select(columns)
          .from(organisations)
          .where(inArray(organisations.id, db.select({ id: organisations.id }).from(organisations).where(where).orderBy(...order).limit(f.pageSize + 1).offset(boundedOffset((f.page - 1) * f.pageSize))))
          .orderBy(...order),
    db.select({ n: count() }).from(db.select({ one: sql`1` }).from(organisations).where(where).limit(COUNT_CAP + 1).as('capped')),
  ]);
  const more = found.length > f.pageSize;
  const page = more ? found.slice(0, f.pageSize) : found;
  const last = page[page.length - 1];
  return {
    rows: page.map(({ sortKey: _, ...r }) => r),
    ...cappedTotal(n),
    nextCursor: more && last ? encodeCursor(ORGANISATIONS_CURSOR_TAG, { key: last.sortKey, id: last.organisation.id }) : null,
  };
}

export async function insertOrganisation(db: Database, values: NewOrganisation): Promise<string> {
  const [row] = await db.insert(organisations).values(values).returning({ id: organisations.id });
  return row.id;
}

export async function updateOrganisation(db: Database, scope: OrgScope, id: string, values: Partial<NewOrganisation>): Promise<void> {
  await db.update(organisations).set(values).where(inScope(scope, id));
  signInChanged();
}

export async function readSettings(db: Database, scope: OneOrgScope): Promise<OrganisationSettings | undefined> {
  const [row] = await db.select({ settings: organisations.settings }).from(organisations).where(inScope(scope, scope.organizationId)).limit(1);
  return row?.settings;
}

/** Merged (jsonb ||): keys other screens keep in the settings (the agenda's delays, the opening hours) stay. */
export async function writeSettings(db: Database, scope: OneOrgScope, settings: OrganisationSettings, at: Date): Promise<void> {
  await db.update(organisations).set({ settings: sql`${organisations.settings} || ${JSON.stringify(settings)}::jsonb`, updatedAt: at }).where(inScope(scope, scope.organizationId));
}

