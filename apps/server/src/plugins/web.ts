import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { BOOT_SCRIPT, CODE_LOADER_SCRIPT } from '@wellbe/shared/boot';
import { ERROR_MESSAGES } from '@wellbe/shared/errors';
import { CHROME_FIRST_REQUESTS, PAGE_FIRST_REQUESTS, ROLE_FIRST_REQUESTS, SESSION_FIRST_REQUESTS, urlFirstRequests } from '@wellbe/shared/first-requests';
import { allows } from '@wellbe/shared/permissions';
import { ROLES } from '@wellbe/shared/roles';
import { REDIRECTS, ROUTES, findRoute, hasChrome, type Area } from '@wellbe/shared/routes';
import { escapeHtml } from '../lib/text.ts';
import { sendError } from './error-handler.ts';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

const SHELL_TEMPLATE = /<template id="wb-app-shell">([\s\S]*?)<\/template>/;
const SPLASH = /(<div id="root">)([\s\S]*?)(<\/div>\s*<noscript>)/;

/**
 * The CSP source of index.html's one inline script (shared boot.ts): it sets the user's language
 * and direction on <html> and marks a guest before the frame paints.
 */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
/** The CSP source of index.html's last inline script (shared boot.ts): it fetches the app's code once the frame is painted. */
export const CODE_LOADER_SOURCE = `'sha256-${createHash('sha256').update(CODE_LOADER_SCRIPT).digest('base64')}'`;

/**
 * index.html for a route drawn inside the signed-in chrome: the chrome's frame (its <template>,
 * web components/app-shell.tsx) in #root before the splash, so that the browser paints the
 * toolbar, navigation and page blocks before any script (issue 31); null when the build has none.
 * The server cannot know whether a token is stored (localStorage): the splash stays after the
 * frame, and shows instead of it for a guest (index.html's first script, app-shell.css), whom the
 * app then sends to /login.
 */
export function appShellHtml(index: string): string | null {
  const shell = SHELL_TEMPLATE.exec(index);
  if (!shell || !SPLASH.test(index)) return null;
  return index.replace(shell[0], '').replace(SPLASH, (_all, open: string, splash: string, close: string) => `${open}${shell[1]}${splash.trim()}${close}`);
}

type Encoding = 'br' | 'gzip';
/** A frame's HTML, as it is and in an encoding the browser accepts. */
type ShellHtml = { plain: Buffer; encoded: (encoding: Encoding) => Buffer } | null;

/** The build's route-preloads.json (web vite.preloads.ts): the chunks of the chrome and of each area's page, the titles pages draw first. */
type RoutePreloads = {
  chrome: string[];
  pages: Record<string, string[]>;
  titles?: Record<string, FirstTitle>;
  texts?: Record<string, Record<string, string[]>>;
  notices?: Record<string, FirstNotice>;
};

/** A page's first title (web app/first-titles.ts): its text in each language, the width of its centred column, its own padding. */
export type FirstTitle = { texts: Record<string, string>; column?: number; inset?: boolean };

/** A notice a page draws first for some roles (web app/first-titles.ts FIRST_NOTICES): its text and action in each language, its icon, the roles. */
export type FirstNotice = { texts: Record<string, string>; actions: Record<string, string>; icon: string; roles: string[]; greetings?: Record<string, string> };

const TITLE_PLACE = '<div class="wb-shell-block wb-shell-title"></div>';

/** One `<span lang>` per language: app-shell.css shows the one of <html lang>. */
const spansOf = (texts: Record<string, string>) => Object.entries(texts).map(([language, text]) => `<span lang="${escapeHtml(language)}">${escapeHtml(text)}</span>`).join('');

/**
 * `html` with the page's title in the frame, in place of the title's grey block: one <span lang> per
 * language, app-shell.css showing the one of <html lang> (index.html's first script sets it from the
 * stored language before the frame paints). The browser paints the page's name with the toolbar,
 * before any script; React then draws the page's h1 in the same place (issue 31).
 */
export function withFirstTitle(html: string, title: FirstTitle | undefined): string {
  if (!title) return html;
  const h1 = `<h1 class="wb-shell-h1">${spansOf(title.texts)}</h1>`;
  const column = title.column ? ` style="max-width:${Number(title.column)}px"` : '';
  const classes = [title.column && 'wb-shell-column', title.inset && 'wb-shell-inset'].filter(Boolean).join(' ');
  return html.replace(TITLE_PLACE, classes ? `<div class="${classes}"${column}>${h1}</div>` : h1);
}

