import { and, count, desc, eq, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { ArticleDto, ArticleStatus, ArticleSummaryDto, ArticleVersionDto } from '@wellbe/shared/schemas/articles';
import type { Database } from '../../db/client.ts';
import { orgFilter, orgWhere, type OneOrgScope } from '../../access/scope.ts';
import { users } from '../../access/views.ts';
import { articlePins, articles, articleVersions } from '../../db/schema/articles.ts';
import { escapeLike } from '../../lib/text.ts';
import { sanitizeArticleHtml } from '../../lib/rich-text.ts';

export type ArticleRow = typeof articles.$inferSelect;

export function toSummary(row: ArticleRow, pinned?: boolean): ArticleSummaryDto {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    category: row.category as ArticleSummaryDto['category'],
    tags: row.tags,
    language: row.language,
    audience: row.audience,
    status: row.status,
    publishAt: row.publishAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    readingMinutes: row.readingMinutes,
    readCount: row.readCount,
    coverUrl: row.coverHash ? imageUrl(row.coverHash) : null,
    ...(pinned !== undefined ? { pinned } : {}),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function toDetail(db: Database, row: ArticleRow): Promise<ArticleDto> {
  const [author] = row.authorId ? await db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, row.authorId)).limit(1) : [];
  const translations = await db
    .select({ slug: articles.slug, language: articles.language, title: articles.title, status: articles.status })
    .from(articles)
    .where(and(eq(articles.translationGroup, row.translationGroup), sql`${articles.id} <> ${row.id}`));
  return {
    ...toSummary(row),
    // Sanitised on save and again on display (issue 20).
    body: sanitizeArticleHtml(row.body),
    authorName: author ? `${author.first} ${author.last}`.trim() : null,
    translationGroup: row.translationGroup,
    translations: translations.filter((t) => t.status === 'publie').map(({ slug, language, title }) => ({ slug, language, title })),
  };
}

export async function list(db: Database, query: { status?: ArticleStatus; q?: string; page: number; pageSize: number }) {
  const where = and(
    query.status ? eq(articles.status, query.status) : undefined,
    query.q ? ilike(articles.searchKey, `%${escapeLike(query.q)}%`) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(articles).where(where).orderBy(desc(articles.updatedAt), articles.id).limit(query.pageSize).offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(articles).where(where),
  ]);
  return { rows, total };
}

export async function findById(db: Database, id: string): Promise<ArticleRow | undefined> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id)).limit(1);
  return row;
}

export async function findBySlug(db: Database, slug: string): Promise<ArticleRow | undefined> {
  const [row] = await db.select().from(articles).where(eq(articles.slug, slug)).limit(1);
  return row;
}

export async function slugTaken(db: Database, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await db.select({ id: articles.id }).from(articles).where(and(eq(articles.slug, slug), exceptId ? sql`${articles.id} <> ${exceptId}` : undefined)).limit(1);
  return !!row;
}

export async function insert(db: Database, values: typeof articles.$inferInsert): Promise<ArticleRow> {
  const [row] = await db.insert(articles).values(values).returning();
  return row;
}

export async function update(db: Database, id: string, values: Partial<typeof articles.$inferInsert>): Promise<ArticleRow | undefined> {
  const [row] = await db.update(articles).set(values).where(eq(articles.id, id)).returning();
  return row;
}

/**
 * Applies a change computed from the article as it is now: the row is locked first, so an
 * editor's save queued behind another's merges into what that one saved (two editors, one
 * autosaving the body, the other the title) instead of writing back an earlier read.
 */
export async function updateFrom(db: Database, id: string, change: (current: ArticleRow) => Partial<typeof articles.$inferInsert>): Promise<ArticleRow | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(articles).where(eq(articles.id, id)).for('update');
    if (!current) return undefined;
    const [row] = await tx.update(articles).set(change(current)).where(eq(articles.id, id)).returning();
    return row;
  });
}

