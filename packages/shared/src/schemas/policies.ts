import { z } from 'zod';
import { dataAnswer } from './responses.ts';

// Versioned policy documents and the recorded consent (issue 20; RGPD art. 7 and 13).

export const POLICY_KINDS = ['privacy', 'terms', 'legal'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

export const POLICY_LABELS: Record<PolicyKind, string> = {
  privacy: 'Politique de confidentialité',
  terms: 'Conditions générales d’utilisation',
  legal: 'Mentions légales',
};

export const POLICY_MESSAGES = {
  consentRequired: 'Avant de continuer, lisez et acceptez les nouvelles versions de nos conditions et de notre politique de confidentialité.',
  registerAcceptance: 'Acceptez les conditions générales d’utilisation et la politique de confidentialité pour créer votre compte.',
  notCurrent: 'Cette version n’est plus celle en vigueur : rechargez la page.',
  alreadyPublished: 'Cette version est déjà publiée : elle ne se modifie plus. Créez une nouvelle version.',
  refused: 'Vous avez refusé les conditions en vigueur : vous avez été déconnecté. Pour toute question, écrivez à dpo@wellbe.fr.',
  titleRequired: 'Entrez un titre.',
  bodyRequired: 'Le texte ne peut pas être vide.',
} as const;

/** Contact shown to a user who refuses (DPO). */
export const POLICY_CONTACT = 'dpo@wellbe.fr';

export const policyKindSchema = z.enum(POLICY_KINDS);

export const policyVersionInputSchema = z.object({
  kind: policyKindSchema,
  title: z.string().trim().min(1, POLICY_MESSAGES.titleRequired).max(200),
  body: z.string().max(200_000),
  /** ISO date-time; the version is in force from then once published. */
  effectiveAt: z.iso.datetime({ offset: true }),
  requiresAcceptance: z.boolean(),
});
export type PolicyVersionInput = z.infer<typeof policyVersionInputSchema>;

export const policyVersionPatchSchema = policyVersionInputSchema.omit({ kind: true }).partial();

export const acceptPoliciesSchema = z.object({
  /** The version ids the user read and accepts (those the consent screen showed). */
  versionIds: z.array(z.uuid()).min(1).max(10),
});

export const policyVersionSchema = z.object({
  id: z.string(),
  kind: policyKindSchema,
  version: z.number(),
  title: z.string(),
  body: z.string(),
  effectiveAt: z.string(),
  requiresAcceptance: z.boolean(),
  status: z.enum(['draft', 'published']),
  publishedAt: z.string().nullable(),
});
export type PolicyVersionDto = z.infer<typeof policyVersionSchema>;

export const policyAcceptanceSchema = z.object({
  versionId: z.string(),
  kind: policyKindSchema,
  version: z.number(),
  title: z.string(),
  acceptedAt: z.string(),
});
export type PolicyAcceptanceDto = z.infer<typeof policyAcceptanceSchema>;

// The answers of /api/policies.
export const policyVersionAnswer = dataAnswer(policyVersionSchema);
export const policyVersionsAnswer = dataAnswer(z.array(policyVersionSchema));
export const policyAcceptancesAnswer = dataAnswer(z.array(policyAcceptanceSchema));
/** A refusal closes the session and says so (POLICY_MESSAGES.refused). */
export const policyRefusedAnswer = z.object({ success: z.boolean(), message: z.string() });
