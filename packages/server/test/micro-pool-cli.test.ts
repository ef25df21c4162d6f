import { execFile } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import type { MicroPoolCurrency } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtEntry } from './helpers/build.js';
import { killHard, startServer } from './helpers/child-server.js';
import { freshDatabase } from './helpers/exchange.js';
import { budget } from './helpers/budget.js';

const CLI = builtEntry('pool-cli');
const run = promisify(execFile);

let database: Awaited<ReturnType<typeof freshDatabase>>;
const children: ChildProcess[] = [];
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  for (const child of children) await killHard(child);
  await database?.drop();
});

const pool = (databaseUrl: string, ...args: string[]) =>
  run(process.execPath, [CLI, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DEMO: '0', EVM_RPC_URL: 'off', LOG_LEVEL: 'silent' },
  });

describe('npm run pool', () => {
  it(
    'funds the pool through the running server, or alone when none runs, and refuses bad input',
    async () => {
      const started = await startServer(database.url, { DEMO: '0' });
      children.push(started.child);
      const through = await pool(database.url, '--currency', 'USDT', '--amount', '1000.5');
      expect(through.stdout).toMatch(/through the running server/);
      const usdt = async () =>
        (await started.api.get<MicroPoolCurrency[]>('microtrade/pool')).body.data!.find(
          (row) => row.code === 'USDT',
        )!;
      expect(await usdt()).toMatchObject({ balance: '1000.5', funded_total: '1000.5' });
      await expect(pool(database.url, '--currency', 'NOPE', '--amount', '1')).rejects.toMatchObject({
        stderr: expect.stringMatching(/Unknown currency/),
      });
      await killHard(children.pop()!);

      const alone = await pool(database.url, '--currency', 'USDT', '--amount', '0.5');
      expect(alone.stdout).not.toMatch(/through/);
      expect(alone.stdout).toMatch(/funded in all 1001/);
      const again = await startServer(database.url, { DEMO: '0' });
      children.push(again.child);
      expect(
        (await again.api.get<MicroPoolCurrency[]>('microtrade/pool')).body.data!.find(
          (row) => row.code === 'USDT',
        ),
      ).toMatchObject({ balance: '1001', funded_total: '1001' });
    },
    budget(60_000),
  );
});
