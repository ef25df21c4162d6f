import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/** Browser tests run Debian's Chromium against the real server on a fresh SQLite database, market maker on. */
/** Tests that spend their time waiting on real time, not drawing: they run in a worker of their own. */
const CLOCK_TESTS = /lever-chart\.spec\.ts$/;
const PORT = Number(process.env.E2E_PORT ?? 18_080);
const scratch = mkdtempSync(join(tmpdir(), 'oex-e2e-'));
const database = join(scratch, 'e2e.db');
// E2E_OWN_BUILD=1 builds the web app into a scratch folder, so two runs side by side never
// serve each other's half-written bundle.
const webDist = process.env.E2E_OWN_BUILD ? join(scratch, 'dist') : undefined;
// Debian's headless build of Chromium (package chromium-headless-shell, same source and version as
// chromium) when installed: a page load costs it about a third of the full browser's CPU (0.28 s
// against 0.93 s for /trade; docs/testing.md), and CI is bound by CPU. E2E_CHROMIUM chooses another.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium =
  process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

// With NATS on this machine (CI starts it), the server also serves a gateway on the next port, and
// gateway.spec.ts drives the web app through it (docs/cluster.md); without NATS that spec is skipped.
const natsUp = spawnSync('bash', ['-c', 'exec 3<>/dev/tcp/127.0.0.1/4222'], { timeout: 2000 }).status === 0;
const GATEWAY_PORT = PORT + 1;
const nats = natsUp
  ? { NATS_URL: 'nats://127.0.0.1:4222', NATS_PREFIX: `e2e${PORT}${process.pid}` }
  : undefined;
if (nats) process.env.E2E_GATEWAY_URL = `http://127.0.0.1:${GATEWAY_PORT}`;

export default defineConfig({
  testDir: 'packages/web/e2e',
  // One folder per server port: two runs side by side (CI's two shards) never clear each other's.
  outputDir: process.env.E2E_PORT ? `test-results/${PORT}` : 'test-results',
  fullyParallel: false,
  // One worker for the pages, one beside it for the tests that mostly wait on the clock (the chart's
  // two-minute outage): they share the server but not their users.
  workers: 2,
  projects: [
    { name: 'pages', testIgnore: CLOCK_TESTS, workers: 1 },
    { name: 'clock', testMatch: CLOCK_TESTS, workers: 1 },
  ],
  // Under CI two shards and the PostgreSQL suite share two cores: waits take longer.
  timeout: process.env.CI ? 60_000 : 30_000,
  // An expectation's own wait doubles too (5 s by default): a click's answer on a loaded machine.
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  retries: 0,
  // CI also keeps a JSON report, one per server port (CI runs two shards side by side):
  // scripts/e2e-times.mjs reads where the time went from them.
  reporter: process.env.CI
    ? [['line'], ['json', { outputFile: `test-results/e2e-report-${PORT}.json` }]]
    : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      // The server runs from its bundle, as `npm start` runs it.
      command: `${
        webDist
          ? `npm run build -w @oex/web -- --outDir ${webDist} --emptyOutDir && node scripts/build-if-stale.mjs server`
          : 'node scripts/build-if-stale.mjs server web'
      } && node --enable-source-maps packages/server/dist/main.js`,
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      // The web build and a start on a busy two-core machine take over a minute.
      timeout: 240_000,
      env: {
        PORT: String(PORT),
        DATABASE_URL: `sqlite:${database}`,
        DEMO: '1',
        // The market maker keeps prices and the day market moving, as on a real start.
        MARKET_MAKER: '1',
        MARKET_MAKER_BACKFILL_DAYS: '1',
        // Every test signs users up from one address, dozens a minute; the per-address limits have
        // their own server tests.
        AUTH_RATE_LIMIT: '1000',
        CODE_RATE_LIMIT: '1000',
        SECRET_GUESS_LIMIT: '1000',
        // Playwright's request context keeps connections without an idle timeout of its own and does
        // not retry: a server closing an idle one (5 s by default) as a test reuses it gave ECONNRESET
        // (twice in CI). Longer than any test, so a connection is never closed under a test.
        KEEP_ALIVE_TIMEOUT_MS: '120000',
        LOG_LEVEL: 'warn',
        ...(webDist ? { WEB_DIST: webDist } : {}),
        ...nats,
      },
    },
    ...(nats
      ? [
          {
            // Started after the server, whose bundle and web app it serves.
            command: 'node packages/server/dist/gateway-main.js',
            url: `http://127.0.0.1:${GATEWAY_PORT}/api/health`,
            reuseExistingServer: false,
            timeout: 240_000,
            env: {
              ...nats,
              PORT: String(GATEWAY_PORT),
              HOST: '127.0.0.1',
              LOG_LEVEL: 'warn',
              ...(webDist ? { WEB_DIST: webDist } : {}),
            },
          },
        ]
      : []),
  ],
});
