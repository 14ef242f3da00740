import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq, isNull, lt } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import type { Role } from '@wellbe/shared/roles';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { openSecret, sealSecret } from '../../lib/secret.ts';
import { mfaChallengesUsed, userPasskeys, userRecoveryCodes, userTotp } from '../../db/schema/security.ts';
import { getOrganisationSettings } from '../organisations/organisations.service.ts';

// Second factor (ASVS 5.0 V6.5/V6.6): TOTP (RFC 6238) with single-use recovery codes, and passkeys
// (passkeys.ts). Codes are never accepted twice: the time step of the last accepted TOTP code is
// kept, and a recovery code is marked used in the same statement that accepts it. A challenge
// token (the password was right) gives one session only: its id is spent with the factor.

export const MFA_MESSAGES = {
  required: 'Saisissez le code de votre application d’authentification, un code de secours ou utilisez votre clé d’accès.',
  enrolmentRequired: 'Votre organisation exige une double authentification : configurez-la pour continuer.',
  badCode: 'Code incorrect ou déjà utilisé.',
  challengeExpired: 'La vérification a expiré. Reconnectez-vous.',
  challengeUsed: 'Cette vérification a déjà servi. Reconnectez-vous.',
  alreadyEnrolled: 'La double authentification par application est déjà activée.',
  notEnrolled: 'Aucune configuration en attente : recommencez l’activation.',
  passkeyUnknown: 'Clé d’accès non reconnue.',
  passkeyNotFound: 'Clé d’accès introuvable.',
} as const;

/** The roles asked for a second factor when their organisation requires one (patients: optional). */
export function isProfessional(role: Role): boolean {
  return role !== 'PT' && role !== 'US';
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const ISSUER = 'WellBe';
const CHALLENGE_SECONDS = 5 * 60;

// ---- Challenge tokens: a password was right, a second factor (or its enrolment) is still due ----

export type ChallengePurpose = 'mfa' | 'enrol';

export async function signChallenge(ctx: AppContext, userId: string, purpose: ChallengePurpose): Promise<string> {
  const iat = Math.floor(ctx.clock.now() / 1000);
  // Its own `typ` and audience: it can never pass for an access token (which needs role, tv, sid).
  return new SignJWT({ purpose })
    .setProtectedHeader({ alg: 'HS256', typ: 'wellbe-mfa' })
    .setSubject(userId)
    .setAudience('wellbe-mfa')
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + CHALLENGE_SECONDS)
    .sign(ctx.jwtKey);
}

/** A valid challenge token: whose it is, and its id and end (to spend it once). */
export interface Challenge {
  userId: string;
  jti: string;
  expiresAt: Date;
}

