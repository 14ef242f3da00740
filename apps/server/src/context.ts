import type pg from 'pg';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { Jobs } from './lib/jobs/jobs.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Storage } from './lib/storage/index.ts';
import type { Access } from '@wellbe/shared/permissions';
import type { Caller } from './access/caller.ts';

/** What every module receives: no globals, so each test builds an app on its own database. */
export interface AppContext {
  config: Config;
  db: Database;
  /** The pool behind `db` (real time opens its LISTEN connection with the same settings). */
  pool: pg.Pool;
  clock: Clock;
  /** Mails: callers send, a background job delivers (ctx.jobs.mailer in the running server). */
  mailer: Mailer;
  /** Uploaded files (documents, avatars): the local disk or S3 (STORAGE_URL). */
  storage: Storage;
  jwtKey: Uint8Array;
  /** Background jobs (mails): the queue, its failed jobs and their retry. */
  jobs: Jobs;
  /** Whether the database answers (readiness); replaced in tests that stop the database. */
  ping: () => Promise<void>;
  /** Whether every migration of this code base is applied (readiness). */
  migrated: () => Promise<boolean>;
  /** The fetch OpenID Connect calls go through (default: the global one); tests tamper with a provider's answers here. */
  oidcFetch?: typeof fetch;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The caller, built once per request by plugins/authenticate.ts; null for a guest. */
    user: Caller | null;
    /** Why the bearer token was refused, when one was sent and refused. */
    tokenError: 'expired' | 'invalid' | null;
    /** The session named by the caller's token, once authenticated. */
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /** Every route declares who may call it (public routes are marked, not guessed). */
    access?: Access;
    /** Reads or writes patient data: denied attempts are audited too. */
    patientData?: boolean;
    /** Answers a signed-in user who has not accepted the policies in force (the consent screen's own calls, sign-out). */
    consentExempt?: boolean;
  }
}
