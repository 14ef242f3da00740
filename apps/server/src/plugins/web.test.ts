import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { appShellHtml, registerWeb } from './web.ts';
import { ROLE_FIRST_REQUESTS } from '@wellbe/shared/first-requests';
import { ROLES } from '@wellbe/shared/roles';

// Issue 31: a signed-in route's HTML carries the chrome's frame in #root, painted before any script.
const index = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/index.html'), 'utf8');

describe("the HTML of a route with the chrome (appShellHtml)", () => {
  it("has the frame first in #root, the splash after it (a guest's), and no template left", () => {
    const html = appShellHtml(index)!;
    const root = /<div id="root">([\s\S]*)<\/div>\s*<noscript>/.exec(html)?.[1] ?? '';
    expect(root).toMatch(/^<div role="progressbar" aria-busy="true" aria-label="WellBe" class="wb-shell">/);
    expect(root).toMatch(/<\/div><div role="progressbar" aria-busy="true" aria-label="WellBe" class="wb-splash">[\s\S]*<\/div>$/);
    expect(html).not.toContain('<template');
    // The rest of the page is untouched: its head, its noscript and its entry script.
    expect(html.slice(0, html.indexOf('<body>'))).toBe(index.slice(0, index.indexOf('<body>')));
    expect(html).toContain('<script type="module"');
  });

  it('is null for a build without the frame (the page is then sent as it is)', () => {
    expect(appShellHtml('<html><body><div id="root"></div></body></html>')).toBeNull();
  });
});

