import { createHash, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { OIDC_MESSAGES, type OidcErrorCode } from '@wellbe/shared/schemas/oidc';
import { parseNationalId } from '@wellbe/shared/domain/rpps';
import { everyOrganisation, systemScope } from '../../access/scope.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import type { ClientInfo } from '../../lib/request.ts';
import { openSecret } from '../../lib/secret.ts';
import { journalAuth } from './auth.journal.ts';
import { SIGN_IN_RULES, type AuthService } from './auth.service.ts';
import {
  acceptLogin,
  activeProvider,
  attachSession,
  deleteStaleLogins,
  insertLogin,
  linkAccount,
  linkedUser,
  pendingLink,
  spendState,
  spendTicket,
  usersByIdentifier,
  type ProviderRow,
} from './oidc.repository.ts';

// Sign-in by OpenID Connect (authorisation code with PKCE, `state` and `nonce`), openid-client as
// the relying party: it reads the issuer's discovery document and checks the ID token's signature
// (the issuer's published keys), issuer, audience, expiry and nonce. WellBe adds what the protocol
// leaves to it: the state is single-use and stored server-side, the account is matched on exactly
// one user, and every refusal is journalled and counted by the sign-in throttle.

export const SECRET_PURPOSE = 'oidc-client-secret';
/** A sign-in has this long between the redirect to the provider and the ticket's use. */
const LOGIN_MINUTES = 10;
/** The discovery document and keys are read again after this (a provider rotates its keys). */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
/**
 * A failed discovery is answered again for this long: a provider that is down is not asked once
 * per request (a storm of back-channel logouts, sign-ins retried), yet is tried again soon.
 */
const FAILED_DISCOVERY_TTL_MS = 15 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The hourly background job: sign-in requests past their end whose session, if any, has ended too. */
export function sweepOidcLogins(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  return deleteStaleLogins(ctx.db, new Date(ctx.clock.now()));
}

/** A refused sign-in: the browser is sent back to /login/oidc with this code. */
export class OidcFailure extends Error {
  constructor(readonly code: OidcErrorCode) {
    super(OIDC_MESSAGES[code]);
  }
}

export class OidcService {
  private readonly configs = new Map<string, { key: string; at: number; failed: boolean; config: Promise<oidc.Configuration> }>();

  constructor(
    private readonly ctx: AppContext,
    private readonly auth: AuthService,
  ) {}

  /** The one redirect URI to register at every provider. */
  redirectUri(): string {
    return `${this.ctx.config.publicUrl}/api/auth/oidc/callback`;
  }

  /**
   * The provider's discovered configuration (back-channel logout reads its issuer and keys). The
   * promise is cached, so concurrent requests share one discovery, and so is its failure, briefly.
   */
  configuration(provider: ProviderRow): Promise<oidc.Configuration> {
    const key = `${provider.issuer}|${provider.clientId}|${provider.updatedAt.getTime()}`;
    const cached = this.configs.get(provider.id);
    if (cached && cached.key === key && Date.now() - cached.at < (cached.failed ? FAILED_DISCOVERY_TTL_MS : DISCOVERY_TTL_MS)) return cached.config;
    const entry = { key, at: Date.now(), failed: false, config: this.discover(provider) };
    entry.config.catch(() => {
      entry.failed = true;
      entry.at = Date.now();
    });
    this.configs.set(provider.id, entry);
    return entry.config;
  }

  private async discover(provider: ProviderRow): Promise<oidc.Configuration> {
    const secret = openSecret(this.ctx.jwtKey, SECRET_PURPOSE, provider.clientSecretSealed)?.toString('utf8');
    if (secret === undefined) throw new OidcFailure('not_configured');
    const issuer = new URL(provider.issuer);
    const options: oidc.DiscoveryRequestOptions = {
      // Plain http only for a provider on this machine (a test provider, a local Keycloak).
      execute: isLoopbackHttp(issuer) ? [oidc.allowInsecureRequests] : [],
      ...(this.ctx.oidcFetch ? { [oidc.customFetch]: this.ctx.oidcFetch } : {}),
    };
    const config = await oidc.discovery(issuer, provider.clientId, secret, undefined, options);
    // The ID token's signature is checked against the issuer's keys even though it comes straight
    // from the token endpoint (openid-client skips it there by default, as OIDC Core allows over TLS).
    oidc.enableNonRepudiationChecks(config);
    return config;
  }

  /** Journals a refused sign-in, counts it against the address, and throws it. */
  private async refuse(client: ClientInfo, code: OidcErrorCode, provider: ProviderRow | null, userId?: string): Promise<never> {
    await this.auth.throttle.fail(`ip:${client.ip}`, SIGN_IN_RULES.ip);
    const found = userId ? await this.auth.account(userId) : undefined;
    const user = found ? { id: found.user.id, role: found.user.role, organizationId: found.user.organizationId } : null;
    await journalAuth(this.ctx, client.actor, {
      action: 'auth.login',
      outcome: 'denied',
      user,
      details: { method: provider?.kind === 'psc' ? 'psc' : 'oidc', reason: code, ...(provider ? { provider: provider.id } : {}) },
    });
    throw new OidcFailure(code);
  }

  private async assertFree(client: ClientInfo): Promise<void> {
    try {
      await this.auth.throttle.assertFree([`ip:${client.ip}`]);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 429) throw new OidcFailure('throttled');
      throw err;
    }
  }

  /** The provider's authorisation address, for a new sign-in (state, nonce and PKCE verifier kept here). */
  async start(providerId: string, client: ClientInfo): Promise<string> {
    await this.assertFree(client);
    const provider = await activeProvider(this.ctx.db, providerId);
    if (!provider) throw new OidcFailure('not_configured');
    const config = await this.configuration(provider).catch((err) => (err instanceof OidcFailure ? this.refuse(client, err.code, provider) : this.refuse(client, 'provider_down', provider)));
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const now = this.ctx.clock.now();
    await insertLogin(this.ctx.db, {
      stateHash: sha256(state),
      providerId: provider.id,
      nonce,
      codeVerifier,
      createdAt: new Date(now),
      expiresAt: new Date(now + LOGIN_MINUTES * 60_000),
    });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri(),
      scope: provider.scopes,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return url.href;
  }

  /**
   * The provider's answer (the callback's query string): checks it, matches the account and
   * answers a one-time ticket the web app exchanges for its session (`finish`).
   */
  async callback(query: string, client: ClientInfo): Promise<string> {
    await this.assertFree(client);
    const params = new URLSearchParams(query);
    const state = params.get('state');
    const now = new Date(this.ctx.clock.now());
    // A state WellBe did not issue, or one already used (a replay), names no request.
    const login = state && state.length <= 200 ? await spendState(this.ctx.db, sha256(state), now) : undefined;
    if (!login || !state) return this.refuse(client, 'state_invalid', null);
    const provider = await activeProvider(this.ctx.db, login.providerId);
    if (!provider) return this.refuse(client, 'not_configured', null);
    if (params.has('error')) return this.refuse(client, 'provider_error', provider);
    const config = await this.configuration(provider).catch(() => this.refuse(client, 'provider_down', provider));

    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, new URL(`${this.redirectUri()}?${params}`), {
        pkceCodeVerifier: login.codeVerifier,
        expectedState: state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      return this.refuse(client, isUnreachable(err) ? 'provider_down' : 'token_invalid', provider);
    }
    const claims = tokens.claims();
    if (!claims) return this.refuse(client, 'token_invalid', provider);
    const value = await this.claimValue(config, provider, claims, tokens.access_token);
    if (!value) return this.refuse(client, 'claim_missing', provider);

    const match = await this.match(provider, claims.sub, value);
    if (typeof match === 'string') return this.refuse(client, match, provider);
    const found = await this.auth.account(match.userId);
    if (!found) return this.refuse(client, 'unknown_professional', provider);
    try {
      this.auth.assertMaySignIn(found);
    } catch {
      return this.refuse(client, 'account_refused', provider, found.user.id);
    }
    const ticket = randomBytes(32).toString('base64url');
    const sid = typeof claims.sid === 'string' ? claims.sid.slice(0, 200) : null;
    await acceptLogin(this.ctx.db, login.id, { ticketHash: sha256(ticket), userId: found.user.id, subject: claims.sub, providerSid: sid, needsLink: match.needsLink });
    return ticket;
  }

  /**
   * A return whose known parameters are malformed (a state or code longer than WellBe or a
   * provider sends, one repeated, a NUL): it answers no sign-in WellBe can find, like a forged state.
   */
  async refuseMalformed(client: ClientInfo): Promise<never> {
    await this.assertFree(client);
    return this.refuse(client, 'state_invalid', null);
  }

  /** The identifier WellBe matches on: in the ID token, else in the UserInfo answer (PSC puts it there). */
  private async claimValue(config: oidc.Configuration, provider: ProviderRow, claims: oidc.IDToken, accessToken: string): Promise<string | null> {
    const read = (source: Record<string, unknown>) => {
      const v = source[provider.claim];
      return typeof v === 'string' && v.trim() && v.length <= 320 ? v.trim() : null;
    };
    const direct = read(claims);
    if (direct) return direct;
    try {
      return read(await oidc.fetchUserInfo(config, accessToken, claims.sub));
    } catch {
      return null;
    }
  }

  /**
   * The one account the identifier names. A linked account first (an organisation's provider);
   * otherwise by RPPS/ADELI or email: none is an unknown professional, two are refused, never
   * guessed. An organisation's provider reaches only its own accounts, and an account it has not
   * linked yet must pass its current method once.
   */
  private async match(provider: ProviderRow, subject: string, value: string): Promise<{ userId: string; needsLink: boolean } | OidcErrorCode> {
    const scope = provider.organizationId ? systemScope(provider.organizationId) : everyOrganisation();
    if (provider.organizationId) {
      const linked = await linkedUser(this.ctx.db, provider.id, subject);
      if (linked) {
        const still = await usersByIdentifier(this.ctx.db, scope, { id: linked });
        if (still.length === 1) return { userId: linked, needsLink: false };
      }
    }
    const national = provider.matchOn === 'rpps' ? parseNationalId(value) : null;
    if (provider.matchOn === 'rpps' && !national) return 'claim_missing';
    const by = national ? (national.kind === 'rpps' ? { rpps: national.number } : { adeli: national.number }) : { email: value };
    const ids = await usersByIdentifier(this.ctx.db, scope, by);
    if (ids.length === 0) return 'unknown_professional';
    if (ids.length > 1) return 'ambiguous_professional';
    return { userId: ids[0], needsLink: !!provider.organizationId };
  }

  /** The web app's exchange of its ticket: the session, or "link first" (the page then asks for the current method). */
  async finish(ticket: string, client: ClientInfo) {
    const now = new Date(this.ctx.clock.now());
    const waiting = await pendingLink(this.ctx.db, sha256(ticket), now);
    if (waiting) {
      const found = await this.auth.account(waiting.userId!);
      const provider = await activeProvider(this.ctx.db, waiting.providerId);
      return { success: false as const, linkRequired: true as const, email: found?.user.email ?? '', provider: provider?.label ?? '' };
    }
    const login = await spendTicket(this.ctx.db, sha256(ticket), now);
    const found = login?.userId ? await this.auth.account(login.userId) : undefined;
    const provider = login ? await activeProvider(this.ctx.db, login.providerId) : undefined;
    if (!login || !found || !provider) throw new AppError(401, 'ticket_invalid', OIDC_MESSAGES.ticket_invalid);
    const session = await this.auth.signInWith(found, client, provider.kind === 'psc' ? 'psc' : 'oidc');
    await attachSession(this.ctx.db, login.id, session.sessionId);
    return { success: true, user: session.user, access_token: session.token };
  }

  /**
   * Links the account the provider named, after its current method: the password (bypassing the
   * organisation's enforcement, which is what linking is for) and its second factor when it has one.
   */
  async link(input: { ticket: string; password: string; code?: string }, client: ClientInfo) {
    const now = new Date(this.ctx.clock.now());
    const waiting = await pendingLink(this.ctx.db, sha256(input.ticket), now);
    const found = waiting?.userId ? await this.auth.account(waiting.userId) : undefined;
    if (!waiting || !found) throw new AppError(401, 'ticket_invalid', OIDC_MESSAGES.ticket_invalid);
    let result = await this.auth.signIn(found.user.username, input.password, client, { linking: true });
    if (result.kind === 'challenge' && result.code === 'mfa_required' && input.code) {
      result = await this.auth.verifyCode(client, result.challenge, input.code, false);
    }
    if (result.kind !== 'signedIn') throw new AppError(401, 'oidc_link_code_required', OIDC_MESSAGES.link_refused, {}, { codeRequired: true });
    const login = await spendTicket(this.ctx.db, sha256(input.ticket), now);
    if (!login) throw new AppError(401, 'ticket_invalid', OIDC_MESSAGES.ticket_invalid);
    await linkAccount(this.ctx.db, { providerId: login.providerId, userId: found.user.id, subject: login.subject!, linkedAt: now });
    await journalAuth(this.ctx, client.actor, { action: 'auth.oidc.link', outcome: 'success', user: { id: found.user.id, role: found.user.role, organizationId: found.user.organizationId }, details: { provider: login.providerId } });
    await attachSession(this.ctx.db, login.id, result.sessionId);
    return { success: true, user: result.user, access_token: result.token };
  }
}

function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** The provider could not be reached (network) or answered a server error: "down", not "forged". */
function isUnreachable(err: unknown): boolean {
  if (err instanceof TypeError) return true;
  const cause = err instanceof oidc.ClientError ? (err.cause as { status?: number } | undefined) : undefined;
  return !!cause && typeof cause.status === 'number' && cause.status >= 500;
}
