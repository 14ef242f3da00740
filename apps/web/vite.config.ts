import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { importedBy } from './vite.chunks.ts';
import { routePreloads } from './vite.preloads.ts';

// No font is preloaded (issue 31): Chromium holds the first paint for a preloaded font, so the frame
// the HTML draws waited for 46 KB of Roboto (~70 ms on this machine, a round trip and more on a
// phone), and Lighthouse then counted every chunk that had arrived meanwhile before the first paint.
// The @font-face rules are in the HTML (inlineEntryCss): the browser asks for a weight as soon as a
// text drawn in it is laid out, and draws it meanwhile in the fallback (font-display: swap, the
// same line heights).
// The entry's stylesheets (base styles, the splash, the sign-in page: ~4 KB) written into the HTML:
// linked, each was a request the first paint waited for, on a phone two round trips (issue 13).
// The CSP allows inline styles (style-src 'unsafe-inline': MUI's emotion needs them too). Each link
// stays, for print only (neither blocking nor applied): the lazy chunks that list the file among
// their dependencies find it there and do not add it again.
function inlineEntryCss(): Plugin {
  return {
    name: 'wellbe-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (link, file: string) => {
          const asset = ctx.bundle?.[file];
          if (asset?.type !== 'asset') return link;
          return `<style>${String(asset.source)}</style>${link.replace('>', ' media="print">')}`;
        });
      },
    },
  };
}

// The entry's <script> and its modulepreload links written inert (issue 31): index.html's last script
// (packages/shared/src/boot.ts CODE_LOADER_SCRIPT) makes them real once the frame is painted. A
// module that arrived before the browser's first paint (from the HTTP cache, or a fast network) ran
// before it and held it; Lighthouse then counted every chunk fetched meanwhile in the first paint
// (the program of the day: first paint 1.6 s simulated with them, 0.7 s without).
function codeAfterFirstPaint(): Plugin {
  return {
    name: 'wellbe-code-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/<script type="module" crossorigin src=/g, '<script type="wb-module" crossorigin src=').replace(/<link rel="modulepreload"/g, '<link rel="wb-modulepreload"'),
    },
  };
}

// MUI's locale modules import `./utils/buildFormatNumber`, which builds an Intl.NumberFormat as each
// locale is evaluated (40–76 ms of a phone's main thread in the signed-in screen's first task, issue
// 31), and so does TablePagination for its default 'en-US' texts, as the `forms` chunk is evaluated
// (most of a 250 ms task of /agenda on a phone, 4× CPU): src/lib/mui-locales/format-number.ts is
// served in their place, the same function whose formatter is made on its first use.
const MUI_FORMAT_NUMBER = /\/@mui\/material\/locale\/utils\/buildFormatNumber\.m?js$/;
const FORMAT_NUMBER_IMPORTERS = /\/@mui\/material\/(locale|TablePagination)\//;
const LAZY_FORMAT_NUMBER = fileURLToPath(new URL('./src/lib/mui-locales/format-number.ts', import.meta.url));
export function lazyMuiNumberFormat(): Plugin {
  return {
    name: 'wellbe-lazy-mui-number-format',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !/buildFormatNumber/.test(source) || !FORMAT_NUMBER_IMPORTERS.test(importer)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && MUI_FORMAT_NUMBER.test(resolved.id) ? LAZY_FORMAT_NUMBER : null;
    },
  };
}

