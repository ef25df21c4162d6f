import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/ledger/audit.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { balanceOf, LEVER, SPOT, USDT } from './helpers/ledger.js';
import { signUp } from './helpers/users.js';

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => ex?.stop());

describe('concurrent transfers', () => {
  it('200 parallel transfers worth more than the balance: exactly the affordable ones succeed', async () => {
    const user = await signUp(ex.api);
    await ex.ledger.credit(user.id, SPOT, USDT, '100');
    // 200 x 0.75 = 150 asked for; 100 / 0.75 = 133 fit, leaving 0.25.
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        ex.api.post(
          'account/transfer',
          { currency_id: USDT, balance: '0.75', from: 1, to: 3 },
          { token: user.token },
        ),
      ),
    );
    const succeeded = answers.filter((answer) => answer.body.code === 1).length;
    const refused = answers.filter((answer) => answer.body.msg === 'Insufficient balance').length;
    expect(succeeded).toBe(133);
    expect(refused).toBe(67);
    expect(await balanceOf(ex.api, user.token, USDT, SPOT)).toBe('0.25');
    expect(await balanceOf(ex.api, user.token, USDT, LEVER)).toBe('99.75');
    const report = await auditLedger(ex.db.kysely);
    expect(report.problems).toEqual([]);
  });

  it('parallel transfers in both directions between two accounts never lose a unit', async () => {
    const user = await signUp(ex.api);
    await ex.ledger.credit(user.id, SPOT, USDT, '10');
    await ex.ledger.credit(user.id, LEVER, USDT, '10');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        ex.api.post(
          'account/transfer',
          { currency_id: USDT, balance: '0.3', from: i % 2 ? 1 : 3, to: i % 2 ? 3 : 1 },
          { token: user.token },
        ),
      ),
    );
    expect(
      answers.every((answer) => answer.status === 200 || answer.body.msg === 'Insufficient balance'),
    ).toBe(true);
    const spot = Number(await balanceOf(ex.api, user.token, USDT, SPOT));
    const lever = Number(await balanceOf(ex.api, user.token, USDT, LEVER));
    expect((spot * 10 + lever * 10) / 10).toBe(20);
    expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  });
});
