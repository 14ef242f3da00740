import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { e2eDataDir } from './e2e/data-dir.ts';

// End-to-end tests: the built web app served by the real server, on a fresh demo database, in
// Debian's Chromium (Playwright cannot download its own browser here).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Debian's headless shell first: without the full browser's GPU and UI processes a journey takes
// 15–25 % less time on these 2-core machines; the full Chromium works the same when it is absent.
const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
const executablePath = candidates.find((p) => fs.existsSync(p));
if (!executablePath) {
  const message = '\n\n*** Aucun Chromium trouvé (CHROME_PATH, /usr/bin/chromium) : les tests de bout en bout ne peuvent pas tourner. ' +
    'Installez-le : apt-get install -y chromium-headless-shell ***\n\n';
  console.error(message);
  if (process.env.CI) throw new Error(message);
}
const PORT = Number(process.env.E2E_PORT ?? 3210);
// E2E_PORT and WEB_OUT_DIR let several runs share the machine without sharing a server or a build.
const webDist = path.resolve(root, 'apps/web', process.env.WEB_OUT_DIR ?? 'dist');

// The journeys run in two halves at once, each on its own server, port and demo database
// (E2E_PORT and the next port): no journey sees another's writes, as when they ran one at a time,
// and CI stays under its 20 minutes (measured on 2 cores: 798 s one at a time, see the commit).
// The first half is named, the second is every other spec; the two were balanced on the journeys'
// durations in CI (about 380 s each run alone).
const FIRST_HALF = [
  'admin', 'agenda-locale', 'agenda-period', 'chat', 'consultation-session', 'diary', 'editorial', 'first-title',
  'invoices', 'notes', 'oidc', 'profile', 'shell', 'sport', 'users',
].map((name) => `${name}.spec.ts`);
const halves = [
  { name: 'first', port: PORT, files: { testMatch: FIRST_HALF } },
  { name: 'second', port: PORT + 1, files: { testIgnore: FIRST_HALF } },
];

export default defineConfig({
  testDir: './e2e',
  // One output folder per port: parallel runs must not wipe each other's traces.
  outputDir: path.join(root, 'test-results', `e2e-${PORT}`),
  fullyParallel: false,
  // One worker per half: within a half, one journey at a time on its server's demo accounts.
  workers: halves.length,
  projects: halves.map(({ name, port, files }) => ({ name, ...files, workers: 1, use: { baseURL: `http://localhost:${port}` } })),
  retries: 0,
  // A hang's limit, with room for two journeys sharing 2 cores (the longest took 38 s beside another).
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // As a user who asks for less motion: no animation frames to paint, the journeys' Chromium
    // stops painting progress bars and skeleton pulses over and over (it was the busiest process).
    reducedMotion: 'reduce',
    // A failed journey keeps its trace (actions, console, network, sources) and a screenshot of the
    // moment it failed. The trace's DOM snapshots and screencast are recorded for every journey, kept
    // or not: they cost about 20 % of the run (consultation-session, history and dietetics: 87–102 s
    // with them, 69–72 s without). E2E_TRACE=full records them to debug a journey.
    trace: process.env.E2E_TRACE === 'full' ? 'retain-on-failure' : { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: halves.map(({ port }) => {
    const dataDir = e2eDataDir(root, port);
    return {
      command: `rm -rf "${dataDir}" && node --import tsx apps/server/src/main.ts`,
      cwd: root,
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      // SIGTERM, not Playwright's default SIGKILL: the server then stops its embedded PostgreSQL,
      // which would otherwise outlive the run (it runs in its own session).
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
      env: { DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', HOST: '127.0.0.1', WEB_DIST: webDist },
    };
  }),
});
