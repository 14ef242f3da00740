import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

export type ArticleStatus = 'brouillon' | 'relu' | 'publie' | 'archive';
export type ArticleAudience = 'patients' | 'praticiens' | 'tous';

// Articles written by WellBe's editorial team (DE) for every practice (issue 20).
export const articles = pgTable(
  'articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** Sanitised HTML (lib/rich-text, the article allow-list). */
    body: text('body').notNull().default(''),
    /** Content hash of the resized cover in lib/storage. */
    coverHash: text('cover_hash'),
    /** Hashes of the pictures uploaded for the text (served while an article holds them). */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    category: text('category').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    language: text('language').notNull().default('fr'),
    /** The articles that translate each other share a group id. */
    translationGroup: uuid('translation_group').notNull().defaultRandom(),
    authorId: uuid('author_id').references(() => users.id),
    status: text('status').$type<ArticleStatus>().notNull().default('brouillon'),
    /** Publication date: in the future, the publish job makes the article public then. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    audience: text('audience').$type<ArticleAudience>().notNull().default('tous'),
    readingMinutes: integer('reading_minutes').notNull().default(1),
    /** Reading count only: nobody's reading is tracked per person. */
    readCount: integer('read_count').notNull().default(0),
    searchKey: text('search_key').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('articles_slug_key').on(t.slug),
    uniqueIndex('articles_translation_language_key').on(t.translationGroup, t.language),
    index('articles_public_idx').on(t.status, t.audience, t.publishedAt),
    index('articles_search_trgm').using('gin', sql`${t.searchKey} gin_trgm_ops`),
    index('articles_scheduled_idx').on(t.publishAt).where(sql`${t.status} = 'relu' and ${t.publishAt} is not null`),
  ],
);

/** Every save of an article keeps its previous text (restore a previous version). */
export const articleVersions = pgTable(
  'article_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    savedBy: uuid('saved_by').references(() => users.id),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('article_versions_article_idx').on(t.articleId, t.savedAt)],
);

/** A practice pins articles for its patients (top of "À lire"). */
export const articlePins = pgTable(
  'article_pins',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organisations.id),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id),
    pinnedBy: uuid('pinned_by').references(() => users.id),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.articleId] })],
);

export type NewsletterAudience = 'all_patients' | 'organisation_patients' | 'staff';
export type NewsletterStatus = 'brouillon' | 'programmee' | 'envoi' | 'envoyee';

/** A newsletter ("newspaper", SPEC §2 /newspapers). */
export const newsletters = pgTable(
  'newsletters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    intro: text('intro').notNull().default(''),
    articleIds: jsonb('article_ids').$type<string[]>().notNull().default([]),
    audience: text('audience').$type<NewsletterAudience>().notNull(),
    /** For 'organisation_patients'. */
    organizationId: uuid('organization_id').references(() => organisations.id),
    status: text('status').$type<NewsletterStatus>().notNull().default('brouillon'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('newsletters_due_idx').on(t.scheduledAt).where(sql`${t.status} in ('programmee', 'envoi')`)],
);

/** The recipients fixed when sending starts; each row goes from 'pending' to 'sent' exactly once. */
export const newsletterRecipients = pgTable(
  'newsletter_recipients',
  {
    newsletterId: uuid('newsletter_id')
      .notNull()
      .references(() => newsletters.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    email: text('email').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.newsletterId, t.userId] }), index('newsletter_recipients_pending_idx').on(t.newsletterId).where(sql`${t.status} = 'pending'`)],
);

/** The opt-in of /profile (off by default): one row per user who said yes, or later no. */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  subscribed: boolean('subscribed').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
