import { Decimal, type Paged, type SpotOrderView } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/ledger/audit.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import {
  BTC,
  BTC_USDT,
  DOT,
  DOT_USDT,
  ETH,
  ETH_USDT,
  TRX,
  TRX_USDT,
  USDT,
  balanceOf,
  trader as traderOf,
} from './helpers/ledger.js';

/**
 * Market buys by the total to spend, market-order price protection, and a
 * limit buy's saving released at each fill. Each test trades on its own market, so books never mix.
 */
let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange(process.env.DEBUG_LOG ? { logLevel: 'error' } : {});
});
afterAll(async () => {
  expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  await ex?.stop();
});

const trader = (credits: [number, string][]) => traderOf(ex, credits);
type Placed = { id: number; status: number };
const buy = (token: string, body: Record<string, unknown>) =>
  ex.api.post<Placed>('tx_in/add', body, { token });
const sell = (token: string, body: Record<string, unknown>) =>
  ex.api.post<Placed>('tx_out/add', body, { token });
const locked = async (token: string, currency: number) =>
  (
    await ex.api.get<{ lock_balance: string }>(
      'account/detail',
      { currency_id: currency, account_type_id: 1 },
      { token },
    )
  ).body.data!.lock_balance;
const lastOrder = async (token: string) =>
  (await ex.api.get<Paged<SpotOrderView>>('tx_history/list', {}, { token })).body.data!.data[0]!;

describe('market buy by the total to spend', () => {
  it('100 % of the balance spends at most exactly the balance, fills what it can, releases the rest', async () => {
    const seller = await trader([[ETH, '10']]);
    await sell(seller.token, { currency_match_id: ETH_USDT, number: '1', price: '3000' });
    await sell(seller.token, { currency_match_id: ETH_USDT, number: '2', price: '3001.37' });
    const buyer = await trader([[USDT, '5000']]);
    const placed = await buy(buyer.token, { currency_match_id: ETH_USDT, total: '5000', type: 1 });
    expect(placed.body).toMatchObject({ code: 1, data: { status: 2 } });
    // 1 @ 3000 = 3000; 2000 / 3001.37 → 0.6663 ETH (lot 0.0001) = 1999.812831; left 0.187169.
    expect(await balanceOf(ex.api, buyer.token, USDT)).toBe('0.187169');
    expect(await locked(buyer.token, USDT)).toBe('0');
    // The buyer's fee (0.1 %) is taken in ETH: 1.6663 − 0.0016663.
    expect(await balanceOf(ex.api, buyer.token, ETH)).toBe('1.6646337');
    expect(await lastOrder(buyer.token)).toMatchObject({
      type: 1,
      number: '1.6663',
      transacted_amount: '1.6663',
      transacted_volume: '4999.812831',
      status: 2,
    });
  });

  it('never spends more than the total, to the last unit, over many totals and books', async () => {
    const seller = await trader([[DOT, '100000']]);
    const levels = ['5.123', '5.127', '5.2', '5.301'];
    for (const [index, price] of levels.entries()) {
      await sell(seller.token, { currency_match_id: DOT_USDT, number: String(7 + index * 3), price });
    }
    let seed = 7;
    for (let round = 0; round < 12; round += 1) {
      seed = (seed * 48271) % 2147483647;
      const total = Decimal.fromUnits(BigInt(seed % 9_000_000) * 10n ** 12n + 10n ** 16n); // 0.01..9 USDT, 6 dp
      const buyer = await trader([[USDT, total.toString()]]);
      const placed = await buy(buyer.token, {
        currency_match_id: DOT_USDT,
        total: total.toString(),
        type: 1,
      });
      expect(placed.body.code).toBe(1);
      const order = await lastOrder(buyer.token);
      const spent = Decimal.parse(order.transacted_volume);
      expect(spent.lte(total)).toBe(true);
      // Exact: what is left plus what was spent is the total, nothing held.
      expect(
        Decimal.parse(await balanceOf(ex.api, buyer.token, USDT))
          .add(spent)
          .toString(),
      ).toBe(total.toString());
      expect(await locked(buyer.token, USDT)).toBe('0');
      // And one more lot (0.01 DOT) at the best ask would not have fitted.
      const best = (
        await ex.api.get<{ depth: { out: { price: string }[] } }>('market/deal', {
          currency_match_id: DOT_USDT,
        })
      ).body.data!.depth.out[0]!.price;
      expect(total.sub(spent).lt(Decimal.parse(best).mul(Decimal.parse('0.01')))).toBe(true);
    }
  });

  it('refuses a total above the balance, both amount and total, and a total on a sell or a limit', async () => {
    const user = await trader([
      [USDT, '100'],
      [BTC, '1'],
    ]);
    const other = await trader([[BTC, '1']]);
    await sell(other.token, { currency_match_id: BTC_USDT, number: '0.5', price: '60000' });
    const over = await buy(user.token, { currency_match_id: BTC_USDT, total: '100.000001', type: 1 });
    expect(over.body).toMatchObject({ code: 0, msg: 'Insufficient balance' });
    const both = await buy(user.token, {
      currency_match_id: BTC_USDT,
      total: '10',
      number: '0.001',
      type: 1,
    });
    expect(both.body).toMatchObject({ code: 0 });
    expect(both.body.msg).toMatch(/total to spend/);
    const onSell = await sell(user.token, { currency_match_id: BTC_USDT, total: '10', type: 1 });
    expect(onSell.body.code).toBe(0);
    const onLimit = await buy(user.token, { currency_match_id: BTC_USDT, total: '10', price: '1', type: 0 });
    expect(onLimit.body.code).toBe(0);
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('100');
  });
});

