import { Decimal, type MicroPoolCurrency } from '@oex/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/ledger/audit.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { balanceOf, DOT, DOT_USDT, trader, USDT } from './helpers/ledger.js';
import { MICRO, microTrader, submit } from './helpers/micro.js';
import { budget } from './helpers/budget.js';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => ex?.stop());

const d = Decimal.parse;
const FUNDED = '10000';

async function usdtPool(): Promise<MicroPoolCurrency> {
  return (await ex.api.get<MicroPoolCurrency[]>('microtrade/pool')).body.data!.find(
    (row) => row.currency_id === USDT,
  )!;
}

function feesHeld(): Decimal {
  const account = ex.sequencer.books.find({ system: 'fees' }, 0, USDT);
  return Decimal.fromUnits(account?.balance ?? 0n);
}

describe('seconds contracts on the ledger', () => {
  it(
    'property: stake and fee out, payout in; the user, the pool and fees conserve, and the audit is clean',
    async () => {
      const maker = await trader(ex, [
        [USDT, '1000000'],
        [DOT, '100000'],
      ]);
      const taker = await trader(ex, [[USDT, '1000000']]);
      const post = (path: string, token: string, body: Record<string, unknown>) =>
        ex.api.post(path, { currency_match_id: DOT_USDT, ...body }, { token });
      await post('tx_in/add', maker.token, { type: 0, price: '6', number: '10000' });
      await post('tx_out/add', maker.token, { type: 0, price: '8', number: '10000' });
      ex.clock.advance(1000);
      await ex.markTape.tick();

      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              type: fc.constantFrom(1 as const, 2 as const),
              seconds: fc.constantFrom(30, 60, 120, 300),
              number: fc.constantFrom('10', '50', '100', '500', '1000'),
              // Where the market trades after the order: a price on the book's two-decimal grid.
              price: fc.integer({ min: 601, max: 799 }).map((cents) => (cents / 100).toFixed(2)),
            }),
            { minLength: 1, maxLength: 8 },
          ),
          async (orders) => {
            // Enough for the most the run can stake at once: 8 orders of 1000 and their fees.
            const user = await microTrader(ex, FUNDED);
            // Signing up hashes a password twice: on a loaded machine that can outlast the tape's 3 s
            // freshness, and a submit would then be refused for want of a current price.
            await ex.markTape.tick();
            const poolBefore = await usdtPool();
            const feesBefore = feesHeld();
            let spent = Decimal.ZERO;
            for (const order of orders) {
              const answer = await submit(ex.api, user.token, {
                match_id: DOT_USDT,
                currency_id: USDT,
                ...order,
              });
              expect(answer.body.code, answer.body.msg).toBe(1);
              spent = spent.add(d(answer.body.data!.number)).add(d(answer.body.data!.fee));
              const sell = await post('tx_out/add', maker.token, {
                type: 0,
                price: order.price,
                number: '1',
              });
              expect(sell.body.code, sell.body.msg).toBe(1);
              await post('tx_in/add', taker.token, { type: 1, number: '1' });
              ex.clock.advance(1000);
              await ex.markTape.tick();
            }
            ex.clock.advance(301_000);
            await ex.markTape.tick();
            expect(ex.micro.service.open.size).toBe(0);
            const pool = await usdtPool();
            const staked = d(pool.staked_total).sub(d(poolBefore.staked_total));
            const paid = d(pool.paid_total).sub(d(poolBefore.paid_total));
            const fees = d(pool.fees_total).sub(d(poolBefore.fees_total));
            // The user: what they had, less stakes and fees, plus what came back.
            const balance = d(await balanceOf(ex.api, user.token, USDT, MICRO));
            expect(balance.toString()).toBe(d(FUNDED).sub(spent).add(paid).toString());
            expect(staked.add(fees).toString()).toBe(spent.toString());
            // The pool: its balance moved by stakes in less payouts out; fees went to fees.
            expect(d(pool.balance).sub(d(poolBefore.balance)).toString()).toBe(staked.sub(paid).toString());
            expect(feesHeld().sub(feesBefore).gte(fees)).toBe(true);
            expect(d(pool.balance).isNegative()).toBe(false);
            expect(d(pool.balance).sub(d(pool.funded_total)).toString()).toBe(
              d(pool.staked_total).sub(d(pool.paid_total)).toString(),
            );
          },
        ),
        { numRuns: 12 },
      );
      expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
    },
    budget(120_000),
  );
});
