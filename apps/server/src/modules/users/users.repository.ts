import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { jobSpecialists, organisations, users } from '../../db/tables.ts';

export type UserRow = typeof users.$inferSelect;

export interface UserWithOrganisation {
  user: UserRow;
  organisation: { id: string; name: string; active: boolean } | null;
  specialist: { id: number; label: string; dietetic: boolean } | null;
}

const selection = {
  user: users,
  organisation: { id: organisations.id, name: organisations.name, active: organisations.active },
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
