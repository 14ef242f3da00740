import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
// Relative, not the package's name: Vite's config loader leaves a package to Node, which runs no TypeScript.
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES } from '../../packages/shared/src/constants.ts';
import { ROUTES } from '../../packages/shared/src/routes.ts';
import { CHROME_NAMESPACES } from './src/app/chrome-texts.ts';
import { FIRST_NOTICES, FIRST_TITLES } from './src/app/first-titles.ts';

// What the server writes, per route, as <link rel="modulepreload"> into the HTML it sends (issue 31).
// Without it the browser learns of a page's chunks only once the entry and the `core` chunk have
// been fetched and run (app/preload.ts): on Lighthouse's mobile line that is ~1.5 s during which the
// network sat idle, then a second round trip for the page, the layout and the `shared` chunk. With
// the links they come in the first round trip, beside `core`; they are fetched, not run: the app
// still runs them when it imports them, as before.
//
// The build writes `route-preloads.json` beside index.html: for each area of app/pages.ts (its line
// `area: lazy(() => import('…'))`), the page's chunk and the chunks it imports statically; and, for
// the routes drawn inside the signed-in chrome, those of the layout, react-query's provider and MUI's
// providers (app/root.tsx, lib/mui.ts). What index.html preloads already (the entry's chunks) is left
// out. Lazy parts of a page (its cards, charts, dialogs) are not listed: they depend on the role or
// on a click, and a preloaded chunk nobody runs is bandwidth a phone pays for nothing. With them,
// the title each page draws first, in every language (app/first-titles.ts).

/** The file the server reads (apps/server/src/plugins/web.ts). */
export const ROUTE_PRELOADS = 'route-preloads.json';

export interface RoutePreloads {
  /** Chunks of the signed-in chrome, for a route drawn inside it. */
  chrome: string[];
  /** Chunks of each area's page. */
  pages: Record<string, string[]>;
  /** The title each area's page draws first (app/first-titles.ts), in every language. */
  titles: Record<string, ResolvedTitle>;
  /**
   * Per area, per language, the texts its first render inside the chrome asks for (the page's
   * namespaces, the chrome's, MUI's texts; English too where it is the fallback): the server writes
   * them with the language (`data-lang`), index.html's code loader fetches those of <html lang>.
   */
  texts: Record<string, Record<string, string[]>>;
  /** The notice each area's page draws first for some roles (app/first-titles.ts FIRST_NOTICES), in every language. */
  notices: Record<string, ResolvedNotice>;
}

export interface ResolvedTitle {
  texts: Record<string, string>;
  column?: number;
  inset?: boolean;
}

export interface ResolvedNotice {
  texts: Record<string, string>;
  actions: Record<string, string>;
  icon: string;
  roles: string[];
  /** The greeting above it in every language, with its `{{name}}` place. */
  greetings?: Record<string, string>;
}

/** An i18n key (`namespace:dotted.path`) in the four languages, from the app's i18n files; a missing text fails the build. */
function keyResolver(srcDir: string): (key: string) => Record<string, string> {
  const files = new Map<string, Record<string, unknown>>();
  const text = (language: string, key: string) => {
    const [namespace, dotted] = key.split(':');
    const file = path.join(srcDir, 'i18n', language, `${namespace}.json`);
    if (!files.has(file)) files.set(file, JSON.parse(fs.readFileSync(file, 'utf8')));
    const value = dotted.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], files.get(file));
    if (typeof value !== 'string') throw new Error(`first-titles : pas de texte ${language} pour ${key}`);
    return value;
  };
  return (key) => Object.fromEntries(LANGUAGES.map((language) => [language, text(language, key)]));
}

/** FIRST_TITLES' keys in the four languages. */
export function resolveTitles(srcDir: string): Record<string, ResolvedTitle> {
  const texts = keyResolver(srcDir);
  return Object.fromEntries(Object.entries(FIRST_TITLES).map(([area, { key, ...layout }]) => [area, { ...layout, texts: texts(key) }]));
}

/** FIRST_NOTICES' texts and actions in the four languages. */
export function resolveNotices(srcDir: string): Record<string, ResolvedNotice> {
  const texts = keyResolver(srcDir);
  return Object.fromEntries(
    Object.entries(FIRST_NOTICES).map(([area, { key, action, icon, roles, greeting }]) => [area, { texts: texts(key), actions: texts(action), icon, roles, ...(greeting && { greetings: texts(greeting) }) }]),
  );
}

