import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { signInChanged } from '../../lib/auth-cache.ts';

export interface CredentialsChange {
  phoneNumber: string | null;
  professionalNumber: string | null;
  passwordHash: string;
  at: Date;
}

/**
 * Saves the phones and the new password hash, and moves the token version in the same statement:
 * every token issued before the change stops working. Returns the new token version.
 */
export async function updateCredentials(db: Database, userId: string, change: CredentialsChange): Promise<number | undefined> {
  const [row] = await db
    .update(users)
    .set({
      phoneNumber: change.phoneNumber,
      professionalNumber: change.professionalNumber,
      passwordHash: change.passwordHash,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: change.at,
    })
    .where(eq(users.id, userId))
    .returning({ tokenVersion: users.tokenVersion });
  signInChanged();
  return row?.tokenVersion;
}

/** The phones alone: no token changes (the password did not). */
export async function updatePhones(db: Database, userId: string, change: { phoneNumber: string | null; professionalNumber: string | null; at: Date }): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ phoneNumber: change.phoneNumber, professionalNumber: change.professionalNumber, updatedAt: change.at })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function setPhotoUrl(db: Database, userId: string, photoUrl: string, at: Date): Promise<void> {
  await db.update(users).set({ photoUrl, updatedAt: at }).where(eq(users.id, userId));
}

/** The RPPS/ADELI numbers alone (a sign-in matching on them reads the row, so the cache is told). */
export async function updateProfessionalIds(db: Database, userId: string, change: { rpps: string | null; adeli: string | null; at: Date }): Promise<boolean> {
  const rows = await db.update(users).set({ rpps: change.rpps, adeli: change.adeli, updatedAt: change.at }).where(eq(users.id, userId)).returning({ id: users.id });
  signInChanged();
  return rows.length > 0;
}