// MUI's styled engine calls `@emotion/styled`'s default export only as a function (`emStyled(tag,
// options)`). That entry also makes a styled component for each of 137 HTML and SVG tags
// (`styled.div`…) as it is evaluated, which nothing here uses: 12 of the `shared` chunk's 29 ms of
// evaluation in a phone's trace (issue 31, a task of the signed-in screen's start). The styled
// engine is given `@emotion/styled/base`, the same function without those shortcuts.
export function emotionStyledBase(): Plugin {
  return {
    name: 'wellbe-emotion-styled-base',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (source !== '@emotion/styled' || !importer || !/\/@mui\/styled-engine\//.test(importer)) return null;
      return this.resolve('@emotion/styled/base', importer, { ...options, skipSelf: true });
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

// Every text file of the build compressed once, here, at the highest levels (brotli 11, gzip 9):
// the server sends these files as they are (@fastify/static preCompressed) instead of compressing
// each answer at a level cheap enough to do per request, which came out larger (the core chunk:
// 108.7 KB at brotli 4, 92.8 KB at 11) and cost CPU on every first load (issue 13). Below 1 KB
// the server sends the file uncompressed anyway. ~5 s for the whole build on these machines.
export function precompress(): Plugin {
  return {
    name: 'wellbe-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const data = await fs.readFile(path.join(dir, file));
            if (data.length < 1024) return;
            const [br, gz] = await Promise.all([
              brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
              gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([fs.writeFile(path.join(dir, `${file}.br`), br), fs.writeFile(path.join(dir, `${file}.gz`), gz)]);
          }),
      );
    },
  };
}

// The code every first screen runs (React, the router, i18next...) in ONE chunk: over HTTP/1.1 a
// browser fetches six files at a time, so forty small chunks cost seven round trips where one file
// costs one (issue 13). The sign-in page has no MUI nor emotion (app/mui.tsx): MUI's styling and
// basic components listed here go to the shared chunk the other pages load.
const CORE =
  /node_modules\/(react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store|@emotion\/[^/]+|@mui\/(system|utils|styled-engine|private-theming)|stylis|clsx|prop-types|react-is|@babel\/runtime)\/|node_modules\/@mui\/material\/(styles|utils|internal|transitions|colors|zero-styled|DefaultPropsProvider|className|GlobalStyles|CssBaseline|Box|Typography|Paper|SvgIcon|ButtonBase|Button|IconButton|Link|Alert|CircularProgress|InputBase|OutlinedInput|FormControl|FormLabel|InputLabel|InputAdornment|FormHelperText|useLazyRipple)\//;
// ...with the app's own first-screen modules that lazy chunks share (else each is a file of its own).
const SHELL = /\/apps\/web\/src\/(i18n\/i18n|lib\/(api|token|notify|session|early-requests)|components\/(logo|splash|page-loader|demo-badge|language-switcher|outlined-field))\.tsx?$|\/packages\/shared\/src\/(constants|routes|roles|permissions|errors)\.ts$/;

const LATER = /node_modules\/@tanstack\/[^/]+\/|\/apps\/web\/src\/lib\/(query-client|query-keys)\.ts$/;
// ...but only those the first screen runs: a module of these packages that only lazy pages use
// (MUI's internal Radio or Rating icons, the RTL copy of stylis...) stays out of it. The first
// screen is what the entry and the sign-in page import statically.
const FIRST_SCREEN = /\/apps\/web\/src\/(main\.tsx|features\/auth\/login-page\.tsx)$/;
// The first screen of every signed-in user: the layout, MUI's providers, react-query and the
// dashboard. What they import (MUI's menus, lists, cards, icons, the chat's live events...) goes
// in the shared chunk too: apart, it was some fifty files of 1-3 KB, that is eight or nine round
// trips more at six files at a time (issue 13). They stay chunks of their own.
const SIGNED_IN_SCREEN = /\/apps\/web\/src\/(app\/layout\/layout|app\/query-provider|components\/mui-providers|features\/dashboard\/dashboard-page)\.tsx$/;
// MUI's components and what they run on: those several pages use go in the `forms` chunk too.
const LATER_MUI = /node_modules\/(@mui\/(material|system|utils)|@popperjs\/core|react-transition-group)\//;
// ...but not the number formatter of MUI's texts (lib/mui-locales, asked for by the first screen):
// `forms` would take it along as a dependency of its table pagination, and the French texts would
// then bring the whole `forms` chunk (60 KB) into the first load.
const MUI_LOCALE_HELPERS = /node_modules\/@mui\/material\/locale\/utils\/|\/src\/lib\/mui-locales\/format-number\.ts$/;
// MUI's components that a page which only shows things draws (cards, lists, chips, alerts, a
// spinner): a small chunk of their own, before `forms` captures them. A read-only page (the
// patient's menu of the day) no longer brings `forms` and the tooltip it imports: 12 files and
// 136 KB → 10 and 75 KB; a page with inputs loads both, one file more, the same bytes (issue 31).
// The cards and the grid were in `shared` while the dashboard drew them with MUI; since its cards
// are static CSS they are here, or `forms` would take them and the patient file's first screen,
// drawn with cards, would bring it along. The same for MUI's lists since the side navigation is
// static CSS: they were in `shared` with it, and the patient file's timeline and the menu of the day
// draw them (without them here, both pages brought `forms` into their first load). MUI's Skeleton
// likewise since the dashboard's skeletons are static CSS (components/skeleton.module.css): the
// patient file and the menu of the day draw it while loading, and brought `forms` along.
const MUI_BASICS = /node_modules\/@mui\/(material\/(Alert|IconButton|CircularProgress|Card|CardActionArea|CardContent|Grid|List|ListItem|ListItemButton|ListItemIcon|ListItemText|ListItemSecondaryAction|Chip|Skeleton)|utils\/useSlotProps)\//;
// MUI's icons that several pages draw: one small chunk (3.7 KB), where each was a file of its own of
// ~0.4 KB, queued six at a time over HTTP/1.1 before the page's texts (the patient file's first
// load: ten icons, 27 files → 18, the same bytes; issue 31).
const MUI_ICONS = /node_modules\/@mui\/icons-material\//;
// MUI's buttons, links, card headers, tabs and stacks (and the visually hidden style), which a page
// draws at once: a small chunk of their own too (~11 KB), before `forms` captures them. The patient file's first screen (its actions, its tabs,
// its cards' headers) then loads neither `forms` (MUI's inputs, dialogs, menus: 50 KB) nor the
// tooltip it imports (13 KB) before its identity is painted; a page with inputs loads both, one file
// more, the same bytes (issue 31).
const MUI_ACTIONS = /node_modules\/@mui\/(material\/(Button|Link|CardHeader|Tabs|Tab|TabScrollButton|Stack)|system\/Stack|utils\/visuallyHidden)\//;
// ...nor the tooltip (MUI's Tooltip, its Popper: components/hint-popup.tsx loads the Popper at the
// first hover of a hinted control): in `forms`, it brought that whole chunk along.
const MUI_TOOLTIP = /node_modules\/(@mui\/material\/(Tooltip|Popper|Grow)\/|@popperjs\/core\/)/;

/**
 * The chunks shared by pages: `core` (the first screen), `shared` (the signed-in screen), `basics`
 * (MUI's display components) and `forms` (the rest of MUI's basics, react-query's extras: what only later pages run, such as MUI's
 * inputs, alerts, grids and roving focus, in one file loaded with the first of them). Two groups:
 * a group takes a module's dependencies along (rolldown's includeDependenciesRecursively), so the
 * first screens' chunks are captured first (priority) and `forms` keeps only what is left.
 */
function sharedChunks(): Rolldown.CodeSplittingGroup[] {
  const onFirstScreen = importedBy(FIRST_SCREEN);
  const onSignedInScreen = importedBy(SIGNED_IN_SCREEN);
  const packaged = (id: string) => CORE.test(id) || SHELL.test(id) || LATER.test(id);
  const firstScreens: Rolldown.CodeSplittingNameFunction = (id, ctx) => {
    if (packaged(id)) {
      if (!LATER.test(id) && onFirstScreen(id, ctx)) return 'core';
      return onSignedInScreen(id, ctx) ? 'shared' : null;
    }
    // The i18n bundles stay apart: a page loads those of its language only. What the sign-in page
    // runs stays with it (a module shared with the signed-in screen would bring that chunk along).
    if (SIGNED_IN_SCREEN.test(id) || /\/src\/i18n\/\w+\/\w+\.json$/.test(id) || onFirstScreen(id, ctx)) return null;
    return onSignedInScreen(id, ctx) ? 'shared' : null;
  };
  return [
    { name: (id) => (MUI_LOCALE_HELPERS.test(id) ? 'mui-locale' : null), debugName: 'mui-locale', priority: 3 },
    { name: firstScreens, debugName: 'core', priority: 2 },
    // After the first screens' chunks, which keep what they share with it.
    // Rolldown reads a priority as an integer: these groups are taken in their order here. `basics`
    // and `actions` before the tooltip, which would otherwise take MUI's useSlotProps (the tabs' scroll
    // buttons use it) and bring itself into the first screens that draw tabs; `basics` before
    // `actions`, which would otherwise take the spinner (the buttons' loading state) from it.
    { name: (id) => (MUI_BASICS.test(id) ? 'basics' : null), debugName: 'basics', priority: 1.2, minShareCount: 3 },
    { name: (id) => (MUI_ACTIONS.test(id) ? 'actions' : null), debugName: 'actions', priority: 1.6, minShareCount: 3 },
    { name: (id) => (MUI_TOOLTIP.test(id) ? 'tooltip' : null), debugName: 'tooltip', priority: 1.5 },
    { name: (id) => (MUI_ICONS.test(id) ? 'icons' : null), debugName: 'icons', priority: 1.1, minShareCount: 2 },
    // MUI's components (and what they run on) used by several pages: one file, not twenty of 1-5 KB.
    { name: (id) => (packaged(id) || LATER_MUI.test(id) ? 'forms' : null), debugName: 'forms', priority: 1, minShareCount: 3 },
  ];
}

export default defineConfig({
  plugins: [lazyMuiNumberFormat(), emotionStyledBase(), react(), inlineEntryCss(), codeAfterFirstPaint(), routePreloads(fileURLToPath(new URL('./src', import.meta.url))), precompress()],
  server: { port: 5173, proxy: { '/api': { target: 'http://localhost:3000', ws: true } } },
  // WEB_OUT_DIR lets parallel end-to-end runs build into their own folder.
  build: {
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The icon stays a file (cached for a year) rather than 3.7 KB of base64 in every page's HTML.
    assetsInlineLimit: (file) => (/\/favicon-[^/]*\.png$/.test(file) ? false : undefined),
    rolldownOptions: { output: { codeSplitting: { groups: sharedChunks() } } },
    // Without Vite's polyfill of <link rel="modulepreload"> (1.2 KB of the entry every first load runs,
    // a MutationObserver watching the document): every browser the build targets but Safari 16
    // preloads modules itself, and there the chunks are fetched as they are imported, as before the
    // links existed. The entry keeps the bytes for the agenda's first period (issue 31).
    modulePreload: { polyfill: false },
  },
});
