import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/tables.ts';

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

export async function insertSelfRegistered(
  db: Database,
  values: { username: string; email: string; displayName: string; passwordHash: string },
): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ ...values, role: 'US', organizationId: null, emailConfirmed: false, provider: 'jwt' })
    .returning({ id: users.id });
  return row.id;
}

export async function updateOwnPreferences(
  db: Database,
  id: string,
  values: { settings?: Record<string, unknown>; shortcuts?: string[]; displayName?: string },
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}
