import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Db } from '../src/db/connect.js';
import { auditLedger } from '../src/ledger/audit.js';
import { replayOnScratch } from '../src/ledger/journal-scratch.js';
import { startServer } from './helpers/child-server.js';
import { freshDatabase } from './helpers/exchange.js';
import { USDT } from './helpers/ledger.js';
import { budget } from './helpers/budget.js';

const ROUNDS = 20;

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => database?.drop());

describe('kill -9', () => {
  it(
    `loses no acknowledged transfer and leaves a clean audit, ${ROUNDS} times`,
    { timeout: budget(240_000) },
    async () => {
      const acknowledged: string[] = [];
      let token = '';
      for (let round = 0; round < ROUNDS; round += 1) {
        const { child, api } = await startServer(database.url);
        if (!token) {
          const login = await api.post<string>('user/login', {
            login_type: 'email',
            account: 'alice@demo.test',
            password: 'demo1234',
          });
          token = login.body.data!;
        }
        let stop = false;
        let sent = 0;
        let acknowledgedThisRound = 0;
        const stream = async (lane: number) => {
          while (!stop) {
            const requestId = `r${round}-${lane}-${sent++}`;
            // Alternate directions so the balance never runs out.
            const from = sent % 2 ? 1 : 3;
            try {
              const answer = await api.post(
                'account/transfer',
                { currency_id: USDT, balance: '0.01', from, to: from === 1 ? 3 : 1, request_id: requestId },
                { token },
              );
              if (answer.body.code === 1) {
                acknowledged.push(requestId);
                acknowledgedThisRound += 1;
              }
            } catch {
              return; // the server is gone
            }
          }
        };
        const lanes = Array.from({ length: 6 }, (_, lane) => stream(lane));
        // Killed while transfers flow: after the round's first few answers (a loaded machine takes
        // a while to give them), then at a random instant.
        const started = Date.now();
        while (acknowledgedThisRound < 5 && Date.now() - started < budget(10_000)) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 400)));
        child.kill('SIGKILL');
        stop = true;
        await Promise.all(lanes);
        if (child.exitCode === null && child.signalCode === null) {
          await new Promise((resolve) => child.once('exit', resolve));
        }
      }

      const db: Db = connect(database.url);
      try {
        const stored = new Set(
          (await db.kysely.selectFrom('transfers').select('request_id').execute()).map(
            (row) => row.request_id,
          ),
        );
        const lost = acknowledged.filter((id) => !stored.has(id));
        expect(acknowledged.length).toBeGreaterThan(ROUNDS * 5);
        expect(lost).toEqual([]);
        const report = await auditLedger(db.kysely);
        expect(report.problems).toEqual([]);
        // What the kills left is exactly what its journal replays to: no batch wrote one without the other.
        expect((await replayOnScratch(db)).differences).toEqual([]);
      } finally {
        await db.close();
      }
      // And the server comes back on the database the kills left behind.
      const { child, api } = await startServer(database.url);
      expect((await api.get('account/list', {}, { token })).body.code).toBe(1);
      child.kill('SIGKILL');
    },
  );
});
