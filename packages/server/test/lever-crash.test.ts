import type { ChildProcess } from 'node:child_process';
import type { LeverPositionView, Paged } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/connect.js';
import { DEMO } from '../src/demo/seed.js';
import { auditLedger } from '../src/ledger/audit.js';
import { replayOnScratch } from '../src/ledger/journal-scratch.js';
import { killHard, startServer, startServerWithTopOfBookMarks } from './helpers/child-server.js';
import type { ApiClient } from './helpers/client.js';
import { freshDatabase } from './helpers/exchange.js';
import { DOT_USDT, LEVER, USDT } from './helpers/ledger.js';
import { login } from './helpers/users.js';
import { budget } from './helpers/budget.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;
const children: ChildProcess[] = [];
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  for (const child of children) await killHard(child);
  await database?.drop();
});

let seeded = false;
async function serve(): Promise<ApiClient> {
  // The first start seeds the database and sets the top-of-book mark rule; later ones restart on it.
  const started = !seeded
    ? await startServerWithTopOfBookMarks(database.url)
    : await startServer(database.url);
  seeded = true;
  children.push(started.child);
  return started.api;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('leveraged positions survive kill -9', () => {
  it(
    'restores open positions and pending orders; a take-profit crossed at the first mark after the restart fires',
    async () => {
      let api = await serve();
      const [alice, bob] = DEMO.users;
      let aliceToken = await login(api, alice!.account, alice!.password);
      let bobToken = await login(api, bob!.account, bob!.password);
      const post = async (path: string, token: string, body: Record<string, unknown>) => {
        const answer = await api.post<LeverPositionView>(path, body, { token });
        expect(answer.body.code, `${path}: ${answer.body.msg}`).toBe(1);
        return answer.body.data!;
      };
      await post('account/transfer', aliceToken, { currency_id: USDT, balance: '1000', from: 1, to: LEVER });
      await post('tx_in/add', bobToken, { currency_match_id: DOT_USDT, type: 0, price: '7', number: '10' });
      await post('tx_out/add', bobToken, {
        currency_match_id: DOT_USDT,
        type: 0,
        price: '7.5',
        number: '10',
      });
      await pause(1500);
      const lever = { currency_match_id: DOT_USDT, share: 1, multiple: 10, type: 1 };
      const open = await post('lever/submit', aliceToken, { ...lever, status: 1 });
      const pending = await post('lever/submit', aliceToken, { ...lever, status: 0, target_price: '6.5' });
      await post('lever/setstop', aliceToken, {
        id: open.id,
        target_profit_price: '7.4',
        stop_loss_price: '0',
      });
      await killHard(children.pop()!);

      api = await serve();
      aliceToken = await login(api, alice!.account, alice!.password);
      bobToken = await login(api, bob!.account, bob!.password);
      const mine = async (status: number) =>
        (await api.post<Paged<LeverPositionView>>('lever/my_trade', { status }, { token: aliceToken })).body
          .data!.data;
      // Seen once in CI: no open position here. Every position of hers is in the message, to tell why.
      const everything = async () =>
        JSON.stringify((await api.post('lever/dealall', {}, { token: aliceToken })).body.data, [
          'order',
          'data',
          'id',
          'status',
          'closed_type',
          'close_price',
          'target_profit_price',
        ]);
      expect(
        (await mine(1)).map((p) => [p.id, p.target_profit_price]),
        await everything(),
      ).toEqual([[open.id, '7.4']]);
      expect((await mine(0)).map((p) => p.id)).toEqual([pending.id]);
      // The first trade after the restart crosses the take-profit.
      await post('tx_out/add', bobToken, {
        currency_match_id: DOT_USDT,
        type: 0,
        price: '7.45',
        number: '1',
      });
      await post('tx_in/add', aliceToken, { currency_match_id: DOT_USDT, type: 1, number: '1' });
      await expect
        .poll(async () => (await mine(3)).map((p) => [p.id, p.closed_type, p.close_price]), {
          timeout: budget(10_000),
        })
        .toEqual([[open.id, 3, '7.45']]);
      expect((await mine(0)).map((p) => p.id)).toEqual([pending.id]);
      for (const child of children.splice(0)) await killHard(child);
      const db = connect(database.url);
      try {
        expect((await auditLedger(db.kysely)).problems).toEqual([]);
        expect((await replayOnScratch(db)).differences).toEqual([]);
      } finally {
        await db.close();
      }
    },
    budget(60_000),
  );
});
