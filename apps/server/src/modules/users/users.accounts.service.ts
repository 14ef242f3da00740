import type { Database } from '../../db/client.ts';
import * as repo from './users.repository.ts';

// The account writes other areas ask for: sign-in (auth) reads accounts through access/views.ts and
// writes them here, so the users table is written by its own area only. Each takes the database
// (or the transaction) it runs in: a link's password is set in the transaction that spends the link.

/** Last sign-in time of an account. */
export function recordSignIn(db: Database, userId: string, at: Date): Promise<void> {
  return repo.touchSignIn(db, userId, at);
}

/** Self-registration (SPEC §7 POST /api/auth/register): a US account, no organisation, address to confirm. */
export function registerAccount(db: Database, values: { username: string; email: string; displayName: string; passwordHash: string }): Promise<string> {
  return repo.insertSelfRegistered(db, values);
}

/** The caller's own settings, shortcuts and display name (nothing else). */
export function setOwnPreferences(db: Database, userId: string, values: { settings?: Record<string, unknown>; shortcuts?: string[]; displayName?: string }): Promise<void> {
  return repo.updateOwnPreferences(db, userId, values);
}

/** A password chosen through a mailed link: proves the address, ends every token issued before. */
export function setPasswordFromLink(db: Database, userId: string, passwordHash: string, at: Date): Promise<void> {
  return repo.setPasswordFromLink(db, userId, passwordHash, at);
}

/** The address of a self-registered account, confirmed through its link. */
export function confirmAddress(db: Database, userId: string, at: Date): Promise<void> {
  return repo.markEmailConfirmed(db, userId, at);
}
