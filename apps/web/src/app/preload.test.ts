// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTES, type Area } from '@wellbe/shared/routes';
import { CHROME_NAMESPACES, pageNamespaces } from './preload.ts';

// app/preload.ts starts a page's texts with its chunk. A namespace it does not list is asked for
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
const pageFiles = [...fs.readFileSync(pagesFile, 'utf8').matchAll(/^\s*'?([\w-]+)'?: lazy\(\(\) => import\('([^']+)'\)/gm)].map(
  ([, area, spec]) => [area as Area, resolveImport(pagesFile, spec)!] as const,
);
// Lazy chunks a page renders at once (not on a click): their texts are the page's too.
const RENDERED_WITH: Partial<Record<Area, string[]>> = {
  dashboard: ['features/dashboard/practitioner-cards.tsx', 'features/dashboard/role-cards.tsx'],
};

describe('texts preloaded with a page (app/preload.ts)', () => {
  it('reads every page of pages.ts', () => {
    expect(pageFiles.length).toBeGreaterThan(30);
    for (const [area, file] of pageFiles) expect(file, area).not.toBeNull();
  });

  it('lists every namespace the layout asks for at its first render', () => {
    const asked = namespacesOf(path.join(src, 'app/layout/layout.tsx'));
    asked.delete('common');
    expect([...asked].filter((ns) => !CHROME_NAMESPACES.includes(ns))).toEqual([]);
  });

  it.each(pageFiles)('lists every namespace %s asks for at its first render', (area, file) => {
    const asked = namespacesOf(file);
    for (const lazy of RENDERED_WITH[area] ?? []) for (const ns of namespacesOf(path.join(src, lazy))) asked.add(ns);
    const withChrome = ROUTES.some((rule) => rule.area === area && rule.chrome !== 'none');
    const loaded = new Set(['common', ...pageNamespaces(area), ...(withChrome ? CHROME_NAMESPACES : [])]);
    expect([...asked].filter((ns) => !loaded.has(ns)), `${area}: add to NAMESPACES in app/preload.ts`).toEqual([]);
  });
});
