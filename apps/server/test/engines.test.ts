import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The README promises "Node.js 20.19 or later" (root package.json `engines`). A dependency whose
// own `engines` asks for more makes `npm ci` print EBADENGINE warnings and may break on the
// promised version: every package the lock file installs must accept the oldest promised Node.
// When an upgrade asks for a newer Node, pin the last version that did not (or an `overrides`
// entry in the root package.json), or raise the promise in the README and package.json together.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

/** The packages of a lock file whose `engines.node` refuses `node` ("node_modules/x@1.2.3: >=22"). */
function refusing(lock: { packages: Record<string, { version?: string; engines?: unknown }> }, node: string): string[] {
  return Object.entries(lock.packages)
    .filter(([, pkg]) => {
      const engines = pkg.engines;
      // A few old packages write `engines` as an array of strings: npm ignores those.
      const range = engines && typeof engines === 'object' && !Array.isArray(engines) ? (engines as { node?: unknown }).node : undefined;
      return typeof range === 'string' && semver.validRange(range) !== null && !semver.satisfies(node, range, { includePrerelease: true });
    })
    .map(([name, pkg]) => `${name}@${pkg.version}: ${(pkg.engines as { node: string }).node}`);
}

describe('the Node version the README promises', () => {
  const promise: string = readJson('package.json').engines.node;
  const oldest = semver.minVersion(promise)!.version;

  it('is the one the README states', () => {
    expect(oldest).toBe('20.19.0');
    expect(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain('Needs Node.js 20.19 or later');
  });

  it('is accepted by every installed package (npm ci prints no EBADENGINE warning)', () => {
    expect(refusing(readJson('package-lock.json'), oldest)).toEqual([]);
  });

  it('catches a package that asks for a newer Node', () => {
    const lock = { packages: { 'node_modules/a': { version: '1.0.0', engines: { node: '>=22' } }, 'node_modules/b': { version: '1.0.0', engines: { node: '>=18' } } } };
    expect(refusing(lock, oldest)).toEqual(['node_modules/a@1.0.0: >=22']);
  });
});
