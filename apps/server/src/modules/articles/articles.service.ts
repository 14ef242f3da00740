import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { fold } from '@wellbe/shared/domain/text';
import type { Role } from '@wellbe/shared/roles';
import {
  ARTICLE_MESSAGES,
  ARTICLE_TRANSITIONS,
  COVER_MAX_BYTES,
  readingMinutes,
  slugify,
  type ArticleInput,
  type ArticleStatus,
  type articleListQuerySchema,
  type articlePatchSchema,
} from '@wellbe/shared/schemas/articles';
import type { z } from 'zod';
import type { Caller } from '../../access/caller.ts';
import { ownScope } from '../../access/scope.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { sanitizeArticleHtml } from '../../lib/rich-text.ts';
import * as repo from './articles.repository.ts';

const now = (ctx: Pick<AppContext, 'clock'>) => new Date(ctx.clock.now());

/** Who reads what (issue 20): a patient never sees a praticiens-only article, and the reverse. */
export function audiencesOf(role: Role): string[] {
  if (role === 'PT') return ['patients', 'tous'];
  if (role === 'SA' || role === 'DE') return ['patients', 'praticiens', 'tous'];
  if (role === 'US') return ['tous'];
  return ['praticiens', 'tous'];
}

function searchKey(title: string, summary: string, tags: string[]): string {
  return fold([title, summary, ...tags].join(' '));
}

async function uniqueSlug(ctx: AppContext, base: string, exceptId?: string): Promise<string> {
  const root = base || 'article';
  for (let i = 1; i < 50; i++) {
    const candidate = i === 1 ? root : `${root}-${i}`;
    if (!(await repo.slugTaken(ctx.db, candidate, exceptId))) return candidate;
  }
  return `${root}-${Date.now()}`;
}

export async function list(ctx: AppContext, query: z.infer<typeof articleListQuerySchema>) {
  const { rows, total } = await repo.list(ctx.db, query);
  return { items: rows.map((r) => repo.toSummary(r)), total, page: query.page, pageSize: query.pageSize };
}

async function mustFind(ctx: AppContext, id: string) {
  const row = await repo.findById(ctx.db, id);
  if (!row) throw notFound(ARTICLE_MESSAGES.notFound);
  return row;
}

export async function read(ctx: AppContext, id: string) {
  return repo.toDetail(ctx.db, await mustFind(ctx, id));
}

export async function create(ctx: AppContext, caller: Caller, input: ArticleInput) {
  let translationGroup: string | undefined;
  if (input.translationOf) {
    const original = await mustFind(ctx, input.translationOf);
    translationGroup = original.translationGroup;
  }
  if (input.slug && (await repo.slugTaken(ctx.db, input.slug))) throw conflict(ARTICLE_MESSAGES.slugTaken, 'slug_taken');
  const slug = input.slug ?? (await uniqueSlug(ctx, slugify(input.title)));
  const body = sanitizeArticleHtml(input.body);
  const at = now(ctx);
  let row: repo.ArticleRow;
  try {
    row = await repo.insert(ctx.db, {
      slug,
      title: input.title,
      summary: input.summary,
      body,
      category: input.category,
      tags: input.tags,
      language: input.language,
      ...(translationGroup ? { translationGroup } : {}),
      authorId: caller.id,
      audience: input.audience,
      publishAt: input.publishAt ? new Date(input.publishAt) : null,
      readingMinutes: readingMinutes(body),
      searchKey: searchKey(input.title, input.summary, input.tags),
      createdAt: at,
      updatedAt: at,
    });
  } catch (err) {
    if ((err as { cause?: { constraint?: string } }).cause?.constraint === 'articles_translation_language_key') throw conflict(ARTICLE_MESSAGES.translationTaken, 'translation_taken');
    throw err;
  }
  await repo.keepVersion(ctx.db, row, caller.id, at);
  await recordAudit(ctx, caller, { action: 'article.create', outcome: 'success', recordType: 'article', recordId: row.id });
  return repo.toDetail(ctx.db, row);
}

