import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { ERROR_MESSAGES } from '@wellbe/shared/errors';
import { allows, type Access } from '@wellbe/shared/permissions';
import { isRole } from '@wellbe/shared/roles';
import { organisations, users } from '../access/views.ts';
import type { Caller } from '../access/caller.ts';
import { recordAudit } from '../lib/audit.ts';
import { SignInCache, setSignInCache, signInCacheOf } from '../lib/auth-cache.ts';
import { AppError, forbidden, isIdentityMismatch } from '../lib/errors.ts';
import { actorOf, callerOf } from '../lib/request.ts';
import type { AppContext } from '../context.ts';
import { verifyToken, type TokenClaims } from '../modules/auth/auth.tokens.ts';
import { checkSession } from '../modules/auth/sessions.service.ts';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

export type TokenCheck =
  | { ok: true; caller: Caller; claims: TokenClaims; exp: number }
  | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Reads the caller from a token, then checks the database: a token outlives nothing it names
 * (user deactivated, password changed, session revoked or past its absolute end). Shared by the
 * HTTP hook and the WebSocket endpoint (lib/realtime), which re-checks its sockets the same way.
 */
export async function checkToken(ctx: AppContext, token: string, ip: string | null, options: { fresh?: boolean } = {}): Promise<TokenCheck> {
  const verified = await verifyToken(ctx.jwtKey, ctx.clock, token);
  if (!verified.ok) return verified;
  const { claims } = verified;
  // `fresh`: the realtime hub re-checks its sockets when a revocation is notified, and that
  // notification may reach it before it reaches this process's cache: it reads the rows themselves.
  const cache = options.fresh ? undefined : signInCacheOf(ctx);
  const loadUser = async () => {
    const [found] = await ctx.db
    .select({
      id: users.id,
      role: users.role,
      organizationId: users.organizationId,
      jobSpecialistId: users.jobSpecialistId,
      tokenVersion: users.tokenVersion,
      active: users.active,
      patientId: users.patientId,
      organisationActive: organisations.active,
    })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organizationId))
    .where(eq(users.id, claims.sub))
    .limit(1);
    return found;
  };
  const row = cache ? await cache.user(claims.sub, loadUser) : await loadUser();
  const valid =
    row &&
    row.active &&
    row.organisationActive !== false &&
    row.tokenVersion === claims.tv &&
    isRole(row.role) &&
    row.role === claims.role &&
    row.organizationId === claims.org;
  if (!valid) return { ok: false, reason: 'invalid' };
  const session = await checkSession(ctx, claims.sid, claims.sub, options);
  if (session !== 'ok') return { ok: false, reason: session };
  return {
    ok: true,
    claims,
    exp: verified.exp,
    caller: {
      id: row.id,
      role: row.role as Caller['role'],
      organizationId: row.organizationId,
      jobSpecialistId: row.jobSpecialistId,
      tokenVersion: row.tokenVersion,
      patientId: row.patientId,
      ip,
    },
  };
}

/** Reads the caller from the bearer token (see checkToken). */
export async function resolveUser(app: FastifyInstance, request: FastifyRequest, token = bearer(request)): Promise<void> {
  request.user = null;
  request.tokenError = null;
  request.sessionId = null;
  if (!token) return;
  const checked = await checkToken(app.ctx, token, request.ip);
  if (!checked.ok) {
    request.tokenError = checked.reason;
    return;
  }
  request.sessionId = checked.claims.sid;
  request.user = checked.caller;
}

export { actorOf, callerOf };

export function isGuestOnly(access: Access): boolean {
  return access === 'guest' || access === 'guestOnly';
}

export function unauthenticated(request: FastifyRequest): AppError {
  if (request.tokenError === 'expired') return new AppError(401, 'token_expired', ERROR_MESSAGES.invalidToken);
  if (request.tokenError === 'invalid') return new AppError(401, 'invalid_token', ERROR_MESSAGES.invalidToken);
  return new AppError(401, 'unauthorized', ERROR_MESSAGES.unauthorized);
}

// Authentication and route-level authorisation, driven by each route's declared access and the
// SPEC §6 table of packages/shared. Runs before the body is parsed: nobody uploads without rights.
export function registerAuth(app: FastifyInstance) {
  // The sign-in lookup cache of this server (lib/auth-cache.ts): served only while its LISTEN
  // connection is up, so revocations from any server reach it.
  const cache = new SignInCache(app.ctx.pool.options);
  setSignInCache(app.ctx, cache);
  app.addHook('onReady', async () => {
    await cache.start().catch(() => undefined);
  });
  app.addHook('onClose', async () => {
    await cache.stop();
  });
  app.decorateRequest('user', null);
  app.decorateRequest('tokenError', null);
  app.decorateRequest('sessionId', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api') && !route.url.startsWith('/api/docs') && route.config?.access === undefined) {
      throw new Error(`La route ${route.method} ${route.url} ne déclare pas son accès (config.access).`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined) return; // static files and the not-found handler
    await resolveUser(app, request);
    if (access === 'open') return;
    // SPEC §6: an empty rule list means guests only; a stale or bad token counts as a guest.
    if (isGuestOnly(access)) {
      if (request.user) throw forbidden();
      return;
    }
    if (!request.user) throw unauthenticated(request);
    if (!allows(access, request.user.role)) {
      if (request.routeOptions.config.patientData) {
        await recordAudit(app.ctx, actorOf(request), { action: `${request.method} ${request.routeOptions.url}`, outcome: 'denied' });
      }
      throw forbidden();
    }
  });

  // A patient-data route whose body or query names another user or organisation than the token's
  // is refused by the access module; the refusal is journalled like the others (DESIGN §4).
  app.addHook('onError', async (request, _reply, error) => {
    if (request.routeOptions.config?.patientData && isIdentityMismatch(error)) {
      await recordAudit(app.ctx, actorOf(request), { action: `${request.method} ${request.routeOptions.url}`, outcome: 'denied', details: { reason: 'identity_mismatch' } });
    }
  });
}

/** The API description tells an attacker every route: only a signed-in DE (bearer token) reads it. */
export function registerDocsGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (request.url !== '/api/docs' && !request.url.startsWith('/api/docs/') && !request.url.startsWith('/api/docs?')) return;
    await resolveUser(app, request);
    if (!request.user) throw unauthenticated(request);
    if (request.user.role !== 'DE') throw forbidden();
  });
}
