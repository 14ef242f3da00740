import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { users } from './users.ts';
import { userSessions } from './security.ts';

// Sign-in by OpenID Connect (Pro Santé Connect for the platform, an organisation's own provider).
// Everything lives in PostgreSQL so that a sign-in started on one server ends on another.

/**
 * A configured provider. `organizationId` null: the platform's (Pro Santé Connect, set by SA/DE);
 * otherwise the organisation's own (set by its PA). The client secret is sealed (AES-256-GCM under
 * the server's secret, lib/secret.ts): a database dump alone does not give it.
 */
export const oidcProviders = pgTable(
  'oidc_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organisations.id),
    kind: text('kind').$type<'psc' | 'generic'>().notNull(),
    label: text('label').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretSealed: text('client_secret_sealed').notNull(),
    scopes: text('scopes').notNull(),
    /** The claim carrying the identifier WellBe matches on (`SubjectNameID` for PSC, `email`…). */
    claim: text('claim').notNull(),
    matchOn: text('match_on').$type<'email' | 'rpps'>().notNull(),
    /** The organisation's users must sign in through it: their password sign-in is refused. */
    enforced: boolean('enforced').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // One provider per organisation, and one for the platform.
    uniqueIndex('oidc_providers_org_key').on(t.organizationId),
    uniqueIndex('oidc_providers_platform_key').on(t.kind).where(sql`${t.organizationId} is null`),
  ],
);

/**
 * One authorisation request, from the redirect to the provider until WellBe's session is handed to
 * the browser. `state` is stored hashed and spent once (a replay finds it spent); `nonce` and the
 * PKCE verifier never leave the server. After the callback, a one-time `ticket` (hashed) lets the
 * web app fetch its token without the token ever appearing in an address.
 */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull().unique(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => oidcProviders.id),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by the callback, whatever its outcome: a state is good for one callback only. */
    callbackAt: timestamp('callback_at', { withTimezone: true }),
    ticketHash: text('ticket_hash').unique(),
    userId: uuid('user_id').references(() => users.id),
    /** The account is not linked to this provider yet: the ticket opens no session before the current method is passed. */
    needsLink: boolean('needs_link').notNull().default(false),
    /** The provider's `sub` and `sid`, kept for back-channel logout. */
    subject: text('subject'),
    providerSid: text('provider_sid'),
    sessionId: uuid('session_id').references(() => userSessions.id),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('oidc_logins_provider_subject_idx').on(t.providerId, t.subject), index('oidc_logins_expires_idx').on(t.expiresAt)],
);

/** An account linked to an organisation's provider: the provider's `sub` for that user. */
export const oidcLinks = pgTable(
  'oidc_links',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => oidcProviders.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    subject: text('subject').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('oidc_links_subject_key').on(t.providerId, t.subject), uniqueIndex('oidc_links_user_key').on(t.providerId, t.userId)],
);
