import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_MESSAGES } from '@wellbe/shared/schemas/articles';
import { articlePins, users } from '../../db/tables.ts';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';
import { whileHeld } from '../../../test/locks.ts';
import { SWEEP_GRACE_MS, sweepOrphanDocuments } from '../documents/documents.sweep.ts';
import { publishDue } from './articles.service.ts';

// Articles (issue 20): DE-only writing, sanitised bodies, audiences, scheduled publication with a
// fake clock, versions and restore, covers checked by their bytes, the reader's 404.

let t: TestApp;
let de: Session;
let pt: Session;
let pr: Session;

const post = (s: Session, url: string, payload?: unknown) => t.app.inject({ method: 'POST', url, headers: s.auth, ...(payload !== undefined ? { payload: payload as object } : {}) });
const patch = (s: Session, url: string, payload: unknown) => t.app.inject({ method: 'PATCH', url, headers: s.auth, payload: payload as object });
const get = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: s.auth });

function multipart(bytes: Buffer, filename: string) {
  const boundary = '----wellbe' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  t = await createTestApp();
  [de, pt, pr] = await Promise.all([t.login('de'), t.login('pt'), t.login('pr')]);
});
afterAll(async () => {
  await t.close();
});

describe('writing', () => {
  it('only DE writes; scripts, javascript: links, handlers, iframes and styles are removed', async () => {
    const input = { title: 'Le sel caché', category: 'nutrition', audience: 'tous', body: '<p style="color:red" onclick="x()">Pain <a href="javascript:alert(1)">ici</a> <a href="https://www.mangerbouger.fr">là</a></p><script>alert(1)</script><iframe src="https://x"></iframe><img src="https://exemple.fr/a.jpg" onerror="x()">' };
    for (const s of [pt, pr, await t.login('sa')]) expect((await post(s, '/api/articles', input)).statusCode).toBe(403);
    const res = await post(de, '/api/articles', input);
    expect(res.statusCode, res.body).toBe(201);
    const a = json(res).data;
    expect(a.slug).toBe('le-sel-cache');
    expect(a.status).toBe('brouillon');
    expect(a.body).not.toMatch(/script|onclick|onerror|iframe|style=|javascript/);
    expect(a.body).toContain('<a href="https://www.mangerbouger.fr" target="_blank" rel="noopener noreferrer">là</a>');
    expect(a.body).toContain('<img src="https://exemple.fr/a.jpg" />');
  });

  it('keeps versions and restores a previous one', async () => {
    const a = json(await post(de, '/api/articles', { title: 'Hydratation', category: 'prevention', body: '<p>Première version</p>' })).data;
    t.clock.advance(10 * 60_000);
    await patch(de, `/api/articles/${a.id}`, { body: '<p>Deuxième version</p>' });
    const versions = json(await get(de, `/api/articles/${a.id}/versions`)).data;
    expect(versions).toHaveLength(2);
    const first = versions[versions.length - 1];
    const restored = json(await post(de, `/api/articles/${a.id}/versions/${first.id}/restore`)).data;
    expect(restored.body).toBe('<p>Première version</p>');
  });

  it('keeps one editor’s autosaved body when another editor’s new title is saved just after', async () => {
    const a = json(await post(de, '/api/articles', { title: 'Marcher chaque jour', category: 'prevention', body: '<p>Brouillon</p>' })).data;
    const de2 = await t.login('de');
    // Both editors opened the article before either saves; the row is held so that the body is saved first.
    const answers = await whileHeld(t.handle.pool, (c) => c.query('select 1 from articles where id = $1 for update', [a.id]), [
      () => patch(de, `/api/articles/${a.id}`, { body: '<p>Trente minutes de marche <script>x()</script>par jour.</p>' }),
      () => patch(de2, `/api/articles/${a.id}`, { title: 'Marcher 30 minutes par jour' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(json(await get(de, `/api/articles/${a.id}`)).data).toMatchObject({ title: 'Marcher 30 minutes par jour', body: '<p>Trente minutes de marche par jour.</p>' });
  });

  it('refuses a fake image and a cover over 5 MB, accepts a real one resized', async () => {
    const a = json(await post(de, '/api/articles', { title: 'Couverture', category: 'sommeil' })).data;
    const fakeBody = multipart(Buffer.from('GIF89a pas une image'), 'x.png');
    const refused = await t.app.inject({ method: 'POST', url: `/api/articles/${a.id}/cover`, payload: fakeBody.payload, headers: { ...de.auth, ...fakeBody.headers } });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).error.message).toBe(ARTICLE_MESSAGES.coverNotImage);
    const big = multipart(Buffer.alloc(6_000_000, 1), 'big.png');
    const tooBig = await t.app.inject({ method: 'POST', url: `/api/articles/${a.id}/cover`, payload: big.payload, headers: { ...de.auth, ...big.headers } });
    expect(tooBig.statusCode).toBe(413);
    expect(json(tooBig).error.message).toBe(ARTICLE_MESSAGES.coverTooLarge);

    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#0f766e' } }).png().toBuffer();
    const ok = multipart(png, 'cover.png');
    const res = await t.app.inject({ method: 'POST', url: `/api/articles/${a.id}/cover`, payload: ok.payload, headers: { ...de.auth, ...ok.headers } });
    expect(res.statusCode, res.body).toBe(200);
    const url = json(res).data.coverUrl;
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).width).toBe(1600);

    // The hourly sweep of unreferenced files leaves an article's cover in the store.
    const hash = url.split('/').pop();
    const old = new Date(Date.now() - 2 * SWEEP_GRACE_MS);
    fs.utimesSync(path.join(t.dataDir, 'files', hash), old, old);
    await sweepOrphanDocuments(t.ctx);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });
});