export async function update(ctx: AppContext, caller: Caller, id: string, patch: z.infer<typeof articlePatchSchema>) {
  const existing = await mustFind(ctx, id);
  if (patch.slug && patch.slug !== existing.slug && (await repo.slugTaken(ctx.db, patch.slug, id))) throw conflict(ARTICLE_MESSAGES.slugTaken, 'slug_taken');
  const body = patch.body !== undefined ? sanitizeArticleHtml(patch.body) : undefined;
  const at = now(ctx);
  // Only the fields sent are written; what they derive (search key, reading time) is computed from
  // the article as saved when the row is locked, another editor's save included.
  const row = await repo.updateFrom(ctx.db, id, (current) => ({
    title: patch.title,
    summary: patch.summary,
    body,
    tags: patch.tags,
    ...(patch.slug ? { slug: patch.slug } : {}),
    ...(patch.category ? { category: patch.category } : {}),
    ...(patch.audience ? { audience: patch.audience } : {}),
    ...(patch.publishAt !== undefined ? { publishAt: patch.publishAt ? new Date(patch.publishAt) : null } : {}),
    ...(body !== undefined ? { readingMinutes: readingMinutes(body) } : {}),
    searchKey: searchKey(patch.title ?? current.title, patch.summary ?? current.summary, patch.tags ?? current.tags),
    updatedAt: at,
  }));
  if (!row) throw notFound(ARTICLE_MESSAGES.notFound);
  await repo.keepVersion(ctx.db, row, caller.id, at);
  return repo.toDetail(ctx.db, row);
}

/**
 * brouillon → relu → publié → archivé. Publishing a reviewed article whose date is still to come
 * keeps it reviewed: the publish job makes it public at that date.
 */
export async function setStatus(ctx: AppContext, caller: Caller, id: string, status: ArticleStatus) {
  const existing = await mustFind(ctx, id);
  if (!ARTICLE_TRANSITIONS[existing.status].includes(status)) throw badRequest(ARTICLE_MESSAGES.badTransition, 'bad_transition');
  const at = now(ctx);
  let values: Parameters<typeof repo.update>[2] = { status, updatedAt: at };
  if (status === 'publie') {
    if (existing.publishAt && existing.publishAt > at) values = { status: 'relu', updatedAt: at };
    else values = { status: 'publie', publishedAt: at, publishAt: existing.publishAt ?? at, updatedAt: at };
  }
  const row = await repo.update(ctx.db, id, values);
  await recordAudit(ctx, caller, { action: `article.status.${status}`, outcome: 'success', recordType: 'article', recordId: id });
  return repo.toDetail(ctx.db, row!);
}

export async function versions(ctx: AppContext, id: string) {
  await mustFind(ctx, id);
  return repo.versions(ctx.db, id);
}

export async function restore(ctx: AppContext, caller: Caller, id: string, versionId: string) {
  await mustFind(ctx, id);
  const version = await repo.findVersion(ctx.db, id, versionId);
  if (!version) throw notFound();
  const at = now(ctx);
  const row = await repo.update(ctx.db, id, { title: version.title, summary: version.summary, body: version.body, readingMinutes: readingMinutes(version.body), updatedAt: at });
  // A restore is a version of its own, never folded into the autosave of the moment.
  await repo.keepVersion(ctx.db, row!, caller.id, at, false);
  await recordAudit(ctx, caller, { action: 'article.restore', outcome: 'success', recordType: 'article', recordId: id, details: { versionId } });
  return repo.toDetail(ctx.db, row!);
}

// Readers.

export async function feed(ctx: AppContext, caller: Caller, limit = 12) {
  // The pins are the caller's own organisation's (SA and DE too); an account without one sees none.
  const pins = caller.organizationId ? ownScope(caller, ARTICLE_MESSAGES.notFound) : null;
  const rows = await repo.feed(ctx.db, audiencesOf(caller.role), pins, limit);
  return rows.map((r) => repo.toSummary(r.article, r.pinned));
}

