import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appShellHtml } from './web.ts';

// Issue 31: a signed-in route's HTML carries the chrome's frame in #root, painted before any script.
const index = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/index.html'), 'utf8');

describe("the HTML of a route with the chrome (appShellHtml)", () => {
  it("has the frame in #root in place of the splash, and no template left", () => {
    const html = appShellHtml(index)!;
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<noscript>/.exec(html)?.[1] ?? '';
    expect(root).toContain('class="wb-shell"');
    expect(root).not.toContain('wb-splash');
    expect(html).not.toContain('<template');
    // The rest of the page is untouched: its head, its noscript and its entry script.
    expect(html.slice(0, html.indexOf('<body>'))).toBe(index.slice(0, index.indexOf('<body>')));
    expect(html).toContain('<script type="module"');
  });

  it('is null for a build without the frame (the page is then sent as it is)', () => {
    expect(appShellHtml('<html><body><div id="root"></div></body></html>')).toBeNull();
  });
});
