import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Every test runs on UTC so that fixed-date assertions mean the same thing on every machine.
process.env.TZ = 'UTC';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. Most files wait
    // on PostgreSQL, a spawned server or the network as much as they compute, so two at a time
    // keep both cores busy. ROSTRA_TEST_WORKERS overrides.
    maxWorkers: Number(process.env.ROSTRA_TEST_WORKERS) || Math.max(2, availableParallelism()),
    // CI also writes a JSON report, read by scripts/test-summary.mjs for the closing line.
    reporters: process.env.ROSTRA_TEST_REPORT ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results/vitest.json' },
    // `isolate: false`: each worker runs its files in one module graph (and, for the web, one
    // jsdom) instead of a fresh one per file. The web's 42 files took 229 s with a jsdom each, 22 s
    // sharing one; the server's and db's files spent 257 s importing the app, 30 s shared. Tests
    // keep no state between files: each makes its own app and database, the server's caches live
    // on the app instance, and a test that must replace a module spies on it (vi.spyOn) rather
    // than mocking it (a vi.mock would not reach a module another file already loaded).
    projects: [
      {
        test: {
          name: 'core',
          root: 'packages/core',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Property tests run hundreds of scenarios: on a loaded CI machine 5 s is too tight.
          testTimeout: 30_000,
          isolate: false,
        },
      },
      {
        test: {
          name: 'db',
          root: 'packages/db',
          isolate: false,
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          isolate: false,
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          isolate: false,
        },
      },
    ],
  },
});
