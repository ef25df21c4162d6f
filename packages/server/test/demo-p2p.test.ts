import { Decimal, type P2pAdView, type Paged } from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_P2P, P2P_SEED_MARK, seedDemoP2p } from '../src/demo/p2p.js';
import { openPersonal } from '../src/personal/module.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';

describe('the demo P2P merchant', () => {
  let ex: TestExchange;
  const seed = () =>
    seedDemoP2p({
      db: ex.db,
      users: ex.users,
      payMethods: openPersonal({ db: ex.db.kysely, config: ex.config, clock: ex.clock }).payMethods,
      p2p: ex.p2p.service,
      ledger: ex.ledger,
      currencies: ex.currencies,
      clock: ex.clock,
    });

  beforeAll(async () => {
    ex = await startTestExchange();
  });
  afterAll(async () => {
    await ex.close();
  });

  it('fills an empty hall with labelled ads on both sides, once however often the server starts', async () => {
    const hall = async (side: 'buy' | 'sell') =>
      (await ex.api.get<Paged<P2pAdView>>('legal_deal/ads', { side, limit: 50 })).body.data!;
    expect((await hall('sell')).total).toBe(0);
    await seed();
    await seed();
    const perSide = DEMO_P2P.ads.length / 2;
    for (const side of ['buy', 'sell'] as const) {
      const ads = (await hall(side)).data;
      expect(ads).toHaveLength(perSide);
      for (const ad of ads) {
        expect(ad.terms).toMatch(/^DEMO MERCHANT · play money/);
        expect(ad.merchant.level).toBe(3);
      }
    }
    const merchant = await ex.users.findByIdentity({ kind: 'email', email: DEMO_P2P.merchant.email });
    const mark = await ex.db.kysely
      .selectFrom('settings')
      .select('value')
      .where('key', '=', P2P_SEED_MARK)
      .executeTakeFirst();
    expect(mark?.value).toBe('1');
    // Credited once, into the fiat (legal) account its sell ads draw on.
    const account = await ex.db.kysely
      .selectFrom('accounts')
      .select('balance')
      .where('user_id', '=', merchant!.id)
      .where('account_type_id', '=', 2)
      .where('currency_id', '=', ex.currencies.byCode('USDT').id)
      .executeTakeFirstOrThrow();
    expect(Decimal.parse(String(account.balance)).eq(Decimal.parse('50000'))).toBe(true);
  });
});
