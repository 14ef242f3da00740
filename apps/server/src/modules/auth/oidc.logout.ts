import { createRemoteJWKSet, customFetch, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { OIDC_MESSAGES } from '@wellbe/shared/schemas/oidc';
import type { AppContext } from '../../context.ts';
import { signInChanged } from '../../lib/auth-cache.ts';
import { badRequest } from '../../lib/errors.ts';
import { anonymous } from '../../access/caller.ts';
import { journalAuth } from './auth.journal.ts';
import { activeProvider, revokeProviderSessions } from './oidc.repository.ts';
import type { OidcService } from './oidc.service.ts';
import type { AuthService } from './auth.service.ts';

// OpenID Connect Back-Channel Logout 1.0: the provider posts a signed logout token when the
// professional signs out there (or their card is withdrawn); the WellBe sessions opened through
// that provider session (`sid`), or for that subject (`sub`), end at once.

const EVENT = 'http://schemas.openid.net/event/backchannel-logout';
const REFUSED = OIDC_MESSAGES.logout_invalid;

export class OidcLogout {
  private readonly keys = new Map<string, { uri: string; set: JWTVerifyGetKey }>();

  constructor(
    private readonly ctx: AppContext,
    private readonly oidc: OidcService,
    private readonly auth: AuthService,
  ) {}

  private keySet(providerId: string, uri: string): JWTVerifyGetKey {
    const known = this.keys.get(providerId);
    if (known?.uri === uri) return known.set;
    const set = createRemoteJWKSet(new URL(uri), this.ctx.oidcFetch ? { [customFetch]: this.ctx.oidcFetch } : {});
    this.keys.set(providerId, { uri, set });
    return set;
  }

  async backchannel(providerId: string, logoutToken: string, ip: string): Promise<number> {
    const provider = await activeProvider(this.ctx.db, providerId);
    if (!provider) throw badRequest(REFUSED, 'invalid_request');
    // No discovery document (provider down, bad answer) or no readable client secret: the token
    // cannot be validated, which the spec (§2.8) answers with 400 invalid_request, never a 500 on
    // this public route.
    const config = await this.oidc.configuration(provider).catch(() => {
      throw badRequest(REFUSED, 'invalid_request');
    });
    const meta = config.serverMetadata();
    if (!meta.jwks_uri) throw badRequest(REFUSED, 'invalid_request');
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(logoutToken, this.keySet(provider.id, meta.jwks_uri), {
        issuer: meta.issuer,
        audience: provider.clientId,
        requiredClaims: ['iat', 'jti'],
        maxTokenAge: '5 minutes',
      }));
    } catch {
      throw badRequest(REFUSED, 'invalid_request');
    }
    // A logout token names an event, never a nonce (so an ID token cannot pass for one).
    const events = payload.events as Record<string, unknown> | undefined;
    const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
    const sub = typeof payload.sub === 'string' ? payload.sub : undefined;
    if (!events || typeof events[EVENT] !== 'object' || 'nonce' in payload || (!sid && !sub)) throw badRequest(REFUSED, 'invalid_request');
    const userIds = await revokeProviderSessions(this.ctx.db, provider.id, { sid, sub }, new Date(this.ctx.clock.now()));
    signInChanged();
    for (const id of userIds) {
      const found = await this.auth.account(id);
      if (!found) continue;
      const user = { id, role: found.user.role, organizationId: found.user.organizationId };
      await journalAuth(this.ctx, anonymous(ip), { action: 'auth.logout', outcome: 'success', user, details: { by: 'backchannel', provider: provider.id } });
    }
    return userIds.length;
  }
}
