// `npm run bench:web` (issues 13, 31): Lighthouse scores of the built app in Chromium. A measurement,
// not a test (too slow and too noisy for the suite): it prints one table and fails only if it
// cannot measure.
//   npm run bench:web                       builds the app into apps/web/dist-bench, starts the real
//                                           server on a database of its own with the demo data, measures
//   npm run bench:web -- http://host:port   measures a server already running (demo data, npm start)
// Pages (issue 31): /login as a guest; the patient's phone screens signed in as pt (/dashboard,
// /appointment, the program and the menu of the day, /messaging) and the practitioner's as pr
// (/dashboard, /patients/list, the first patient's file, /agenda): what the app stores at sign-in is
// put in a cleared localStorage before each run (the token from a sign-in through the API, and the
// name the dashboard greets with: web lib/greeting-name.ts), Lighthouse keeping the storage.
// Beside them, in the same run, the ANCHOR: a plain Vite + React + MUI page (one Button, one
// TextField, apps/web/bench/anchor) built with the app's compression and served by the app's own
// static plugin (apps/server/src/plugins/web.ts). The machine is shared: a score means
// something only beside the anchor's, measured under the same load (the `vs anchor` column).
// Mobile (Lighthouse's default: Moto G Power, slow 4G, 4x CPU slowdown, simulated) and desktop;
// the median of RUNS runs (default 3) per page, with the goals of issue 31 (mobile >= 95 for the
// patient's screens, >= 90 for the practitioner's, desktop >= 98, CLS < 0.02) and the JavaScript
// the page fetched (KB on the wire, Lighthouse's network requests). Beside TBT, from Lighthouse's
// own trace, the page's main-thread thread time over the whole load ('main CPU ms') and the same
// blocking sum over each task's thread time rather than its wall time ('CPU TB ms'): on a busy or
// small machine the renderer waits for a core inside its tasks and TBT counts that wait ×4
// (scripts/main-thread.mjs).
//   RUNS, PAGES (role:path,... e.g. pt:/dashboard,pr:/agenda,anchor:/), FORMS (mobile,desktop),
//   CHROME_PATH (/usr/bin/chromium), BENCH_PORT (3370), BENCH_DATA_DIR (.tmp/bench-web-data),
//   BENCH_BUILD=0 (measure the builds already in BENCH_WEB_DIST, default apps/web/dist-bench, and
//   apps/web/dist-bench-anchor), LH_REPORT_DIR (keeps each run's Lighthouse report there as JSON,
//   to see where the time goes, and its trace beside it with LH_TRACE=1; LH_TRACE_CATEGORIES adds
//   trace categories, e.g. disabled-by-default-v8.compile for V8's parsing and compiling).
// Lighthouse 12.8 (13 wants Node 22) drives the installed Chromium and downloads nothing.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { desktopConfig } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import WebSocket from 'ws';
import Fastify from 'fastify';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { precompress } from '../vite.config.ts';
import { registerWeb } from '../../server/src/plugins/web.ts';
import { GREETING_NAME_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@wellbe/shared/boot';
import { greetingName } from '../src/lib/greeting-name.ts';
import { blockingFigures } from './main-thread.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const password = process.env.DEMO_PASSWORD ?? 'Demo-Wellbe-2026!';
const runs = Number(process.env.RUNS ?? 3);
const PATIENT_PAGES = ['/dashboard', '/appointment', '/program/sportif/today', '/dietetiques/mon-menu', '/messaging'];
const PRACTITIONER_PAGES = ['/dashboard', '/patients/list', '/patient/dossier/:idPatient', '/agenda'];
const ALL = ['anchor:/', 'guest:/login', ...PATIENT_PAGES.map((p) => `pt:${p}`), ...PRACTITIONER_PAGES.map((p) => `pr:${p}`)];
const pages = (process.env.PAGES ? process.env.PAGES.split(',') : ALL).map((entry) => {
  const [role, path] = entry.includes(':') ? [entry.slice(0, entry.indexOf(':')), entry.slice(entry.indexOf(':') + 1)] : ['pr', entry];
  return { role, path, label: role === 'anchor' ? 'anchor (plain MUI)' : `${role} ${path}` };
});
const forms = (process.env.FORMS ?? 'mobile,desktop').split(',');

/** Issue 31's goal for a page's score (null: none set), and CLS below 0.02 everywhere. */
function goal(form, role) {
  if (role === 'anchor' || role === 'guest') return form === 'desktop' && role === 'guest' ? 98 : null;
  if (form === 'desktop') return 98;
  return role === 'pt' ? 95 : 90;
}
const CLS_GOAL = 0.02;

/**
 * Builds the anchor page the way the app is built (React's plugin, the same precompression) and
 * serves it with the app's own static plugin on a free port; returns its URL and a stop function.
 */
async function startAnchor() {
  const anchorDist = path.resolve(root, process.env.BENCH_ANCHOR_DIST ?? 'apps/web/dist-bench-anchor');
  if (process.env.BENCH_BUILD !== '0' || !fs.existsSync(path.join(anchorDist, 'index.html'))) {
    await build({ root: path.join(root, 'apps/web/bench/anchor'), configFile: false, logLevel: 'warn', plugins: [react(), precompress()], build: { outDir: anchorDist, emptyOutDir: true } });
  }
  const app = Fastify({ logger: false });
  await registerWeb(app, anchorDist);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { base: address, stop: () => app.close() };
}

/** Builds the app and starts the server on it (the bench's own database, demo data); returns its URL and a stop function. */
async function startServer() {
  const port = Number(process.env.BENCH_PORT ?? 3370);
  const webDist = path.resolve(root, process.env.BENCH_WEB_DIST ?? 'apps/web/dist-bench');
  if (process.env.BENCH_BUILD !== '0') {
    console.log(`vite build → ${path.relative(root, webDist)}`);
    const built = spawnSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
    if (built.status !== 0) throw new Error('vite build a échoué');
  }
  // Without a build the server answers every page 404 and each run only says ERRORED_DOCUMENT_REQUEST.
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error(`pas de build web dans ${webDist} (BENCH_WEB_DIST)`);
  const dataDir = path.resolve(root, process.env.BENCH_DATA_DIR ?? '.tmp/bench-web-data');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', WEB_DIST: webDist };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode != null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode != null) throw new Error(`le serveur s’est arrêté (code ${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('le serveur ne répond pas');
}

/**
 * A CDP session on one page target: `send` answers a command's result, `waitFor` the first event of
 * a name that meets a condition, already received or to come (none can be missed by arriving first).
 */
function cdpSession(webSocketUrl) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(webSocketUrl);
    const pending = new Map();
    const events = [];
    const waiters = new Set();
    let lastId = 0;
    ws.on('message', (raw) => {
      const message = JSON.parse(String(raw));
      if (message.id && pending.has(message.id)) {
        const { ok, ko } = pending.get(message.id);
        pending.delete(message.id);
        return message.error ? ko(new Error(message.error.message)) : ok(message.result);
      }
      events.push(message);
      for (const waiter of waiters) {
        if (waiter.method === message.method && waiter.test(message.params)) {
          waiters.delete(waiter);
          waiter.ok(message.params);
        }
      }
    });
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        send: (method, params = {}) =>
          new Promise((ok, ko) => {
            pending.set(++lastId, { ok, ko });
            ws.send(JSON.stringify({ id: lastId, method, params }));
          }),
        waitFor: (method, test) =>
          new Promise((ok) => {
            const seen = events.find((e) => e.method === method && test(e.params));
            if (seen) ok(seen.params);
            else waiters.add({ method, test, ok });
          }),
        close: () => ws.close(),
      }),
    );
  });
}

