import { and, asc, eq, lt } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AppContext } from '../../context.ts';
import { userPasskeys, webauthnChallenges } from '../../db/schema/security.ts';

// Passkeys (WebAuthn), through @simplewebauthn/server: several per user, each named; usable as the
// second factor and as a passwordless sign-in. The relying party is the public address (PUBLIC_URL).
// Challenges live in PostgreSQL (any server may receive the answer) and are consumed once.

const CHALLENGE_MS = 5 * 60 * 1000;

function relyingParty(ctx: AppContext) {
  const url = new URL(ctx.config.publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: 'WellBe' };
}

async function storeChallenge(ctx: AppContext, purpose: 'register' | 'authenticate', userId: string | null, challenge: string): Promise<string> {
  const now = ctx.clock.now();
  // Expired challenges are dropped as new ones come.
  await ctx.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date(now)));
  const [row] = await ctx.db
    .insert(webauthnChallenges)
    .values({ purpose, userId, challenge, expiresAt: new Date(now + CHALLENGE_MS) })
    .returning({ id: webauthnChallenges.id });
  return row.id;
}

async function takeChallenge(ctx: AppContext, id: string, purpose: 'register' | 'authenticate') {
  const [row] = await ctx.db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.id, id), eq(webauthnChallenges.purpose, purpose)))
    .returning();
  if (!row || row.expiresAt.getTime() <= ctx.clock.now()) return null;
  return row;
}

export async function listPasskeys(ctx: AppContext, userId: string) {
  return ctx.db
    .select({ id: userPasskeys.id, name: userPasskeys.name, createdAt: userPasskeys.createdAt, lastUsedAt: userPasskeys.lastUsedAt })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId))
    .orderBy(asc(userPasskeys.createdAt));
}

export async function registrationOptions(ctx: AppContext, user: { id: string; username: string; displayName: string }) {
  const { rpID, rpName } = relyingParty(ctx);
  const existing = await ctx.db.select({ id: userPasskeys.credentialId, transports: userPasskeys.transports }).from(userPasskeys).where(eq(userPasskeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.username,
    userDisplayName: user.displayName || user.username,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports as never })),
    // A discoverable credential also serves the passwordless sign-in.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  const challengeId = await storeChallenge(ctx, 'register', user.id, options.challenge);
  return { challengeId, options };
}

/** Verifies a registration answer and stores the new passkey; null when it does not verify. */
export async function registerPasskey(ctx: AppContext, userId: string, challengeId: string, name: string, response: RegistrationResponseJSON) {
  const challenge = await takeChallenge(ctx, challengeId, 'register');
  if (!challenge || challenge.userId !== userId) return null;
  const { rpID, origin } = relyingParty(ctx);
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) return null;
  const { credential } = verification.registrationInfo;
  const [row] = await ctx.db
    .insert(userPasskeys)
    .values({
      userId,
      name,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      createdAt: new Date(ctx.clock.now()),
    })
    .onConflictDoNothing()
    .returning({ id: userPasskeys.id });
  return row ?? null;
}

export async function deletePasskey(ctx: AppContext, userId: string, id: string): Promise<boolean> {
  const rows = await ctx.db.delete(userPasskeys).where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, userId))).returning({ id: userPasskeys.id });
  return rows.length > 0;
}

/** Sign-in options: the user's passkeys (second factor), or any discoverable one (passwordless). */
export async function authenticationOptions(ctx: AppContext, userId: string | null) {
  const { rpID } = relyingParty(ctx);
  const allow = userId
    ? await ctx.db.select({ id: userPasskeys.credentialId, transports: userPasskeys.transports }).from(userPasskeys).where(eq(userPasskeys.userId, userId))
    : [];
  const options = await generateAuthenticationOptions({
    rpID,
    allowCredentials: allow.map((c) => ({ id: c.id, transports: c.transports as never })),
    userVerification: userId ? 'preferred' : 'required',
  });
  const challengeId = await storeChallenge(ctx, 'authenticate', userId, options.challenge);
  return { challengeId, options };
}

/**
 * Verifies a sign-in assertion against its challenge; answers the user it proves, or null. For the
 * second factor the challenge names the user, and the passkey must be theirs.
 */
export async function verifyAssertion(ctx: AppContext, challengeId: string, response: AuthenticationResponseJSON): Promise<string | null> {
  const challenge = await takeChallenge(ctx, challengeId, 'authenticate');
  if (!challenge) return null;
  const [key] = await ctx.db.select().from(userPasskeys).where(eq(userPasskeys.credentialId, response.id)).limit(1);
  if (!key || (challenge.userId && key.userId !== challenge.userId)) return null;
  const { rpID, origin } = relyingParty(ctx);
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: { id: key.credentialId, publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')), counter: key.counter, transports: key.transports as never },
    // Passwordless: the passkey is the only factor, so the device must have verified the user.
    requireUserVerification: !challenge.userId,
  }).catch(() => null);
  if (!verification?.verified) return null;
  await ctx.db
    .update(userPasskeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date(ctx.clock.now()) })
    .where(eq(userPasskeys.id, key.id));
  return key.userId;
}