/**
 * The greeting's h1 in every language, an empty `.wb-shell-name` in place of `{{name}}`: index.html's
 * code loader writes the stored name there before the frame is painted (shared boot.ts).
 */
function greetingHeading(greetings: Record<string, string> | undefined): string {
  if (!greetings) return '';
  const spans = Object.entries(greetings).map(([language, text]) => {
    const [before = '', after = ''] = text.split('{{name}}');
    return `<span lang="${escapeHtml(language)}">${escapeHtml(before)}<span class="wb-shell-name"></span>${escapeHtml(after)}</span>`;
  });
  return `<h1 class="wb-shell-greeting-h1 wb-shell-texts">${spans.join('')}</h1>`;
}

/**
 * `html` with the dashboard's greeting block and the page's first notice in place of the title's grey
 * block. The greeting, for every role, with the stored name (« Bonjour Julien »); the notice's markup
 * (web components/notice.css, the page's own classes) with its text and action in every language,
 * shown only for its roles (index.html's first script puts the stored token's role on <html>,
 * app-shell.css). A phone paints the largest text of a /dashboard from the HTML, the patient's
 * notice or the practitioner's greeting; React then draws the same text in the same place (issue 31).
 */
export function withFirstNotice(html: string, notice: FirstNotice | undefined): string {
  if (!notice) return html;
  const icon = `<svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false"><path d="${escapeHtml(notice.icon)}"></path></svg>`;
  return html.replace(
    TITLE_PLACE,
    `<div class="wb-shell-greeting"><div class="wb-shell-greeting-text">${greetingHeading(notice.greetings)}</div></div>` +
      `<div class="wb-notice wb-shell-for" data-wb-roles="${escapeHtml(notice.roles.join(' '))}">` +
      `<div class="wb-notice-icon">${icon}</div><div class="wb-notice-message wb-shell-texts">${spansOf(notice.texts)}</div>` +
      `<div class="wb-notice-action"><span class="wb-notice-open wb-shell-texts">${spansOf(notice.actions)}</span></div></div>`,
  );
}

/**
 * `html` with a <link rel="modulepreload"> per chunk in `files` (a <link rel="preload" as="style"> per
 * style sheet) at the end of its head: the browser fetches the route's page, layout and shared chunks
 * and their CSS with the entry's, where it learnt of them only once the entry had run (issue 31).
 * Fetched, not run nor applied: the app's loader does that when it imports them (its links are
 * CORS ones, hence crossorigin here too, or the fetched file would not be reused).
 * At low priority: the frame is painted from the HTML alone and the app runs nothing before the
 * entry and `core` (index.html's own links, high): on a phone's six connections these come first.
 * Lighthouse counts a high-priority script that arrived before the first paint as holding it: its
 * first paint of /messaging was 2.0–2.9 s with them high, 0.6–1.7 s low (issue 31).
 * Written inert (`wb-modulepreload`, `wb-preload`), as the build writes index.html's own: its last
 * script (shared boot.ts CODE_LOADER_SCRIPT) makes them real links once the frame is painted.
 */
export function withModulePreloads(html: string, files: string[]): string {
  return withLinks(html, files.map((file) => preloadLink(file)));
}

/** The inert preload link of a built file (a style sheet's, a chunk's), for the pages of `language` only if given. */
function preloadLink(file: string, language?: string): string {
  const lang = language ? ` data-lang="${escapeHtml(language)}"` : '';
  return file.endsWith('.css') ? `<link rel="wb-preload" as="style"${lang} fetchpriority="low" crossorigin href="${file}">` : `<link rel="wb-modulepreload"${lang} fetchpriority="low" crossorigin href="${file}">`;
}

/** `html` with `links` at the end of its head. */
function withLinks(html: string, links: string[]): string {
  return links.length ? html.replace('</head>', `${links.join('')}</head>`) : html;
}

/**
 * `html` with a `<link rel="wb-early">` per GET the first render of a signed-in screen of `area`
 * waits for (shared first-requests.ts): the token's check and the policies owed, then the page's
 * own, each with the roles that may open the page (`data-roles`). Inert for the browser; index.html's
 * code loader sends them with the stored token as the frame is painted (the page's once the policies'
 * answer says nothing is owed), the answers arriving while the code does (issue 31: they left ~250 ms
 * after the HTML, once `core` had run).
 */
