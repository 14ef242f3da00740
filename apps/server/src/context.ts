import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Role } from '@wellbe/shared/roles';
import type { Access } from '@wellbe/shared/permissions';

/** What every module receives: no globals, so each test builds an app on its own database. */
export interface AppContext {
  config: Config;
  db: Database;
  clock: Clock;
  mailer: Mailer;
  jwtKey: Uint8Array;
  /** Whether the database answers (health); replaced in tests that stop the database. */
  ping: () => Promise<void>;
}

/** The caller, as read from a valid token and the current database row. */
export interface SessionUser {
  id: string;
  role: Role;
  organizationId: string | null;
  tokenVersion: number;
  patientId: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** Why the bearer token was refused, when one was sent and refused. */
    tokenError: 'expired' | 'invalid' | null;
  }
  interface FastifyContextConfig {
    /** Every route declares who may call it (issue 2: public routes are marked, not guessed). */
    access?: Access;
    /** Reads or writes patient data: denied attempts are audited too. */
    patientData?: boolean;
  }
}
