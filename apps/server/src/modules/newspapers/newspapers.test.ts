import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_MESSAGES } from '@wellbe/shared/schemas/articles';
import { newsletterRecipients, newsletterSubscriptions, organisations, users } from '../../db/tables.ts';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';
import { NEWSPAPER_TASK, runNewspaperJobs } from './newspapers.service.ts';

// Newsletters (issue 20): DE-only writes, the audience and the opt-in, the mail (HTML, text,
// practice name, one-click unsubscribe), a newsletter with no article and a second sending
// refused, each recipient exactly once across a run that dies mid-batch, the unsubscribe link.

let t: TestApp;
let de: Session;
let pt: Session;
let pr: Session;
let published: string[];
let emailOf: Record<string, string>;

const post = (s: Session, url: string, payload: unknown = {}) => t.app.inject({ method: 'POST', url, headers: s.auth, payload: payload as object });
const get = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: s.auth });

async function createNewsletter(body: Record<string, unknown> = {}) {
  const res = await post(de, '/api/newspapers', { title: `Lettre ${randomUUID().slice(0, 8)}`, intro: 'Bonjour à tous.', articleIds: published.slice(0, 2), audience: 'all_patients', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data as { id: string; title: string; status: string };
}

async function sendNow(id: string) {
  const res = await post(de, `/api/newspapers/${id}/send`, {});
  await t.drain();
  return res;
}

const mailsOf = (title: string) => t.mails.filter((m) => m.subject.startsWith(title));

beforeAll(async () => {
  t = await createTestApp();
  // The running server registers the task with its schedule (main.ts); here each request's jobs run at once.
  t.ctx.jobs.register(NEWSPAPER_TASK, async () => void (await runNewspaperJobs(t.ctx)));
  [de, pt, pr] = await Promise.all([t.login('de'), t.login('pt'), t.login('pr')]);
  published = json(await get(de, '/api/articles?status=publie&page=1&pageSize=50')).data.items.map((a: { id: string }) => a.id);
  const rows = await t.ctx.db.select({ username: users.username, email: users.email }).from(users);
  emailOf = Object.fromEntries(rows.map((r) => [r.username, r.email]));
});
afterAll(async () => {
  await t.close();
});

describe('writing', () => {
  it('only DE writes and sends; a patient and a practitioner are refused', async () => {
    const body = { title: 'Refusée', articleIds: published.slice(0, 1), audience: 'all_patients' };
    for (const s of [pt, pr, await t.login('sa')]) {
      expect((await post(s, '/api/newspapers', body)).statusCode).toBe(403);
      expect((await get(s, '/api/newspapers')).statusCode).toBe(403);
    }
    const n = await createNewsletter();
    expect(n.status).toBe('brouillon');
    expect((await post(pr, `/api/newspapers/${n.id}/send`)).statusCode).toBe(403);
    expect((await post(pt, `/api/newspapers/${n.id}/send`)).statusCode).toBe(403);
    expect(json(await get(de, `/api/newspapers/${n.id}`)).data.status).toBe('brouillon');
  });

  it('refuses a newsletter with no article, or with an article not published', async () => {
    const empty = await post(de, '/api/newspapers', { title: 'Vide', articleIds: [], audience: 'all_patients' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).error.message).toBe(ARTICLE_MESSAGES.newsletterNoArticle);
    const draft = json(await post(de, '/api/articles', { title: 'Brouillon pour la lettre', category: 'prevention' })).data;
    const unpublished = await post(de, '/api/newspapers', { title: 'Brouillon', articleIds: [draft.id], audience: 'all_patients' });
    expect(unpublished.statusCode).toBe(400);
    const noOrg = await post(de, '/api/newspapers', { title: 'Sans organisation', articleIds: published.slice(0, 1), audience: 'organisation_patients' });
    expect(json(noOrg).error.message).toBe(ARTICLE_MESSAGES.newsletterOrganisation);
    const titles = json(await get(de, '/api/newspapers')).data.map((x: { title: string }) => x.title);
    expect(titles).not.toContain('Vide');
    expect(titles).not.toContain('Brouillon');
  });
});

describe('sending', () => {
  it('sends to the opted-in patients only, once; a second sending is refused', async () => {
    const n = await createNewsletter();
    const res = await sendNow(n.id);
    expect(res.statusCode, res.body).toBe(200);
    // Demo opt-ins: pt, pr and pa. Patients only: pt.
    expect(mailsOf(n.title).map((m) => m.to)).toEqual([emailOf.pt]);
    const mail = mailsOf(n.title)[0];
    expect(mail.html).toContain('Cabinet Démo');
    expect(mail.text).toContain('Cabinet Démo');
    expect(mail.text).toMatch(/\/articles\/[a-z0-9-]+/);
    expect(mail.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/newspapers\/unsubscribe\?token=[^>]+>$/);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain('http://localhost:3000/newsletter/unsubscribe?token=');

    const again = await post(de, `/api/newspapers/${n.id}/send`, {});
    expect(again.statusCode).toBe(409);
    expect(json(again).error.message).toBe(ARTICLE_MESSAGES.newsletterAlreadySent);
    await t.drain();
    expect(mailsOf(n.title)).toHaveLength(1);
    const dto = json(await get(de, `/api/newspapers/${n.id}`)).data;
    expect(dto.status).toBe('envoyee');
    expect(dto.stats).toEqual({ recipients: 1, sent: 1, failed: 0, unsubscribed: 0 });
  });

  it('reaches the audience chosen: staff, or the patients of one organisation', async () => {
    const staff = await createNewsletter({ audience: 'staff' });
    await sendNow(staff.id);
    expect(mailsOf(staff.title).map((m) => m.to).sort()).toEqual([emailOf.pa, emailOf.pr].sort());

    const [nord] = await t.ctx.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.name, 'Centre Santé Nord'));
    const other = await createNewsletter({ audience: 'organisation_patients', organizationId: nord.id });
    await sendNow(other.id);
    expect(mailsOf(other.title)).toHaveLength(0);
  });

  it('respects the opt-in of /profile (off by default)', async () => {
    const us = await t.login('us');
    expect(json(await get(us, '/api/newspapers/subscription')).data.subscribed).toBe(false);
    expect(json(await t.app.inject({ method: 'PUT', url: '/api/newspapers/subscription', headers: pt.auth, payload: { subscribed: false } })).data.subscribed).toBe(false);
    const n = await createNewsletter();
    await sendNow(n.id);
    expect(mailsOf(n.title)).toHaveLength(0);
    await t.app.inject({ method: 'PUT', url: '/api/newspapers/subscription', headers: pt.auth, payload: { subscribed: true } });
    expect(json(await get(pt, '/api/newspapers/subscription')).data.subscribed).toBe(true);
  });

  it('sends each recipient exactly once when a run dies mid-batch and runs again, even twice at once', async () => {
    // Seven more opted-in patients of the demo practice.
    const [demo] = await t.ctx.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.name, 'Cabinet Démo'));
    const created = await t.ctx.db
      .insert(users)
      .values(Array.from({ length: 7 }, (_, i) => ({ organizationId: demo.id, username: `lecteur${i}`, email: `lecteur${i}@exemple.fr`, role: 'PT', firstName: `Lecteur${i}`, lastName: 'Test' })))
      .returning({ id: users.id });
    await t.ctx.db.insert(newsletterSubscriptions).values(created.map((u) => ({ userId: u.id, subscribed: true })));

    const n = await createNewsletter();
    const at = new Date(t.clock.now() + 60_000).toISOString();
    expect(json(await post(de, `/api/newspapers/${n.id}/send`, { scheduledAt: at })).data.status).toBe('programmee');
    t.clock.advance(2 * 60_000);

    // The worker dies after queuing the third mail of its batch of five: nothing of that batch stays.
    await expect(
      runNewspaperJobs(t.ctx, {
        batchSize: 5,
        afterQueued: (i) => {
          if (i === 2) throw new Error('arrêt brutal');
        },
      }),
    ).rejects.toThrow('arrêt brutal');
    const sentSoFar = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(newsletterRecipients)
      .where(and(eq(newsletterRecipients.newsletterId, n.id), eq(newsletterRecipients.status, 'sent')));
    expect(sentSoFar[0].n).toBe(0);
    expect(json(await get(de, `/api/newspapers/${n.id}`)).data.status).toBe('envoi');

    // After the restart: two workers at once, then the next runs until the end.
    await Promise.all([runNewspaperJobs(t.ctx, { batchSize: 3 }), runNewspaperJobs(t.ctx, { batchSize: 3 })]);
    while ((await runNewspaperJobs(t.ctx, { batchSize: 3 })) > 0);
    await t.drain();
    const to = mailsOf(n.title).map((m) => m.to);
    expect(to).toHaveLength(8);
    expect(new Set(to).size).toBe(8);
    expect(to).toContain(emailOf.pt);
    const dto = json(await get(de, `/api/newspapers/${n.id}`)).data;
    expect(dto.status).toBe('envoyee');
    expect(dto.stats).toMatchObject({ recipients: 8, sent: 8, failed: 0 });
    expect(await runNewspaperJobs(t.ctx)).toBe(0);
  });
});

