// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS } from '@wellbe/shared/routes';
import { CODE_LOADER_SCRIPT } from '@wellbe/shared/boot';

// What the browser fetches per page until it is idle is counted by e2e/budget.spec.ts (issue 31).
// This test stays for what that count cannot see: which modules are on the path to the first paint
// (no MUI nor emotion on /login; no zod, menus, tooltips or form fields before the dashboard's
// first screen; every page its own chunk). Chunks loaded after the first paint are legitimately
// counted by the spec, so a heavy module moved before the paint would not change its total.
// The shell's first-paint budget (issue 13): the JavaScript, gzipped, of the first load of /login
// and of /dashboard, and every route in its own chunk. The test builds the app (production mode)
// into a temporary folder and reads Vite's manifest: entry + its static imports + the page's chunk
// (+ the layout's for /dashboard) + the i18n bundles the page asks for (fr; en is only the fallback
// of tr and ar). Measured before issue 13: /login 248.6 KB in 43 files; after: 198.3 KB in 10 files
// (two round trips after the HTML); /dashboard 293 KB. Then 182.7 KB in 9 files: react-query out of
// /login (app/query-provider.tsx), the demo badge without MUI's Chip, the core chunk holding only
// what the first screen runs (vite.config coreChunk). Then 120.3 KB in 7 files: the sign-in page and
// its frame drawn with plain elements and CSS modules, MUI and emotion loaded only after it
// (app/mui.tsx), the splash and the page loader without MUI.
// The budgets sit just above what is reached: raise them only with a reason, in the commit message.
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LOGIN_BUDGET = 125 * 1000;
// Issue 13 asks for 200 KB. 295 → 296: the API client waits for a password change's new token
// instead of signing out (+0.4 KB). MUI's providers (theme, emotion, baseline) are their own chunk
// since the sign-in page has no MUI, counted with the layout (+0.8 KB on the same files): 298.
// 298 → 253 (252.1 KB in 9 files, was 297.6 KB in 56): zod no longer comes with the layout and the
// dashboard (constants moved out of modules that build schemas), and the layout's and dashboard's
// small chunks are one file (compressed together, they are smaller).
// 253 → 200, the issue's figure (197.7 KB in 12 files, MUI's French texts and react-query's provider counted): the closed panels and the launcher are a
// chunk loaded after the first paint (layout/closed-panels.tsx), so are the user menu's list, the
// phone's drawer and the toolbar's tooltips (components/hint.tsx); the shared chunk holds only what
// the signed-in screen runs, MUI's other basics going to a `forms` chunk of their own (vite.chunks.ts
// follows MUI's barrels by the names imported); the dashboard's tags without MUI's Chip.
// 201 KB since wave 3 (measured 200.6 KB): the dashboard's French texts now describe five more
// shortcuts (questionnaires, billing, the patient's invoices, questionnaires and documents) and the
// common texts carry the two words of the video-visit button; the code itself stayed under 200 KB.
// 202 KB since wave 4 (measured 201.1 KB): the menu's Patients entry carries the practitioner's
// badge of new diary entries (its query and MUI's Badge, issue 36) and the signed-in frame's
// markup is drawn again by React as it takes over (components/app-shell.tsx, issue 31).
const DASHBOARD_BUDGET = 202 * 1000;
let outDir: string;
let manifest: Manifest;
/** Every module bundled, by id (the build's chunks' moduleIds). */
let bundled: string[];

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wellbe-budget-'));
  // Vitest runs with NODE_ENV=test, which would bundle React's development build: measure production.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const output = await build({ root: webRoot, configFile: path.join(webRoot, 'vite.config.ts'), logLevel: 'silent', build: { outDir, manifest: true, emptyOutDir: true } });
    bundled = [output]
      .flat()
      .flatMap((o) => ('output' in o ? o.output : []))
      .flatMap((chunk) => (chunk.type === 'chunk' ? chunk.moduleIds : []));
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}, 120_000);

