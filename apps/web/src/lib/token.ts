// SPEC §4: the token lives in localStorage and is valid while its expiry (in seconds) is in the future.
export const TOKEN_KEY = 'jwt_access_token';

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

/** The `exp` claim (seconds) of a JWT, or null when it cannot be read. */
export function tokenExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

export function isTokenValid(token: string, nowMs = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 > nowMs;
}