/** Keeps the text just saved; saves within 5 minutes by the same person fold into one version (autosave). */
export async function keepVersion(db: Database, row: ArticleRow, by: string, at: Date, fold = true): Promise<void> {
  const [last] = await db.select().from(articleVersions).where(eq(articleVersions.articleId, row.id)).orderBy(desc(articleVersions.savedAt)).limit(1);
  if (last && last.title === row.title && last.summary === row.summary && last.body === row.body) return;
  if (fold && last && last.savedBy === by && at.getTime() - last.savedAt.getTime() < 5 * 60_000) {
    await db.update(articleVersions).set({ title: row.title, summary: row.summary, body: row.body, savedAt: at }).where(eq(articleVersions.id, last.id));
    return;
  }
  await db.insert(articleVersions).values({ articleId: row.id, title: row.title, summary: row.summary, body: row.body, savedBy: by, savedAt: at });
}

export async function versions(db: Database, articleId: string): Promise<ArticleVersionDto[]> {
  const rows = await db
    .select({ id: articleVersions.id, title: articleVersions.title, savedAt: articleVersions.savedAt, first: users.firstName, last: users.lastName })
    .from(articleVersions)
    .leftJoin(users, eq(users.id, articleVersions.savedBy))
    .where(eq(articleVersions.articleId, articleId))
    .orderBy(desc(articleVersions.savedAt))
    .limit(100);
  return rows.map((r) => ({ id: r.id, title: r.title, savedAt: r.savedAt.toISOString(), savedBy: r.first != null ? `${r.first} ${r.last}`.trim() : null }));
}

export async function findVersion(db: Database, articleId: string, versionId: string) {
  const [row] = await db.select().from(articleVersions).where(and(eq(articleVersions.id, versionId), eq(articleVersions.articleId, articleId))).limit(1);
  return row;
}

/** Published articles for these audiences, the pinned ones of the scope's organisation first (null: none pinned). */
export async function feed(db: Database, audiences: string[], pins: OneOrgScope | null, limit: number) {
  const pinned = pins
    ? sql<boolean>`exists (select 1 from ${articlePins} p where p.article_id = ${articles.id} and ${orgWhere(pins, sql`p.organization_id`)})`
    : sql<boolean>`false`;
  const rows = await db
    .select({ article: articles, pinned })
    .from(articles)
    .where(and(eq(articles.status, 'publie'), inArray(articles.audience, audiences as ArticleRow['audience'][])))
    .orderBy(desc(pinned), desc(articles.publishedAt))
    .limit(limit);
  return rows;
}

export async function addImage(db: Database, id: string, hash: string): Promise<void> {
  await db
    .update(articles)
    .set({ images: sql`case when ${articles.images} ? ${hash} then ${articles.images} else ${articles.images} || ${JSON.stringify([hash])}::jsonb end` })
    .where(eq(articles.id, id));
}

export async function countRead(db: Database, id: string): Promise<void> {
  await db.update(articles).set({ readCount: sql`${articles.readCount} + 1` }).where(eq(articles.id, id));
}

/** Pins or unpins an article for the organisation the call acts for. */
export async function setPin(db: Database, scope: OneOrgScope, articleId: string, by: string, pinned: boolean): Promise<void> {
  if (pinned) await db.insert(articlePins).values({ organizationId: scope.organizationId, articleId, pinnedBy: by }).onConflictDoNothing();
  else await db.delete(articlePins).where(and(orgFilter(scope, articlePins.organizationId), eq(articlePins.articleId, articleId)));
}

/** The scheduled publication (DESIGN §8 job): reviewed articles whose date has come. */
export async function publishDue(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .update(articles)
    .set({ status: 'publie', publishedAt: sql`${articles.publishAt}`, updatedAt: now })
    .where(and(eq(articles.status, 'relu'), lte(articles.publishAt, now)))
    .returning({ id: articles.id });
  return rows.map((r) => r.id);
}

export const imageUrl = (hash: string) => `/api/articles/images/${hash}`;

/** Whether an article shows this image (its cover, or a picture of its text). */
export async function imageUsed(db: Database, hash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(or(eq(articles.coverHash, hash), sql`${articles.images} ? ${hash}`))
    .limit(1);
  return !!row;
}
