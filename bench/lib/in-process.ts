// The exchange in this process on a fresh SQLite file (demo data, no market maker), for
// benchmarks that drive it directly.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startExchange, type Exchange } from '../../packages/server/src/app.js';
import { loadConfig, type Config } from '../../packages/server/src/config.js';
import type { Clock } from '../../packages/server/src/lib/clock.js';

/** A clock a benchmark sets by hand, so it can measure from the instant something is due. */
export class BenchClock implements Clock {
  at = Date.now();
  now(): number {
    return this.at;
  }
}

export async function startInProcess(
  overrides: Partial<Config> = {},
  clock?: Clock,
): Promise<{ exchange: Exchange; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'oex-bench-'));
  const exchange = await startExchange(
    loadConfig(
      {},
      {
        databaseUrl: `sqlite:${join(dir, 'bench.db')}`,
        demo: true,
        marketMaker: false,
        evmRpcUrl: undefined,
        logLevel: 'silent',
        host: '127.0.0.1',
        // Every bench client comes from loopback: no cap per address.
        maxConnectionsPerAddress: 0,
        secretGuessLimit: 1_000_000,
        ...overrides,
      },
    ),
    { port: 0, clock },
  );
  return {
    exchange,
    async stop() {
      await exchange.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
