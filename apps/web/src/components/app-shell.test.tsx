import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AppShell } from './app-shell.tsx';
import { Splash } from './splash.tsx';
import { BOOT_SCRIPT, CODE_LOADER_SCRIPT, GREETING_NAME_STORAGE_KEY, LOADER_BATCH } from '@wellbe/shared/boot';
import { writeToken } from '../lib/token.ts';
import { DEFAULT_LANGUAGE_KEY, LANGUAGE_KEY } from '../i18n/i18n.ts';

// index.html carries the signed-in screen's frame in a <template>: the server puts it in #root for
// a route with the chrome (apps/server/src/plugins/web.ts), the browser paints it before any
// script (issue 31). React draws <AppShell /> in its place while it loads: the same markup.
describe('the signed-in frame written in index.html', () => {
  afterEach(() => {
    writeToken(null);
    window.history.replaceState(null, '', '/');
  });

  it('is the markup of <AppShell />', () => {
    const html = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../index.html'), 'utf8');
    const template = /<template id="wb-app-shell">([\s\S]*?)<\/template>/.exec(html)?.[1].trim();
    expect(template).toBe(renderToStaticMarkup(<AppShell />));
  });

  it('is what a signed-in user sees while a screen with the chrome loads, the splash elsewhere', () => {
    writeToken('stored');
    window.history.replaceState(null, '', '/patients/list');
    const { unmount } = render(<Splash />);
    expect(screen.getByRole('progressbar', { name: 'WellBe' })).toHaveClass('wb-shell');
    unmount();
    window.history.replaceState(null, '', '/login');
    render(<Splash />);
    expect(screen.getByRole('progressbar', { name: 'WellBe' })).toHaveClass('wb-splash');
  });

  it('draws again the title the server wrote (app/first-titles.ts), on the page first opened only', async () => {
    // Read when the module is evaluated, before React's first render replaces #root's content.
    vi.resetModules();
    document.body.innerHTML = '<div id="root"><div class="wb-shell-column" style="max-width: 720px;"><h1 class="wb-shell-h1"><span lang="fr">Mon programme sportif</span><span lang="ar">برنامجي الرياضي</span></h1></div></div>';
    window.history.replaceState(null, '', '/program/sportif/today');
    const { AppShell: FirstShell } = await import('./app-shell.tsx');
    document.body.innerHTML = '';
    const first = render(<FirstShell />);
    expect(first.container.querySelector('.wb-shell-column')).toHaveStyle({ maxWidth: '720px' });
    expect(first.container.querySelector('.wb-shell-h1')!.innerHTML).toBe('<span lang="fr">Mon programme sportif</span><span lang="ar">برنامجي الرياضي</span>');
    expect(first.container.querySelector('.wb-shell-title')).toBeNull();
    first.unmount();
    // Another page (a redirect, a click): its title is not known here, the grey block again.
    window.history.replaceState(null, '', '/agenda');
    const other = render(<FirstShell />);
    expect(other.container.querySelector('.wb-shell-h1')).toBeNull();
    expect(other.container.querySelector('.wb-shell-title')).not.toBeNull();
  });

  it("draws again the dashboard's greeting the server wrote, with the stored name, and its notice", async () => {
    vi.resetModules();
    document.body.innerHTML =
      '<div id="root"><div class="wb-shell-greeting"><div class="wb-shell-greeting-text"><h1 class="wb-shell-greeting-h1 wb-shell-texts">' +
      '<span lang="fr">Bonjour <span class="wb-shell-name">Julien</span></span><span lang="ar">مرحبًا <span class="wb-shell-name">Julien</span></span></h1></div></div>' +
      '<div class="wb-notice wb-shell-for" data-wb-roles="PT"><div class="wb-notice-icon"><svg><path d="M1"></path></svg></div><div class="wb-notice-message wb-shell-texts"><span lang="fr">Vos données</span></div>' +
      '<div class="wb-notice-action"><span class="wb-notice-open wb-shell-texts"><span lang="fr">Mes données</span></span></div></div></div>';
    window.history.replaceState(null, '', '/dashboard');
    const { AppShell: FirstShell } = await import('./app-shell.tsx');
    document.body.innerHTML = '';
    localStorage.setItem(GREETING_NAME_STORAGE_KEY, 'Inès <b>');
    const first = render(<FirstShell />);
    expect(first.container.querySelector('.wb-shell-greeting-h1')!.innerHTML).toBe(
      '<span lang="fr">Bonjour <span class="wb-shell-name">Inès &lt;b&gt;</span></span><span lang="ar">مرحبًا <span class="wb-shell-name">Inès &lt;b&gt;</span></span>',
    );
    expect(first.container.querySelector('.wb-notice-message')).toHaveTextContent('Vos données');
    localStorage.removeItem(GREETING_NAME_STORAGE_KEY);
  });

  it('is not drawn for a guest', () => {
    window.history.replaceState(null, '', '/dashboard');
    render(<Splash />);
    expect(screen.getByRole('progressbar', { name: 'WellBe' })).toHaveClass('wb-splash');
  });
});

