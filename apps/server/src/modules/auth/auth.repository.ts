import { and, eq, sql } from 'drizzle-orm';
import { orgFilter, type OrgScope } from '../../access/scope.ts';
import type { Database } from '../../db/client.ts';
import { jobSpecialists, organisations, users } from '../../access/views.ts';

// The accounts as sign-in and sessions read them (through the users view of access/views.ts). The
// users area writes accounts (users.accounts.service.ts), so neither imports the other's repository.

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

/** An account inside the scope (an administrator's view of their practice's accounts). */
export async function findScopedUser(db: Database, scope: OrgScope, id: string): Promise<UserWithOrganisation | undefined> {
  const [row] = await base(db).where(and(eq(users.id, id), orgFilter(scope, users.organizationId))).limit(1);
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

export async function loginTaken(db: Database, username: string, email: string) {
  const [row] = await db
    .select({
      username: sql<boolean>`bool_or(lower(${users.username}) = ${username.toLowerCase()})`,
      email: sql<boolean>`bool_or(lower(${users.email}) = ${email.toLowerCase()})`,
    })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()} or lower(${users.email}) = ${email.toLowerCase()}`);
  return { username: !!row?.username, email: !!row?.email };
}
