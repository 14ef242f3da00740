import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organisations, users } from '../../access/views.ts';
import { signInChanged } from '../../lib/auth-cache.ts';

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

/**
 * Sets a new password hash. The token version moves, so every token issued before stops working;
 * the link came by mail, so the address is proven as well.
 */
export async function setPasswordFromLink(db: Database, id: string, passwordHash: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, emailConfirmed: true, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: at })
    .where(eq(users.id, id));
  signInChanged();
}

export async function markEmailConfirmed(db: Database, id: string, at: Date): Promise<void> {
  await db.update(users).set({ emailConfirmed: true, updatedAt: at }).where(eq(users.id, id));
}
