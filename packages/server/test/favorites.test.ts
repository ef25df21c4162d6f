import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { BTC_USDT, ETH_USDT, trader } from './helpers/ledger.js';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => {
  await ex?.stop();
});

describe('market/favorites', () => {
  it('keeps each user their own starred markets, across a restart', async () => {
    const alice = await trader(ex, []);
    const bob = await trader(ex, []);
    const add = (token: string, id: number) =>
      ex.api.post<number[]>('market/favorites/add', { currency_match_id: id }, { token });
    expect((await add(alice.token, ETH_USDT)).body.data).toEqual([ETH_USDT]);
    expect((await add(alice.token, BTC_USDT)).body.data).toEqual([ETH_USDT, BTC_USDT]);
    // Starring twice is harmless.
    expect((await add(alice.token, ETH_USDT)).body.data).toEqual([ETH_USDT, BTC_USDT]);
    expect((await ex.api.get('market/favorites', {}, { token: bob.token })).body.data).toEqual([]);

    const removed = await ex.api.post<number[]>(
      'market/favorites/remove',
      { currency_match_id: ETH_USDT },
      { token: alice.token },
    );
    expect(removed.body.data).toEqual([BTC_USDT]);
    ex = await ex.restart();
    expect((await ex.api.get('market/favorites', {}, { token: alice.token })).body.data).toEqual([BTC_USDT]);
  });

  it('refuses visitors, unknown markets and bad ids, changing nothing', async () => {
    const carol = await trader(ex, []);
    expect((await ex.api.get('market/favorites')).body).toMatchObject({ code: 999 });
    const unknown = await ex.api.post(
      'market/favorites/add',
      { currency_match_id: 9999 },
      { token: carol.token },
    );
    expect(unknown.body).toMatchObject({ code: 0, msg: 'Unknown market' });
    const bad = await ex.api.post('market/favorites/add', { currency_match_id: 'x' }, { token: carol.token });
    expect(bad.body.code).toBe(0);
    expect((await ex.api.get('market/favorites', {}, { token: carol.token })).body.data).toEqual([]);
  });
});
