import { ARTICLE_MESSAGES, type NewsletterInput, type newsletterPatchSchema } from '@wellbe/shared/schemas/articles';
import type { z } from 'zod';
import type { Actor, Caller } from '../../access/caller.ts';
import { systemScope } from '../../access/scope.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { MAIL_MAX_ATTEMPTS } from '../../lib/jobs/jobs.ts';
import { readUnsubscribeToken, renderNewsletterMail, UNSUBSCRIBE_TTL_MS, unsubscribeToken, type NewsletterContent } from './newspapers.mail.ts';
import * as repo from './newspapers.repository.ts';

// Newsletters (issue 20, SPEC §2 /newspapers, developer-only): DE writes them from published
// articles and sends them now or at a date; the background jobs (DESIGN §8) send them in batches.

/** The background task: starts the newsletters whose date has come, then sends one batch of each. */
export const NEWSPAPER_TASK = 'newspapers_send';
/** Mails handed to the mail queue per newsletter and per run (the task runs every minute): the rate limit. */
export const NEWSPAPER_BATCH = 100;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Ctx = Pick<AppContext, 'db' | 'clock' | 'config' | 'jwtKey'>;

const now = (ctx: Pick<AppContext, 'clock'>) => new Date(ctx.clock.now());

export async function list(ctx: AppContext) {
  return repo.list(ctx.db);
}

export async function read(ctx: AppContext, id: string) {
  const dto = await repo.detail(ctx.db, id);
  if (!dto) throw notFound(ARTICLE_MESSAGES.newsletterNotFound);
  return dto;
}

/** At least one article, all published; an organisation that exists for 'organisation_patients'. */
async function checkContent(db: Database | Tx, articleIds: string[], audience: NewsletterInput['audience'], organizationId: string | null | undefined) {
  if (!articleIds.length || new Set(articleIds).size !== articleIds.length) throw badRequest(ARTICLE_MESSAGES.newsletterNoArticle, 'no_article');
  if ((await repo.publishedArticles(db, articleIds)).length !== articleIds.length) throw badRequest(ARTICLE_MESSAGES.newsletterNoArticle, 'no_article');
  if (audience === 'organisation_patients' && (!organizationId || !(await repo.organisationExists(db, organizationId)))) {
    throw badRequest(ARTICLE_MESSAGES.newsletterOrganisation, 'organisation_required');
  }
}

export async function create(ctx: AppContext, caller: Caller, input: NewsletterInput) {
  await checkContent(ctx.db, input.articleIds, input.audience, input.organizationId);
  const at = now(ctx);
  const row = await repo.insert(ctx.db, {
    title: input.title,
    intro: input.intro,
    articleIds: input.articleIds,
    audience: input.audience,
    organizationId: input.audience === 'organisation_patients' ? input.organizationId : null,
    status: 'brouillon',
    createdBy: caller.id,
    createdAt: at,
    updatedAt: at,
  });
  await recordAudit(ctx, caller, { action: 'newsletter.create', outcome: 'success', recordType: 'newsletter', recordId: row.id });
  return read(ctx, row.id);
}

/** A newsletter is edited until it starts going out. */
export async function update(ctx: AppContext, caller: Caller, id: string, patch: z.infer<typeof newsletterPatchSchema>) {
  await ctx.db.transaction(async (tx) => {
    const n = await repo.findById(tx, id, true);
    if (!n) throw notFound(ARTICLE_MESSAGES.newsletterNotFound);
    if (n.status === 'envoi' || n.status === 'envoyee') throw conflict(ARTICLE_MESSAGES.newsletterAlreadySent, 'already_sent');
    const articleIds = patch.articleIds ?? n.articleIds;
    const audience = patch.audience ?? n.audience;
    const organizationId = patch.organizationId !== undefined ? patch.organizationId : n.organizationId;
    await checkContent(tx, articleIds, audience, organizationId);
    await repo.update(tx, id, {
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.intro !== undefined ? { intro: patch.intro } : {}),
      articleIds,
      audience,
      organizationId: audience === 'organisation_patients' ? organizationId : null,
      updatedAt: now(ctx),
    });
  });
  await recordAudit(ctx, caller, { action: 'newsletter.update', outcome: 'success', recordType: 'newsletter', recordId: id });
  return read(ctx, id);
}

