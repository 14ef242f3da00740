import { SignJWT, errors, jwtVerify } from 'jose';
import { TOKEN_LIFETIME_SECONDS } from '@wellbe/shared/constants';
import { isRole, type Role } from '@wellbe/shared/roles';
import type { Clock } from '../../lib/clock.ts';

// SPEC §4/§9: JWT HS256, 60 minutes, `exp` in seconds. The token version (`tv`) lets a password
// change or a deactivation revoke every older token.
export interface TokenClaims {
  sub: string;
  org: string | null;
  role: Role;
  tv: number;
  /** The server-side session (modules/auth/sessions.repository.ts): logout and the absolute lifetime end it. */
  sid: string;
}

export async function signToken(key: Uint8Array, clock: Clock, claims: TokenClaims): Promise<string> {
  const iat = Math.floor(clock.now() / 1000);
  return new SignJWT({ org: claims.org, role: claims.role, tv: claims.tv, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
    .sign(key);
}

/** `exp`: when the token expires, in seconds (the realtime socket closes then). */
export type VerifyResult = { ok: true; claims: TokenClaims; exp: number } | { ok: false; reason: 'expired' | 'invalid' };

// Tokens already verified, per key: every request of a signed-in user carries the same token, and
// its HMAC check (WebCrypto: a key import and a thread-pool job, ~0.5 ms of CPU) gave the same
// answer the first time. Only the expiry, which depends on the clock, is checked again; the
// revocations (token version, session, account) are checked after this, from the database.
const verified = new WeakMap<Uint8Array, Map<string, { claims: TokenClaims; exp: number }>>();
const MAX_VERIFIED = 10_000;

export async function verifyToken(key: Uint8Array, clock: Clock, token: string): Promise<VerifyResult> {
  let known = verified.get(key);
  const hit = known?.get(token);
  if (hit) {
    // jose's rule: expired once `exp` (seconds) is reached, no tolerance.
    if (hit.exp <= Math.floor(clock.now() / 1000)) return { ok: false, reason: 'expired' };
    return { ok: true, claims: { ...hit.claims }, exp: hit.exp };
  }
  try {
    // Only HS256 is accepted: `alg: none` and any other algorithm are refused by jose.
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date(clock.now()), clockTolerance: 0 });
    const { sub, org, role, tv, sid } = payload as Record<string, unknown>;
    if (typeof sub !== 'string' || !isRole(role) || typeof tv !== 'number' || typeof sid !== 'string' || typeof payload.exp !== 'number') {
      return { ok: false, reason: 'invalid' };
    }
    const claims: TokenClaims = { sub, org: typeof org === 'string' ? org : null, role, tv, sid };
    if (!known) verified.set(key, (known = new Map()));
    if (known.size >= MAX_VERIFIED) known.clear();
    known.set(token, { claims, exp: payload.exp });
    return { ok: true, claims: { ...claims }, exp: payload.exp };
  } catch (err) {
    return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
