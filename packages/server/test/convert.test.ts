import { Decimal, type ConvertResult } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { balanceOf, BTC, BTC_USDT, DOT, trader, USDT } from './helpers/ledger.js';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => ex?.stop());

describe('account/convert', () => {
  it('sells at market on the real book and answers the fill: amount, average price, fee, received', async () => {
    const buyer = await trader(ex, [[USDT, '10000']]);
    const bid = await ex.api.post(
      'tx_in/add',
      { currency_match_id: BTC_USDT, number: '0.01', price: '60000' },
      { token: buyer.token },
    );
    expect(bid.body.code, bid.body.msg).toBe(1);
    const seller = await trader(ex, [[BTC, '0.01']]);
    const answer = await ex.api.post<ConvertResult>(
      'account/convert',
      { currency_id: BTC, number: '0.004' },
      { token: seller.token },
    );
    expect(answer.body.code, answer.body.msg).toBe(1);
    expect(answer.body.data).toMatchObject({ symbol: 'BTC/USDT', sold: '0.004', partial: false });
    const received = answer.body.data!.received;
    expect(answer.body.msg).toContain(received);
    expect(await balanceOf(ex.api, seller.token, BTC)).toBe('0.006');
    expect(await balanceOf(ex.api, seller.token, USDT)).toBe(received);
    // 0.004 × 60000 = 240 less the fee the answer names.
    expect(Decimal.parse(received).add(Decimal.parse(answer.body.data!.fee)).toString()).toBe('240');
    expect(answer.body.data!.fee).toBe('0.24');
  });

  it('refuses more than the balance and changes nothing', async () => {
    const seller = await trader(ex, [[DOT, '5']]);
    const answer = await ex.api.post(
      'account/convert',
      { currency_id: DOT, number: '6' },
      { token: seller.token },
    );
    expect(answer.body.code).toBe(0);
    expect(await balanceOf(ex.api, seller.token, DOT)).toBe('5');
  });

  it('refuses USDT itself: there is no USDT/USDT market', async () => {
    const seller = await trader(ex, [[USDT, '5']]);
    const answer = await ex.api.post(
      'account/convert',
      { currency_id: USDT, number: '1' },
      { token: seller.token },
    );
    expect(answer.body.msg).toMatch(/no USDT market/);
  });

  it('a request id makes it safe to retry: twins at once, a retry, and a retry after a restart sell once', async () => {
    const buyer = await trader(ex, [[USDT, '100000']]);
    await ex.api.post(
      'tx_in/add',
      { currency_match_id: BTC_USDT, number: '0.1', price: '60000' },
      { token: buyer.token },
    );
    const seller = await trader(ex, [[BTC, '0.05']]);
    const convert = (number: string) =>
      ex.api.post<ConvertResult>(
        'account/convert',
        { currency_id: BTC, number, request_id: 'conv-1' },
        { token: seller.token },
      );
    const twins = await Promise.all([convert('0.01'), convert('0.01')]);
    expect(
      twins.map((answer) => answer.body.code),
      JSON.stringify(twins.map((answer) => answer.body.msg)),
    ).toEqual([1, 1]);
    expect(twins[0]!.body.data!.order_id).toBe(twins[1]!.body.data!.order_id);
    expect(await balanceOf(ex.api, seller.token, BTC)).toBe('0.04');
    const again = await convert('0.01');
    expect(again.body.data).toEqual(twins[0]!.body.data);
    expect((await convert('0.02')).body.msg).toMatch(/request id/i);
    ex = await ex.restart();
    const afterRestart = await ex.api.post<ConvertResult>(
      'account/convert',
      { currency_id: BTC, number: '0.01', request_id: 'conv-1' },
      { token: seller.token },
    );
    expect(afterRestart.body.data).toEqual(twins[0]!.body.data);
    expect(await balanceOf(ex.api, seller.token, BTC)).toBe('0.04');
  });
});
