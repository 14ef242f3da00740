import { z } from 'zod';
import { foldLetters } from '../domain/text.ts';
import { ARTICLE_CATEGORIES } from '../domain/articles.ts';
import { pgIntQuery } from './fields.ts';
import { dataAnswer } from './responses.ts';

// Articles and newsletters written by WellBe's editorial team (issue 20). Their categories: domain/articles.ts.

/** brouillon → relu → publié → archivé. */
export const ARTICLE_STATUSES = ['brouillon', 'relu', 'publie', 'archive'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
/** The moves the editor offers from each status. */
export const ARTICLE_TRANSITIONS: Record<ArticleStatus, readonly ArticleStatus[]> = {
  brouillon: ['relu'],
  relu: ['brouillon', 'publie'],
  publie: ['archive'],
  archive: ['brouillon'],
};

export const ARTICLE_AUDIENCES = ['patients', 'praticiens', 'tous'] as const;
export type ArticleAudience = (typeof ARTICLE_AUDIENCES)[number];

export const ARTICLE_LANGUAGES = ['fr', 'en', 'tr', 'ar'] as const;

export const ARTICLE_MESSAGES = {
  titleRequired: 'Entrez un titre.',
  slugInvalid: 'L’adresse ne peut contenir que des lettres minuscules sans accent, des chiffres et des tirets.',
  slugTaken: 'Cette adresse est déjà utilisée par un autre article.',
  badTransition: 'Ce changement de statut n’est pas possible.',
  notFound: 'Article introuvable.',
  coverTooLarge: 'L’image de couverture dépasse 5 Mo.',
  coverNotImage: 'La couverture doit être une image JPEG, PNG ou WebP.',
  translationTaken: 'Cet article a déjà une traduction dans cette langue.',
  newsletterNoArticle: 'Choisissez au moins un article publié.',
  newsletterAlreadySent: 'Cette lettre a déjà été envoyée ou est en cours d’envoi.',
  newsletterOrganisation: 'Choisissez l’organisation dont les patients recevront la lettre.',
  unsubscribeInvalid: 'Ce lien de désinscription n’est pas valide ou a expiré. Rien n’a été modifié.',
  newsletterNotFound: 'Lettre d’information introuvable.',
  newsletterPastDate: 'Choisissez une date d’envoi à venir.',
} as const;

/** 5 MB: a cover is a picture, not a document. */
export const COVER_MAX_BYTES = 5_000_000;

/** 230 words a minute, at least one minute. */
export function readingMinutes(html: string): number {
  const words = html
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / 230));
}

