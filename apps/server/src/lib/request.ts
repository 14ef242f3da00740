import type { FastifyRequest } from 'fastify';
import { anonymous, type Actor, type Caller } from '../access/caller.ts';
import { unauthorized } from './errors.ts';

// The two things a route handler takes from the request for a service: who calls, and, for the
// journal of an anonymous request, its IP. Services never see the request itself.

/** The caller of a route that requires one (its declared access already refused guests). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Whoever made the request, for the journal: the caller, or an anonymous actor with the IP. */
export function actorOf(request: FastifyRequest): Actor {
  return request.user ?? anonymous(request.ip);
}
