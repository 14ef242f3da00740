// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The shell's performance budget: the first load of /login is at most 250 KB of JavaScript, gzipped,
// and every route loads its own chunk. The test builds the app (production mode) into a
// temporary folder and reads Vite's manifest: entry + its static imports + the login page chunk
// + the i18n bundles the login page asks for (fr; en is only the fallback of tr and ar).
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUDGET = 250 * 1000;
let outDir: string;
let manifest: Manifest;

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wellbe-budget-'));
  // Vitest runs with NODE_ENV=test, which would bundle React's development build: measure production.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: webRoot, configFile: path.join(webRoot, 'vite.config.ts'), logLevel: 'silent', build: { outDir, manifest: true, emptyOutDir: true } });
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

describe('bundle budget', () => {
  it('loads /login with at most 250 KB of gzipped JavaScript', () => {
    const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
    const login = 'src/features/auth/login-page.tsx';
    expect(manifest[login], 'the login page is its own chunk').toBeDefined();
    const keys = closure(entry);
    closure(login, keys);
    // French needs no fallback bundle (see i18n.ts): the French texts of the login page only.
    for (const ns of ['common', 'auth']) closure(`src/i18n/fr/${ns}.json`, keys);
    const size = gzipSize(keys);
    console.info(`first load of /login: ${(size / 1000).toFixed(1)} KB gzipped (${keys.size} chunks)`);
    expect(size).toBeLessThanOrEqual(BUDGET);
  });

  it('gives every page its own chunk, outside the entry', () => {
    const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
    const entryClosure = closure(entry);
    for (const page of ['src/features/dashboard/dashboard-page.tsx', 'src/features/auth/register-page.tsx', 'src/features/placeholders/not-found-page.tsx']) {
      expect(manifest[page]?.isDynamicEntry, page).toBe(true);
      expect(entryClosure.has(page), page).toBe(false);
    }
  });
});
