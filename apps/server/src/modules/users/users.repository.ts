import { and, asc, count, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { jobSpecialists, organisations, patients, users } from '../../db/tables.ts';
import { escapeLike } from '../../lib/text.ts';

export type UserRow = typeof users.$inferSelect;

export interface UserWithOrganisation {
  user: UserRow;
  organisation: { id: string; name: string; active: boolean; deactivationReason: string | null } | null;
  specialist: { id: number; label: string; dietetic: boolean } | null;
}

const selection = {
  user: users,
  organisation: { id: organisations.id, name: organisations.name, active: organisations.active, deactivationReason: organisations.deactivationReason },
  specialist: { id: jobSpecialists.id, label: jobSpecialists.label, dietetic: jobSpecialists.dietetic },
};

function base(db: Database) {
  return db
    .select(selection)
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organizationId))
    .leftJoin(jobSpecialists, eq(jobSpecialists.id, users.jobSpecialistId));
}

export async function findUserById(db: Database, id: string): Promise<UserWithOrganisation | undefined> {
  const [row] = await base(db).where(eq(users.id, id)).limit(1);
  return row as UserWithOrganisation | undefined;
}

/** Sign-in accepts the username or the email, both case-insensitive. */
export async function findUserByLogin(db: Database, login: string): Promise<UserWithOrganisation | undefined> {
  const key = login.trim().toLowerCase();
  const [row] = await base(db)
    .where(sql`lower(${users.username}) = ${key} or lower(${users.email}) = ${key}`)
    .orderBy(sql`lower(${users.username}) = ${key} desc`)
    .limit(1);
  return row as UserWithOrganisation | undefined;
}

export async function touchSignIn(db: Database, id: string, at: Date): Promise<void> {
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, id));
}

// ---- Account management (issue 7 /user) ----

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
    conditions.push(
      sql`(lower(${users.username}) like ${like} or lower(${users.email}) like ${like}
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

export async function findManagedUser(db: Database, id: string): Promise<ManagedUserRow | undefined> {
  const [row] = await managedBase(db).where(eq(users.id, id)).limit(1);
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

export async function insertUser(db: Database, values: NewUser): Promise<string> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row.id;
}

export async function updateUserRow(db: Database, id: string, values: Partial<NewUser>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}

/** Deactivation moves the token version: every token already issued stops working at once. */
export async function setUserActive(db: Database, id: string, active: boolean, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ active, updatedAt: at, ...(active ? {} : { tokenVersion: sql`${users.tokenVersion} + 1` }) })
    .where(eq(users.id, id));
}

export interface PatientForInvitation {
  id: string;
  organizationId: string;
  fullName: string;
  email: string;
  phoneNumber: string;
  archived: boolean;
  accountId: string | null;
}

/** The patient a PT account would be linked to, with the account already linked to it, if any. */
export async function findPatientForInvitation(db: Database, patientId: string): Promise<PatientForInvitation | undefined> {
  const [row] = await db
    .select({
      id: patients.id,
      organizationId: patients.organizationId,
      fullName: patients.fullName,
      email: patients.email,
      phoneNumber: patients.phoneNumber,
      archivedAt: patients.archivedAt,
      accountId: users.id,
    })
    .from(patients)
    .leftJoin(users, eq(users.patientId, patients.id))
    .where(eq(patients.id, patientId))
    .limit(1);
  if (!row) return undefined;
  const { archivedAt, ...rest } = row;
  return { ...rest, archived: archivedAt != null };
}
