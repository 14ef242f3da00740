import type { FastifyRequest } from 'fastify';
import { ERROR_MESSAGES } from '@wellbe/shared/errors';
import { isPlatformRole } from '@wellbe/shared/roles';
import type { SessionUser } from '../context.ts';
import { forbidden, unauthorized } from './errors.ts';

// DESIGN §4: ids sent in a body are checked against the token, never trusted.

export function caller(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** `Iduser` of a body must be the caller. */
export function assertSelf(request: FastifyRequest, idUser: string | undefined | null): SessionUser {
  const user = caller(request);
  if (idUser != null && idUser !== user.id) throw forbidden(ERROR_MESSAGES.identityMismatch, 'identity_mismatch');
  return user;
}

/**
 * `idOrganization` of a body must be the caller's organisation. SA and DE are platform-wide: they
 * may name another organisation, which becomes the scope of the call.
 * Returns the organisation the call is scoped to.
 */
export function scopeOrganisation(request: FastifyRequest, idOrganization: string | undefined | null): string | null {
  const user = caller(request);
  if (idOrganization == null || idOrganization === user.organizationId) return user.organizationId;
  if (isPlatformRole(user.role)) return idOrganization;
  throw forbidden(ERROR_MESSAGES.identityMismatch, 'identity_mismatch');
}

/** Both checks of a SPEC §7 action body. */
export function assertIdentity(request: FastifyRequest, body: { Iduser?: string | null; idOrganization?: string | null }) {
  const user = assertSelf(request, body.Iduser);
  const organizationId = scopeOrganisation(request, body.idOrganization);
  return { user, organizationId };
}
