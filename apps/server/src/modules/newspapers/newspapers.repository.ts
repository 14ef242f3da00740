import { and, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { NewsletterDto } from '@wellbe/shared/schemas/articles';
import type { Database } from '../../db/client.ts';
import { orgWhere, type OneOrgScope } from '../../access/scope.ts';
import { organisations, users } from '../../access/views.ts';
import { articles, newsletterRecipients, newsletters, newsletterSubscriptions } from '../../db/schema/articles.ts';

export type NewsletterRow = typeof newsletters.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Db = Database | Tx;

/** Staff of the practices (audience 'staff'): every role of a practice except its patients. */
export const STAFF_ROLES = ['PA', 'PG', 'PR', 'AD', 'RH'];

/** The mail job key prefix of a newsletter: its failed jobs are its failed mails. */
export const jobKeyPrefix = (id: string) => `newspaper:${id}:`;

export async function list(db: Db): Promise<NewsletterDto[]> {
  const rows = await db
    .select({ n: newsletters, organizationName: organisations.name, first: users.firstName, last: users.lastName })
    .from(newsletters)
    .leftJoin(organisations, eq(organisations.id, newsletters.organizationId))
    .leftJoin(users, eq(users.id, newsletters.createdBy))
    .orderBy(desc(newsletters.createdAt), newsletters.id)
    .limit(200);
  const stats = await statsOf(
    db,
    rows.map((r) => r.n.id),
  );
  return rows.map((r) => toDto(r.n, r.organizationName, r.first != null ? `${r.first} ${r.last ?? ''}`.trim() : null, stats.get(r.n.id)));
}

export async function findById(db: Db, id: string, lock = false): Promise<NewsletterRow | undefined> {
  const query = db.select().from(newsletters).where(eq(newsletters.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function detail(db: Db, id: string): Promise<NewsletterDto | undefined> {
  const [r] = await db
    .select({ n: newsletters, organizationName: organisations.name, first: users.firstName, last: users.lastName })
    .from(newsletters)
    .leftJoin(organisations, eq(organisations.id, newsletters.organizationId))
    .leftJoin(users, eq(users.id, newsletters.createdBy))
    .where(eq(newsletters.id, id))
    .limit(1);
  if (!r) return undefined;
  const stats = await statsOf(db, [id]);
  return toDto(r.n, r.organizationName, r.first != null ? `${r.first} ${r.last ?? ''}`.trim() : null, stats.get(id));
}

type Stats = NewsletterDto['stats'];

/** Recipients, mails handed to the mail queue, mails whose attempts are spent, unsubscriptions. */
async function statsOf(db: Db, ids: string[]): Promise<Map<string, Stats>> {
  const out = new Map<string, Stats>();
  if (!ids.length) return out;
  const rows = await db
    .select({
      id: newsletterRecipients.newsletterId,
      recipients: sql<number>`count(*)::int`,
      sent: sql<number>`(count(*) filter (where ${newsletterRecipients.status} = 'sent'))::int`,
      failed: sql<number>`(count(*) filter (where ${newsletterRecipients.status} = 'failed'))::int`,
      unsubscribed: sql<number>`(count(*) filter (where ${newsletterRecipients.unsubscribedAt} is not null))::int`,
    })
    .from(newsletterRecipients)
    .where(inArray(newsletterRecipients.newsletterId, ids))
    .groupBy(newsletterRecipients.newsletterId);
  // A mail the queue gave up on (its attempts spent) counts as failed, not sent.
  const spent = (await db.execute(
    sql`select split_part(key, ':', 2) as id, count(*)::int as n from graphile_worker.jobs
         where key like 'newspaper:%' and attempts >= max_attempts and split_part(key, ':', 2) in (${sql.join(
           ids.map((i) => sql`${i}`),
           sql`, `,
         )}) group by 1`,
  )) as unknown as { rows: { id: string; n: number }[] };
  const spentBy = new Map(spent.rows.map((r) => [r.id, Number(r.n)]));
  for (const r of rows) {
    const lost = spentBy.get(r.id) ?? 0;
    out.set(r.id, { recipients: r.recipients, sent: r.sent - lost, failed: r.failed + lost, unsubscribed: r.unsubscribed });
  }
  return out;
}

function toDto(n: NewsletterRow, organizationName: string | null, createdBy: string | null, stats?: Stats): NewsletterDto {
  return {
    id: n.id,
    title: n.title,
    intro: n.intro,
    articleIds: n.articleIds,
    audience: n.audience,
    organizationId: n.organizationId,
    organizationName,
    status: n.status,
    scheduledAt: n.scheduledAt?.toISOString() ?? null,
    sentAt: n.sentAt?.toISOString() ?? null,
    createdBy,
    createdAt: n.createdAt.toISOString(),
    stats: stats ?? { recipients: 0, sent: 0, failed: 0, unsubscribed: 0 },
  };
}

export async function insert(db: Db, values: typeof newsletters.$inferInsert): Promise<NewsletterRow> {
  const [row] = await db.insert(newsletters).values(values).returning();
  return row;
}

export async function update(db: Db, id: string, values: Partial<typeof newsletters.$inferInsert>): Promise<NewsletterRow | undefined> {
  const [row] = await db.update(newsletters).set(values).where(eq(newsletters.id, id)).returning();
  return row;
}

/** The published articles among `ids`, in the order of `ids`. */
export async function publishedArticles(db: Db, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: articles.id, slug: articles.slug, title: articles.title, summary: articles.summary, readingMinutes: articles.readingMinutes })
    .from(articles)
    .where(and(inArray(articles.id, ids), eq(articles.status, 'publie')));
  return ids.map((id) => rows.find((r) => r.id === id)).filter((r) => r !== undefined);
}

export async function organisationExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, id)).limit(1);
  return !!row;
}

