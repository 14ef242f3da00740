// node shot.mjs base path out.png [user] [lang] [width]
import { chromium } from 'playwright-core';
const [base, path, out, user = 'pr', lang = 'fr', width = '1280'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const context = await browser.newContext({ viewport: { width: Number(width), height: 860 } });
const page = await context.newPage();
page.on('pageerror', (e) => console.log('pageerror', e.message));
page.on('console', (m) => m.type() === 'error' && console.log('console', m.text()));
await page.goto(base + '/login');
await page.evaluate((l) => localStorage.setItem('wellbe.language', l), lang);
await page.goto(base + '/login');
await page.locator('input[autocomplete=username], input[name=username]').first().fill(user);
await page.locator('input[type=password]').first().fill('Demo-Wellbe-2026!');
await page.keyboard.press('Enter');
await page.waitForURL(/dashboard/, { timeout: 30000 });
await page.goto(base + path);
await page.waitForTimeout(3000);
await page.screenshot({ path: out, fullPage: false });
await browser.close();
