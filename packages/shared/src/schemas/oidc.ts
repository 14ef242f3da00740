import { z } from 'zod';
import { dataAnswer } from './responses.ts';
import { signedInAnswer } from './auth.ts';

// Sign-in by OpenID Connect: Pro Santé Connect (the platform's provider) and an organisation's own
// provider (Keycloak, Entra ID, Google Workspace…). The web app shows these messages by their code.

export const OIDC_MESSAGES = {
  /** A forged, replayed or expired `state`: the answer does not belong to a sign-in WellBe started. */
  state_invalid: 'Cette connexion n’a pas été demandée par WellBe ou a déjà servi. Recommencez la connexion.',
  /** The ID token failed a check (signature, audience, expiry, nonce) or the code was refused. */
  token_invalid: 'La réponse du fournisseur d’identité n’a pas pu être vérifiée. Recommencez la connexion.',
  provider_down: 'Le fournisseur d’identité ne répond pas. Réessayez plus tard ou connectez-vous avec votre mot de passe si votre organisation le permet.',
  provider_error: 'Le fournisseur d’identité a refusé la connexion. Recommencez la connexion.',
  claim_missing: 'Le fournisseur d’identité n’a pas transmis l’identifiant attendu (numéro RPPS/ADELI ou adresse email). Contactez votre administrateur.',
  unknown_professional:
    'Aucun compte WellBe ne correspond à votre identité. Demandez une invitation à l’administrateur de votre structure : il enregistrera votre numéro RPPS/ADELI sur votre compte.',
  ambiguous_professional: 'Plusieurs comptes WellBe portent cet identifiant : la connexion est refusée. Demandez à votre administrateur de corriger les comptes.',
  throttled: 'Trop de tentatives de connexion. Patientez quelques minutes avant de réessayer.',
  account_refused: 'Ce compte ne peut pas se connecter. Contactez votre administrateur.',
  ticket_invalid: 'Cette connexion a expiré ou a déjà servi. Recommencez la connexion.',
  link_refused: 'Mot de passe ou code incorrect : le compte n’a pas été associé.',
  not_configured: 'Ce fournisseur d’identité n’est pas configuré.',
  /** The password sign-in of an organisation that enforces its provider. */
  enforced: 'Votre organisation exige la connexion par son fournisseur d’identité : utilisez le bouton « Se connecter avec {label} ».',
  secret_required: 'Le secret client est obligatoire.',
  /** A back-channel logout token that cannot be validated (forged, expired, or the provider's keys unreachable). */
  logout_invalid: 'Jeton de déconnexion invalide.',
  issuerTooLong: 'L’émetteur ne doit pas dépasser 500 caractères.',
  issuerUrl: 'L’émetteur doit être une adresse (https://…).',
  issuerHttps: 'L’émetteur doit être une adresse https:// (http:// seulement sur cette machine).',
  labelRequired: 'Le libellé du bouton est obligatoire.',
  labelTooLong: 'Le libellé ne doit pas dépasser 80 caractères.',
  clientIdRequired: 'L’identifiant client est obligatoire.',
  clientIdTooLong: 'L’identifiant client ne doit pas dépasser 200 caractères.',
  secretTooLong: 'Le secret client ne doit pas dépasser 500 caractères.',
  scopesTooLong: 'Les scopes ne doivent pas dépasser 300 caractères.',
  scopesWords: 'Les scopes sont des mots séparés par des espaces.',
  scopesOpenid: 'Les scopes doivent contenir « openid ».',
  claimRequired: 'La revendication (claim) est obligatoire.',
  claimTooLong: 'La revendication ne doit pas dépasser 100 caractères.',
  matchOn: 'Correspondance : « email » ou « rpps ».',
} as const;

export type OidcErrorCode = keyof typeof OIDC_MESSAGES;

export const PSC_LABEL = 'Pro Santé Connect';

/** Pro Santé Connect's published interface: its production issuer, scopes and the claim carrying the national identifier. */
export const PSC_PRESET = {
  issuer: 'https://auth.esw.esante.gouv.fr/auth/realms/esante-wallet',
  scopes: 'openid scope_all',
  claim: 'SubjectNameID',
  matchOn: 'rpps',
} as const;

const issuerField = z
  .string()
  .trim()
  .max(500, OIDC_MESSAGES.issuerTooLong)
  .url(OIDC_MESSAGES.issuerUrl)
  // Plain http only for a provider on this machine (a local Keycloak, the tests' provider).
  .refine((v) => /^https:\/\//.test(v) || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/.test(v), OIDC_MESSAGES.issuerHttps);

/** What an administrator sets (the secret may be left empty to keep the stored one). */
export const oidcProviderInput = z.object({
  label: z.string().trim().min(1, OIDC_MESSAGES.labelRequired).max(80, OIDC_MESSAGES.labelTooLong),
  issuer: issuerField,
  clientId: z.string().trim().min(1, OIDC_MESSAGES.clientIdRequired).max(200, OIDC_MESSAGES.clientIdTooLong),
  clientSecret: z.string().max(500, OIDC_MESSAGES.secretTooLong).optional(),
  scopes: z
    .string()
    .trim()
    .max(300, OIDC_MESSAGES.scopesTooLong)
    .regex(/^[\w:.\- ]+$/, OIDC_MESSAGES.scopesWords)
    .refine((v) => v.split(/\s+/).includes('openid'), OIDC_MESSAGES.scopesOpenid),
  claim: z.string().trim().min(1, OIDC_MESSAGES.claimRequired).max(100, OIDC_MESSAGES.claimTooLong),
  matchOn: z.enum(['email', 'rpps'], OIDC_MESSAGES.matchOn),
  enforced: z.boolean().default(false),
  active: z.boolean().default(true),
});
export type OidcProviderInput = z.infer<typeof oidcProviderInput>;

/** A provider as /admin shows it: never its secret, only whether one is stored. */
export const oidcProviderSchema = z.object({
  id: z.string(),
  organizationId: z.string().nullable(),
  kind: z.enum(['psc', 'generic']),
  label: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  hasSecret: z.boolean(),
  scopes: z.string(),
  claim: z.string(),
  matchOn: z.enum(['email', 'rpps']),
  enforced: z.boolean(),
  active: z.boolean(),
  /** The address to register at the provider. */
  redirectUri: z.string(),
  /** The back-channel logout address to register at the provider. */
  backchannelLogoutUri: z.string(),
});
export const oidcProvidersAnswer = dataAnswer(z.array(oidcProviderSchema));
export const oidcProviderAnswer = dataAnswer(oidcProviderSchema);

/** The buttons of /login: the platform's provider (Pro Santé Connect), or an organisation's. */
export const oidcButtonSchema = z.object({ id: z.string(), kind: z.enum(['psc', 'generic']), label: z.string(), startUrl: z.string() });
export const oidcButtonsAnswer = dataAnswer(z.array(oidcButtonSchema));

export const oidcTicketBody = z.object({ ticket: z.string().min(16).max(100) });
/** Linking: the ticket of the provider's answer and the account's current method (password, and its code when it has one). */
export const oidcLinkBody = oidcTicketBody.extend({ password: z.string().min(1).max(256), code: z.string().max(20).optional() });

/** The ticket opened a session, or the account must first be linked (then the page asks for the current method). */
export const oidcFinishAnswer = z.union([
  signedInAnswer,
  z.object({ success: z.literal(false), linkRequired: z.literal(true), email: z.string(), provider: z.string() }).strict(),
]);
