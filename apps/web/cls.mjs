// node cls.mjs base path [user] [runs] : CLS of a full load of `path` (signed in), per run
import { chromium } from 'playwright-core';
const [base, path, user = 'pr', runs = '3'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
const page = await context.newPage();
await page.goto(base + '/login');
await page.locator('input[autocomplete=username], input[name=username]').first().fill(user);
await page.locator('input[type=password]').first().fill('Demo-Wellbe-2026!');
await page.keyboard.press('Enter');
await page.waitForURL(/dashboard/, { timeout: 30000 });
await context.addInitScript(() => {
  window.__shifts = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__shifts.push({ v: e.value, t: Math.round(e.startTime), s: e.sources?.map((s) => (s.node?.className?.toString?.() ?? s.node?.nodeName ?? '?').slice(0, 60) + ` ${JSON.stringify(s.previousRect)}->${JSON.stringify(s.currentRect)}`) }); }).observe({ type: 'layout-shift', buffered: true });
});
for (let i = 0; i < Number(runs); i++) {
  await page.goto(base + path);
  await page.waitForTimeout(4000);
  const shifts = await page.evaluate(() => window.__shifts);
  console.log('CLS', shifts.reduce((a, s) => a + s.v, 0).toFixed(3));
  if (process.env.DETAIL) for (const s of shifts) console.log(' ', s.v.toFixed(3), s.t, (s.s ?? []).slice(0, 4).join(' | '));
}
await browser.close();
