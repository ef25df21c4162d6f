import { Decimal, type AccountLogView, type LeverPositionView, type Paged } from '@oex/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../src/platform/messages/index.js';
import { auditLedger } from '../src/ledger/audit.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { DOT, DOT_USDT, LEVER, trader, USDT } from './helpers/ledger.js';
import { login, signUp } from './helpers/users.js';
import { budget } from './helpers/budget.js';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => ex?.stop());

const d = Decimal.parse;
const system = (code: 'lever_pool' | 'insurance') =>
  Decimal.fromUnits(ex.sequencer.books.find({ system: code }, 0, USDT)?.balance ?? 0n);

type Step =
  | { op: 'open'; type: 1 | 2; share: number; multiple: 5 | 10 | 20 }
  | { op: 'close'; pick: number }
  | { op: 'stop'; pick: number; tp: number; sl: number }
  | { op: 'move'; cents: number }
  | { op: 'night' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('open' as const),
    type: fc.constantFrom(1 as const, 2 as const),
    share: fc.integer({ min: 1, max: 5 }),
    multiple: fc.constantFrom(5 as const, 10 as const, 20 as const),
  }),
  fc.record({ op: fc.constant('close' as const), pick: fc.nat() }),
  fc.record({
    op: fc.constant('stop' as const),
    pick: fc.nat(),
    tp: fc.integer({ min: 1, max: 60 }),
    sl: fc.integer({ min: 1, max: 60 }),
  }),
  fc.record({ op: fc.constant('move' as const), cents: fc.integer({ min: 600, max: 900 }) }),
  fc.record({ op: fc.constant('night' as const) }),
);

/**
 * After the engine's second, no one is left holding positions at or below the liquidation rate,
 * computed here from the API alone: (balance + Σ margin + Σ (mark − entry) × quantity) ÷ Σ margin.
 */
async function nobodyLeftAtRisk(token: string): Promise<void> {
  const open = (
    await ex.api.post<Paged<LeverPositionView>>('lever/my_trade', { status: 1, limit: 50 }, { token })
  ).body.data!.data;
  if (open.length === 0) return;
  const balance = d(
    (
      await ex.api.get<{ balance: string }>(
        'account/detail',
        { currency_id: USDT, account_type_id: LEVER },
        { token },
      )
    ).body.data!.balance,
  );
  let margin = Decimal.ZERO;
  let profit = Decimal.ZERO;
  for (const position of open) {
    const move = d(position.update_price).sub(d(position.price!)).mul(d(position.number));
    margin = margin.add(d(position.caution_money));
    profit = profit.add(position.type === 1 ? move : move.neg());
  }
  const hazard = balance.add(margin).add(profit).mul(Decimal.fromInt(100)).div(margin, 2, 'down');
  expect(hazard.gt(d('20')), `hazard ${hazard} with positions still open`).toBe(true);
}