/** The reader (/articles/{slug}): a published article of the caller's audience, else 404. */
export async function readBySlug(ctx: AppContext, caller: Caller, slug: string) {
  const row = await repo.findBySlug(ctx.db, slug);
  const visible = row && row.status === 'publie' && audiencesOf(caller.role).includes(row.audience);
  // DE previews any article as a patient would see it.
  if (!row || (!visible && caller.role !== 'DE')) throw notFound(ARTICLE_MESSAGES.notFound);
  if (visible) await repo.countRead(ctx.db, row.id);
  return repo.toDetail(ctx.db, visible ? { ...row, readCount: row.readCount + 1 } : row);
}

export async function pin(ctx: AppContext, caller: Caller, id: string, pinned: boolean) {
  const row = await mustFind(ctx, id);
  const scope = ownScope(caller, ARTICLE_MESSAGES.notFound);
  if (row.status !== 'publie' && pinned) throw badRequest(ARTICLE_MESSAGES.notFound, 'not_published');
  await repo.setPin(ctx.db, scope, id, caller.id, pinned);
  await recordAudit(ctx, caller, { action: pinned ? 'article.pin' : 'article.unpin', outcome: 'success', recordType: 'article', recordId: id });
}

// Images: the cover and the pictures of the body, checked by their bytes and re-encoded.

const MAX_INPUT_PIXELS = 40_000_000;

export function imageKind(bytes: Buffer): 'png' | 'jpeg' | 'webp' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** Resized to 1600 px wide at most, re-encoded as JPEG (EXIF and GPS data dropped); stored by hash. */
export async function storeImage(ctx: AppContext, bytes: Buffer): Promise<string> {
  if (!imageKind(bytes)) throw badRequest(ARTICLE_MESSAGES.coverNotImage, 'image_type');
  let out: Buffer;
  try {
    out = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate().resize({ width: 1600, withoutEnlargement: true }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  } catch {
    throw badRequest(ARTICLE_MESSAGES.coverNotImage, 'image_unreadable');
  }
  const hash = createHash('sha256').update(out).digest('hex');
  await ctx.storage.put(Readable.from([out]), COVER_MAX_BYTES * 4, hash);
  return hash;
}

export async function setCover(ctx: AppContext, caller: Caller, id: string, bytes: Buffer) {
  await mustFind(ctx, id);
  const hash = await storeImage(ctx, bytes);
  const row = await repo.update(ctx.db, id, { coverHash: hash, updatedAt: now(ctx) });
  await recordAudit(ctx, caller, { action: 'article.cover', outcome: 'success', recordType: 'article', recordId: id });
  return repo.toDetail(ctx.db, row!);
}

export async function addImage(ctx: AppContext, caller: Caller, id: string, bytes: Buffer) {
  await mustFind(ctx, id);
  const hash = await storeImage(ctx, bytes);
  await repo.addImage(ctx.db, id, hash);
  await recordAudit(ctx, caller, { action: 'article.image', outcome: 'success', recordType: 'article', recordId: id });
  return { url: repo.imageUrl(hash) };
}

/** An article image (cover or body picture) by its hash, only if an article uses it. */
export async function image(ctx: AppContext, hash: string) {
  if (!(await repo.imageUsed(ctx.db, hash))) throw notFound();
  const stream = await ctx.storage.get(hash);
  if (!stream) throw notFound();
  return stream;
}

/** The scheduled publication, run every minute by the jobs (DESIGN §8). */
export async function publishDue(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  return (await repo.publishDue(ctx.db, now(ctx))).length;
}


/** Whether an article still shows a stored file (the documents' sweep: files are shared by content). */
export async function articleUsesFile(ctx: Pick<AppContext, 'db'>, sha256: string): Promise<boolean> {
  return repo.imageUsed(ctx.db, sha256);
}
