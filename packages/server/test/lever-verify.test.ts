import {
  checkMarkRow,
  Decimal,
  type LeverPositionView,
  type LeverVerification,
  type MarkPriceView,
} from '@oex/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { DOT, DOT_USDT, LEVER, trader, USDT } from './helpers/ledger.js';
import { signUp } from './helpers/users.js';

/*
 * lever/verify on the real path, under the seeded mark rule: a position's open and close each name
 * the tape row whose mark decided them, and that row recomputes from its own inputs.
 */

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange({}, { seededMarkRule: true });
  ex.markTape.stop();
  ex.clock.freeze();
});
afterAll(async () => ex?.stop());

async function tick(seconds: number): Promise<void> {
  for (let i = 0; i < seconds; i += 1) {
    ex.clock.advance(1000);
    await ex.markTape.tick();
  }
}

const rowChecks = (entry: MarkPriceView) => checkMarkRow(entry.figures!, entry.previous_price ?? null);

describe('lever/verify', () => {
  it('names the tape rows that opened and closed a position; each recomputes, and only its owner may ask', async () => {
    const maker = await trader(ex, [
      [USDT, '1000000'],
      [DOT, '100000'],
    ]);
    const order = (path: string, body: Record<string, unknown>) =>
      ex.api.post(path, { currency_match_id: DOT_USDT, type: 0, ...body }, { token: maker.token });
    await order('tx_in/add', { price: '7', number: '5000' });
    await order('tx_out/add', { price: '7.5', number: '5000' });
    await tick(5);
    const alice = await signUp(ex.api);
    await ex.ledger.credit(alice.id, LEVER, USDT, '1000');
    const opened = await ex.api.post<LeverPositionView>(
      'lever/submit',
      { currency_match_id: DOT_USDT, share: 2, multiple: 10, type: 1, status: 1 },
      { token: alice.token },
    );
    expect(opened.body.code, opened.body.msg).toBe(1);
    // The book moves up: the mark follows over the window, and the position is closed on it.
    await order('tx_in/add', { price: '7.2', number: '5000' });
    await tick(6);
    const id = opened.body.data!.id;
    const closed = await ex.api.post('lever/close', { id }, { token: alice.token });
    expect(closed.body.code, closed.body.msg).toBe(1);

    const verified = await ex.api.get<LeverVerification>('lever/verify', { id }, { token: alice.token });
    expect(verified.body.code, verified.body.msg).toBe(1);
    const { position, open_entry: open, close_entry: close, rule } = verified.body.data!;
    expect(open).not.toBeNull();
    expect(close).not.toBeNull();
    expect(Decimal.parse(open!.price).eq(Decimal.parse(position.origin_price))).toBe(true);
    expect(Decimal.parse(close!.price).eq(Decimal.parse(position.update_price))).toBe(true);
    expect(close!.time).toBeGreaterThan(open!.time);
    expect(rowChecks(open!)).toEqual([]);
    expect(rowChecks(close!)).toEqual([]);
    expect(rule).toContain(position.origin_price);
    expect(rule).toContain(position.close_price!);

    const bob = await signUp(ex.api);
    const foreign = await ex.api.get('lever/verify', { id }, { token: bob.token });
    expect(foreign.body.code).toBe(0);
    expect((await ex.api.get('lever/verify', { id })).body.code).toBe(999);
  });
});
