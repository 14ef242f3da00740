import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organisations, users } from '../../access/views.ts';

// SQL of the account links (password reset, invitation completion, email confirmation).

export interface LinkUser {
  id: string;
  email: string;
  username: string;
  displayName: string;
  firstName: string;
  lastName: string;
  active: boolean;
  organization: string | null;
}

const linkUser = {
  id: users.id,
  email: users.email,
  username: users.username,
  displayName: users.displayName,
  firstName: users.firstName,
  lastName: users.lastName,
  active: users.active,
  organization: organisations.name,
};

export async function findLinkUserByEmail(db: Database, email: string): Promise<LinkUser | undefined> {
  const [row] = await db
    .select(linkUser)
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organizationId))
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findLinkUserById(db: Database, id: string): Promise<LinkUser | undefined> {
  const [row] = await db.select(linkUser).from(users).leftJoin(organisations, eq(organisations.id, users.organizationId)).where(eq(users.id, id)).limit(1);
  return row;
}
