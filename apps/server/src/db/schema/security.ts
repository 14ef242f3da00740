import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Sign-in security (ASVS 5.0 L2, V6/V7): throttling counters, sessions, devices, second factors.
// Everything lives in PostgreSQL so that it survives a restart and holds across several servers.

/**
 * Failed attempts per key (`acct:<user id>`, `ip:<address>`, `acctip:<user id>:<address>`,
 * `register-ip:…`, …). `blockedUntil` is the next moment the key may try again.
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    key: text('key').primaryKey(),
    /** The user the key is about, when it is about one (for the /user screen and the journal). */
    userId: uuid('user_id'),
    failures: integer('failures').notNull().default(0),
    firstFailureAt: timestamp('first_failure_at', { withTimezone: true }).notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('auth_throttle_user_idx').on(t.userId)],
);

/** One row per signed-in browser; the access token carries its id as `sid`. */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** The absolute end (organisation setting, 12 hours by default): no renewal beyond it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** How the session was opened: password, password+totp, passkey… */
    method: text('method').notNull().default('password'),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId, t.lastSeenAt.desc())],
);

/**
 * Browsers known to a user. `known` devices (a cookie set after any successful sign-in) are not
 * slowed down by failures from elsewhere; `remembered` ones also skip the second factor for 30 days.
 * Only the SHA-256 of the cookie value is stored.
 */
export const userDevices = pgTable(
  'user_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind').$type<'known' | 'remembered'>().notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('user_devices_user_idx').on(t.userId, t.kind)],
);

/** TOTP secret (RFC 6238) of a user; `confirmedAt` null while enrolment awaits its first code. */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  /** The base32 secret sealed with the server's secret (lib/secret.ts); one enrolled before may still be in clear (auth/mfa.ts). */
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The time step of the last accepted code: a code is never accepted twice. */
  lastUsedStep: integer('last_used_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Single-use recovery codes, stored hashed (SHA-256 of a random 50-bit code). */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);

/** WebAuthn credentials (passkeys), several per user, each with a name. */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('user_passkeys_user_idx').on(t.userId)],
);

/** Short-lived WebAuthn challenges (registration and sign-in), consumed once. */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id'),
  purpose: text('purpose').$type<'register' | 'authenticate'>().notNull(),
  challenge: text('challenge').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Second-factor challenge tokens (`mfa_token`) already used: a token gives one session only. Kept
 * in PostgreSQL so that it holds across servers; a row outlives its token's 5 minutes only until the
 * next use drops the expired ones.
 */
export const mfaChallengesUsed = pgTable('mfa_challenges_used', {
  jti: uuid('jti').primaryKey(),
  userId: uuid('user_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
