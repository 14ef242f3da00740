// SPEC §4: the token lives in localStorage and is valid while its expiry (in seconds) is in the future.
import { TOKEN_STORAGE_KEY } from '@wellbe/shared/boot';
import { isRole, type Role } from '@wellbe/shared/roles';

// index.html's first script reads the same key (shared boot.ts): a guest gets the splash, not the frame.
export const TOKEN_KEY = TOKEN_STORAGE_KEY;

export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Private mode without storage: the session lasts as long as the page.
  }
}

/** The claims of a JWT (not verified: the server does that), or null when they cannot be read. */
function tokenClaims(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const claims = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as unknown;
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The `exp` claim (seconds) of a JWT, or null when it cannot be read. */
export function tokenExpiry(token: string): number | null {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === 'number' ? exp : null;
}

/** The user id (`sub`) a JWT was issued to, or null. */
export function tokenSubject(token: string): string | null {
  const sub = tokenClaims(token)?.sub;
  return typeof sub === 'string' ? sub : null;
}

/** The role a JWT was issued with (`role`), or null: what the first load guesses before the token's check answers. */
export function tokenRole(token: string): Role | null {
  const role = tokenClaims(token)?.role;
  return isRole(role) ? role : null;
}

/**
 * Whether two JWTs carry the same session and rights: the same user (`sub`), server-side session
 * (`sid`), role, organisation and token version (`tv`, which a change of role or rights moves). The
 * token's check renews the token at each load (GET /api/auth/access-token): an answer asked for with
 * the stored token before it was renewed is the answer the renewed one would get (not verified here:
 * the server verified the token the request was sent with).
 */
export function sameSession(a: string, b: string): boolean {
  if (a === b) return true;
  const [x, y] = [tokenClaims(a), tokenClaims(b)];
  if (!x || !y || typeof x.sub !== 'string' || typeof x.sid !== 'string') return false;
  return (['sub', 'sid', 'role', 'org', 'tv'] as const).every((claim) => x[claim] === y[claim]);
}

export function isTokenValid(token: string, nowMs = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 > nowMs;
}