async function contentOf(db: Database | Tx, n: repo.NewsletterRow): Promise<NewsletterContent> {
  return { title: n.title, intro: n.intro, articles: await repo.publishedArticles(db, n.articleIds) };
}

/** The mail as the first recipient will get it (DE's own name, the practice of the audience). */
export async function preview(ctx: AppContext, caller: Caller, id: string) {
  const n = await repo.findById(ctx.db, id);
  if (!n) throw notFound(ARTICLE_MESSAGES.newsletterNotFound);
  const dto = await read(ctx, id);
  const practiceName = dto.organizationName ?? (n.audience === 'staff' ? 'Votre cabinet' : 'Votre cabinet de santé');
  const token = unsubscribeToken(ctx.jwtKey, caller.id, id, ctx.clock.now() + UNSUBSCRIBE_TTL_MS);
  const mail = renderNewsletterMail(await contentOf(ctx.db, n), { email: '', firstName: 'Camille', practiceName }, ctx.config.publicUrl, token);
  return { subject: mail.subject, html: mail.html!, text: mail.text };
}

/** Sending starts: the recipients are fixed (opted in, of the audience) and the status moves on. */
async function start(tx: Tx, n: repo.NewsletterRow, at: Date) {
  await repo.update(tx, n.id, { status: 'envoi', startedAt: at, scheduledAt: n.scheduledAt && n.scheduledAt <= at ? n.scheduledAt : at, updatedAt: at });
  // A fan-out over the organisation the newsletter names (checked to exist when it was saved).
  const organisation = n.audience === 'organisation_patients' && n.organizationId ? systemScope(n.organizationId) : null;
  await repo.snapshotRecipients(tx, n, organisation);
}

/**
 * "Envoyer maintenant" (no date) or "Programmer" (a date to come). A newsletter that is going or
 * has gone out is refused: it is never sent twice.
 */
export async function send(ctx: AppContext, caller: Caller, id: string, scheduledAt: string | null | undefined) {
  const at = now(ctx);
  const when = scheduledAt ? new Date(scheduledAt) : null;
  if (when && when <= at) throw badRequest(ARTICLE_MESSAGES.newsletterPastDate, 'past_date');
  await ctx.db.transaction(async (tx) => {
    const n = await repo.findById(tx, id, true);
    if (!n) throw notFound(ARTICLE_MESSAGES.newsletterNotFound);
    if (n.status === 'envoi' || n.status === 'envoyee') throw conflict(ARTICLE_MESSAGES.newsletterAlreadySent, 'already_sent');
    await checkContent(tx, n.articleIds, n.audience, n.organizationId);
    if (when) await repo.update(tx, id, { status: 'programmee', scheduledAt: when, updatedAt: at });
    else await start(tx, { ...n, scheduledAt: null }, at);
  });
  await recordAudit(ctx, caller, { action: when ? 'newsletter.schedule' : 'newsletter.send', outcome: 'success', recordType: 'newsletter', recordId: id });
  // The first batch goes at once; the next ones each minute (the task's schedule).
  if (!when) await ctx.jobs.add(NEWSPAPER_TASK, {}, NEWSPAPER_TASK);
  return read(ctx, id);
}

/** A scheduled newsletter goes back to draft ("Annuler la programmation"). */
export async function unschedule(ctx: AppContext, caller: Caller, id: string) {
  await ctx.db.transaction(async (tx) => {
    const n = await repo.findById(tx, id, true);
    if (!n) throw notFound(ARTICLE_MESSAGES.newsletterNotFound);
    if (n.status !== 'programmee') throw conflict(ARTICLE_MESSAGES.newsletterAlreadySent, 'already_sent');
    await repo.update(tx, id, { status: 'brouillon', updatedAt: now(ctx) });
  });
  await recordAudit(ctx, caller, { action: 'newsletter.unschedule', outcome: 'success', recordType: 'newsletter', recordId: id });
  return read(ctx, id);
}

