import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Splash } from './splash.tsx';

// index.html carries the splash in its #root: the browser draws it as soon as the HTML and its
// stylesheet are there, before any script (issue 13: the first paint came 2 s later on a phone).
// React replaces it with <Splash /> at its first render: the same markup, nothing flickers.
describe('the splash written in index.html', () => {
  it('is the markup of <Splash />', () => {
    const html = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../index.html'), 'utf8');
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<noscript>/.exec(html)?.[1].trim();
    expect(root).toBe(renderToStaticMarkup(<Splash />));
  });
});