export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug from a title: accents dropped, lower case, dashes. */
export function slugify(title: string): string {
  return foldLetters(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

const articleFields = {
  title: z.string().trim().min(1, ARTICLE_MESSAGES.titleRequired).max(200),
  slug: z.string().trim().max(80).regex(SLUG_RE, ARTICLE_MESSAGES.slugInvalid).optional(),
  summary: z.string().trim().max(500),
  body: z.string().max(500_000),
  category: z.enum(ARTICLE_CATEGORIES),
  tags: z.array(z.string().trim().min(1).max(40)).max(10),
  language: z.enum(ARTICLE_LANGUAGES),
  /** Another article this one translates. */
  translationOf: z.uuid().nullable().optional(),
  audience: z.enum(ARTICLE_AUDIENCES),
  /** Publication date (ISO); in the future, the article is published then by the job. */
  publishAt: z.iso.datetime({ offset: true }).nullable().optional(),
};

export const articleInputSchema = z.object({
  ...articleFields,
  summary: articleFields.summary.default(''),
  body: articleFields.body.default(''),
  tags: articleFields.tags.default([]),
  language: articleFields.language.default('fr'),
  audience: articleFields.audience.default('tous'),
});
export type ArticleInput = z.infer<typeof articleInputSchema>;

/**
 * A save sends only what changed (the autosave: the body alone). Built from the fields without
 * their defaults: zod keeps a default inside .partial(), which made a title-only save blank the body.
 */
export const articlePatchSchema = z.object(articleFields).omit({ translationOf: true, language: true }).partial();

export const articleStatusSchema = z.object({ status: z.enum(ARTICLE_STATUSES) });

export const articleListQuerySchema = z.object({
  status: z.enum(ARTICLE_STATUSES).optional(),
  q: z.string().trim().max(100).optional(),
  page: pgIntQuery({ min: 1 }).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const articleSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  category: z.enum(ARTICLE_CATEGORIES),
  tags: z.array(z.string()),
  language: z.string(),
  audience: z.enum(ARTICLE_AUDIENCES),
  status: z.enum(ARTICLE_STATUSES),
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  readingMinutes: z.number(),
  readCount: z.number(),
  coverUrl: z.string().nullable(),
  /** In the reader's feed only: the caller's practice pinned it for its patients. */
  pinned: z.boolean().optional(),
  updatedAt: z.string(),
});
export type ArticleSummaryDto = z.infer<typeof articleSummarySchema>;

export const articleSchema = articleSummarySchema.extend({
  body: z.string(),
  authorName: z.string().nullable(),
  translationGroup: z.string(),
  translations: z.array(z.object({ slug: z.string(), language: z.string(), title: z.string() })),
});
export type ArticleDto = z.infer<typeof articleSchema>;

export const articleVersionSchema = z.object({ id: z.string(), title: z.string(), savedAt: z.string(), savedBy: z.string().nullable() });
export type ArticleVersionDto = z.infer<typeof articleVersionSchema>;

// The answers of /api/articles.
export const articleAnswer = dataAnswer(articleSchema);
export const articleFeedAnswer = dataAnswer(z.array(articleSummarySchema));
export const articlePageAnswer = dataAnswer(z.object({ items: z.array(articleSummarySchema), total: z.number(), page: z.number(), pageSize: z.number() }));
export const articleVersionsAnswer = dataAnswer(z.array(articleVersionSchema));
/** An image stored for the text: the address to insert. */
export const articleImageAnswer = dataAnswer(z.object({ url: z.string() }));

export const NEWSLETTER_AUDIENCES = ['all_patients', 'organisation_patients', 'staff'] as const;
// Audiences' and statuses' names are the web app's texts (editorial `newspapers.audiences`, `.statuses`).
const NEWSLETTER_STATUSES = ['brouillon', 'programmee', 'envoi', 'envoyee'] as const;

export const newsletterInputSchema = z.object({
  title: z.string().trim().min(1, ARTICLE_MESSAGES.titleRequired).max(200),
  intro: z.string().trim().max(2000).default(''),
  articleIds: z.array(z.uuid()).max(20).default([]),
  audience: z.enum(NEWSLETTER_AUDIENCES),
  organizationId: z.uuid().nullable().optional(),
  scheduledAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type NewsletterInput = z.infer<typeof newsletterInputSchema>;

export const newsletterPatchSchema = z.object({
  title: z.string().trim().min(1, ARTICLE_MESSAGES.titleRequired).max(200).optional(),
  intro: z.string().trim().max(2000).optional(),
  articleIds: z.array(z.uuid()).max(20).optional(),
  audience: z.enum(NEWSLETTER_AUDIENCES).optional(),
  organizationId: z.uuid().nullable().optional(),
});
/** "Programmer": a date to come; "Envoyer maintenant": no date. */
export const newsletterSendSchema = z.object({ scheduledAt: z.iso.datetime({ offset: true }).nullable().optional() });
export const newsletterUnsubscribeSchema = z.object({ token: z.string().min(10).max(500) });

export const newsletterSchema = z.object({
  id: z.string(),
  title: z.string(),
  intro: z.string(),
  articleIds: z.array(z.string()),
  audience: z.enum(NEWSLETTER_AUDIENCES),
  organizationId: z.string().nullable(),
  organizationName: z.string().nullable(),
  status: z.enum(NEWSLETTER_STATUSES),
  scheduledAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  stats: z.object({ recipients: z.number(), sent: z.number(), failed: z.number(), unsubscribed: z.number() }),
});
export type NewsletterDto = z.infer<typeof newsletterSchema>;

export const newsletterPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type NewsletterPreviewDto = z.infer<typeof newsletterPreviewSchema>;

// The answers of /api/newspapers.
export const newsletterAnswer = dataAnswer(newsletterSchema);
export const newsletterListAnswer = dataAnswer(z.array(newsletterSchema));
export const newsletterPreviewAnswer = dataAnswer(newsletterPreviewSchema);
export const newsletterSubscriptionAnswer = dataAnswer(z.object({ subscribed: z.boolean() }));
export const unsubscribeLinkAnswer = dataAnswer(z.object({ valid: z.boolean() }));
export const unsubscribedAnswer = dataAnswer(z.object({ unsubscribed: z.boolean() }));