describe('readers', () => {
  it('a patient never sees a praticiens-only article; staff never see a patients-only one', async () => {
    const ptFeed = json(await get(pt, '/api/articles/feed')).data.map((a: { slug: string }) => a.slug);
    expect(ptFeed).toContain('bien-dormir-sept-habitudes');
    expect(ptFeed).not.toContain('nouveaux-horaires-du-cabinet');
    expect((await get(pt, '/api/articles/read/nouveaux-horaires-du-cabinet')).statusCode).toBe(404);
    const prFeed = json(await get(pr, '/api/articles/feed')).data.map((a: { slug: string }) => a.slug);
    expect(prFeed).toContain('nouveaux-horaires-du-cabinet');
    expect(prFeed).not.toContain('bien-dormir-sept-habitudes');
  });

  it('the demo practice’s pinned article comes first for its patients; reading counts, per article only', async () => {
    const feed = json(await get(pt, '/api/articles/feed')).data;
    expect(feed[0]).toMatchObject({ slug: 'vaccination-adulte-rappels', pinned: true });
    const before = feed[0].readCount;
    const read = json(await get(pt, '/api/articles/read/vaccination-adulte-rappels')).data;
    expect(read.readCount).toBe(before + 1);
  });

  it('pinning needs an organisation: an account without one gets the articles’ 404, nothing pinned', async () => {
    const article = json(await get(pt, '/api/articles/feed')).data.find((a: { pinned: boolean }) => !a.pinned);
    const [pg] = await t.ctx.db.update(users).set({ organizationId: null }).where(eq(users.username, 'pg')).returning({ id: users.id });
    try {
      const alone = await t.login('pg');
      const res = await t.app.inject({ method: 'PUT', url: `/api/articles/${article.id}/pin`, headers: alone.auth, payload: { pinned: true } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(ARTICLE_MESSAGES.notFound);
      expect(await t.ctx.db.select().from(articlePins).where(eq(articlePins.articleId, article.id))).toEqual([]);
    } finally {
      await t.ctx.db.update(users).set({ organizationId: pr.idOrganization }).where(eq(users.id, pg.id));
    }
  });

  it('an unknown slug and a draft are 404 for readers', async () => {
    expect((await get(pt, '/api/articles/read/nulle-part')).statusCode).toBe(404);
    expect((await get(pt, '/api/articles/read/le-sel-cache')).statusCode).toBe(404);
  });

  it('scheduled publication: a reviewed article goes public when its date comes (fake clock)', async () => {
    const at = new Date(t.clock.now() + 2 * 3600_000).toISOString();
    const a = json(await post(de, '/api/articles', { title: 'Marcher en hiver', category: 'activite-physique', audience: 'patients', body: '<p>Couvrez-vous.</p>', publishAt: at })).data;
    expect((await post(de, `/api/articles/${a.id}/status`, { status: 'publie' })).statusCode).toBe(400); // not reviewed yet
    await post(de, `/api/articles/${a.id}/status`, { status: 'relu' });
    const scheduled = json(await post(de, `/api/articles/${a.id}/status`, { status: 'publie' })).data;
    expect(scheduled.status).toBe('relu');
    expect(await publishDue(t.ctx)).toBe(0);
    expect((await get(pt, '/api/articles/read/marcher-en-hiver')).statusCode).toBe(404);
    t.clock.advance(2 * 3600_000 + 1000);
    expect(await publishDue(t.ctx)).toBe(1);
    pt = await t.login('pt'); // the clock moved past the token's hour
    expect(json(await get(pt, '/api/articles/read/marcher-en-hiver')).data.status).toBe('publie');
  });
});
