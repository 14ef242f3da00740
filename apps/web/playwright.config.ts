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
const dataDir = e2eDataDir(root, PORT);
const webDist = path.resolve(root, 'apps/web', process.env.WEB_OUT_DIR ?? 'dist');

export default defineConfig({
  testDir: './e2e',
  // One output folder per port: parallel runs must not wipe each other's traces.
  outputDir: path.join(root, 'test-results', `e2e-${PORT}`),
  fullyParallel: false,
  // One journey at a time: measured on these 2-core machines, two workers took as long in total
  // (Chromium's painting already keeps both cores busy) and the journeys share the demo accounts.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
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
  webServer: {
    command: `rm -rf "${dataDir}" && node --import tsx apps/server/src/main.ts`,
    cwd: root,
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM, not Playwright's default SIGKILL: the server then stops its embedded PostgreSQL,
    // which would otherwise outlive the run (it runs in its own session).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    env: { DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: 'warn', HOST: '127.0.0.1', WEB_DIST: webDist },
  },
});
