import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider from 'oidc-provider';

// A real OpenID Connect provider (oidc-provider) on loopback for the tests of sign-in by OpenID
// Connect: discovery, authorisation with PKCE, token endpoint, signed ID tokens, UserInfo. Its
// login screen is replaced by the test's choice of account (`as`), so a test (or a browser)
// goes through every redirect of the real protocol without typing anything at the provider.

export interface TestAccount {
  sub: string;
  email?: string;
  /** Pro Santé Connect's national identifier: '8' + RPPS, or '0' + ADELI. */
  SubjectNameID?: string;
}

export interface LoopbackProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next authorisation signs in as. */
  as: (account: TestAccount) => void;
  /** Signs claims with the provider's own key (a logout token; a forged ID token for the bad cases). */
  sign: (claims: Record<string, unknown>, options?: { foreignKey?: boolean; typ?: string }) => Promise<string>;
  close: () => Promise<void>;
}

export async function startLoopbackProvider(redirectUri: string): Promise<LoopbackProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'wellbe';
  const clientSecret = 'wellbe-test-secret-0123456789abcdef';
  let account: TestAccount = { sub: 'nobody' };

  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], response_types: ['code'], grant_types: ['authorization_code'] }],
    jwks: { keys: [jwk] },
    claims: { openid: ['sub'], email: ['email'], scope_all: ['SubjectNameID'] },
    scopes: ['openid', 'email', 'scope_all'],
    features: { devInteractions: { enabled: false } },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ ...account, sub: id }),
    }),
    // Every test request comes from the same process: no rate or cookie subtleties.
    cookies: { keys: ['test-cookie-key-0123456789'] },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  });

  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      void (async () => {
        // The test's account logs in and consents to what was asked.
        const details = await provider.interactionDetails(req, res);
        const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { login: { accountId: account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
      })().catch((err) => {
        res.statusCode = 500;
        res.end(String(err));
      });
      return;
    }
    void callback(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    as: (next) => {
      account = next;
    },
    sign: async (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: options.typ ?? 'JWT' })
        .sign(options.foreignKey ? foreign.privateKey : privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A fetch for the relying party that replaces the ID token of the token endpoint's answer by
 * `forge(claims)`: how the tests present a wrong audience, an expired token, a wrong nonce or a bad
 * signature, each on an otherwise real exchange.
 */
export function tamperingFetch(forge: () => ((claims: Record<string, unknown>) => Promise<string>) | null): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const res = await fetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const forger = forge();
    if (!forger || !url.endsWith('/token') || !res.ok) return res;
    const body = (await res.json()) as Record<string, unknown>;
    body.id_token = await forger(decodeJwt(String(body.id_token)) as Record<string, unknown>);
    return new Response(JSON.stringify(body), { status: res.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

/** Follows the browser's redirects through the provider (cookies kept) until it is sent back to `redirectUri`. */
export async function authorise(authorisationUrl: string, redirectUri: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorisationUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(redirectUri)) return url;
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status} without a redirect: ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects at the provider');
}
