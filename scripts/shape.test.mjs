// The shape rules of the code base (README, "Conventions"; issue 30): no source file over 400
// lines, no React component function over 150 lines. A file or a component that grows past them is
// split along the seams it marks; this test says which one, so the rule does not rest on review.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const FILE_LINES = 400;
const COMPONENT_LINES = 150;

/** The tracked sources (git ls-files: what a clone holds, never build output or dependencies). */
const sources = execFileSync('git', ['ls-files', '-z', 'apps', 'packages', 'scripts'], { cwd: ROOT, encoding: 'utf8' })
  .split('\0')
  .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !f.includes('/migrations/') && fs.existsSync(path.join(ROOT, f)));

const lineCount = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** Component functions (a capitalised function or arrow) and hooks of a .tsx file, with their length. */
function componentLengths(file) {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found = [];
  const visit = (node) => {
    let name = null;
    let body = null;
    if (ts.isFunctionDeclaration(node) && node.name) [name, body] = [node.name.text, node];
    else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))) [name, body] = [node.name.text, node.initializer];
    if (name && /^(?:[A-Z]|use[A-Z])/.test(name)) {
      const lines = sf.getLineAndCharacterOfPosition(body.getEnd()).line - sf.getLineAndCharacterOfPosition(body.getStart()).line + 1;
      found.push({ name, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('the shape of the code', () => {
  it(`keeps every source file at ${FILE_LINES} lines or fewer`, () => {
    expect(sources.length).toBeGreaterThan(500);
    const long = sources.map((f) => ({ f, n: lineCount(fs.readFileSync(path.join(ROOT, f), 'utf8')) })).filter((x) => x.n > FILE_LINES);
    expect(long.map((x) => `${x.f}: ${x.n} lignes`)).toEqual([]);
  });

  it(`keeps every React component and hook at ${COMPONENT_LINES} lines or fewer`, () => {
    const tsx = sources.filter((f) => f.endsWith('.tsx') && !/\.test\.tsx$/.test(f));
    expect(tsx.length).toBeGreaterThan(100);
    const long = tsx.flatMap((f) => componentLengths(f).filter((c) => c.lines > COMPONENT_LINES).map((c) => `${f}: ${c.name} ${c.lines} lignes`));
    expect(long).toEqual([]);
  });
});
