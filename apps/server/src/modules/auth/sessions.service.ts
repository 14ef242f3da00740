import type { Caller } from '../../access/caller.ts';
import { callerScope } from '../../access/scope.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import type { Throttle } from '../../lib/throttle.ts';
import { findScopedUser } from './auth.repository.ts';
import { journalAuth } from './auth.journal.ts';
import { describeDevice, listRememberedDevices, listSessions, revokeOtherSessions, revokeRememberedDevice, revokeSession, sessionState, type SessionState } from './sessions.repository.ts';

export const SESSION_MESSAGES = {
  sessionNotFound: 'Session introuvable.',
  deviceNotFound: 'Appareil introuvable.',
} as const;

// What other code asks of the sessions: the authentication hook whether a token's session holds,
// the profile to end the other sessions after a password change, the consent screen to end this one.

/** Whether the session of a token still holds: not revoked, not past its absolute end. */
export function checkSession(ctx: AppContext, sessionId: string, userId: string, options: { fresh?: boolean } = {}): Promise<SessionState> {
  return sessionState(ctx, sessionId, userId, options);
}

/** Ends every session of the user except `keep` (none when null); answers how many ended. */
export function endOtherSessions(ctx: AppContext, userId: string, keep: string | null): Promise<number> {
  return revokeOtherSessions(ctx, userId, keep);
}

/** Ends one session of the user (false: not theirs, or already ended). */
export function endSession(ctx: AppContext, userId: string, sessionId: string): Promise<boolean> {
  return revokeSession(ctx, userId, sessionId);
}

// Logout, the caller's sessions and remembered devices (/profile), and the sign-in locks an
// administrator sees and clears in /user. Every change is journalled under the caller.
export class SessionsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly throttle: Throttle,
  ) {}

  /** Logout: revokes the session of the token presented (none: nothing to revoke). */
  async logout(caller: Caller, sessionId: string | null): Promise<void> {
    if (sessionId) await revokeSession(this.ctx, caller.id, sessionId);
    await journalAuth(this.ctx, caller, { action: 'auth.logout', outcome: 'success', user: caller });
  }

  /** The caller's live sessions (the current one marked) and remembered devices. */
  async mine(caller: Caller, currentSessionId: string | null) {
    const [sessions, devices] = await Promise.all([listSessions(this.ctx, caller.id), listRememberedDevices(this.ctx, caller.id)]);
    return {
      sessions: sessions.map((s) => ({
        id: s.id,
        device: describeDevice(s.userAgent),
        ip: s.ip,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        method: s.method,
        current: s.id === currentSessionId,
      })),
      devices: devices.map((d) => ({
        id: d.id,
        device: describeDevice(d.userAgent),
        ip: d.ip,
        createdAt: d.createdAt.toISOString(),
        lastSeenAt: d.lastSeenAt.toISOString(),
        expiresAt: d.expiresAt.toISOString(),
      })),
    };
  }

  /** "Déconnecter cette session": someone else's session id answers like an unknown one. */
  async revoke(caller: Caller, sessionId: string): Promise<void> {
    if (!(await revokeSession(this.ctx, caller.id, sessionId))) throw notFound(SESSION_MESSAGES.sessionNotFound);
    await journalAuth(this.ctx, caller, { action: 'auth.session.revoke', outcome: 'success', user: caller, details: { session: sessionId } });
  }

  /** "Déconnecter toutes les autres sessions": answers how many ended. */
  async revokeOthers(caller: Caller, currentSessionId: string | null): Promise<number> {
    const count = await revokeOtherSessions(this.ctx, caller.id, currentSessionId);
    await journalAuth(this.ctx, caller, { action: 'auth.session.revokeOthers', outcome: 'success', user: caller, details: { count } });
    return count;
  }

  /** Forgets a remembered device (the second factor is asked again there). */
  async forgetDevice(caller: Caller, deviceId: string): Promise<void> {
    if (!(await revokeRememberedDevice(this.ctx, caller.id, deviceId))) throw notFound(SESSION_MESSAGES.deviceNotFound);
    await journalAuth(this.ctx, caller, { action: 'auth.device.forget', outcome: 'success', user: caller, details: { device: deviceId } });
  }

  /** Whether an account's sign-in is slowed down or blocked, as its administrator sees it. */
  async signInLock(caller: Caller, userId: string) {
    const found = await this.managedUser(caller, userId);
    const rows = await this.throttle.forUser(found.user.id);
    const now = this.ctx.clock.now();
    const blocked = rows.filter((r) => r.blockedUntil && r.blockedUntil.getTime() > now);
    const until = blocked.reduce((max, r) => Math.max(max, r.blockedUntil!.getTime()), 0);
    return {
      locked: blocked.length > 0,
      lockedUntil: until ? new Date(until).toISOString() : null,
      // The account counter holds every failure; per-IP and per-device counters hold a part of them.
      failures: rows.reduce((most, r) => Math.max(most, r.failures), 0),
      lastFailureAt: rows.length ? new Date(Math.max(...rows.map((r) => r.lastFailureAt.getTime()))).toISOString() : null,
    };
  }

  /** Clears an account's sign-in counters; answers how many there were. */
  async clearSignInLock(caller: Caller, userId: string): Promise<number> {
    const found = await this.managedUser(caller, userId);
    const cleared = await this.throttle.clearUser(found.user.id);
    await journalAuth(this.ctx, caller, {
      action: 'auth.unlock',
      outcome: 'success',
      user: { id: found.user.id, role: found.user.role, organizationId: found.user.organizationId },
      details: { by: caller.id, counters: cleared },
    });
    return cleared;
  }

  /** The account an administrator may see: SA and DE any, PA only in their organisation; elsewhere 404. */
  private async managedUser(caller: Caller, id: string) {
    const found = await findScopedUser(this.ctx.db, callerScope(caller), id);
    if (!found) throw notFound();
    return found;
  }
}