export async function readChallenge(ctx: AppContext, token: string, purpose: ChallengePurpose): Promise<Challenge | null> {
  try {
    const { payload, protectedHeader } = await jwtVerify(token, ctx.jwtKey, {
      algorithms: ['HS256'],
      audience: 'wellbe-mfa',
      currentDate: new Date(ctx.clock.now()),
      clockTolerance: 0,
    });
    if (protectedHeader.typ !== 'wellbe-mfa' || payload.purpose !== purpose || typeof payload.sub !== 'string') return null;
    if (typeof payload.jti !== 'string' || !/^[0-9a-f-]{36}$/i.test(payload.jti) || typeof payload.exp !== 'number') return null;
    return { userId: payload.sub, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
  } catch {
    return null;
  }
}

/**
 * Spends a challenge token: true for its first use only. The row's primary key decides between two
 * servers or two parallel requests: inside a transaction, the second waits for the first to commit
 * (then finds the row: false) or to roll back (then spends it itself).
 */
export async function spendChallenge(db: Database, challenge: Challenge, now: Date): Promise<boolean> {
  await db.delete(mfaChallengesUsed).where(lt(mfaChallengesUsed.expiresAt, now));
  const rows = await db
    .insert(mfaChallengesUsed)
    .values({ jti: challenge.jti, userId: challenge.userId, expiresAt: challenge.expiresAt })
    .onConflictDoNothing()
    .returning({ jti: mfaChallengesUsed.jti });
  return rows.length > 0;
}

// ---- Which factors a user has, and whether one is due ----

export interface Factors {
  totp: boolean;
  passkeys: number;
}

export async function factorsOf(ctx: AppContext, userId: string): Promise<Factors> {
  const [[totp], [keys]] = await Promise.all([
    ctx.db.select({ confirmedAt: userTotp.confirmedAt }).from(userTotp).where(eq(userTotp.userId, userId)).limit(1),
    ctx.db.select({ n: count() }).from(userPasskeys).where(eq(userPasskeys.userId, userId)),
  ]);
  return { totp: !!totp?.confirmedAt, passkeys: keys?.n ?? 0 };
}

export const hasFactor = (f: Factors) => f.totp || f.passkeys > 0;

export async function mfaRequiredFor(ctx: AppContext, user: { role: string; organizationId: string | null }): Promise<boolean> {
  if (!isProfessional(user.role as Role)) return false;
  const { mfaRequired } = await getOrganisationSettings(ctx, user.organizationId);
  return mfaRequired;
}

// ---- TOTP ----

// The TOTP secret is sealed at rest (lib/secret.ts): a copy of the database alone gives no codes.
// Secrets enrolled before were stored in clear (base32: never `v1.`). They are still read, and sealed
// by the very update that accepts their next code: that statement applies only if nobody moved the
// step or replaced the secret meanwhile, so it is the secret just checked that gets sealed, with no
// extra query, no race between servers and no work at every start (a one-off start step would need
// the migration lock and the server's secret together, and a sweep of every row at each start). A legacy secret never used again stays in clear until it
// is removed or enrolled again.
const TOTP_PURPOSE = 'totp-secret';
const isClear = (stored: string) => !stored.startsWith('v1.');

/** The base32 secret of a stored row; null when sealed under another server's secret. */
function openTotpSecret(ctx: AppContext, stored: string): string | null {
  return isClear(stored) ? stored : (openSecret(ctx.jwtKey, TOTP_PURPOSE, stored)?.toString('utf8') ?? null);
}

/** Starts (or restarts) enrolment: a new secret, its otpauth URI and a QR code drawn here, as SVG. */
export async function startTotpEnrolment(ctx: AppContext, userId: string, label: string) {
  const [existing] = await ctx.db.select({ confirmedAt: userTotp.confirmedAt }).from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  if (existing?.confirmedAt) return null;
  const secret = generateSecret();
  const sealed = sealSecret(ctx.jwtKey, TOTP_PURPOSE, secret);
  await ctx.db
    .insert(userTotp)
    .values({ userId, secret: sealed, createdAt: new Date(ctx.clock.now()) })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secret: sealed, confirmedAt: null, lastUsedStep: null, createdAt: new Date(ctx.clock.now()) } });
  const uri = generateURI({ issuer: ISSUER, label, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Checks a TOTP code against the user's secret (confirmed or pending): one step of drift either
 * way, and never a step at or before the last accepted one (a code is not accepted twice).
 */
async function acceptTotp(ctx: AppContext, userId: string, code: string, pending: boolean): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const [row] = await ctx.db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  if (!row || (pending ? !!row.confirmedAt : !row.confirmedAt)) return false;
  const secret = openTotpSecret(ctx, row.secret);
  if (secret === null) return false;
  const result = await verifyTotp({
    secret,
    token: code,
    epoch: Math.floor(ctx.clock.now() / 1000),
    epochTolerance: 30,
    ...(row.lastUsedStep !== null ? { afterTimeStep: row.lastUsedStep } : {}),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid || !('timeStep' in result)) return false;
  // The step is moved forward only if nobody else used this code meanwhile (two servers, one code),
  // and only for the secret just checked (a new enrolment meanwhile is not confirmed by the old one).
  const step = result.timeStep;
  const updated = await ctx.db
    .update(userTotp)
    .set({
      lastUsedStep: step,
      ...(pending ? { confirmedAt: new Date(ctx.clock.now()) } : {}),
      ...(isClear(row.secret) ? { secret: sealSecret(ctx.jwtKey, TOTP_PURPOSE, secret) } : {}),
    })
    .where(and(eq(userTotp.userId, userId), eq(userTotp.secret, row.secret), row.lastUsedStep === null ? isNull(userTotp.lastUsedStep) : eq(userTotp.lastUsedStep, row.lastUsedStep)))
    .returning({ userId: userTotp.userId });
  return updated.length > 0;
}

/** Confirms enrolment with a first code; answers the 10 recovery codes (shown once) or null. */
export async function confirmTotpEnrolment(ctx: AppContext, userId: string, code: string): Promise<string[] | null> {
  if (!(await acceptTotp(ctx, userId, code, true))) return null;
  return newRecoveryCodes(ctx, userId);
}

export async function removeTotp(ctx: AppContext, userId: string): Promise<boolean> {
  const rows = await ctx.db.delete(userTotp).where(eq(userTotp.userId, userId)).returning({ userId: userTotp.userId });
  await ctx.db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  return rows.length > 0;
}

// ---- Recovery codes ----

/** 10 codes like `7KQ4-M2XD-9PWR`, stored as SHA-256 only; the old ones stop working. */
export async function newRecoveryCodes(ctx: AppContext, userId: string): Promise<string[]> {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const codes = Array.from({ length: 10 }, () => {
    const bytes = randomBytes(12);
    const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
  await ctx.db.transaction(async (tx) => {
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
    await tx.insert(userRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: sha256(normaliseRecovery(c)) })));
  });
  return codes;
}

const normaliseRecovery = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

export async function remainingRecoveryCodes(ctx: AppContext, userId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

async function acceptRecoveryCode(ctx: AppContext, userId: string, code: string): Promise<boolean> {
  const rows = await ctx.db
    .update(userRecoveryCodes)
    .set({ usedAt: new Date(ctx.clock.now()) })
    .where(and(eq(userRecoveryCodes.userId, userId), eq(userRecoveryCodes.codeHash, sha256(normaliseRecovery(code))), isNull(userRecoveryCodes.usedAt)))
    .returning({ id: userRecoveryCodes.id });
  return rows.length > 0;
}

/** A TOTP code (6 digits) or a recovery code: which one was accepted, or null. */
export async function acceptCode(ctx: AppContext, userId: string, code: string): Promise<'totp' | 'recovery' | null> {
  const trimmed = code.trim().replace(/\s/g, '');
  if (/^\d{6}$/.test(trimmed)) return (await acceptTotp(ctx, userId, trimmed, false)) ? 'totp' : null;
  return (await acceptRecoveryCode(ctx, userId, trimmed)) ? 'recovery' : null;
}