export function withFirstRequests(html: string, area: string): string {
  return withLinks(html, [
    ...SESSION_FIRST_REQUESTS.map((path) => `<link rel="wb-early" href="/api${path}">`),
    ...(PAGE_FIRST_REQUESTS[area as Area] ?? []).map((path) => earlyLink(area, path)),
    ...Object.entries(ROLE_FIRST_REQUESTS[area as Area] ?? {}).flatMap(([role, paths]) => paths.map((path) => earlyLink(area, path, [role]))),
    ...CHROME_FIRST_REQUESTS.map(({ path, asks }) => earlyLink(area, path, ROLES.filter(asks))),
  ]);
}

/**
 * `html` with a `<link rel="wb-early">` per GET of this URL's own (`paths`, shared URL_FIRST_REQUESTS:
 * the patient file and its measures, their id the URL's, validated there as a uuid, so that nothing
 * but hex digits and dashes reaches the HTML), with the roles that may open the page. They left from
 * the entry, once `core` had run (~80 ms after the code on this machine, more on a phone); the code
 * loader now sends them with the policies' answer (issue 31).
 */
export function withUrlFirstRequests(html: string, area: string, paths: readonly string[]): string {
  return withLinks(html, paths.map((path) => earlyLink(area, path)));
}

/**
 * The inert link of a page's first GET, sent by the code loader only for a token whose role may open
 * the page (and is one of `only`, for a request of some roles' own: shared ROLE_FIRST_REQUESTS).
 */
function earlyLink(area: string, path: string, only?: readonly string[]): string {
  const access = ROUTES.find((rule) => rule.area === area)?.access;
  const roles = ROLES.filter((role) => (!access || allows(access, role)) && (!only || only.includes(role)));
  // The code loader sends a link without roles for every token: none here is no link.
  return roles.length ? `<link rel="wb-early" data-roles="${roles.join(',')}" href="/api${escapeHtml(path)}">` : '';
}

/**
 * `html` with a modulepreload link per bundle of texts the page's first render asks for, in each
 * language (the build's route-preloads.json `texts`), marked with it (`data-lang`): index.html's
 * code loader fetches those of <html lang> with the code, where they left once the entry had run.
 */
export function withTexts(html: string, texts: Record<string, string[]> | undefined): string {
  return withLinks(html, Object.entries(texts ?? {}).flatMap(([language, files]) => files.map((file) => preloadLink(file, language))));
}

/** The frame's HTML for `area`: its chunks' and texts' links, its first GETs, its first title and notice. */
function areaHtml(shell: string, preloads: RoutePreloads, area: string): string {
  let html = withModulePreloads(shell, [...new Set([...(preloads.pages[area] ?? []), ...preloads.chrome])]);
  html = withTexts(html, preloads.texts?.[area]);
  html = withFirstRequests(html, area);
  html = withFirstTitle(html, preloads.titles?.[area]);
  return withFirstNotice(html, preloads.notices?.[area]);
}

/**
 * The HTML of a page drawn without the chrome (/login, /register…): index.html as it is (the
 * splash), with its page's chunks and texts preloaded, as the frame's are: the sign-in page's code
 * left in a second round trip, once `core` had run and asked for it (issue 31, /login's largest
 * text at 2.5–2.8 s under Lighthouse's phone). No chrome, no first GETs: a guest has no token.
 */
function guestHtml(index: string, preloads: RoutePreloads, area: string): string {
  return withTexts(withModulePreloads(index, preloads.pages[area] ?? []), preloads.texts?.[area]);
}

/** `plain` in `encoding`: at its highest level for the HTML made once per area (brotli's takes ~30 ms), at a fast one for an answer of its own (~1 ms, a few hundred bytes more). */
function encode(plain: Buffer, encoding: Encoding, fast: boolean): Buffer {
  if (encoding === 'gzip') return zlib.gzipSync(plain, { level: fast ? 6 : zlib.constants.Z_BEST_COMPRESSION });
  return zlib.brotliCompressSync(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: fast ? 5 : zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } });
}

/** An area's HTML, kept: in both encodings, made once. */
function compressed(html: string): ShellHtml {
  const plain = Buffer.from(html);
  const made = { br: encode(plain, 'br', false), gzip: encode(plain, 'gzip', false) };
  return { plain, encoded: (encoding) => made[encoding] };
}

/** The HTML of one answer: only in the encoding that answer is sent in. */
function compressedOnce(html: string): ShellHtml {
  const plain = Buffer.from(html);
  return { plain, encoded: (encoding) => encode(plain, encoding, true) };
}