/**
 * Fixes the recipients when sending starts: the active users of the audience who opted in (for
 * 'organisation_patients', the patients of `organisation`, the newsletter's). The primary key
 * (newsletter, user) makes each recipient one row, whatever runs this twice.
 */
export async function snapshotRecipients(db: Db, n: NewsletterRow, organisation: OneOrgScope | null): Promise<void> {
  const audience =
    n.audience === 'staff'
      ? sql`${users.role} in (${sql.join(
          STAFF_ROLES.map((r) => sql`${r}`),
          sql`, `,
        )}) and ${users.organizationId} is not null`
      : n.audience === 'organisation_patients'
        ? organisation
          ? sql`${users.role} = 'PT' and ${orgWhere(organisation, sql`${users.organizationId}`)}`
          : sql`false`
        : sql`${users.role} = 'PT' and ${users.organizationId} is not null`;
  await db.execute(sql`
    insert into ${newsletterRecipients} (newsletter_id, user_id, email)
    select ${n.id}, ${users.id}, ${users.email} from ${users}
      join ${newsletterSubscriptions} on ${newsletterSubscriptions.userId} = ${users.id} and ${newsletterSubscriptions.subscribed}
     where ${users.active} and ${users.email} <> '' and ${audience}
    on conflict do nothing`);
}

/** Newsletters whose scheduled date has come. */
export async function dueScheduled(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: newsletters.id })
    .from(newsletters)
    .where(and(eq(newsletters.status, 'programmee'), isNotNull(newsletters.scheduledAt), lte(newsletters.scheduledAt, now)));
  return rows.map((r) => r.id);
}

export async function sending(db: Db): Promise<string[]> {
  const rows = await db.select({ id: newsletters.id }).from(newsletters).where(eq(newsletters.status, 'envoi'));
  return rows.map((r) => r.id);
}

/**
 * The next pending recipients, locked for this transaction (SKIP LOCKED: two workers never take
 * the same ones), with what their mail needs: still opted in, and their practice's name.
 */
export async function takePending(tx: Tx, newsletterId: string, limit: number) {
  const { rows } = (await tx.execute(sql`
    select r.user_id, r.email, u.first_name, u.last_name, s.subscribed, o.name as organization_name
      from ${newsletterRecipients} r
      join ${users} u on u.id = r.user_id
      left join ${newsletterSubscriptions} s on s.user_id = r.user_id
      left join ${organisations} o on o.id = u.organization_id
     where r.newsletter_id = ${newsletterId} and r.status = 'pending'
     order by r.user_id
     limit ${limit}
       for update of r skip locked`)) as unknown as { rows: { user_id: string; email: string; first_name: string; last_name: string; subscribed: boolean | null; organization_name: string | null }[] };
  return rows;
}

/** The mail goes to the queue in the same transaction that marks the recipient: both or neither. */
export async function queueMail(tx: Tx, newsletterId: string, userId: string, payload: unknown, maxAttempts: number, now: Date): Promise<void> {
  await tx.execute(sql`select graphile_worker.add_job('send_mail', ${JSON.stringify(payload)}::json, queue_name := 'newsletter', max_attempts := ${maxAttempts}, job_key := ${jobKeyPrefix(newsletterId) + userId}, job_key_mode := 'preserve_run_at')`);
  await tx
    .update(newsletterRecipients)
    .set({ status: 'sent', sentAt: now })
    .where(and(eq(newsletterRecipients.newsletterId, newsletterId), eq(newsletterRecipients.userId, userId)));
}

/** A recipient who unsubscribed between the start of sending and their batch is no recipient. */
export async function dropRecipient(tx: Tx, newsletterId: string, userId: string): Promise<void> {
  await tx.delete(newsletterRecipients).where(and(eq(newsletterRecipients.newsletterId, newsletterId), eq(newsletterRecipients.userId, userId), eq(newsletterRecipients.status, 'pending')));
}

export async function pendingLeft(db: Db, newsletterId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(newsletterRecipients)
    .where(and(eq(newsletterRecipients.newsletterId, newsletterId), eq(newsletterRecipients.status, 'pending')));
  return row.n;
}

export async function subscription(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ subscribed: newsletterSubscriptions.subscribed }).from(newsletterSubscriptions).where(eq(newsletterSubscriptions.userId, userId)).limit(1);
  return row?.subscribed ?? false;
}

export async function setSubscription(db: Db, userId: string, subscribed: boolean, now: Date): Promise<void> {
  await db
    .insert(newsletterSubscriptions)
    .values({ userId, subscribed, updatedAt: now })
    .onConflictDoUpdate({ target: newsletterSubscriptions.userId, set: { subscribed, updatedAt: now } });
}

export async function markUnsubscribed(db: Db, newsletterId: string, userId: string, now: Date): Promise<void> {
  await db
    .update(newsletterRecipients)
    .set({ unsubscribedAt: now })
    .where(and(eq(newsletterRecipients.newsletterId, newsletterId), eq(newsletterRecipients.userId, userId), sql`${newsletterRecipients.unsubscribedAt} is null`));
}

export async function userExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return !!row;
}

/** Every recipient handed over: the newsletter is sent. */
export async function finish(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(newsletters)
    .set({ status: 'envoyee', sentAt: at, updatedAt: at })
    .where(and(eq(newsletters.id, id), eq(newsletters.status, 'envoi')));
}