afterAll(() => {
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

/** A chunk and everything it imports statically (what the browser must fetch before running it). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

function gzipSize(keys: Iterable<string>): number {
  let total = 0;
  for (const key of keys) total += gzipSync(fs.readFileSync(path.join(outDir, manifest[key].file))).length;
  return total;
}

describe('bundle budget: the first paint’s closure', () => {
  it('loads /login with at most 125 KB of gzipped JavaScript, without MUI or emotion', () => {
    const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
    const login = 'src/features/auth/login-page.tsx';
    expect(manifest[login], 'the login page is its own chunk').toBeDefined();
    const keys = closure(entry);
    closure(login, keys);
    // French needs no fallback bundle (see i18n.ts): the French texts of the login page only, the
    // common ones in the entry.
    expect(manifest['src/i18n/fr/common.json'], 'the French common texts are in the entry').toBeUndefined();
    closure('src/i18n/fr/auth.json', keys);
    const size = gzipSize(keys);
    console.info(`first load of /login: ${(size / 1000).toFixed(1)} KB gzipped (${keys.size} chunks)`);
    expect(size).toBeLessThanOrEqual(LOGIN_BUDGET);
    // Over HTTP/1.1 a browser fetches six files at a time: few files, few round trips (vite.config CORE).
    expect(keys.size).toBeLessThanOrEqual(12);
    // Nothing for toasts, date pickers, charts, editors, chips, server state (react-query) or the
    // chrome before the sign-in, and no MUI nor emotion at all: the sign-in page is plain React and
    // CSS (each recognised by a class name or a message its code carries).
    expect(keys.has('src/app/layout/layout.tsx')).toBe(false);
    expect(keys.has('src/components/mui-providers.tsx')).toBe(false);
    const code = [...keys].map((key) => fs.readFileSync(path.join(outDir, manifest[key].file), 'utf8')).join('\n');
    for (const heavy of ['notistack-Snackbar', 'MuiPickersLayout', 'recharts-wrapper', 'ProseMirror', 'MuiPopover', 'MuiChip', 'No QueryClient set']) expect(code, heavy).not.toContain(heavy);
    for (const mui of ['MuiButtonBase', 'MuiInputBase', 'MuiCssBaseline', 'data-emotion']) expect(code, mui).not.toContain(mui);
  });

  it('loads /dashboard with at most 200 KB of gzipped JavaScript in few files, without zod, menus, tooltips or form fields', () => {
    const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
    const keys = closure(entry);
    // What app/preload.ts starts for a signed-in /dashboard: the layout, the page, MUI's providers
    // and French texts, react-query's provider.
    for (const key of ['src/app/layout/layout.tsx', 'src/features/dashboard/dashboard-page.tsx', 'src/components/mui-providers.tsx', 'src/lib/mui-locales/fr.ts', 'src/app/query-provider.tsx']) {
      expect(manifest[key]?.isDynamicEntry, key).toBe(true);
      closure(key, keys);
    }
    for (const ns of ['navigation', 'dashboard']) closure(`src/i18n/fr/${ns}.json`, keys);
    const size = gzipSize(keys);
    console.info(`first load of /dashboard: ${(size / 1000).toFixed(1)} KB gzipped (${keys.size} chunks)`);
    expect(size).toBeLessThanOrEqual(DASHBOARD_BUDGET);
    // The layout's and the dashboard's modules in the shared chunk (vite.config SIGNED_IN_SCREEN),
    // not fifty files of 1-3 KB: two round trips after the entry at six files at a time.
    expect(keys.size).toBeLessThanOrEqual(12);
    // The forms' validation (zod, 25 KB) is not on the first screen: the layout and the dashboard
    // import constants from modules that build no schema (domain/*, realtime.ts).
    // The dashboard's cards are chunks of their own (outside the size above), but they are loaded
    // with the page and hold its largest text (Lighthouse's LCP, issue 31): no zod in them either.
    // Their roles and thresholds came from schemas/dashboard.ts, which brought zod (24 KB) along.
    const cards = new Set(keys);
    for (const key of ['src/features/dashboard/practitioner-cards.tsx', 'src/features/dashboard/role-cards.tsx']) closure(key, cards);
    const readAll = (of: Set<string>) => [...of].map((key) => fs.readFileSync(path.join(outDir, manifest[key].file), 'utf8')).join('\n');
    const code = readAll(keys);
    expect(code).not.toContain('ZodError');
    expect(readAll(cards).includes('ZodError'), 'zod in the dashboard cards').toBe(false);
    // What the first screen does not draw: menus, popovers, tooltips, drawers, form fields.
    for (const later of ['MuiMenu', 'MuiPopover', 'MuiTooltip', 'MuiDrawer', 'MuiInputBase', 'MuiChip']) expect(code, later).not.toContain(later);
  });

  it("keeps the closed panels' drawers out of what every signed-in screen loads after its first paint: no drawer, radio nor `forms` chunk before a panel is opened", () => {
    // layout/closed-panels.tsx: loaded after the first paint of every signed-in screen, before it is
    // idle. What it runs while the panels are closed (the chat's live events, the reminders' toasts,
    // the consultation launcher) stays; the drawers come at their first opening.
    const panels = 'src/app/layout/closed-panels.tsx';
    expect(manifest[panels]?.isDynamicEntry, panels).toBe(true);
    const keys = closure(panels);
    const code = [...keys].map((key) => fs.readFileSync(path.join(outDir, manifest[key].file), 'utf8')).join('\n');
    // Each recognised by its class name prefix (MUI's list items are in `basics`, which the pages load anyway).
    for (const drawn of ['MuiDrawer', 'MuiSwipeableDrawer', 'MuiRadio', 'MuiInputBase']) expect(code, drawn).not.toContain(drawn);
    expect([...keys].some((key) => /forms-/.test(manifest[key].file)), 'forms chunk').toBe(false);
    for (const drawer of ['chat-panel.tsx', 'quick-panel.tsx', 'settings-panel.tsx']) {
      expect(manifest[`src/app/layout/${drawer}`]?.isDynamicEntry, drawer).toBe(true);
      expect(keys.has(`src/app/layout/${drawer}`), drawer).toBe(false);
    }
  });

  it("keeps the patient file's other tabs, its identity form and a consultation's detail out of its first load: no charts, date pickers, zod, forms nor DOMPurify", () => {
    // What the server preloads for /patient/dossier/:id (route-preloads.json): the page's static closure.
    const keys = closure('src/features/patients/patient-page.tsx');
    const code = [...keys].map((key) => fs.readFileSync(path.join(outDir, manifest[key].file), 'utf8')).join('\n');
    // Each recognised by a text its code carries: Recharts, MUI X's date pickers, zod, react-hook-form, DOMPurify.
    for (const heavy of ['recharts-wrapper', 'MuiPickersLayout', 'ZodError', 'shouldUnregister', 'DOMPurify']) expect(code, heavy).not.toContain(heavy);
    for (const later of ['identity-form.tsx', 'documents-tab.tsx', 'dietetics-tab.tsx', 'consultation-detail.tsx', 'measures-tab.tsx']) {
      expect(manifest[`src/features/patients/components/${later}`]?.isDynamicEntry, later).toBe(true);
      expect(keys.has(`src/features/patients/components/${later}`), later).toBe(false);
    }
  });

  it("draws the patient file's first screen without MUI's inputs, menus, dialogs nor the tooltip: its buttons, tabs and stacks from `actions` (vite.config MUI_ACTIONS), not `forms`", () => {
    const keys = closure('src/features/patients/patient-page.tsx');
    const code = [...keys].map((key) => fs.readFileSync(path.join(outDir, manifest[key].file), 'utf8')).join('\n');
    // Each recognised by its class name prefix: what the first screen draws is there; the archive's
    // confirmation, the notice's form and the history's dialog load when asked for.
    for (const shown of ['MuiButton', 'MuiTabs', 'MuiCardHeader', 'MuiStack', 'MuiRating']) expect(code, shown).toContain(shown);
    for (const absent of ['MuiInputBase', 'MuiSelect', 'MuiMenu', 'MuiDialog', 'MuiTooltip', 'MuiAutocomplete', 'MuiCheckbox']) expect(code, absent).not.toContain(absent);
    expect([...keys].some((key) => /forms-|tooltip-/.test(manifest[key].file)), 'forms or tooltip chunk').toBe(false);
  });

  it("loads the patient's menu of the day, a page that only shows things, without MUI's inputs, menus, dialogs nor the tooltip (vite.config MUI_BASICS)", () => {
    const keys = closure('src/features/dietetics/my-menu-page.tsx');
    const code = [...keys].map((key) => fs.readFileSync(path.join(outDir, manifest[key].file), 'utf8')).join('\n');
    // Each recognised by its class name prefix: its alert and list items are there, no field, menu, dialog nor tooltip.
    for (const shown of ['MuiAlert', 'MuiListItem', 'MuiCardContent']) expect(code, shown).toContain(shown);
    for (const absent of ['MuiInputBase', 'MuiSelect', 'MuiMenu', 'MuiDialog', 'MuiTooltip', 'MuiAutocomplete']) expect(code, absent).not.toContain(absent);
  });

  it("keeps the agenda's dialogs out of its first load: no date-time pickers, zod nor forms before the calendar", () => {
    const keys = closure('src/features/agenda/agenda-page.tsx');
    const code = [...keys].map((key) => fs.readFileSync(path.join(outDir, manifest[key].file), 'utf8')).join('\n');
    for (const heavy of ['MuiPickersLayout', 'ZodError', 'shouldUnregister']) expect(code, heavy).not.toContain(heavy);
    for (const dialog of ['booking-dialog.tsx', 'appointment-dialog.tsx', 'settings-dialog.tsx']) {
      expect(manifest[`src/features/agenda/components/${dialog}`]?.isDynamicEntry, dialog).toBe(true);
      expect(keys.has(`src/features/agenda/components/${dialog}`), dialog).toBe(false);
    }
  });

  it('fetches no code before the first paint: the entry and its modulepreload links written inert, made real by the shared loader (boot.ts)', () => {
    const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).not.toMatch(/rel="modulepreload"/);
    const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
    expect(html).toContain(`<script type="wb-module" crossorigin src="/${manifest[entry].file}"></script>`);
    expect(html).toMatch(/<link rel="wb-modulepreload" crossorigin href="\/assets\/core-[\w-]+\.js">/);
    expect(html).toContain(`<script>${CODE_LOADER_SCRIPT}</script>`);
  });

  it("bundles MUI's lazy number formatter in place of its own, which builds an Intl.NumberFormat as a locale or TablePagination is evaluated (vite.config lazyMuiNumberFormat)", () => {
    expect(bundled.some((id) => id.includes('@mui/material/TablePagination/'))).toBe(true);
    expect(bundled.some((id) => id.endsWith('/src/lib/mui-locales/format-number.ts'))).toBe(true);
    expect(bundled.filter((id) => /\/@mui\/material\/locale\/utils\/buildFormatNumber/.test(id))).toEqual([]);
  });

  it('links a PNG icon, a hashed file of its own: an SVG icon is a document Chromium lays out on the page’s main thread', () => {
    const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const icons = [...html.matchAll(/<link rel="icon"[^>]*>/g)].map((m) => m[0]);
    expect(icons).toHaveLength(1);
    const href = /href="\/(assets\/favicon-64-[\w-]+\.png)"/.exec(icons[0]!)?.[1];
    expect(href, icons[0]).toBeTruthy();
    // The PNG signature: the file is the image itself.
    expect(fs.readFileSync(path.join(outDir, href!)).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(html).not.toContain('image/svg+xml');
  });

  it("draws text in Arial with Roboto's height until Roboto arrives, in bold for the headings", () => {
    const inline = [...fs.readFileSync(path.join(outDir, 'index.html'), 'utf8').matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]).join('');
    for (const weight of [400, 700]) {
      const face = inline.match(new RegExp(`@font-face\\{font-family:Roboto fallback;font-weight:${weight};[^}]*\\}`));
      expect(face, `fallback ${weight}`).not.toBeNull();
      expect(face![0]).toContain(weight === 700 ? 'local(Arial Bold)' : 'local(Arial)');
      expect(face![0]).toContain('ascent-override:92.77%;descent-override:24.41%');
    }
    expect(inline).toMatch(/body\{[^}]*font-family:Roboto,Roboto fallback,/);
  });

  it('preloads no font, whose first paint Chromium would hold, and has the @font-face rules of 400, 500 and 700 in the HTML with font-display: swap', () => {
    const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    expect(html).not.toMatch(/<link[^>]+as="font"/);
    const inline = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]).join('');
    for (const weight of [400, 500, 700]) {
      const face = inline.match(new RegExp(`@font-face\\{font-family:Roboto;[^}]*font-weight:${weight};[^}]*\\}`));
      expect(face, `Roboto ${weight}`).not.toBeNull();
      expect(face![0]).toContain('font-display:swap');
      expect(face![0]).toMatch(new RegExp(`url\\(/assets/roboto-latin-${weight}-normal-[^)]+\\.woff2\\)`));
    }
  });

  it('gives every page its own chunk, outside the entry', () => {
    const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
    const entryClosure = closure(entry);
    for (const page of ['src/features/dashboard/dashboard-page.tsx', 'src/features/auth/register-page.tsx', 'src/features/placeholders/not-found-page.tsx']) {
      expect(manifest[page]?.isDynamicEntry, page).toBe(true);
      expect(entryClosure.has(page), page).toBe(false);
    }
  });

  it("lists, for the server's modulepreload links, each page's chunk and its static imports, and the chrome's (vite.preloads.ts)", () => {
    const preloads = JSON.parse(fs.readFileSync(path.join(outDir, 'route-preloads.json'), 'utf8')) as { chrome: string[]; pages: Record<string, string[]> };
    const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
    const inHtml = new Set([...closure(entry)].map((key) => `/${manifest[key].file}`));
    const inHtmlCss = new Set([...closure(entry)].flatMap((key) => manifest[key].css ?? []).map((file) => `/${file}`));
    const filesOf = (key: string) => [
      ...[...closure(key)].map((k) => `/${manifest[k].file}`).filter((file) => !inHtml.has(file)),
      ...[...closure(key)].flatMap((k) => manifest[k].css ?? []).map((file) => `/${file}`).filter((file) => !inHtmlCss.has(file)),
    ];
    expect(new Set(preloads.pages.dashboard)).toEqual(new Set(filesOf('src/features/dashboard/dashboard-page.tsx')));
    expect(preloads.pages.dashboard.length).toBeGreaterThan(0);
    // The chrome's CSS modules (its toolbar, in static CSS) are fetched with its chunks.
    expect(preloads.chrome.some((file) => file.endsWith('.css'))).toBe(true);
    for (const key of ['src/app/layout/layout.tsx', 'src/components/mui-providers.tsx']) for (const file of filesOf(key)) expect(preloads.chrome, key).toContain(file);
    // The texts of a page's first render in the chrome, per language: its namespaces and the chrome's,
    // MUI's texts of the language, English's too where it is the fallback; French common is in the entry.
    const texts = (preloads as unknown as { texts: Record<string, Record<string, string[]>> }).texts;
    const textFile = (lang: string, module: string) => `/${manifest[`src/${module.replace('LANG', lang)}`].file}`;
    expect(new Set(texts.dashboard.fr)).toEqual(new Set(['i18n/LANG/dashboard.json', 'i18n/LANG/records.json', 'i18n/LANG/navigation.json', 'lib/mui-locales/LANG.ts'].map((m) => textFile('fr', m)).concat([...closure('src/lib/mui-locales/fr.ts')].filter((k) => k !== 'src/lib/mui-locales/fr.ts').map((k) => `/${manifest[k].file}`).filter((f) => !inHtml.has(f)))));
    for (const module of ['i18n/LANG/common.json', 'i18n/LANG/dashboard.json']) {
      expect(texts.dashboard.ar).toContain(textFile('ar', module));
      expect(texts.dashboard.ar).toContain(textFile('en', module));
    }
    expect(texts.dashboard.en.some((file) => file.includes('/ar'))).toBe(false);
    // A page drawn without the chrome (the sign-in page, its HTML the splash): its own texts only,
    // neither the chrome's nor MUI's (it has no MUI).
    expect(new Set(texts.login.fr)).toEqual(new Set(['i18n/LANG/auth.json', 'i18n/LANG/oidc.json'].map((m) => textFile('fr', m))));
    expect(texts.login.ar).toContain(textFile('ar', 'i18n/LANG/auth.json'));
    expect(texts.login.ar).not.toContain(textFile('ar', 'i18n/LANG/navigation.json'));
    // Every area of the route table has its line (pages.ts is read line by line: a wrapped line would lose its preloads).
    expect(new Set(Object.keys(preloads.pages))).toEqual(new Set(AREAS));
  });
});