describe("the web app's HTML by route", () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'wellbe-shell-'));
  fs.writeFileSync(path.join(dist, 'index.html'), index);
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('sends the frame, compressed, for a signed-in route and the splash for /login', async () => {
    const app = Fastify();
    let now = 1_000_000;
    await registerWeb(app, dist, () => now);
    const dashboard = await app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(dashboard.headers['content-encoding']).toBe('br');
    expect(dashboard.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(dashboard.rawPayload).toString()).toContain('<div id="root"><div role="progressbar" aria-busy="true" aria-label="WellBe" class="wb-shell">');
    const plain = await app.inject({ url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('class="wb-shell"');
    const login = await app.inject({ url: '/login' });
    expect(login.body).toContain('class="wb-splash"');
    expect(login.body).not.toMatch(/<div id="root"><div[^>]*wb-shell/);
    // A new build while the server runs (other asset names): its HTML is the one sent, from the
    // next second on (index.html is not looked at by every request).
    const rebuilt = index.replace('<title>', '<meta name="build" content="2" /><title>');
    fs.writeFileSync(path.join(dist, 'index.html'), rebuilt);
    fs.utimesSync(path.join(dist, 'index.html'), new Date(), new Date(Date.now() + 60_000));
    now += 999;
    expect((await app.inject({ url: '/dashboard' })).body).not.toContain('<meta name="build" content="2" />');
    now += 1;
    expect((await app.inject({ url: '/dashboard' })).body).toContain('<meta name="build" content="2" />');
    await app.close();
  });

  it("preloads a signed-in route's page and chrome chunks (the build's route-preloads.json), once each; /login its own page's only, in the splash", async () => {
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'wellbe-preloads-'));
    fs.writeFileSync(path.join(files, 'index.html'), index);
    fs.writeFileSync(path.join(files, 'route-preloads.json'), JSON.stringify({ chrome: ['/assets/layout-a.js', '/assets/shared-b.js'], pages: { dashboard: ['/assets/dashboard-page-c.js', '/assets/shared-b.js', '/assets/shared-e.css'], patients: ['/assets/patients-page-d.js'], login: ['/assets/login-page-f.js', '/assets/auth-shell-g.css'] } }));
    const app = Fastify();
    await registerWeb(app, files);
    const links = (html: string) => [...html.matchAll(/<link rel="wb-modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g)].map((m) => m[1]).filter((href) => !html.includes(`<script type="wb-module" crossorigin src="${href}"`));
    const head = (html: string) => html.slice(0, html.indexOf('</head>'));
    // '/' is /dashboard (SPEC §2 redirect).
    for (const url of ['/dashboard', '/']) expect(links(head((await app.inject({ url })).body)), url).toEqual(expect.arrayContaining(['/assets/dashboard-page-c.js', '/assets/shared-b.js', '/assets/layout-a.js']));
    expect((await app.inject({ url: '/dashboard' })).body.match(/shared-b\.js/g)).toHaveLength(1);
    // A chunk's style sheet: fetched early, as the app's loader will ask for it (CORS), not applied.
    expect(head((await app.inject({ url: '/dashboard' })).body)).toContain('<link rel="wb-preload" as="style" fetchpriority="low" crossorigin href="/assets/shared-e.css">');
    expect(links(head((await app.inject({ url: '/dashboard' })).body))).not.toContain('/assets/shared-e.css');
    const list = links((await app.inject({ url: '/patients/list' })).body);
    expect(list).toContain('/assets/patients-page-d.js');
    expect(list).not.toContain('/assets/dashboard-page-c.js');
    const login = await app.inject({ url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(login.headers['content-encoding']).toBe('br');
    const loginHtml = zlib.brotliDecompressSync(login.rawPayload).toString();
    expect(links(head(loginHtml))).toEqual(['/assets/login-page-f.js']);
    expect(head(loginHtml)).toContain('<link rel="wb-preload" as="style" fetchpriority="low" crossorigin href="/assets/auth-shell-g.css">');
    expect(loginHtml).not.toContain('layout-a.js');
    // Still the splash, not the signed-in frame; a page without chunks listed is index.html itself.
    expect(loginHtml).toContain('class="wb-splash"');
    expect(loginHtml).not.toMatch(/<div id="root"><div[^>]*wb-shell/);
    expect((await app.inject({ url: '/register' })).body).toBe(index);
    await app.close();
    fs.rmSync(files, { recursive: true, force: true });
  });

  it("lists the page's texts per language, and the first render's GETs for the code loader: the token's check and the policies owed on every signed-in route, a page's own with the roles that may open it, none for /login", async () => {
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'wellbe-first-'));
    fs.writeFileSync(path.join(files, 'index.html'), index);
    fs.writeFileSync(path.join(files, 'route-preloads.json'), JSON.stringify({ chrome: [], pages: { login: ['/assets/login-page-f.js'] }, texts: { dashboard: { fr: ['/assets/dashboard-fr.js'], ar: ['/assets/dashboard-ar.js', '/assets/dashboard-en.js'] }, login: { fr: ['/assets/auth-fr.js'] } } }));
    const app = Fastify();
    await registerWeb(app, files);
    // The page's texts in every language, each marked with it (the loader takes those of <html lang>).
    const dashboard = (await app.inject({ url: '/dashboard' })).body;
    expect(dashboard).toContain('<link rel="wb-modulepreload" data-lang="fr" fetchpriority="low" crossorigin href="/assets/dashboard-fr.js">');
    expect(dashboard).toContain('<link rel="wb-modulepreload" data-lang="ar" fetchpriority="low" crossorigin href="/assets/dashboard-en.js">');
    const early = (html: string) => [...html.slice(0, html.indexOf('</head>')).matchAll(/<link rel="wb-early"([^>]*)>/g)].map((m) => m[1].trim());
    // The dashboard's cards' own GETs, each for the one role whose cards ask for it.
    expect(early((await app.inject({ url: '/dashboard' })).body)).toEqual([
      'href="/api/auth/access-token"',
      'href="/api/policies/pending"',
      ...ROLE_FIRST_REQUESTS.dashboard!.PT!.map((path) => `data-roles="PT" href="/api${path}"`),
      ...ROLE_FIRST_REQUESTS.dashboard!.PR!.map((path) => `data-roles="PR" href="/api${path.replace(/&/g, '&amp;')}"`),
      // The chrome's own, for the roles whose chrome asks them (the unread count: those who chat, the support, DE).
      `data-roles="${ROLES.join(',')}" href="/api/organisations/current/settings"`,
      'data-roles="SA,PA,PG,PR,AD,RH,PT,DE" href="/api/chat/unread"',
    ]);
    const menu = early((await app.inject({ url: '/dietetiques/mon-menu' })).body);
    expect(menu.slice(0, 2)).toEqual(['href="/api/auth/access-token"', 'href="/api/policies/pending"']);
    const roles = /data-roles="([^"]*)" href="\/api\/dietetics\/my-menu"/.exec(menu[2] ?? '')?.[1].split(',');
    expect(roles).toEqual(expect.arrayContaining(['PT']));
    expect(roles).not.toContain('RH');
    // The agenda's practitioners, on every address of the agenda, for the roles that may open it.
    for (const url of ['/agenda', '/agenda/moi/mois/2026-12-01']) {
      const agenda = early((await app.inject({ url })).body);
      const agendaRoles = /data-roles="([^"]*)" href="\/api\/agenda\/practitioners"/.exec(agenda[2] ?? '')?.[1].split(',');
      expect(agendaRoles).toEqual(expect.arrayContaining(['PR', 'AD']));
      expect(agendaRoles).not.toContain('PT');
    }
    const login = (await app.inject({ url: '/login' })).body;
    expect(login).not.toContain('<link rel="wb-early"');
    expect(login).toContain('<link rel="wb-modulepreload" data-lang="fr" fetchpriority="low" crossorigin href="/assets/auth-fr.js">');
    await app.close();
    fs.rmSync(files, { recursive: true, force: true });
  });

  it("writes a patient file's own GETs (its id from the URL, a uuid) into that URL's HTML only, with the roles that may open it; nothing for an id that is not one", async () => {
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'wellbe-url-first-'));
    fs.writeFileSync(path.join(files, 'index.html'), index);
    fs.writeFileSync(path.join(files, 'route-preloads.json'), JSON.stringify({ chrome: [], pages: {} }));
    const app = Fastify();
    await registerWeb(app, files);
    const [a, b] = ['8c4b2f85-57dd-4ce4-a477-5c574ac8d07a', '0f9a61e2-3b1c-4d5e-8f70-a1b2c3d4e5f6'];
    const early = (html: string) => [...html.slice(0, html.indexOf('</head>')).matchAll(/<link rel="wb-early"([^>]*)>/g)].map((m) => m[1].trim());
    const own = (html: string) => early(html).filter((link) => link.includes('/api/patients/'));
    const file = await app.inject({ url: `/patient/dossier/${a}`, headers: { 'accept-encoding': 'br' } });
    const html = zlib.brotliDecompressSync(file.rawPayload).toString();
    expect(early(html).slice(0, 2)).toEqual(['href="/api/auth/access-token"', 'href="/api/policies/pending"']);
    expect(own(html).map((link) => /href="([^"]+)"/.exec(link)?.[1])).toEqual([`/api/patients/${a}`, `/api/patients/${a}/measures`]);
    const roles = /data-roles="([^"]*)"/.exec(own(html)[0])?.[1].split(',');
    expect(roles).toEqual(expect.arrayContaining(['PR', 'PT']));
    expect(roles).not.toContain('RH');
    // Another file, another tab: its own id, the measures only where the tab shows them; the gzip
    // answer is the same HTML.
    const other = await app.inject({ url: `/patient/consultations/${b}/c1`, headers: { 'accept-encoding': 'gzip' } });
    expect(own(zlib.gunzipSync(other.rawPayload).toString())).toEqual([expect.stringContaining(`href="/api/patients/${b}"`)]);
    // What is not a uuid writes nothing (an attempt to write markup into the page included); the
    // area's HTML, shared by every URL, holds no patient's GET.
    for (const url of ['/patient/dossier/not-an-id', '/patient/dossier/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E', '/patient/dossier', `/patient/dossier/${a}x`]) {
      const body = (await app.inject({ url })).body;
      expect(own(body), url).toEqual([]);
      expect(body, url).not.toContain('<script>alert');
    }
    expect((await app.inject({ url: `/patient/dossier/${a}` })).body).not.toContain(b);
    await app.close();
    fs.rmSync(files, { recursive: true, force: true });
  });

  it("writes a page's first title (route-preloads.json titles) into the frame, in every language, escaped, in its column", async () => {
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'wellbe-titles-'));
    fs.writeFileSync(path.join(files, 'index.html'), index);
    const titles = { messaging: { texts: { fr: 'Messagerie', ar: 'المراسلة' } }, 'sport-today': { texts: { fr: 'Mon <programme> & "moi"' }, column: 720 }, patients: { texts: { fr: 'Dossiers patients' }, inset: true } };
    fs.writeFileSync(path.join(files, 'route-preloads.json'), JSON.stringify({ chrome: [], pages: {}, titles }));
    const app = Fastify();
    await registerWeb(app, files);
    const messaging = (await app.inject({ url: '/messaging' })).body;
    expect(messaging).toContain('<h1 class="wb-shell-h1"><span lang="fr">Messagerie</span><span lang="ar">المراسلة</span></h1>');
    expect(messaging).not.toContain('wb-shell-title');
    expect((await app.inject({ url: '/program/sportif/today' })).body).toContain(
      '<div class="wb-shell-column" style="max-width:720px"><h1 class="wb-shell-h1"><span lang="fr">Mon &lt;programme&gt; &amp; &quot;moi&quot;</span></h1></div>',
    );
    expect((await app.inject({ url: '/patients/list' })).body).toContain('<div class="wb-shell-inset"><h1 class="wb-shell-h1"><span lang="fr">Dossiers patients</span></h1></div>');
    // A page without one keeps the title's grey block.
    const list = (await app.inject({ url: '/user' })).body;
    expect(list).toContain('wb-shell-title');
    expect(list).not.toContain('wb-shell-h1');
    await app.close();
    fs.rmSync(files, { recursive: true, force: true });
  });

  it("writes the dashboard's greeting with its name's place and its first notice (route-preloads.json notices) for its roles, in every language, escaped", async () => {
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'wellbe-notices-'));
    fs.writeFileSync(path.join(files, 'index.html'), index);
    const notices = { dashboard: { texts: { fr: 'Vos données : <tout> & "plus"', ar: 'بياناتك' }, actions: { fr: 'Mes données', ar: 'بياناتي' }, icon: 'M11,9H13V7H11', roles: ['PT'], greetings: { fr: 'Bonjour {{name}} <&>', ar: 'مرحبًا {{name}}' } } };
    fs.writeFileSync(path.join(files, 'route-preloads.json'), JSON.stringify({ chrome: [], pages: {}, notices }));
    const app = Fastify();
    await registerWeb(app, files);
    const dashboard = (await app.inject({ url: '/dashboard' })).body;
    expect(dashboard).toContain(
      '<div class="wb-shell-greeting"><div class="wb-shell-greeting-text"><h1 class="wb-shell-greeting-h1 wb-shell-texts">' +
        '<span lang="fr">Bonjour <span class="wb-shell-name"></span> &lt;&amp;&gt;</span><span lang="ar">مرحبًا <span class="wb-shell-name"></span></span></h1></div></div>' +
        '<div class="wb-notice wb-shell-for" data-wb-roles="PT"><div class="wb-notice-icon"><svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false"><path d="M11,9H13V7H11"></path></svg></div>' +
        '<div class="wb-notice-message wb-shell-texts"><span lang="fr">Vos données : &lt;tout&gt; &amp; &quot;plus&quot;</span><span lang="ar">بياناتك</span></div>' +
        '<div class="wb-notice-action"><span class="wb-notice-open wb-shell-texts"><span lang="fr">Mes données</span><span lang="ar">بياناتي</span></span></div></div>',
    );
    expect(dashboard).not.toContain('wb-shell-title');
    // Another page keeps its title's grey block, and has no notice.
    const other = (await app.inject({ url: '/user' })).body;
    expect(other).toContain('wb-shell-title');
    expect(other).not.toContain('wb-notice');
    await app.close();
    fs.rmSync(files, { recursive: true, force: true });
  });

  it('takes the new preload list of a rebuild written after its index.html', async () => {
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'wellbe-preloads-'));
    const preloads = path.join(files, 'route-preloads.json');
    fs.writeFileSync(path.join(files, 'index.html'), index);
    fs.writeFileSync(preloads, JSON.stringify({ chrome: [], pages: { dashboard: ['/assets/old-page.js'] } }));
    const app = Fastify();
    let now = 1_000_000;
    await registerWeb(app, files, () => now);
    expect((await app.inject({ url: '/dashboard' })).body).toContain('/assets/old-page.js');
    // The build writes index.html, the server looks (a second later), then the build writes the list.
    fs.writeFileSync(path.join(files, 'index.html'), index.replace('<title>', '<meta name="build" content="2" /><title>'));
    fs.utimesSync(path.join(files, 'index.html'), new Date(), new Date(Date.now() + 60_000));
    now += 1000;
    await app.inject({ url: '/dashboard' });
    fs.writeFileSync(preloads, JSON.stringify({ chrome: [], pages: { dashboard: ['/assets/new-page.js'] } }));
    fs.utimesSync(preloads, new Date(), new Date(Date.now() + 120_000));
    now += 1000;
    const body = (await app.inject({ url: '/dashboard' })).body;
    expect(body).toContain('/assets/new-page.js');
    expect(body).not.toContain('/assets/old-page.js');
    await app.close();
    fs.rmSync(files, { recursive: true, force: true });
  });
});
