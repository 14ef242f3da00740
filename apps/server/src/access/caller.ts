import type { Role } from '@wellbe/shared/roles';

/**
 * Who is calling, built once per request by the authentication plugin from a valid token and the
 * current database row. Services take it as a plain value, so the same rule serves a REST route,
 * a SPEC §7 action, a WebSocket message or a background job (which builds its own).
 */
export interface Caller {
  id: string;
  role: Role;
  /** null only for a platform account (SA, DE) created without an organisation. */
  organizationId: string | null;
  /** The practitioner's job speciality (SPEC §3), null for accounts without one. */
  jobSpecialistId: number | null;
  tokenVersion: number;
  /** The patient a PT account is linked to. */
  patientId: string | null;
  /** Where the call came from, for the journal: the request's address (null for a job). */
  ip: string | null;
}

/** What the journal records about whoever acted: a caller, or an anonymous request. */
export interface Actor {
  id: string | null;
  role: Role | null;
  organizationId: string | null;
  ip: string | null;
}

/** A request without a valid token, for the journal. */
export function anonymous(ip: string | null): Actor {
  return { id: null, role: null, organizationId: null, ip };
}