/**
 * Clears the HTTP cache and the origin's localStorage, then stores what the app stores at sign-in
 * (`signedIn`: its token and greeting name; nothing for a guest). A tab opened
 * at the origin's URL and evaluated at once raced its own navigation ("Cannot find default
 * execution context", on the first run of a fresh browser): the tab opens blank here, the script
 * runs once the origin's page has loaded (the `load` lifecycle event of that very navigation), and
 * the value is read back.
 */
async function prepareStorage(chromePort, origin, signedIn) {
  const target = await fetch(`http://127.0.0.1:${chromePort}/json/new?about:blank`, { method: 'PUT' }).then((r) => r.json());
  const session = await cdpSession(target.webSocketDebuggerUrl);
  try {
    await session.send('Network.clearBrowserCache');
    await session.send('Page.enable');
    await session.send('Page.setLifecycleEventsEnabled', { enabled: true });
    const navigation = await session.send('Page.navigate', { url: `${origin}/api/health` });
    if (navigation.errorText) throw new Error(`${origin}/api/health : ${navigation.errorText}`);
    await session.waitFor('Page.lifecycleEvent', (e) => e.name === 'load' && e.loaderId === navigation.loaderId);
    const token = signedIn?.token ?? null;
    const [tokenKey, nameKey] = [TOKEN_STORAGE_KEY, GREETING_NAME_STORAGE_KEY].map((key) => JSON.stringify(key));
    const set = signedIn ? `localStorage.setItem(${tokenKey}, ${JSON.stringify(token)}); localStorage.setItem(${nameKey}, ${JSON.stringify(signedIn.name)})` : '';
    const { result, exceptionDetails } = await session.send('Runtime.evaluate', { expression: `localStorage.clear(); ${set}; localStorage.getItem(${tokenKey})`, returnByValue: true });
    if (exceptionDetails || result.value !== token) throw new Error('le jeton n’a pas pu être posé dans localStorage');
  } finally {
    session.close();
    await fetch(`http://127.0.0.1:${chromePort}/json/close/${target.id}`);
  }
}

