import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'openapi/**/*.test.ts', 'server/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'web/build/**/*.test.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 60_000,
    pool: 'threads',
    // At least two files at a time. Vitest's default (one fewer than the cores) is a single worker
    // on a 2-core machine, and many files spend much of their time waiting (child processes of the
    // CLI and restart tests, servers, streams), which a second worker fills.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    setupFiles: ['tests/setup.ts'],
  },
});
