#!/usr/bin/env node
// `node scripts/build-web.mjs [--force]` (`npm start`, `npm run build`): builds the web app only when
// its inputs changed since the build in place. Rebuilding every start cost 8 s on a quiet machine and
// 30-60 s on a busy one for nothing. The inputs (the web app's sources, packages/shared, the lockfile,
// the Vite and TypeScript configs) are hashed by content, not by date (a checkout or a copy changes
// dates, not what is built), and the hash is written beside the build in BUILD_MANIFEST once the build
// has succeeded. The hash is taken before building: a file saved during the build makes the next start
// build again, never serve a stale build.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BUILD_MANIFEST = '.wellbe-build.json';

// Folders and files, relative to the repository root, whose content decides what `vite build` makes.
const INPUT_DIRS = ['apps/web/src', 'apps/web/public', 'packages/shared/src'];
const INPUT_FILES = [
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/vite.config.ts',
  'apps/web/vite.chunks.ts',
  'apps/web/vite.preloads.ts',
  'packages/shared/package.json',
  'package-lock.json',
  'tsconfig.base.json',
];
// Tests and their fixtures are never bundled: editing them does not need a new build.
const NOT_BUILT = /(\.test\.[cm]?[jt]sx?$)|(^apps\/web\/src\/test\/)/;

function listFiles(root, dir) {
  let entries;
  try {
    entries = fs.readdirSync(path.join(root, dir), { withFileTypes: true });
  } catch (err) {
    if (err.code === 'ENOENT') return [];
    throw err;
  }
  return entries.flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return listFiles(root, rel);
    return entry.isFile() && !NOT_BUILT.test(rel) ? [rel] : [];
  });
}

/** The content hash of the web app's inputs under `root` (paths and contents, in a fixed order). */
export function inputsHash(root) {
  const files = [...INPUT_DIRS.flatMap((dir) => listFiles(root, dir)), ...INPUT_FILES.filter((file) => fs.existsSync(path.join(root, file)))].sort();
  const hash = crypto.createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(crypto.createHash('sha256').update(fs.readFileSync(path.join(root, file))).digest());
  }
  return { hash: hash.digest('hex'), files: files.length };
}

function readManifest(outDir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(outDir, BUILD_MANIFEST), 'utf8'));
  } catch {
    return null;
  }
}

/** Whether `outDir` must be (re)built from the inputs under `root`, and why. */
export function buildDecision(root, outDir) {
  const { hash, files } = inputsHash(root);
  if (!fs.existsSync(path.join(outDir, 'index.html'))) return { build: true, reason: 'aucune construction', hash, files };
  const manifest = readManifest(outDir);
  if (!manifest) return { build: true, reason: 'construction sans empreinte', hash, files };
  if (manifest.hash !== hash) return { build: true, reason: 'sources modifiées', hash, files };
  return { build: false, reason: 'sources inchangées', hash, files };
}

/** Records that `outDir` was built from inputs of this hash (after a successful build only). */
export function writeManifest(outDir, hash, files) {
  fs.writeFileSync(path.join(outDir, BUILD_MANIFEST), `${JSON.stringify({ hash, files, builtAt: new Date().toISOString() }, null, 2)}\n`);
}

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const webRoot = path.join(root, 'apps/web');
  // The same folder as vite.config.ts's build.outDir (WEB_OUT_DIR, relative to apps/web).
  const outDir = path.resolve(webRoot, process.env.WEB_OUT_DIR ?? 'dist');
  const force = process.argv.includes('--force');
  const started = performance.now();
  const decision = buildDecision(root, outDir);
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  if (!force && !decision.build) {
    console.log(`[wellbe] Application web à jour (${path.relative(root, outDir)}, ${decision.files} fichiers, ${decision.reason}) : pas de reconstruction (${seconds()} s)`);
    return;
  }
  console.log(`[wellbe] Construction de l’application web (${force ? 'demandée' : decision.reason})…`);
  // Vite is loaded only when it builds: a start with nothing to build does not pay for it.
  const { build } = await import('vite');
  await build({ root: webRoot, logLevel: 'warn' });
  writeManifest(outDir, decision.hash, decision.files);
  console.log(`[wellbe] Application web construite dans ${path.relative(root, outDir)} (${seconds()} s)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(`[wellbe] Construction de l’application web impossible : ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