// index.html's first script: before the frame paints, <html> takes the stored language and its
// direction, and a guest (no token stored) is marked so that the splash shows instead of the frame.
describe("index.html's first script", () => {
  const html = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../index.html'), 'utf8');
  const script = /<body>\s*(?:<!--[\s\S]*?-->\s*)?<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  const run = () => new Function(script!)();
  afterEach(() => {
    writeToken(null);
    localStorage.removeItem(LANGUAGE_KEY);
    localStorage.removeItem(DEFAULT_LANGUAGE_KEY);
    document.documentElement.className = '';
    document.documentElement.removeAttribute('data-wb-role');
    document.documentElement.lang = 'fr';
    document.documentElement.dir = 'ltr';
  });

  it('is the shared boot script, first in <body>', () => {
    expect(script).toBe(BOOT_SCRIPT);
  });

  it('draws an Arabic user right to left, a signed-in one with the frame', () => {
    localStorage.setItem(LANGUAGE_KEY, 'ar');
    writeToken('stored');
    run();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).not.toHaveClass('wb-guest');
  });

  it("draws a user who chose no language in their organisation's default last applied, and a choice over it", () => {
    localStorage.setItem(DEFAULT_LANGUAGE_KEY, 'ar');
    writeToken('stored');
    run();
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    localStorage.setItem(LANGUAGE_KEY, 'en');
    run();
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('marks a guest, and leaves the page French without a stored (or with an unknown) language', () => {
    localStorage.setItem(LANGUAGE_KEY, 'xx');
    run();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('lang', 'fr');
    expect(document.documentElement).toHaveClass('wb-guest');
    expect(document.documentElement).not.toHaveAttribute('data-wb-role');
  });

  it("puts the stored token's role on <html> for the frame's parts of that role, nothing for a token it cannot read", () => {
    const payload = btoa(JSON.stringify({ sub: 'u1', role: 'PT', exp: 2e9 })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    writeToken(`header.${payload}.signature`);
    run();
    expect(document.documentElement).toHaveAttribute('data-wb-role', 'PT');
    document.documentElement.removeAttribute('data-wb-role');
    writeToken('not-a-token');
    run();
    expect(document.documentElement).not.toHaveAttribute('data-wb-role');
    expect(document.documentElement).not.toHaveClass('wb-guest');
  });
});

// index.html's last script: the code the build wrote inert (the entry, the modulepreload links) is
// fetched once the frame is painted, at the first frame or after 500 ms without one.
describe("index.html's last script", () => {
  const html = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const inert = () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<script type="wb-module" crossorigin src="/assets/index-a.js"></script><link rel="wb-modulepreload" crossorigin href="/assets/core-b.js"><link rel="wb-modulepreload" fetchpriority="low" crossorigin href="/assets/page-c.js"><link rel="wb-preload" as="style" fetchpriority="low" crossorigin href="/assets/page-d.css">',
    );
  };
  const real = () => ({
    scripts: [...document.head.querySelectorAll('script[type="module"]')].map((s) => [s.getAttribute('src'), s.getAttribute('crossorigin')]),
    links: [...document.head.querySelectorAll('link')].map((l) => [l.rel, l.getAttribute('href'), l.getAttribute('fetchpriority'), l.getAttribute('as')]),
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.head.querySelectorAll('script, link').forEach((e) => e.remove());
  });

  it('is the shared code loader, the last inline script', () => {
    expect(scripts.at(-1)).toBe(CODE_LOADER_SCRIPT);
  });

  it('makes the inert script and links real at the first frame, in their order, with their attributes', () => {
    vi.useFakeTimers();
    let frame: FrameRequestCallback | undefined;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => (frame = callback));
    inert();
    new Function(CODE_LOADER_SCRIPT)();
    vi.advanceTimersByTime(100);
    expect(real().scripts).toEqual([]);
    frame!(0);
    vi.advanceTimersByTime(0);
    expect(real()).toEqual({
      scripts: [['/assets/index-a.js', '']],
      links: [
        ['modulepreload', '/assets/core-b.js', null, null],
        ['modulepreload', '/assets/page-c.js', 'low', null],
        ['preload', '/assets/page-d.css', 'low', 'style'],
      ],
    });
    // Once only: the timer that follows finds nothing left to do.
    vi.advanceTimersByTime(1000);
    expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(1);
  });

  it(`makes them real ${LOADER_BATCH} at a time, each batch in a task of its own, in their order`, () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const hrefs = Array.from({ length: 2 * LOADER_BATCH + 1 }, (_, i) => `/assets/chunk-${i}.js`);
    document.head.insertAdjacentHTML('beforeend', `<script type="wb-module" crossorigin src="/assets/index-a.js"></script>${hrefs.map((h) => `<link rel="wb-modulepreload" crossorigin href="${h}">`).join('')}`);
    const madeReal = () => [...document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]')].map((e) => e.getAttribute('src') ?? e.getAttribute('href'));
    new Function(CODE_LOADER_SCRIPT)();
    vi.advanceTimersByTime(500);
    // The first task: the entry script and the first links.
    expect(madeReal()).toEqual(['/assets/index-a.js', ...hrefs.slice(0, LOADER_BATCH - 1)]);
    vi.advanceTimersToNextTimer();
    expect(madeReal()).toEqual(['/assets/index-a.js', ...hrefs.slice(0, 2 * LOADER_BATCH - 1)]);
    vi.runAllTimers();
    expect(madeReal()).toEqual(['/assets/index-a.js', ...hrefs]);
    expect(document.head.querySelectorAll('[rel^="wb-"], [type="wb-module"]')).toHaveLength(0);
  });

  it("sends the session's GETs at once with a stored token that has not expired, the page's for its roles once nothing is owed", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T08:00:00Z') });
    vi.stubGlobal('requestAnimationFrame', () => 0);
    let owed: unknown[] = [];
    const fetch = vi.fn((url: string, _init?: RequestInit) =>
      url === '/api/policies/pending' ? Promise.resolve(new Response(JSON.stringify({ success: true, data: owed }), { status: 200 })) : new Promise<Response>(() => undefined),
    );
    vi.stubGlobal('fetch', fetch);
    const claims = (exp: number) => btoa(JSON.stringify({ sub: 'u1', role: 'PT', exp })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    document.head.insertAdjacentHTML(
      'beforeend',
      '<link rel="wb-early" href="/api/auth/access-token"><link rel="wb-early" href="/api/policies/pending"><link rel="wb-early" data-roles="PR,PT" href="/api/dietetics/my-menu"><link rel="wb-early" data-roles="PR,SA" href="/api/patients">',
    );
    const token = `h.${claims(Date.parse('2026-11-29T09:00:00Z') / 1000)}.s`;
    writeToken(token);
    new Function(CODE_LOADER_SCRIPT)();
    vi.advanceTimersByTime(500);
    const sent = () => fetch.mock.calls.map(([url]) => url);
    // The session's first (the token's check, the policies owed), the page's once the policies'
    // answer says none is owed, for the token's role only.
    expect(sent()).toEqual(['/api/auth/access-token', '/api/policies/pending']);
    await vi.waitFor(() => expect(sent()).toEqual(['/api/auth/access-token', '/api/policies/pending', '/api/dietetics/my-menu']));
    expect(fetch.mock.calls[0]).toEqual(['/api/auth/access-token', { headers: { accept: 'application/json', authorization: `Bearer ${token}` }, credentials: 'same-origin' }]);
    expect(Object.keys((window as { wbEarly?: object }).wbEarly!)).toEqual(['/api/auth/access-token', '/api/policies/pending', '/api/dietetics/my-menu']);
    // The app still reads the policies' answer (the loader read a copy).
    expect(await (window as { wbEarly?: Record<string, { answer: Promise<Response> }> }).wbEarly!['/api/policies/pending'].answer.then((r) => r.json())).toEqual({ success: true, data: [] });
    // A user who owes a policy: the server would refuse the page's GETs (issue 20), none is sent.
    fetch.mockClear();
    owed = [{ id: 'cgu-2' }];
    document.head.insertAdjacentHTML('beforeend', '<link rel="wb-early" href="/api/policies/pending"><link rel="wb-early" data-roles="PT" href="/api/dashboard">');
    new Function(CODE_LOADER_SCRIPT)();
    vi.advanceTimersByTime(500);
    const answered = (window as { wbEarly?: Record<string, { answer: Promise<Response> }> }).wbEarly!['/api/policies/pending'].answer;
    await answered;
    await vi.advanceTimersByTimeAsync(10);
    expect(sent()).not.toContain('/api/dashboard');
    // An expired token sends nothing (the app sends its user to /login).
    fetch.mockClear();
    writeToken(`h.${claims(Date.parse('2026-11-29T07:00:00Z') / 1000)}.s`);
    new Function(CODE_LOADER_SCRIPT)();
    vi.advanceTimersByTime(500);
    expect(fetch).not.toHaveBeenCalled();
    delete (window as { wbEarly?: object }).wbEarly;
  });

  it('fetches the bundles of texts of <html lang> only', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    document.documentElement.lang = 'ar';
    document.head.insertAdjacentHTML('beforeend', '<link rel="wb-modulepreload" data-lang="fr" crossorigin href="/assets/chat-fr.js"><link rel="wb-modulepreload" data-lang="ar" crossorigin href="/assets/chat-ar.js">');
    new Function(CODE_LOADER_SCRIPT)();
    vi.advanceTimersByTime(500);
    expect(real().links).toEqual([['modulepreload', '/assets/chat-ar.js', null, null]]);
    expect(document.head.querySelectorAll('link[rel^="wb-"]')).toHaveLength(0);
    document.documentElement.lang = 'fr';
  });

  it("writes the stored greeting name into the frame's places as text, and marks <html>, only while a token is stored", () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const frame = '<span class="wb-shell-name"></span><span class="wb-shell-name"></span>';
    document.body.insertAdjacentHTML('beforeend', `<div id="frame">${frame}</div>`);
    const names = () => [...document.querySelectorAll('#frame .wb-shell-name')].map((e) => e.innerHTML);
    localStorage.setItem(GREETING_NAME_STORAGE_KEY, 'Inès <img src=x>');
    writeToken(null);
    new Function(CODE_LOADER_SCRIPT)();
    expect(names()).toEqual(['', '']);
    expect(document.documentElement).not.toHaveClass('wb-named');
    writeToken('a.b.c');
    new Function(CODE_LOADER_SCRIPT)();
    expect(names()).toEqual(['Inès &lt;img src=x&gt;', 'Inès &lt;img src=x&gt;']);
    expect(document.documentElement).toHaveClass('wb-named');
    document.getElementById('frame')!.remove();
    document.documentElement.classList.remove('wb-named');
    localStorage.removeItem(GREETING_NAME_STORAGE_KEY);
  });

  it('loads the code after 500 ms when no frame comes (a tab in the background)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    inert();
    new Function(CODE_LOADER_SCRIPT)();
    vi.advanceTimersByTime(499);
    expect(real().scripts).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(real().scripts).toEqual([['/assets/index-a.js', '']]);
  });
});
