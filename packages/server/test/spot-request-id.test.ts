import type { Paged, SpotOrderView } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/ledger/audit.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { ETH, ETH_USDT, USDT, balanceOf, trader as traderOf } from './helpers/ledger.js';

/** Spot orders with the caller's request id: a lost answer is retried without placing twice. */
let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => {
  expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  await ex?.stop();
});

const trader = (credits: [number, string][]) => traderOf(ex, credits);
const buy = (token: string, body: Record<string, unknown>) =>
  ex.api.post<{ id: number; status: number; trades: number }>('tx_in/add', body, { token });
const sell = (token: string, body: Record<string, unknown>) =>
  ex.api.post<{ id: number; status: number; trades: number }>('tx_out/add', body, { token });

describe('a spot order with a request id', () => {
  it('an order with a request id is placed once: twins, a later retry and a cancelled one answer the first; other terms are refused', async () => {
    const seller = await trader([[ETH, '1']]);
    const buyer = await trader([[USDT, '10000']]);
    await sell(seller.token, { currency_match_id: ETH_USDT, number: '1', price: '1234.5' });
    const body = { currency_match_id: ETH_USDT, number: '0.4', price: '1234.5', request_id: 'spot-once-1' };
    const twins = await Promise.all([buy(buyer.token, body), buy(buyer.token, body)]);
    expect(twins.map((twin) => twin.body.code)).toEqual([1, 1]);
    expect(twins[1]!.body.data).toEqual(twins[0]!.body.data);
    expect(twins[0]!.body.data).toMatchObject({ status: 2, trades: 1 });
    // Bought once: 0.4 ETH less the 0.1 % fee, for 0.4 x 1234.5 = 493.8 USDT.
    expect(await balanceOf(ex.api, buyer.token, ETH)).toBe('0.3996');
    expect(await balanceOf(ex.api, buyer.token, USDT)).toBe('9506.2');

    // A retry after the answer was lost: the first order from the database, with its fill's message.
    const retry = await buy(buyer.token, body);
    expect(retry.body).toMatchObject({ code: 1, data: twins[0]!.body.data, msg: twins[0]!.body.msg });
    // The same id with other terms, or for the other side, is refused and changes nothing.
    const reused = await buy(buyer.token, { ...body, number: '0.5' });
    expect(reused.body.code).toBe(0);
    expect((await sell(buyer.token, { ...body, number: '0.1' })).body.code).toBe(0);
    expect(await balanceOf(ex.api, buyer.token, USDT)).toBe('9506.2');
    // Another user's id is theirs alone.
    const theirs = await buy(seller.token, { ...body, number: '0.1', price: '1000' });
    expect(theirs.body).toMatchObject({ code: 1, data: { status: 1, trades: 0 } });

    // A resting order cancelled before the retry: the retry answers it cancelled, and places nothing.
    const resting = { currency_match_id: ETH_USDT, number: '0.1', price: '1000', request_id: 'spot-once-2' };
    const first = await buy(buyer.token, resting);
    expect(first.body.data).toMatchObject({ status: 1, trades: 0 });
    await ex.api.post('tx_in/cancel', { id: first.body.data!.id }, { token: buyer.token });
    const late = await buy(buyer.token, resting);
    expect(late.body.data).toEqual({ id: first.body.data!.id, status: 3, trades: 0 });
    expect(await balanceOf(ex.api, buyer.token, USDT)).toBe('9506.2');

    // Nothing left resting: the ledger audit after all sees no hold.
    await ex.api.post('tx_in/cancel', { id: theirs.body.data!.id }, { token: seller.token });
    const asks = await ex.api.get<Paged<SpotOrderView>>(
      'tx_out/list',
      { currency_match_id: ETH_USDT, status: 'open' },
      { token: seller.token },
    );
    for (const ask of asks.body.data!.data)
      await ex.api.post('tx_out/cancel', { id: ask.id }, { token: seller.token });
  });
});
