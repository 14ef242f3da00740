import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner, three projects: shared rules, the API through the real app on real PostgreSQL, and
// the web components. End-to-end tests run separately with Playwright (npm run test:e2e).
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
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Component tests render the whole MUI tree: on a loaded 2-core machine one can take
          // several seconds, which the 5 s default mistook for a hang.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