describe('leveraged positions on the ledger', () => {
  it(
    'property: any sequence of opens, closes, stops, mark moves and nights conserves, never goes negative, and closes each once',
    async () => {
      const maker = await trader(ex, [
        [USDT, '10000000'],
        [DOT, '1000000'],
      ]);
      const taker = await trader(ex, [
        [USDT, '10000000'],
        [DOT, '1000000'],
      ]);
      const spot = async (path: string, token: string, body: Record<string, unknown>) => {
        const answer = await ex.api.post(path, { currency_match_id: DOT_USDT, ...body }, { token });
        expect(answer.body.code, answer.body.msg).toBe(1);
      };
      /** The book moves around a price: new quotes a cent either side and a trade at it. */
      const moveTo = async (price: Decimal) => {
        await spot('tx_in/add', maker.token, {
          type: 0,
          price: price.sub(d('0.01')).toString(),
          number: '5000',
        });
        await spot('tx_out/add', maker.token, {
          type: 0,
          price: price.add(d('0.01')).toString(),
          number: '5000',
        });
        await spot('tx_out/add', taker.token, { type: 0, price: price.toString(), number: '1' });
        // The taker's ask may already have met an older bid above it (a trade at or above the price):
        // then no ask is left for a market buy, which is refused as such.
        const bought = await ex.api.post(
          'tx_in/add',
          { currency_match_id: DOT_USDT, type: 1, number: '1' },
          { token: maker.token },
        );
        if (bought.body.code !== 1) expect(bought.body.msg).toBe(translate('en', 'error.no_best_price'));
      };
      const tick = async (ms = 1000) => {
        ex.clock.advance(ms);
        await ex.markTape.tick();
      };
      await moveTo(d('7.5'));
      await tick();

      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
          const user = await signUp(ex.api);
          await ex.ledger.credit(user.id, LEVER, USDT, '300');
          const before = { pool: system('lever_pool'), insurance: system('insurance') };
          const ids: number[] = [];
          for (const s of steps) {
            if (s.op === 'open') {
              const answer = await ex.api.post<LeverPositionView>(
                'lever/submit',
                {
                  currency_match_id: DOT_USDT,
                  type: s.type,
                  share: s.share,
                  multiple: s.multiple,
                  status: 1,
                },
                { token: user.token },
              );
              if (answer.body.code === 1) ids.push(answer.body.data!.id);
              else expect(answer.body.msg).toMatch(/Not enough/);
            } else if (s.op === 'close' && ids.length > 0) {
              await ex.api.post('lever/close', { id: ids[s.pick % ids.length] }, { token: user.token });
            } else if (s.op === 'stop' && ids.length > 0) {
              const id = ids[s.pick % ids.length]!;
              const mark = d(ex.markTape.latest(DOT_USDT)!.price.toString());
              const position = ex.lever.service.book.get(id);
              if (!position) continue;
              const away = (cents: number) => Decimal.fromInt(cents).div(Decimal.fromInt(100));
              const up = mark.add(away(s.tp)).round(3, 'up').toString();
              const down = mark.sub(away(s.sl)).round(3, 'down').toString();
              const body =
                position.side === 1
                  ? { target_profit_price: up, stop_loss_price: down }
                  : { target_profit_price: down, stop_loss_price: up };
              const answer = await ex.api.post('lever/setstop', { id, ...body }, { token: user.token });
              expect(answer.body.code, answer.body.msg).toBe(1);
            } else if (s.op === 'move') {
              await moveTo(Decimal.fromInt(s.cents).div(Decimal.fromInt(100)));
              await tick();
              await nobodyLeftAtRisk(user.token);
            } else if (s.op === 'night') {
              await tick(86_400_000);
              // Runs of nights add up past the 7 idle days that end a session: everyone signs in
              // again, as they would (the maker and taker too: a seed with many nights expired them).
              for (const account of [user, maker, taker]) {
                account.token = await login(ex.api, account.email, 'Secret-Harbor-91');
              }
            }
          }
          // Close what is left, then check the books.
          await ex.api.post('lever/batch_close', { type: 0 }, { token: user.token });
          expect(ex.lever.service.book.ofUser(user.id)).toEqual([]);
          const balance = d(
            (
              await ex.api.get<{ balance: string }>(
                'account/detail',
                { currency_id: USDT, account_type_id: LEVER },
                { token: user.token },
              )
            ).body.data!.balance,
          );
          expect(balance.isNegative()).toBe(false);
          const after = { pool: system('lever_pool'), insurance: system('insurance') };
          // The user's fees, from their own records (spot trades of the market move fees too).
          const feeRows = await ex.db.kysely
            .selectFrom('account_logs')
            .select(['change_balance', 'change_lock'])
            .where('user_id', '=', user.id)
            .where('type', 'in', [19, 21])
            .execute();
          const fees = feeRows.reduce(
            (sum, row) => sum.sub(d(String(row.change_balance))).sub(d(String(row.change_lock))),
            Decimal.ZERO,
          );
          // Whatever left the user went to the pool or to fees, or came from insurance; nothing else moved.
          const moved = after.pool.sub(before.pool).add(fees).add(after.insurance.sub(before.insurance));
          expect(moved.toString()).toBe(d('300').sub(balance).toString());
          // Each position ended once: one settlement entry per closed position in the records.
          const logs = await ex.db.kysely
            .selectFrom('account_logs')
            .select(['ref_id'])
            .where('ref_type', '=', 'lever_position')
            .where('type', '=', 20)
            .where('user_id', '=', user.id)
            .execute();
          const settled = logs.map((row) => row.ref_id);
          expect(new Set(settled).size).toBe(settled.length);
          const closed = (
            await ex.api.post<Paged<LeverPositionView>>(
              'lever/my_trade',
              { status: 3, limit: 50 },
              { token: user.token },
            )
          ).body.data!;
          expect(closed.total).toBe(ids.length);
          // An independent look at every closed position: its profit is (close − entry) × quantity, signed.
          for (const position of closed.data) {
            const move = d(position.close_price!).sub(d(position.price!)).mul(d(position.number));
            expect(d(position.profits).toString()).toBe((position.type === 1 ? move : move.neg()).toString());
          }
        }),
        { numRuns: 15 },
      );
      expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
      const records = await ex.api.get<Paged<AccountLogView>>(
        'account_log/lever',
        { page: 1 },
        { token: (await signUp(ex.api)).token },
      );
      expect(records.body.code).toBe(1);
    },
    budget(180_000),
  );
});
