// node apps/web/scripts/favicon.mjs — draws src/assets/favicon.svg into the PNG icon index.html
// links (favicon-64.png), with the installed Chromium. Why PNG (issue 31): an
// SVG icon is an SVG document that Chromium parses and lays out on the page's main thread (its
// text too), 35–120 ms of a phone's first second in a Lighthouse trace; a PNG is only decoded.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/assets');
const svg = fs.readFileSync(path.join(assets, 'favicon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
const SIZE = 64;
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
  await page.setContent(`<body style="margin:0">${svg.replace('<svg ', `<svg width="${SIZE}" height="${SIZE}" `)}</body>`);
  await page.screenshot({ path: path.join(assets, `favicon-${SIZE}.png`), omitBackground: true });
} finally {
  await browser.close();
}
