import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { accountFilter, orgFilter, type OneOrgScope, type OrgScope } from '../../access/scope.ts';
import { users } from '../../access/views.ts';
import type { Database } from '../../db/client.ts';
import { oidcLinks, oidcLogins, oidcProviders } from '../../db/schema/oidc.ts';
import { userSessions } from '../../db/schema/security.ts';

// OpenID Connect providers, the authorisation requests in flight and the linked accounts. A
// provider belongs to an organisation (its own) or to the platform (organization_id null: PSC).

export type ProviderRow = typeof oidcProviders.$inferSelect;
export type LoginRow = typeof oidcLogins.$inferSelect;

/** The providers the scope reaches: its organisation's and the platform's (SA, DE: every one). */
export function listProviders(db: Database, scope: OrgScope): Promise<ProviderRow[]> {
  return db.select().from(oidcProviders).where(accountFilter(scope, oidcProviders.organizationId)).orderBy(oidcProviders.createdAt);
}

/** The buttons of /login for a guest: the platform's active providers only. */
export function platformProviders(db: Database): Promise<ProviderRow[]> {
  return db
    .select()
    .from(oidcProviders)
    .where(and(isNull(oidcProviders.organizationId), eq(oidcProviders.active, true)));
}

/**
 * A provider by id, as a sign-in reaches it: any active one (the browser names it in the address;
 * the answer it leads to is checked against that provider's organisation).
 */
export async function activeProvider(db: Database, id: string): Promise<ProviderRow | undefined> {
  const [row] = await db
    .select()
    .from(oidcProviders)
    .where(and(eq(oidcProviders.id, id), eq(oidcProviders.active, true)))
    .limit(1);
  return row;
}

/** The organisation's own provider when it enforces it (a password sign-in is then refused). */
export async function enforcedProvider(db: Database, scope: OneOrgScope): Promise<ProviderRow | undefined> {
  const [row] = await db
    .select()
    .from(oidcProviders)
    .where(and(orgFilter(scope, oidcProviders.organizationId), eq(oidcProviders.enforced, true), eq(oidcProviders.active, true)))
    .limit(1);
  return row;
}

type ProviderValues = Omit<typeof oidcProviders.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'organizationId' | 'clientSecretSealed'> & { clientSecretSealed?: string };

/** Creates or replaces the provider of an organisation (scope) or of the platform (null). */
export async function saveProvider(db: Database, scope: OneOrgScope | null, values: ProviderValues, now: Date): Promise<ProviderRow> {
  const where = scope ? orgFilter(scope, oidcProviders.organizationId) : and(isNull(oidcProviders.organizationId), eq(oidcProviders.kind, 'psc'));
  const [existing] = await db.select({ id: oidcProviders.id }).from(oidcProviders).where(where).limit(1);
  if (existing) {
    const [row] = await db
      .update(oidcProviders)
      .set({ ...values, updatedAt: now })
      .where(and(eq(oidcProviders.id, existing.id), where))
      .returning();
    return row;
  }
  const [row] = await db
    .insert(oidcProviders)
    .values({ ...values, clientSecretSealed: values.clientSecretSealed ?? '', organizationId: scope?.organizationId ?? null, createdAt: now, updatedAt: now })
    .returning();
  return row;
}

// ---- Authorisation requests ----

export async function insertLogin(db: Database, values: { stateHash: string; providerId: string; nonce: string; codeVerifier: string; createdAt: Date; expiresAt: Date }) {
  await db.insert(oidcLogins).values(values);
}

/**
 * Deletes the requests that can serve no more (the hourly job 'oidc_logins_sweep'): past their end
 * and either without a session (abandoned at the provider, refused, a ticket never fetched) or whose
 * session has ended (revoked, or past its absolute end: a back-channel logout has nothing left to
 * end). A request whose session still holds is kept for that logout. Answers how many went.
 */
export async function deleteStaleLogins(db: Database, now: Date): Promise<number> {
  const ended = db
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(or(isNotNull(userSessions.revokedAt), lte(userSessions.expiresAt, now)));
  const rows = await db
    .delete(oidcLogins)
    .where(and(lt(oidcLogins.expiresAt, now), or(isNull(oidcLogins.sessionId), inArray(oidcLogins.sessionId, ended))))
    .returning({ id: oidcLogins.id });
  return rows.length;
}

