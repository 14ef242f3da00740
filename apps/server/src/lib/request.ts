import '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { anonymous, type Actor, type Caller } from '../access/caller.ts';
import { unauthorized } from './errors.ts';

// The things a route handler takes from the request for a service: who calls, and, for the
// journal of an anonymous request, its IP; for sign-in, the client (address, browser, cookies).
// Services never see the request itself: the route reads these, and writes the cookies a service
// asks for on the answer.

/** The caller of a route that requires one (its declared access already refused guests). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Whoever made the request, for the journal: the caller, or an anonymous actor with the IP. */
export function actorOf(request: FastifyRequest): Actor {
  return request.user ?? anonymous(request.ip);
}

/** A cookie a service asks the route to set (attributes as @fastify/cookie takes them). */
export interface CookieToSet {
  name: string;
  value: string;
  options: { path: string; httpOnly: boolean; sameSite: 'strict' | 'lax'; secure: boolean; maxAge: number };
}

/**
 * Where a sign-in call comes from, as plain values: the address (throttling, journal, sessions),
 * the browser (a session's device name) and the cookies it sent. `setCookies` collects the cookies
 * the service wants on the answer; `sendCookies` writes them.
 */
export interface ClientInfo {
  /** Who calls, for the journal: the signed-in caller, or anonymous with the address. */
  actor: Actor;
  ip: string;
  userAgent: string | null;
  cookies: Readonly<Record<string, string | undefined>>;
  readonly setCookies: CookieToSet[];
}

export function clientOf(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent'];
  return { actor: actorOf(request), ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null, cookies: { ...(request.cookies ?? {}) }, setCookies: [] };
}

/** Writes the cookies a service asked for (also when it then refused: a device stays known). */
export function sendCookies(reply: FastifyReply, client: ClientInfo): void {
  for (const cookie of client.setCookies.splice(0)) reply.setCookie(cookie.name, cookie.value, cookie.options);
}

/**
 * Runs a sign-in service call with the request's client, and sets the cookies it asked for on the
 * answer, whether it succeeded or threw (as when the service set them on the reply itself).
 */
export async function withClient<T>(request: FastifyRequest, reply: FastifyReply, call: (client: ClientInfo) => Promise<T>): Promise<T> {
  const client = clientOf(request);
  try {
    return await call(client);
  } finally {
    sendCookies(reply, client);
  }
}