export interface RunOptions {
  batchSize?: number;
  /** Tests: called after each mail is queued, inside the batch's transaction (a crash mid-batch). */
  afterQueued?: (index: number) => void;
}

/**
 * The background task (every minute, and at once after "Envoyer maintenant"). Each recipient is
 * taken with SKIP LOCKED, and their mail job is added in the same transaction that marks them
 * sent: a run that dies mid-batch leaves that batch pending and queued nothing of it, so the next
 * run sends each recipient exactly once; two runs at the same time never take the same recipient.
 */
export async function runNewspaperJobs(ctx: Ctx, options: RunOptions = {}): Promise<number> {
  const at = now(ctx);
  for (const id of await repo.dueScheduled(ctx.db, at)) {
    await ctx.db.transaction(async (tx) => {
      const n = await repo.findById(tx, id, true);
      if (n?.status === 'programmee') await start(tx, n, at);
    });
  }
  let queued = 0;
  for (const id of await repo.sending(ctx.db)) queued += await sendBatch(ctx, id, at, options);
  return queued;
}

async function sendBatch(ctx: Ctx, id: string, at: Date, options: RunOptions): Promise<number> {
  const n = await repo.findById(ctx.db, id);
  if (!n) return 0;
  const content = await contentOf(ctx.db, n);
  let queued = 0;
  await ctx.db.transaction(async (tx) => {
    const rows = await repo.takePending(tx, id, options.batchSize ?? NEWSPAPER_BATCH);
    for (const r of rows) {
      // Unsubscribed since sending started: no mail.
      if (!r.subscribed) {
        await repo.dropRecipient(tx, id, r.user_id);
        continue;
      }
      const token = unsubscribeToken(ctx.jwtKey, r.user_id, id, at.getTime() + UNSUBSCRIBE_TTL_MS);
      const mail = renderNewsletterMail(content, { email: r.email, firstName: r.first_name, practiceName: r.organization_name }, ctx.config.publicUrl, token);
      await repo.queueMail(tx, id, r.user_id, mail, MAIL_MAX_ATTEMPTS, at);
      options.afterQueued?.(queued);
      queued++;
    }
  });
  if ((await repo.pendingLeft(ctx.db, id)) === 0) await repo.finish(ctx.db, id, at);
  return queued;
}

// The reader's side: the opt-in of /profile and the unsubscribe link.

export async function subscription(ctx: AppContext, caller: Caller) {
  return { subscribed: await repo.subscription(ctx.db, caller.id) };
}

export async function subscribe(ctx: AppContext, caller: Caller, subscribed: boolean) {
  await repo.setSubscription(ctx.db, caller.id, subscribed, now(ctx));
  await recordAudit(ctx, caller, { action: subscribed ? 'newsletter.subscribe' : 'newsletter.unsubscribe', outcome: 'success', recordType: 'user', recordId: caller.id });
  return { subscribed };
}

async function tokenUser(ctx: AppContext, token: string) {
  const found = readUnsubscribeToken(ctx.jwtKey, token, ctx.clock.now());
  if (!found || !(await repo.userExists(ctx.db, found.userId))) throw badRequest(ARTICLE_MESSAGES.unsubscribeInvalid, 'invalid_token');
  return found;
}

/** Whether a link is valid, before anything changes (the page tells a bad link at once). */
export async function checkToken(ctx: AppContext, token: string) {
  await tokenUser(ctx, token);
  return { valid: true };
}

/** One click, no sign-in: the opt-in is turned off and the newsletter counts one unsubscription. */
export async function unsubscribe(ctx: AppContext, actor: Actor, token: string) {
  const found = await tokenUser(ctx, token);
  const at = now(ctx);
  await ctx.db.transaction(async (tx) => {
    await repo.setSubscription(tx, found.userId, false, at);
    await repo.markUnsubscribed(tx, found.newsletterId, found.userId, at);
  });
  await recordAudit(ctx, actor, { action: 'newsletter.unsubscribe', outcome: 'success', recordType: 'user', recordId: found.userId, details: { newsletterId: found.newsletterId, oneClick: true } });
  return { unsubscribed: true };
}