/** Spends a state: the request it names, on its first callback only and before it expires. */
export async function spendState(db: Database, stateHash: string, now: Date): Promise<LoginRow | undefined> {
  const [row] = await db
    .update(oidcLogins)
    .set({ callbackAt: now })
    .where(and(eq(oidcLogins.stateHash, stateHash), isNull(oidcLogins.callbackAt), gt(oidcLogins.expiresAt, now)))
    .returning();
  return row;
}

/** The provider's answer was accepted: the account it names and a one-time ticket for the web app. */
export async function acceptLogin(db: Database, id: string, values: { ticketHash: string; userId: string; subject: string; providerSid: string | null; needsLink: boolean }) {
  await db.update(oidcLogins).set(values).where(eq(oidcLogins.id, id));
}

/** Spends a ticket once (a second use, or one past the request's end, finds nothing). */
export async function spendTicket(db: Database, ticketHash: string, now: Date): Promise<LoginRow | undefined> {
  const [row] = await db
    .update(oidcLogins)
    .set({ finishedAt: now })
    .where(and(eq(oidcLogins.ticketHash, ticketHash), isNull(oidcLogins.finishedAt), gt(oidcLogins.expiresAt, now)))
    .returning();
  return row;
}

/** A ticket waiting for its account's current method (linking), without spending it. */
export async function pendingLink(db: Database, ticketHash: string, now: Date): Promise<LoginRow | undefined> {
  const [row] = await db
    .select()
    .from(oidcLogins)
    .where(and(eq(oidcLogins.ticketHash, ticketHash), eq(oidcLogins.needsLink, true), isNull(oidcLogins.finishedAt), gt(oidcLogins.expiresAt, now)))
    .limit(1);
  return row;
}

export async function attachSession(db: Database, id: string, sessionId: string) {
  await db.update(oidcLogins).set({ sessionId }).where(eq(oidcLogins.id, id));
}

/**
 * Back-channel logout: revokes the WellBe sessions opened through this provider for its session
 * `sid` (or, without one, for its subject `sub`). Answers the users whose sessions ended.
 */
export async function revokeProviderSessions(db: Database, providerId: string, who: { sid?: string; sub?: string }, now: Date): Promise<string[]> {
  const match = who.sid ? eq(oidcLogins.providerSid, who.sid) : eq(oidcLogins.subject, who.sub ?? '');
  const rows = await db
    .update(userSessions)
    .set({ revokedAt: now })
    .where(
      and(
        isNull(userSessions.revokedAt),
        sql`${userSessions.id} in (select ${oidcLogins.sessionId} from ${oidcLogins} where ${oidcLogins.providerId} = ${providerId} and ${match})`,
      ),
    )
    .returning({ userId: userSessions.userId });
  return [...new Set(rows.map((r) => r.userId))];
}

// ---- Linked accounts and matching ----

export async function linkedUser(db: Database, providerId: string, subject: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: oidcLinks.userId })
    .from(oidcLinks)
    .where(and(eq(oidcLinks.providerId, providerId), eq(oidcLinks.subject, subject)))
    .limit(1);
  return row?.userId;
}

export async function linkAccount(db: Database, values: { providerId: string; userId: string; subject: string; linkedAt: Date }) {
  await db
    .insert(oidcLinks)
    .values(values)
    .onConflictDoUpdate({ target: [oidcLinks.providerId, oidcLinks.userId], set: { subject: values.subject, linkedAt: values.linkedAt } });
}

/**
 * The accounts a provider's identifier names (two at most: more than one is refused anyway). An
 * organisation's provider reaches only its organisation's accounts; the platform's, every one.
 */
export async function usersByIdentifier(db: Database, scope: OrgScope, by: { id: string } | { email: string } | { rpps: string } | { adeli: string }): Promise<string[]> {
  const condition =
    'id' in by ? eq(users.id, by.id) : 'email' in by ? sql`lower(${users.email}) = ${by.email.toLowerCase()}` : 'rpps' in by ? eq(users.rpps, by.rpps) : eq(users.adeli, by.adeli);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(condition, orgFilter(scope, users.organizationId)))
    .limit(2);
  return rows.map((r) => r.id);
}
