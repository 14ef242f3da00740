import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';

// Call tokens and TURN credentials. A call token names one call, one user and its own id, expires
// after VIDEO_LIMITS.tokenSeconds and is spent once (its id is unique in video_joins): a replay or
// a token copied to another account is refused. It is signed with the server's key (HMAC-SHA256),
// so any server of a cluster checks it.

export interface CallToken {
  callId: string;
  userId: string;
  tokenId: string;
  /** Expiry, milliseconds since the epoch. */
  exp: number;
}

function sign(key: Uint8Array, body: string): string {
  return createHmac('sha256', key).update('video-call-token.' + body).digest('base64url');
}

export function issueCallToken(key: Uint8Array, token: Omit<CallToken, 'tokenId'>): { token: string; tokenId: string } {
  const tokenId = randomUUID();
  const body = Buffer.from(JSON.stringify({ c: token.callId, u: token.userId, j: tokenId, e: token.exp })).toString('base64url');
  return { token: `${body}.${sign(key, body)}`, tokenId };
}

/** The token's content when its signature holds (expiry is the caller's to check), else null. */
export function readCallToken(key: Uint8Array, token: string): CallToken | null {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return null;
  const expected = Buffer.from(sign(key, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof p.c !== 'string' || typeof p.u !== 'string' || typeof p.j !== 'string' || typeof p.e !== 'number') return null;
    return { callId: p.c, userId: p.u, tokenId: p.j, exp: p.e };
  } catch {
    return null;
  }
}

export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

/**
 * The ICE servers of one participant of one call. TURN credentials follow coturn's REST scheme
 * (`use-auth-secret`): username `expiry:user`, password base64(HMAC-SHA1(secret, username)), so
 * coturn checks them with the shared secret alone and they stop working at `expiry` (seconds).
 */
export function iceServers(video: Config['video'], userId: string, expiresAt: Date): IceServer[] {
  const out: IceServer[] = [];
  if (video.stunUrls.length) out.push({ urls: video.stunUrls });
  if (video.turnUrls.length && video.turnSecret) {
    const username = `${Math.floor(expiresAt.getTime() / 1000)}:${userId}`;
    const credential = createHmac('sha1', video.turnSecret).update(username).digest('base64');
    out.push({ urls: video.turnUrls, username, credential });
  }
  return out;
}
