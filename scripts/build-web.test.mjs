// The start's decision (scripts/build-web.mjs): the web app is rebuilt when one of its inputs
// changed since the build in place, and only then. A temporary folder stands for the repository.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_MANIFEST, buildDecision, writeManifest } from './build-web.mjs';

let root;
let outDir;
const write = (file, text) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
/** What a successful build leaves: the app and the manifest of the inputs it was built from. */
const built = () => {
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'index.html'), '<!doctype html>');
  const { hash, files } = buildDecision(root, outDir);
  writeManifest(outDir, hash, files);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'wellbe-build-web-'));
  outDir = path.join(root, 'apps/web/dist');
  write('apps/web/index.html', '<div id="root"></div>');
  write('apps/web/vite.config.ts', 'export default {};');
  write('apps/web/src/main.tsx', 'console.log("Bonjour");');
  write('apps/web/src/features/patients/list.tsx', 'export const List = 1;');
  write('apps/web/src/features/patients/list.test.tsx', 'it("liste", () => {});');
  write('packages/shared/src/roles.ts', 'export const ROLES = ["PR"];');
  write('package-lock.json', '{"lockfileVersion":3}');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('npm start: build the web app or reuse it', () => {
  it('builds when there is no build yet', () => {
    expect(buildDecision(root, outDir)).toMatchObject({ build: true, reason: 'aucune construction' });
  });

  it('builds when the build in place has no manifest (built by hand with vite)', () => {
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, 'index.html'), '<!doctype html>');
    expect(buildDecision(root, outDir)).toMatchObject({ build: true, reason: 'construction sans empreinte' });
  });

  it('reuses the build when nothing changed, even when files were touched or copied', () => {
    built();
    expect(fs.existsSync(path.join(outDir, BUILD_MANIFEST))).toBe(true);
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'apps/web/src/main.tsx'), later, later);
    expect(buildDecision(root, outDir)).toMatchObject({ build: false, reason: 'sources inchangées' });
  });

  it.each([
    ['a web source', 'apps/web/src/features/patients/list.tsx'],
    ['packages/shared', 'packages/shared/src/roles.ts'],
    ['the lockfile', 'package-lock.json'],
    ['the Vite config', 'apps/web/vite.config.ts'],
    ['index.html', 'apps/web/index.html'],
  ])('rebuilds when %s changed', (_what, file) => {
    built();
    fs.appendFileSync(path.join(root, file), '\n// changé');
    expect(buildDecision(root, outDir)).toMatchObject({ build: true, reason: 'sources modifiées' });
  });

  it('rebuilds when a source is added, removed or renamed', () => {
    built();
    write('apps/web/src/features/patients/card.tsx', 'export const Card = 1;');
    expect(buildDecision(root, outDir).build).toBe(true);
    built();
    fs.renameSync(path.join(root, 'apps/web/src/features/patients/card.tsx'), path.join(root, 'apps/web/src/features/patients/tile.tsx'));
    expect(buildDecision(root, outDir).build).toBe(true);
    built();
    fs.rmSync(path.join(root, 'apps/web/src/features/patients/tile.tsx'));
    expect(buildDecision(root, outDir).build).toBe(true);
  });

  it('does not rebuild for a change to a test file, which is never bundled', () => {
    built();
    fs.appendFileSync(path.join(root, 'apps/web/src/features/patients/list.test.tsx'), '\n// changé');
    expect(buildDecision(root, outDir).build).toBe(false);
  });

  it('builds again when the build folder was emptied', () => {
    built();
    fs.rmSync(path.join(outDir, 'index.html'));
    expect(buildDecision(root, outDir).build).toBe(true);
  });
});
