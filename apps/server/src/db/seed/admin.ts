import { eq } from 'drizzle-orm';
import { meetsPasswordRule, PASSWORD_MESSAGES } from '@wellbe/shared/domain/password';
import type { Database } from '../client.ts';
import { users } from '../tables.ts';
import { hashPassword } from '../../lib/passwords.ts';

/**
 * Without demo data, the first super administrator comes from WELLBE_ADMIN_USERNAME and
 * WELLBE_ADMIN_PASSWORD (DESIGN §5). Created only while no SA exists.
 */
export async function ensureFirstAdmin(db: Database, username?: string, password?: string): Promise<'created' | 'exists' | 'missing'> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'SA')).limit(1);
  if (existing) return 'exists';
  if (!username || !password) return 'missing';
  if (!meetsPasswordRule(password)) throw new Error(`WELLBE_ADMIN_PASSWORD : ${PASSWORD_MESSAGES.rule}`);
  await db.insert(users).values({
    username,
    email: username.includes('@') ? username : `${username}@wellbe.local`,
    passwordHash: await hashPassword(password),
    role: 'SA',
    displayName: username,
    job: 'Super Administrateur',
  });
  return 'created';
}