/**
 * Each area's declaration in pages.ts, read from its text (`area: lazy(() => import('…'), { namespaces:
 * [...] … })`; the 404 page's is NOT_FOUND_PAGE, area 'not-found'): its page's module file and the
 * namespaces its first render asks for.
 */
export function pageDeclarations(pagesFile: string): Map<string, { module: string; namespaces: string[] }> {
  const text = fs.readFileSync(pagesFile, 'utf8');
  const starts = [...text.matchAll(/^\s*(?:export const NOT_FOUND_PAGE: Page = |'?([\w-]+)'?: )lazy\(\(\) => import\('([^']+)'\)/gm)];
  return new Map(
    starts.map((start, i) => {
      const declaration = text.slice(start.index, starts[i + 1]?.index ?? text.length);
      const list = /namespaces: \[([^\]]*)\]/.exec(declaration)?.[1] ?? '';
      const namespaces = [...list.matchAll(/'([\w-]+)'/g)].map((m) => m[1]!);
      return [start[1] ?? 'not-found', { module: path.resolve(path.dirname(pagesFile), start[2]!), namespaces }];
    }),
  );
}

export function routePreloads(srcDir: string): Plugin {
  const chromeModules = ['app/layout/layout.tsx', 'app/query-provider.tsx', 'components/mui-providers.tsx'].map((file) => path.join(srcDir, file));
  return {
    name: 'wellbe-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
      const chunkOf = new Map<string, Rolldown.OutputChunk>();
      for (const chunk of chunks) for (const id of chunk.moduleIds) chunkOf.set(id, chunk);
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // What the HTML preloads already: the entry and what it imports statically.
      const inHtml = new Set<string>();
      const closure = (file: string, into: Set<string>) => {
        if (into.has(file)) return;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) closure(imported, into);
      };
      for (const chunk of chunks) if (chunk.isEntry) closure(chunk.fileName, inHtml);
      // A chunk's CSS (CSS modules of the chrome and the pages) is fetched by Vite's loader before the
      // chunk runs: listed too, the server has the browser fetch it in the first round trip (issue 31).
      const cssOf = (files: Set<string>) => [...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
      const cssInHtml = new Set(cssOf(inHtml));
      const filesOf = (modules: string[]) => {
        const files = new Set<string>();
        for (const id of modules) {
          const chunk = chunkOf.get(id);
          if (!chunk) this.error(`route-preloads : aucun chunk ne contient ${id}`);
          closure(chunk.fileName, files);
        }
        const css = new Set(cssOf(files).filter((file) => !cssInHtml.has(file)));
        return [...[...files].filter((file) => !inHtml.has(file)), ...css].map((file) => `/${file}`);
      };
      // A language's bundles of `namespaces` (the default's common texts are in the entry), with
      // English's where it is the fallback (i18n.ts), and, for a page drawn in the chrome, the
      // chrome's texts and MUI's of the language (the sign-in pages have neither).
      const textsOf = (namespaces: string[], chrome: boolean) =>
        Object.fromEntries(
          LANGUAGES.map((language) => {
            const languages = language === DEFAULT_LANGUAGE || language === FALLBACK_LANGUAGE ? [language] : [language, FALLBACK_LANGUAGE];
            const wanted = new Set(['common', ...namespaces, ...(chrome ? CHROME_NAMESPACES : [])]);
            const modules = languages.flatMap((lang) => [...wanted].map((ns) => path.join(srcDir, 'i18n', lang, `${ns}.json`)));
            const present = [...modules, ...(chrome ? [path.join(srcDir, 'lib/mui-locales', `${language}.ts`)] : [])].filter((id) => chunkOf.has(id));
            return [language, filesOf(present).filter((file) => file.endsWith('.js'))];
          }),
        );
      const declarations = [...pageDeclarations(path.join(srcDir, 'app/pages.ts'))];
      // An area whose every route is drawn without the chrome (/login, /register…): its HTML is the
      // splash (server plugins/web.ts guestHtml), its first render asks for none of the chrome's texts.
      const withoutChrome = (area: string) => ROUTES.some((route) => route.area === area) && ROUTES.every((route) => route.area !== area || route.chrome === 'none');
      const preloads: RoutePreloads = {
        chrome: filesOf(chromeModules),
        pages: Object.fromEntries(declarations.map(([area, { module }]) => [area, filesOf([module])])),
        titles: resolveTitles(srcDir),
        notices: resolveNotices(srcDir),
        texts: Object.fromEntries(declarations.map(([area, { namespaces }]) => [area, textsOf(namespaces, !withoutChrome(area))])),
      };
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS, source: JSON.stringify(preloads) });
    },
  };
}
