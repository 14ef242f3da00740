import { and, asc, count, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { jobSpecialists, organisations, users } from '../../db/tables.ts';
import { mapUniqueViolation } from '../../lib/pg-errors.ts';
import { escapeLike } from '../../lib/text.ts';
import { signInChanged } from '../../lib/auth-cache.ts';

export type UserRow = typeof users.$inferSelect;

// ---- Account management (/user) ----

export interface ManagedUserRow {
  user: UserRow;
  organisationName: string | null;
  specialistLabel: string | null;
  /** Expiry of the newest invitation link still usable (not used, not revoked), if any. */
  invitationExpiresAt: Date | null;
}

const invitationExpiry = sql<Date | null>`(
  select max(t.expires_at) from user_tokens t
  where t.user_id = ${sql.raw('"users"."id"')} and t.kind = 'invitation' and t.used_at is null and t.revoked_at is null
)`.mapWith((v: string | Date | null) => (v == null ? null : new Date(v)));

const managedSelection = {
  user: users,
  organisationName: organisations.name,
  specialistLabel: jobSpecialists.label,
  invitationExpiresAt: invitationExpiry,
};

function managedBase(db: Database) {
  return db
    .select(managedSelection)
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organizationId))
    .leftJoin(jobSpecialists, eq(jobSpecialists.id, users.jobSpecialistId));
}

export interface UserListFilter {
  /** null: every organisation (SA, DE). */
  organizationId: string | null;
  q?: string;
  role?: string;
  active?: boolean;
  /** Whether the search reads emails: not for callers who may not see a patient's (patient accounts excluded then). */
  searchContacts: boolean;
  page: number;
  pageSize: number;
}

export async function listManagedUsers(db: Database, f: UserListFilter): Promise<{ rows: ManagedUserRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (f.organizationId) conditions.push(eq(users.organizationId, f.organizationId));
  if (f.role) conditions.push(eq(users.role, f.role));
  if (f.active !== undefined) conditions.push(eq(users.active, f.active));
  if (f.q) {
    const like = `%${escapeLike(f.q.toLowerCase())}%`;
    const email = f.searchContacts ? sql`lower(${users.email}) like ${like}` : sql`(${users.role} <> 'PT' and lower(${users.email}) like ${like})`;
    conditions.push(
      sql`(lower(${users.username}) like ${like} or ${email}
        or lower(${users.firstName} || ' ' || ${users.lastName}) like ${like}
        or lower(${users.lastName} || ' ' || ${users.firstName}) like ${like})`,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    managedBase(db)
      .where(where)
      .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows: rows as ManagedUserRow[], total };
}

/** One account inside an organisation (null: any organisation, for SA and DE). */
export async function findManagedUser(db: Database, scope: { organizationId: string | null }, id: string): Promise<ManagedUserRow | undefined> {
  const [row] = await managedBase(db)
    .where(and(eq(users.id, id), scope.organizationId ? eq(users.organizationId, scope.organizationId) : undefined))
    .limit(1);
  return row as ManagedUserRow | undefined;
}

/** The ids of the accounts already using this username or email (case-insensitive). */
export async function findLoginConflicts(
  db: Database,
  { username, email, exceptId }: { username?: string; email?: string; exceptId?: string },
): Promise<{ username: boolean; email: boolean }> {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      and(
        or(
          username ? sql`lower(${users.username}) = ${username.toLowerCase()}` : undefined,
          email ? sql`lower(${users.email}) = ${email.toLowerCase()}` : undefined,
        ),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    );
  return {
    username: !!username && rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: !!email && rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

export type NewUser = typeof users.$inferInsert;

const UNIQUE_LOGINS = { users_username_key: 'username', users_email_key: 'email', users_patient_key: 'patient' } as const;

/** Inserts an account; a lost race on a unique index answers which one (username, email, patient). */
export async function insertUser(db: Database, values: NewUser) {
  return mapUniqueViolation(async () => {
    const [row] = await db.insert(users).values(values).returning({ id: users.id });
    return row.id;
  }, UNIQUE_LOGINS as Record<string, 'username' | 'email' | 'patient'>);
}

export async function updateUserRow(db: Database, id: string, values: Partial<NewUser>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
  signInChanged();
}

/** Deactivation moves the token version: every token already issued stops working at once. */
export async function setUserActive(db: Database, id: string, active: boolean, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ active, updatedAt: at, ...(active ? {} : { tokenVersion: sql`${users.tokenVersion} + 1` }) })
    .where(eq(users.id, id));
  signInChanged();
}
