// Lighthouse scores of the built app (a measurement, not a test: too slow for the suite).
//   node apps/web/scripts/lighthouse.mjs [baseUrl] [username]
// baseUrl defaults to http://localhost:3000, a server already serving the built app with the demo
// data (npm start). The `lighthouse` package is not a dependency of the project: install it where you
// like (npm i lighthouse in a scratch folder) and point LIGHTHOUSE_DIR at that folder. It drives the
// installed Chromium (CHROME_PATH, else /usr/bin/chromium) and downloads nothing.
// Pages: /login as a guest; /dashboard and /patients/list signed in (the token is stored by a sign-in
// through the API, then Lighthouse keeps the storage). Mobile (Lighthouse's default: Moto G power,
// slow 4G, 4x CPU slowdown, simulated) and desktop; the median of RUNS runs (default 3) is printed.
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const base = process.argv[2] ?? 'http://localhost:3000';
const username = process.argv[3] ?? 'pr';
const password = process.env.DEMO_PASSWORD ?? 'Demo-Wellbe-2026!';
const runs = Number(process.env.RUNS ?? 3);
const pages = (process.env.PAGES ?? '/login,/dashboard,/patients/list').split(',');
const forms = (process.env.FORMS ?? 'mobile,desktop').split(',');
const lhDir = process.env.LIGHTHOUSE_DIR ?? process.cwd();
const require = createRequire(path.join(lhDir, 'package.json'));
const { default: lighthouse, desktopConfig } = await import(pathToFileURL(require.resolve('lighthouse')).href);
const chromeLauncher = await import(pathToFileURL(require.resolve('chrome-launcher')).href);
// Node 20 has no WebSocket of its own: the one Lighthouse installs (ws) talks to Chromium.
const WebSocket = (await import(pathToFileURL(require.resolve('ws')).href)).default;

const answer = await fetch(`${base}/api/user`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: "login", Username: username, Password: password }) });
const token = (await answer.json())?.data?.access_token;
if (!token) throw new Error(`sign-in of ${username} failed (${answer.status})`);

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
// Runs that could not measure a metric (a Lighthouse runtime error) are left out of its median.
const median = (xs) => {
  const ok = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return ok.length ? ok[Math.floor(ok.length / 2)] : NaN;
};
const rows = [];
try {
  for (const form of forms) {
    for (const page of pages) {
      const results = [];
      for (let i = 0; i < runs; i++) {
        const signedIn = page !== '/login';
        const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true };
        // The storage is set through a first visit of the origin (Lighthouse keeps it: disableStorageReset).
        const setup = await fetch(`http://127.0.0.1:${chrome.port}/json/new?${base}/api/health`, { method: 'PUT' }).then((r) => r.json());
        await new Promise((resolve, reject) => {
          const ws = new WebSocket(setup.webSocketDebuggerUrl);
          ws.onopen = () => ws.send(JSON.stringify({ id: 1, method: 'Runtime.evaluate', params: { expression: signedIn ? `localStorage.setItem('jwt_access_token', ${JSON.stringify(token)})` : `localStorage.clear()` } }));
          ws.onmessage = () => { ws.close(); resolve(); };
          ws.onerror = reject;
        });
        await fetch(`http://127.0.0.1:${chrome.port}/json/close/${setup.id}`);
        const result = await lighthouse(`${base}${page}`, flags, form === 'desktop' ? desktopConfig : undefined);
        const audits = result.lhr.audits;
        results.push({
          score: result.lhr.categories.performance.score == null ? NaN : Math.round(result.lhr.categories.performance.score * 100),
          error: result.lhr.runtimeError?.code,
          fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
          lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
          tbt: audits['total-blocking-time']?.numericValue ?? NaN,
          cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
          finalUrl: result.lhr.finalDisplayedUrl,
        });
      }
      const m = (k) => median(results.map((r) => r[k]));
      rows.push({ form, page, score: m('score'), scores: results.map((r) => r.score).join('/'), 'FCP ms': Math.round(m('fcp')), 'LCP ms': Math.round(m('lcp')), 'TBT ms': Math.round(m('tbt')), CLS: Number(m('cls').toFixed(3)), url: results.at(-1).finalUrl.replace(base, ''), errors: results.map((r) => r.error).filter(Boolean).join(' ') });
      console.log(JSON.stringify(rows.at(-1)));
    }
  }
} finally {
  await chrome.kill();
}
console.table(rows);