/**
 * The frame's HTML of the build in `distDir` for a route's area, with the modulepreload links of the
 * chrome's and the area's chunks, as it is, in brotli and in gzip (highest levels, as the build's
 * files: vite.config precompress), made once per area and again only when index.html changes: a
 * build made while the server runs (npm run build beside a running server, the tests' rebuilds)
 * names other assets, which the old HTML would ask for in vain. index.html's time is looked at once
 * a second at most (`now`, the server's clock), not by every page request.
 */
function shellHtmlOf(distDir: string, now: () => number): (area: string, pathname: string, chrome: boolean) => ShellHtml {
  const file = path.join(distDir, 'index.html');
  let made: { times: string; index: string | null; shell: string | null; preloads: RoutePreloads; byArea: Map<string, ShellHtml> } | null = null;
  let checkedAt = -Infinity;
  return (area, pathname, chrome) => {
    if (!made || now() - checkedAt >= 1000) {
      checkedAt = now();
      // Both files' times: the build writes them side by side, and a look between the two writes
      // would otherwise keep the old preload list under the new index.html.
      const preloadsFile = path.join(distDir, 'route-preloads.json');
      const times = [file, preloadsFile].map((f) => fs.statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? 0).join(' ');
      if (made?.times !== times) {
        const preloads: RoutePreloads = fs.existsSync(preloadsFile) ? JSON.parse(fs.readFileSync(preloadsFile, 'utf8')) : { chrome: [], pages: {} };
        const index = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
        made = { times, index, shell: index === null ? null : appShellHtml(index), preloads, byArea: new Map() };
      }
    }
    const { index, shell, preloads, byArea } = made!;
    if (!chrome) {
      // A page without the chrome whose build lists no chunk: index.html itself (sendFile).
      if (index === null || !preloads.pages[area]?.length) return null;
      const key = `guest:${area}`;
      if (!byArea.has(key)) byArea.set(key, compressed(guestHtml(index, preloads, area)));
      return byArea.get(key)!;
    }
    if (shell === null) return null;
    if (!byArea.has(area)) byArea.set(area, compressed(areaHtml(shell, preloads, area)));
    const cached = byArea.get(area)!;
    // A URL with GETs of its own (a patient's file): the area's HTML with their links, for this answer
    // only; the area's stays as it is for every other URL.
    const own = urlFirstRequests(area as Area, pathname);
    if (!cached || !own.length) return cached;
    return compressedOnce(withUrlFirstRequests(cached.plain.toString(), area, own));
  };
}

// Serves the built web app: hashed assets cached for a year, index.html never cached, and every
// non-API path falls back to index.html so the client router can answer it (404 page included).
// The build compresses its files once (x.js.br, x.js.gz, vite.config precompress): they are sent
// as they are to a browser that accepts them, @fastify/compress leaves an encoded answer alone, and
// compresses on the fly only a file without them (issue 13).
export async function registerWeb(app: FastifyInstance, distDir = WEB_DIST, now: () => number = Date.now) {
  const hasBuild = fs.existsSync(path.join(distDir, 'index.html'));
  const shellHtml = shellHtmlOf(distDir, now);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Our own Cache-Control below: the plugin's default ('public, max-age=0') would override it.
      cacheControl: false,
      setHeaders: (res, file) => {
        // The same URL answers brotli, gzip or plain bytes: caches must key on the request's encodings.
        res.setHeader('Vary', 'Accept-Encoding');
        if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'no-cache');
      },
    });
  } else {
    app.log.warn(`Application web non construite (${distDir}) : lancez "npm run build".`);
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (url === '/api' || url.startsWith('/api/') || !hasBuild || !['GET', 'HEAD'].includes(request.method)) {
      return sendError(reply, 404, 'not_found', url.startsWith('/api') ? ERROR_MESSAGES.apiNotFound : ERROR_MESSAGES.notFound);
    }
    // A missing hashed asset is a real 404, not the app shell.
    if (url.startsWith('/assets/')) return sendError(reply, 404, 'not_found', ERROR_MESSAGES.notFound);
    reply.header('Cache-Control', 'no-cache');
    // A guest asking for a signed-in route sees the splash, not the frame (appShellHtml); a page
    // without the chrome gets the splash with its own chunks preloaded (guestHtml).
    const shell = shellHtml(findRoute(REDIRECTS[url] ?? url)?.area ?? 'not-found', url, hasChrome(url));
    if (shell) {
      // Compressed here: @fastify/compress does not reach the not-found handler's answers (12.4 KB
      // were sent plain, 3.2 KB in brotli).
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding: Encoding | null = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
      reply.header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply.send(encoding ? shell.encoded(encoding) : shell.plain);
    }
    return reply.sendFile('index.html');
  });
}
