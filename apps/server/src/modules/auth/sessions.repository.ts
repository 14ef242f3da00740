import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { signInCacheOf, signInChanged } from '../../lib/auth-cache.ts';
import type { ClientInfo } from '../../lib/request.ts';
import { userDevices, userSessions } from '../../db/schema/security.ts';
import { getOrganisationSettings } from '../organisations/organisations.service.ts';

// Server-side sessions (ASVS 5.0 V7): every access token names its session (`sid`); logout and
// "Déconnecter cette session" revoke the row, and the organisation's absolute lifetime ends it
// whatever the renewals. Devices: a cookie set after a successful sign-in makes a browser "known"
// (failures from elsewhere never slow it down); "Se souvenir de cet appareil" also skips the second
// factor for 30 days.

export const KNOWN_DEVICE_COOKIE = 'wellbe_device';
export const REMEMBER_COOKIE = 'wellbe_remember';
const KNOWN_DEVICE_DAYS = 365;
export const REMEMBER_DAYS = 30;
const DAY = 24 * 3600 * 1000;

export type { ClientInfo };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export async function openSession(ctx: AppContext, userId: string, organizationId: string | null, client: ClientInfo, method: string): Promise<string> {
  const { sessionMaxHours } = await getOrganisationSettings(ctx, organizationId);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(userSessions)
    .values({
      userId,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + sessionMaxHours * 3600 * 1000),
      ip: client.ip,
      userAgent: client.userAgent,
      method,
    })
    .returning({ id: userSessions.id });
  return row.id;
}

export type SessionState = 'ok' | 'expired' | 'invalid';

/** Whether the session of a token still holds: not revoked, not past its absolute end. */
export async function sessionState(ctx: AppContext, sessionId: string, userId: string, options: { fresh?: boolean } = {}): Promise<SessionState> {
  const load = async () => {
    const [found] = await ctx.db
      .select({ userId: userSessions.userId, expiresAt: userSessions.expiresAt, revokedAt: userSessions.revokedAt })
      .from(userSessions)
      .where(eq(userSessions.id, sessionId))
      .limit(1);
    return found;
  };
  const cache = options.fresh ? undefined : signInCacheOf(ctx);
  const row = cache ? await cache.session(sessionId, load) : await load();
  if (!row || row.userId !== userId || row.revokedAt) return 'invalid';
  return row.expiresAt.getTime() <= ctx.clock.now() ? 'expired' : 'ok';
}

export async function touchSession(ctx: AppContext, sessionId: string, client: ClientInfo): Promise<void> {
  await ctx.db.update(userSessions).set({ lastSeenAt: new Date(ctx.clock.now()), ip: client.ip }).where(eq(userSessions.id, sessionId));
}

export async function revokeSession(ctx: AppContext, userId: string, sessionId: string): Promise<boolean> {
  const rows = await ctx.db
    .update(userSessions)
    .set({ revokedAt: new Date(ctx.clock.now()) })
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  signInChanged();
  return rows.length > 0;
}

/** Revokes every session of the user except `keep` (none when null); answers how many ended. */
export async function revokeOtherSessions(ctx: AppContext, userId: string, keep: string | null): Promise<number> {
  const rows = await ctx.db
    .update(userSessions)
    .set({ revokedAt: new Date(ctx.clock.now()) })
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt), keep ? ne(userSessions.id, keep) : undefined))
    .returning({ id: userSessions.id });
  signInChanged();
  return rows.length;
}

export async function listSessions(ctx: AppContext, userId: string) {
  const now = new Date(ctx.clock.now());
  // A session idle past the token lifetime (60 minutes) cannot be renewed any more: not listed.
  const idleLimit = new Date(now.getTime() - 3600 * 1000);
  return ctx.db
    .select({
      id: userSessions.id,
      createdAt: userSessions.createdAt,
      lastSeenAt: userSessions.lastSeenAt,
      expiresAt: userSessions.expiresAt,
      ip: userSessions.ip,
      userAgent: userSessions.userAgent,
      method: userSessions.method,
    })
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, now), gt(userSessions.lastSeenAt, idleLimit)))
    .orderBy(desc(userSessions.lastSeenAt));
}

/** A short, readable device name from a User-Agent ("Chrome sur Linux"). */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Appareil inconnu';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && os) return `${browser} sur ${os}`;
  return browser ?? os ?? 'Autre appareil';
}

// ---- Devices ----

function cookieOptions(ctx: AppContext, days: number) {
  return {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: ctx.config.publicUrl.startsWith('https://'),
    maxAge: days * 24 * 3600,
  };
}

/** The device id of a valid cookie of `kind` bound to `userId`, or null. */
export async function findDevice(ctx: AppContext, client: ClientInfo, kind: 'known' | 'remembered', userId: string): Promise<string | null> {
  const value = client.cookies[kind === 'known' ? KNOWN_DEVICE_COOKIE : REMEMBER_COOKIE];
  if (!value) return null;
  const now = new Date(ctx.clock.now());
  const [row] = await ctx.db
    .select({ id: userDevices.id })
    .from(userDevices)
    .where(and(eq(userDevices.tokenHash, sha256(value)), eq(userDevices.userId, userId), eq(userDevices.kind, kind), isNull(userDevices.revokedAt), gt(userDevices.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  await ctx.db.update(userDevices).set({ lastSeenAt: now, ip: client.ip }).where(eq(userDevices.id, row.id));
  return row.id;
}

/** Asks for a device cookie of `kind` for `userId` (one row per browser and kind); the route sets it. */
export async function rememberDevice(ctx: AppContext, client: ClientInfo, kind: 'known' | 'remembered', userId: string): Promise<void> {
  if (await findDevice(ctx, client, kind, userId)) return;
  const days = kind === 'known' ? KNOWN_DEVICE_DAYS : REMEMBER_DAYS;
  const value = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  await ctx.db.insert(userDevices).values({
    userId,
    kind,
    tokenHash: sha256(value),
    userAgent: client.userAgent,
    ip: client.ip,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + days * DAY),
  });
  client.setCookies.push({ name: kind === 'known' ? KNOWN_DEVICE_COOKIE : REMEMBER_COOKIE, value, options: cookieOptions(ctx, days) });
}

export async function listRememberedDevices(ctx: AppContext, userId: string) {
  const now = new Date(ctx.clock.now());
  return ctx.db
    .select({ id: userDevices.id, userAgent: userDevices.userAgent, ip: userDevices.ip, createdAt: userDevices.createdAt, lastSeenAt: userDevices.lastSeenAt, expiresAt: userDevices.expiresAt })
    .from(userDevices)
    .where(and(eq(userDevices.userId, userId), eq(userDevices.kind, 'remembered'), isNull(userDevices.revokedAt), gt(userDevices.expiresAt, now)))
    .orderBy(desc(userDevices.lastSeenAt));
}

export async function revokeRememberedDevice(ctx: AppContext, userId: string, id: string): Promise<boolean> {
  const rows = await ctx.db
    .update(userDevices)
    .set({ revokedAt: new Date(ctx.clock.now()) })
    .where(and(eq(userDevices.id, id), eq(userDevices.userId, userId), eq(userDevices.kind, 'remembered'), isNull(userDevices.revokedAt)))
    .returning({ id: userDevices.id });
  return rows.length > 0;
}