// Runs that could not measure a metric (a Lighthouse runtime error) are left out of its median.
const median = (xs) => {
  const ok = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return ok.length ? ok[Math.floor(ok.length / 2)] : NaN;
};

/** Signs in through the API; the access token and the name the dashboard greets with. */
async function signIn(base, username) {
  const answer = await fetch(`${base}/api/user`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'login', Username: username, Password: password }) });
  const data = (await answer.json())?.data;
  if (!data?.access_token) throw new Error(`sign-in of ${username} failed (${answer.status})`);
  return { token: data.access_token, name: greetingName({ data }) };
}

/** One Lighthouse run of a page: its metrics and the JavaScript it fetched (bytes on the wire). */
async function measure(chromePort, url, form, reportName) {
  const extraCategories = process.env.LH_TRACE_CATEGORIES;
  const flags = { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true, ...(extraCategories ? { additionalTraceCategories: extraCategories } : {}) };
  const { lhr, artifacts } = await lighthouse(url, flags, form === 'desktop' ? desktopConfig : undefined);
  if (process.env.LH_REPORT_DIR) {
    fs.mkdirSync(process.env.LH_REPORT_DIR, { recursive: true });
    fs.writeFileSync(path.join(process.env.LH_REPORT_DIR, `${reportName}.json`), JSON.stringify(lhr));
    if (process.env.LH_TRACE === '1') fs.writeFileSync(path.join(process.env.LH_REPORT_DIR, `${reportName}.trace.json`), JSON.stringify(artifacts.Trace));
  }
  const audits = lhr.audits;
  const main = artifacts.Trace?.traceEvents ? blockingFigures(artifacts.Trace.traceEvents, form === 'desktop' ? 1 : 4) : null;
  const scripts = (audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
  return {
    score: lhr.categories.performance.score == null ? NaN : Math.round(lhr.categories.performance.score * 100),
    error: lhr.runtimeError?.code,
    fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    js: scripts.length ? scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) : NaN,
    jsFiles: scripts.length,
    mainCpu: main?.cpuMs ?? NaN,
    cpuBlocking: main?.cpuBlockingMs ?? NaN,
    finalUrl: lhr.finalDisplayedUrl,
  };
}

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const given = process.argv[2];
const server = given ? { base: given.replace(/\/$/, ''), stop: async () => undefined } : await startServer();
let anchor;
let chrome;
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'wellbe-lighthouse-'));
const rows = [];
const loadAtStart = load();
try {
  const { base } = server;
  anchor = pages.some((p) => p.role === 'anchor') ? await startAnchor() : null;
  const sessions = {};
  for (const role of new Set(pages.map((p) => p.role))) if (role !== 'anchor' && role !== 'guest') sessions[role] = await signIn(base, role);
  // The patient file of the first patient pr sees.
  const resolvePath = async (p) => {
    if (!p.path.includes(':idPatient')) return p.path;
    const list = await (await fetch(`${base}/api/patients?pageSize=1`, { headers: { authorization: `Bearer ${sessions[p.role].token}` } })).json();
    return p.path.replace(':idPatient', list.data[0].idPatient);
  };
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    userDataDir: profile,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  for (const form of forms) {
    let anchorScore = NaN;
    for (const p of pages) {
      const origin = p.role === 'anchor' ? anchor.base : base;
      const pagePath = await resolvePath(p);
      const results = [];
      for (let i = 0; i < runs; i++) {
        // Lighthouse resets neither storage nor cache (disableStorageReset keeps the token): the
        // cache is cleared here, and the session stored (or none) through a first visit of the origin.
        await prepareStorage(chrome.port, origin, sessions[p.role] ?? null);
        results.push(await measure(chrome.port, `${origin}${pagePath}`, form, `${form}-${p.role}${p.path.replaceAll(/[/:]/g, '_')}-${i + 1}`));
      }
      const m = (k) => median(results.map((r) => r[k]));
      const score = m('score');
      if (p.role === 'anchor') anchorScore = score;
      const target = goal(form, p.role);
      const met = (target == null || score >= target) && m('cls') < CLS_GOAL;
      rows.push({
        form,
        page: p.label,
        goal: target ?? '',
        score,
        runs: results.map((r) => r.score).join('/'),
        'vs anchor': p.role === 'anchor' || !Number.isFinite(anchorScore) ? '' : score - anchorScore,
        'FCP ms': Math.round(m('fcp')),
        'LCP ms': Math.round(m('lcp')),
        'TBT ms': Math.round(m('tbt')),
        // The page's own work, by thread time (scripts/main-thread.mjs): what the machine's load adds
        // to TBT is not in these two.
        'main CPU ms': Math.round(m('mainCpu')),
        'CPU TB ms': Math.round(m('cpuBlocking')),
        CLS: Number(m('cls').toFixed(3)),
        'JS KB': Number((m('js') / 1000).toFixed(1)),
        'JS files': m('jsFiles'),
        met: met ? 'yes' : 'NO',
        // Where the page ended (a redirect to /login would mean the token was not taken).
        shown: results.at(-1).finalUrl.replace(origin, ''),
        errors: results.map((r) => r.error).filter(Boolean).join(' '),
      });
      console.log(JSON.stringify(rows.at(-1)));
    }
  }
} finally {
  await chrome?.kill();
  await anchor?.stop();
  await server.stop();
  fs.rmSync(profile, { recursive: true, force: true });
}
const version = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;
console.log(`\nLighthouse ${version}, ${runs} run(s) per line (median), ${os.cpus().length} CPUs, load average at start ${loadAtStart}, at the end ${load()}`);
console.log(`Goals (issue 31): mobile >= 95 (pt), >= 90 (pr), desktop >= 98, CLS < ${CLS_GOAL}; "vs anchor": score minus the plain MUI page's in the same run.`);
console.table(rows);
