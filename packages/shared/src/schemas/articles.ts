import { z } from 'zod';
import { foldLetters } from '../domain/text.ts';
import { ARTICLE_CATEGORIES, type ArticleCategory } from '../domain/articles.ts';
import { pgIntQuery } from './fields.ts';

// Articles and newsletters written by WellBe's editorial team (issue 20). Their categories: domain/articles.ts.

/** brouillon → relu → publié → archivé. */
export const ARTICLE_STATUSES = ['brouillon', 'relu', 'publie', 'archive'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const ARTICLE_STATUS_LABELS: Record<ArticleStatus, string> = { brouillon: 'Brouillon', relu: 'Relu', publie: 'Publié', archive: 'Archivé' };
/** The moves the editor offers from each status. */
export const ARTICLE_TRANSITIONS: Record<ArticleStatus, readonly ArticleStatus[]> = {
  brouillon: ['relu'],
  relu: ['brouillon', 'publie'],
  publie: ['archive'],
  archive: ['brouillon'],
};

export const ARTICLE_AUDIENCES = ['patients', 'praticiens', 'tous'] as const;
export type ArticleAudience = (typeof ARTICLE_AUDIENCES)[number];
export const ARTICLE_AUDIENCE_LABELS: Record<ArticleAudience, string> = { patients: 'Patients', praticiens: 'Praticiens', tous: 'Tous' };

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

export const articleInputSchema = z.object({
  title: z.string().trim().min(1, ARTICLE_MESSAGES.titleRequired).max(200),
  slug: z.string().trim().max(80).regex(SLUG_RE, ARTICLE_MESSAGES.slugInvalid).optional(),
  summary: z.string().trim().max(500).default(''),
  body: z.string().max(500_000).default(''),
  category: z.enum(ARTICLE_CATEGORIES),
  tags: z.array(z.string().trim().min(1).max(40)).max(10).default([]),
  language: z.enum(ARTICLE_LANGUAGES).default('fr'),
  /** Another article this one translates. */
  translationOf: z.uuid().nullable().optional(),
  audience: z.enum(ARTICLE_AUDIENCES).default('tous'),
  /** Publication date (ISO); in the future, the article is published then by the job. */
  publishAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type ArticleInput = z.infer<typeof articleInputSchema>;

export const articlePatchSchema = articleInputSchema.omit({ translationOf: true, language: true }).partial();

export const articleStatusSchema = z.object({ status: z.enum(ARTICLE_STATUSES) });

export const articleListQuerySchema = z.object({
  status: z.enum(ARTICLE_STATUSES).optional(),
  q: z.string().trim().max(100).optional(),
  page: pgIntQuery({ min: 1 }).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export interface ArticleSummaryDto {
  id: string;
  slug: string;
  title: string;
  summary: string;
  category: ArticleCategory;
  tags: string[];
  language: string;
  audience: ArticleAudience;
  status: ArticleStatus;
  publishAt: string | null;
  publishedAt: string | null;
  readingMinutes: number;
  readCount: number;
  coverUrl: string | null;
  pinned?: boolean;
  updatedAt: string;
}

export interface ArticleDto extends ArticleSummaryDto {
  body: string;
  authorName: string | null;
  translationGroup: string;
  translations: { slug: string; language: string; title: string }[];
}

export interface ArticleVersionDto {
  id: string;
  title: string;
  savedAt: string;
  savedBy: string | null;
}

export const NEWSLETTER_AUDIENCES = ['all_patients', 'organisation_patients', 'staff'] as const;
export const NEWSLETTER_AUDIENCE_LABELS: Record<(typeof NEWSLETTER_AUDIENCES)[number], string> = {
  all_patients: 'Tous les patients de tous les cabinets',
  organisation_patients: 'Les patients d’une organisation',
  staff: 'Les équipes des cabinets',
};
export const NEWSLETTER_STATUS_LABELS = { brouillon: 'Brouillon', programmee: 'Programmée', envoi: 'Envoi en cours', envoyee: 'Envoyée' } as const;

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

export interface NewsletterDto {
  id: string;
  title: string;
  intro: string;
  articleIds: string[];
  audience: (typeof NEWSLETTER_AUDIENCES)[number];
  organizationId: string | null;
  organizationName: string | null;
  status: keyof typeof NEWSLETTER_STATUS_LABELS;
  scheduledAt: string | null;
  sentAt: string | null;
  createdBy: string | null;
  createdAt: string;
  stats: { recipients: number; sent: number; failed: number; unsubscribed: number };
}

export interface NewsletterPreviewDto {
  subject: string;
  html: string;
  text: string;
}