describe('market-order price protection', () => {
  it('a market buy fills no further than 5 % above the best ask; the rest is cancelled and its hold released', async () => {
    const seller = await trader([[TRX, '100000']]);
    await sell(seller.token, { currency_match_id: TRX_USDT, number: '100', price: '0.1' });
    await sell(seller.token, { currency_match_id: TRX_USDT, number: '100', price: '0.105' });
    await sell(seller.token, { currency_match_id: TRX_USDT, number: '100', price: '0.10501' });
    const buyer = await trader([[USDT, '1000']]);
    const placed = await buy(buyer.token, { currency_match_id: TRX_USDT, number: '300', type: 1 });
    expect(placed.body).toMatchObject({ code: 1, data: { status: 2 } });
    expect(placed.body.msg).toMatch(/200/);
    // 100 @ 0.1 + 100 @ 0.105 = 20.5; the level at 0.10501 is past 0.105 and stays in the book.
    expect(await balanceOf(ex.api, buyer.token, USDT)).toBe('979.5');
    expect(await locked(buyer.token, USDT)).toBe('0');
    expect(await lastOrder(buyer.token)).toMatchObject({ number: '300', transacted_amount: '200' });

    // By total too: the protection stops it before the total is spent.
    const byTotal = await trader([[USDT, '100']]);
    await sell(seller.token, { currency_match_id: TRX_USDT, number: '100', price: '0.2' });
    await buy(byTotal.token, { currency_match_id: TRX_USDT, total: '100', type: 1 });
    expect(await balanceOf(ex.api, byTotal.token, USDT)).toBe(
      Decimal.parse('100').sub(Decimal.parse('10.501')).toString(),
    );
    expect(await locked(byTotal.token, USDT)).toBe('0');
  });

  it('a market sell fills no further than 5 % below the best bid', async () => {
    const bidder = await trader([[USDT, '1000000']]);
    await buy(bidder.token, { currency_match_id: BTC_USDT, number: '0.1', price: '50000' });
    await buy(bidder.token, { currency_match_id: BTC_USDT, number: '0.1', price: '47500' });
    await buy(bidder.token, { currency_match_id: BTC_USDT, number: '0.1', price: '47499.99' });
    const seller = await trader([[BTC, '1']]);
    const placed = await sell(seller.token, { currency_match_id: BTC_USDT, number: '0.3', type: 1 });
    expect(placed.body, placed.body.msg).toMatchObject({ code: 1, data: { status: 2 } });
    expect(await lastOrder(seller.token)).toMatchObject({ transacted_amount: '0.2' });
    expect(await balanceOf(ex.api, seller.token, BTC)).toBe('0.8');
    expect(await locked(seller.token, BTC)).toBe('0');
  });

  it('market/currency_matches gives each market its protection percent', async () => {
    const groups =
      await ex.api.get<{ matches: { symbol: string; price_protection: string }[] }[]>(
        'market/currency_matches',
      );
    const btc = groups.body.data!.flatMap((group) => group.matches).find((m) => m.symbol === 'BTC/USDT');
    expect(btc!.price_protection).toBe('5');
  });
});

describe('a limit buy releases its saving at each fill', () => {
  it('ask 1 @ 9.95, buy 2 @ 10.05: 10.05 stays locked, not 10.15; exact after each fill and after a restart', async () => {
    const seller = await trader([[ETH, '10']]);
    const buyer = await trader([[USDT, '100']]);
    // ETH/USDT: a fresh price range far below earlier tests' orders (those were all filled or above).
    await sell(seller.token, { currency_match_id: ETH_USDT, number: '1', price: '9.95' });
    const order = await buy(buyer.token, { currency_match_id: ETH_USDT, number: '2', price: '10.05' });
    expect(order.body.data?.status, order.body.msg).toBe(1);
    expect(await locked(buyer.token, USDT)).toBe('10.05');
    expect(await balanceOf(ex.api, buyer.token, USDT)).toBe('80');

    // A later taker sells 0.5 into the bid at its own price: the remainder 0.5 needs 5.025.
    await sell(seller.token, { currency_match_id: ETH_USDT, number: '0.5', type: 1 });
    expect(await locked(buyer.token, USDT)).toBe('5.025');

    ex = await ex.restart();
    expect(await locked(buyer.token, USDT)).toBe('5.025');
    const cancelled = await ex.api.post('tx_in/cancel', { id: order.body.data!.id }, { token: buyer.token });
    expect(cancelled.body.code).toBe(1);
    expect(await locked(buyer.token, USDT)).toBe('0');
    // 9.95 + 5.025 spent in all.
    expect(await balanceOf(ex.api, buyer.token, USDT)).toBe('85.025');
    expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  });
});
