import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organisations, type OrganisationSettings } from '../../db/tables.ts';
import { escapeLike } from '../../lib/text.ts';
import { signInChanged } from '../../lib/auth-cache.ts';

export type OrganisationRow = typeof organisations.$inferSelect;
export type NewOrganisation = typeof organisations.$inferInsert;

export interface OrganisationWithCounts {
  organisation: OrganisationRow;
  userCount: number;
  patientCount: number;
}

// Counts through the organisation indexes of users and patients (archived patients left out).
// The outer column is named in full: drizzle leaves it unqualified in a query without joins.
const outerId = sql.raw('"organisations"."id"');
const userCount = sql<number>`(select count(*) from users u where u.organization_id = ${outerId})`.mapWith(Number);
const patientCount = sql<number>`(select count(*) from patients p where p.organization_id = ${outerId} and p.archived_at is null)`.mapWith(Number);

export async function findOrganisation(db: Database, id: string): Promise<OrganisationRow | undefined> {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
  return row;
}

export async function findOrganisationWithCounts(db: Database, id: string): Promise<OrganisationWithCounts | undefined> {
  const [row] = await db.select({ organisation: organisations, userCount, patientCount }).from(organisations).where(eq(organisations.id, id)).limit(1);
  return row;
}

export async function listOrganisations(
  db: Database,
  f: { q?: string; page: number; pageSize: number },
): Promise<{ rows: OrganisationWithCounts[]; total: number }> {
  const conditions: SQL[] = [];
  if (f.q) {
    const like = `%${escapeLike(f.q.toLowerCase())}%`;
    conditions.push(sql`(lower(${organisations.name}) like ${like} or lower(coalesce(${organisations.address}, '')) like ${like} or ${organisations.siret} like ${like})`);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ organisation: organisations, userCount, patientCount })
      .from(organisations)
      .where(where)
      .orderBy(asc(sql`lower(${organisations.name})`), asc(organisations.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ total: count() }).from(organisations).where(where),
  ]);
  return { rows, total };
}

export async function insertOrganisation(db: Database, values: NewOrganisation): Promise<string> {
  const [row] = await db.insert(organisations).values(values).returning({ id: organisations.id });
  return row.id;
}

export async function updateOrganisation(db: Database, id: string, values: Partial<NewOrganisation>): Promise<void> {
  await db.update(organisations).set(values).where(eq(organisations.id, id));
  signInChanged();
}

export async function readSettings(db: Database, id: string): Promise<OrganisationSettings | undefined> {
  const [row] = await db.select({ settings: organisations.settings }).from(organisations).where(eq(organisations.id, id)).limit(1);
  return row?.settings;
}

/** Merged (jsonb ||): keys other screens keep in the settings (the agenda's delays, the opening hours) stay. */
export async function writeSettings(db: Database, id: string, settings: OrganisationSettings, at: Date): Promise<void> {
  await db.update(organisations).set({ settings: sql`${organisations.settings} || ${JSON.stringify(settings)}::jsonb`, updatedAt: at }).where(eq(organisations.id, id));
}