describe('unsubscribe', () => {
  it('one click without sign-in turns the opt-in off; a tampered or expired link changes nothing', async () => {
    const n = await createNewsletter();
    await sendNow(n.id);
    const header = mailsOf(n.title).find((m) => m.to === emailOf.pt)!.headers!['List-Unsubscribe'];
    const url = new URL(header.slice(1, -1));
    const token = url.searchParams.get('token')!;

    const tampered = token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA');
    for (const bad of [tampered, 'abc.def.ghi', token.split('.')[0] + '.x']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/newspapers/unsubscribe', payload: { token: bad } });
      expect(res.statusCode).toBe(400);
      expect(json(res).error.message).toBe(ARTICLE_MESSAGES.unsubscribeInvalid);
    }
    expect(json(await get(pt, '/api/newspapers/subscription')).data.subscribed).toBe(true);

    expect((await t.app.inject({ method: 'GET', url: `/api/newspapers/unsubscribe?token=${encodeURIComponent(token)}` })).statusCode).toBe(200);
    // RFC 8058: the mail client's POST, a form body, no sign-in.
    const oneClick = await t.app.inject({ method: 'POST', url: url.pathname + url.search, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(json(await get(pt, '/api/newspapers/subscription')).data.subscribed).toBe(false);
    expect(json(await get(de, `/api/newspapers/${n.id}`)).data.stats.unsubscribed).toBe(1);

    // 91 days later the same link has expired: refused, nothing changed.
    await t.app.inject({ method: 'PUT', url: '/api/newspapers/subscription', headers: pt.auth, payload: { subscribed: true } });
    t.clock.advance(91 * 24 * 3600_000);
    const expired = await t.app.inject({ method: 'POST', url: '/api/newspapers/unsubscribe', payload: { token } });
    expect(expired.statusCode).toBe(400);
    const [row] = await t.ctx.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.userId, pt.id));
    expect(row.subscribed).toBe(true);
  });
});
