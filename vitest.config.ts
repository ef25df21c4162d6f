import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'protocol', root: 'packages/protocol', include: ['test/**/*.test.ts'] } },
      { test: { name: 'web', root: 'packages/web', include: ['test/**/*.test.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          globalSetup: ['test/helpers/build.ts', 'test/helpers/pg-template.ts'],
          // One module graph for all files of a worker: the server's modules load once, not per file
          // (import time 140 s -> 10 s). Every test builds its own exchange and database.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
