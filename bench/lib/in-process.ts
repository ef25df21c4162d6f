// The exchange in this process on a fresh SQLite file (demo data, no market maker), for
// benchmarks that drive it directly.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startExchange, type Exchange } from '../../packages/server/src/app.js';
import { loadConfig, type Config } from '../../packages/server/src/config.js';

export async function startInProcess(
  overrides: Partial<Config> = {},
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
    { port: 0 },
  );
  return {
    exchange,
    async stop() {
      await exchange.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
