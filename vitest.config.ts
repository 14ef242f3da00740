import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const BUNDLE_TEST = 'apps/web/src/app/bundle-budget.test.ts';

// One runner: the npm scripts' helpers, shared rules, the API through the real app on real
// PostgreSQL, the web components, and the web bundle's budget. End-to-end tests run separately with
// Playwright (npm run test:e2e).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on these 2-core machines,
    // where the API tests mostly wait on PostgreSQL. Two keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        // The npm scripts' own helpers (plain .mjs: the start's build decision).
        test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' },
      },
      {
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Each file builds its own app on its own database, and the server keeps no module state
          // that outlives an app (caches live on the app's context): one import of the server per
          // worker instead of one per file. Measured: user CPU 7 min 06 → 3 min 42, import 290 → 34 s.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: [BUNDLE_TEST],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Each file in its own VM context of a kept process, not a new process: every file is
          // still isolated (its own modules, mocks and DOM), but React, MUI and the environment are
          // not loaded from a fresh Node each time. Measured on 2 cores (with the bundle test): 197 → 101 s, CPU 371 → 180 s.
          pool: 'vmForks',
          // recharts is CommonJS requiring an ES module (@reduxjs/toolkit), which a VM context cannot
          // load: bundled into one ES module first, as Vite does for the browser.
          deps: { optimizer: { client: { enabled: true, include: ['recharts'] } } },
          // Component tests render the whole MUI tree: on a loaded 2-core machine one can take
          // several seconds, which the 5 s default mistook for a hang.
          testTimeout: 30_000,
        },
      },
      {
        // The bundle's budget builds the web app with Vite, whose native bundler refuses the values
        // of a VM context: a process of its own.
        test: { name: 'bundle', include: [BUNDLE_TEST], environment: 'node' },
      },
    ],
  },
});
