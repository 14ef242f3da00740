// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTES, type Area } from '@wellbe/shared/routes';
import { hasBundle } from '../i18n/i18n.ts';
import { pageDeclaration } from './pages.ts';
import { CHROME_NAMESPACES, pageNamespaces } from './preload.ts';

// app/preload.ts starts a page's texts with its chunk, as its line of app/pages.ts declares them
// (issue 31: the route's line is the one place). A namespace not declared there is asked for
// by the component at its first render, which suspends the page (or, for the layout's, the whole
// app behind the splash) for one more round trip per namespace: /dashboard appeared 1.5 s after its
// chunks on a slow line (issue 13). This test reads the source: the modules a page imports
// statically (what renders with it) and the namespaces of their useTranslation() calls.
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = path.resolve(src, '../../../packages/shared/src');

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else if (spec.startsWith('@wellbe/shared/')) base = path.join(shared, spec.slice('@wellbe/shared/'.length));
  else return null;
  return [base, `${base}.ts`, `${base}.tsx`].find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;
}

/** The namespaces asked for by `file` and the modules it imports statically (type-only imports aside). */
function namespacesOf(file: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(file)) return found;
  seen.add(file);
  const code = fs.readFileSync(file, 'utf8');
  for (const call of code.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g)) {
    for (const ns of call[1].matchAll(/'([^']+)'/g)) found.add(ns[1]);
  }
  for (const statement of code.matchAll(/^import\s(?!type\s)[^;]*?from\s+'([^']+)'/gms)) {
    const target = resolveImport(file, statement[1]);
    if (target) for (const ns of namespacesOf(target, seen)) found.add(ns);
  }
  return found;
}

const pagesFile = path.join(src, 'app/pages.ts');
// Each `area: lazy(() => import('…'), …)` line, and the 404 page's (NOT_FOUND_PAGE, area 'not-found').
const pageFiles = [...fs.readFileSync(pagesFile, 'utf8').matchAll(/^\s*(?:export const NOT_FOUND_PAGE: Page = |'?([\w-]+)'?: )lazy\(\(\) => import\('([^']+)'\)/gm)].map(
  ([, area, spec]) => [(area ?? 'not-found') as Area, resolveImport(pagesFile, spec)!] as const,
);

describe('texts preloaded with a page (app/preload.ts)', () => {
  it('reads every page of pages.ts', () => {
    expect(pageFiles.length).toBeGreaterThan(30);
    for (const [area, file] of pageFiles) expect(file, area).not.toBeNull();
  });

  it.each(pageFiles)('declares, for %s, namespaces that exist and parts that exist', (area) => {
    const { namespaces, parts = [] } = pageDeclaration(area);
    expect(namespaces.filter((ns) => !hasBundle(ns)), `${area}: no such namespace in apps/web/src/i18n/fr`).toEqual([]);
    expect(parts.filter((part) => !resolveImport(pagesFile, part)), `${area}: no such part`).toEqual([]);
  });

  it('lists every namespace the layout asks for at its first render', () => {
    const asked = namespacesOf(path.join(src, 'app/layout/layout.tsx'));
    asked.delete('common');
    expect([...asked].filter((ns) => !CHROME_NAMESPACES.includes(ns))).toEqual([]);
  });

  it.each(pageFiles)('lists every namespace %s asks for at its first render', (area, file) => {
    const asked = namespacesOf(file);
    // Lazy parts the page renders at once (not on a click), as its line declares them: their texts are the page's too.
    for (const part of pageDeclaration(area).parts ?? []) for (const ns of namespacesOf(resolveImport(pagesFile, part)!)) asked.add(ns);
    const withChrome = ROUTES.some((rule) => rule.area === area && rule.chrome !== 'none');
    const loaded = new Set(['common', ...pageNamespaces(area), ...(withChrome ? CHROME_NAMESPACES : [])]);
    expect([...asked].filter((ns) => !loaded.has(ns)), `${area}: declare it in the page's line of app/pages.ts ({ namespaces: [...] })`).toEqual([]);
  });
});
