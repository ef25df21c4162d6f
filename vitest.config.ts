import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { budget } from './packages/server/test/helpers/budget.js';

export default defineConfig({
  test: {
    // At least two files at once, even on two cores: a server test spends about 40 % of its time
    // waiting (child servers starting, timers, the disk), so a second worker fills those waits. The
    // server suite on two idle cores: 8.0 min with one worker, 5.2 with two, the same CPU time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'protocol', root: 'packages/protocol', include: ['test/**/*.test.ts'] } },
      {
        test: {
          name: 'web',
          root: 'packages/web',
          include: ['test/**/*.test.ts'],
          testTimeout: budget(30_000),
        },
      },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          globalSetup: ['test/helpers/build.ts', 'test/helpers/db-template.ts'],
          // One module graph for all files of a worker: the server's modules load once, not per file
          // (import time 140 s -> 10 s). Every test builds its own exchange and database.
          isolate: false,
          // Limits against hangs, scaled under CI (test/helpers/budget.ts).
          testTimeout: budget(30_000),
          hookTimeout: budget(60_000),
        },
      },
    ],
  },
});
