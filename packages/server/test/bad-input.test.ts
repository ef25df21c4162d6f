import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { BTC, BTC_USDT, ETH, ETH_USDT, USDT, balanceOf, trader } from './helpers/ledger.js';
import { signUp } from './helpers/users.js';

let ex: TestExchange;
let token: string;
beforeAll(async () => {
  ex = await startTestExchange();
  token = (await signUp(ex.api, 'Steady-Heron-12')).token;
});
afterAll(async () => ex?.stop());

const LONG = 'a'.repeat(10_000);
const HTML = '<script>alert(1)</script>';
const SQL = "x' OR '1'='1'; DROP TABLE users; --";

/** Each POST route with a valid-looking body to start each bad variant from. */
const POSTS: [string, Record<string, unknown>][] = [
  ['notify/send_email', { to: 'x@example.test', type: 1 }],
  ['notify/send_sms', { to: '13800000000', type: 1, area_id: 1 }],
  [
    'user/register',
    {
      type: 'email',
      account: 'x@example.test',
      password: 'Amber-Kettle-58',
      re_password: 'Amber-Kettle-58',
      sms_code: '123456',
      invite_code: 'DEMO2026',
    },
  ],
  ['user/login', { login_type: 'email', account: 'x@example.test', password: 'Amber-Kettle-58' }],
  [
    'user/amend_password',
    {
      old_password: 'Steady-Heron-12',
      new_password: 'Amber-Kettle-58',
      secondary_password: 'Amber-Kettle-58',
    },
  ],
  [
    'user/forget_password',
    {
      type: 'email',
      account: 'x@example.test',
      new_password: 'Amber-Kettle-58',
      secondary_password: 'Amber-Kettle-58',
      auth_code: '123456',
    },
  ],
  ['user/amend_pay_password', { password: 'Amber-Kettle-58', auth_code: '123456' }],
  ['sms_mail', { user_string: 'x@example.test' }],
  ['safe/email', { email: 'x@example.test', code: '123456' }],
  ['sms_mobile', { area_id: 1, mobile: '13800000000' }],
  ['safe/mobile', { area_id: 1, mobile: '13800000000', code: '123456' }],
  ['user/totp/confirm', { code: '123456' }],
  ['user/totp/disable', { password: 'Steady-Heron-12', code: '123456' }],
  ['ieo/addIeo', { id: 1, number: '100' }],
  ['legal_deal/place', { ad_id: 1, number: '1' }],
  ['legal_deal/paid', { id: 1, voucher: 1 }],
  ['legal_deal/cancel', { id: 1 }],
  ['legal_deal/confirm', { id: 1, pay_password: 'Amber-Kettle-58' }],
  ['legal_deal/appeal', { id: 1, reason: 'The seller never answered my messages' }],
  [
    'legal_shop/ad_save',
    {
      side: 'sell',
      currency_id: 1,
      fiat: 'CNY',
      price: '7.1',
      min_number: '10',
      max_number: '100',
      total: '1000',
      pay_types: ['bank'],
    },
  ],
  ['legal_shop/ad_status', { id: 1, status: 2 }],
];

function variants(valid: Record<string, unknown>): [string, unknown][] {
  const out: [string, unknown][] = [
    ['empty body', {}],
    ['array body', [1, 2]],
    ['null body', null],
  ];
  for (const field of Object.keys(valid)) {
    const { [field]: _dropped, ...without } = valid;
    out.push([`missing ${field}`, without]);
    for (const [label, value] of [
      ['empty', ''],
      ['spaces', '   '],
      ['long', LONG],
      ['html', HTML],
      ['sql', SQL],
      ['number', Number('12345678901234567890')],
      ['object', { $ne: null }],
      ['array', ['a']],
      ['true', true],
    ] as const) {
      out.push([`${field} ${label}`, { ...valid, [field]: value }]);
    }
  }
  return out;
}

/** Rows of a table: a refused request must leave every count as it was. */
async function count(
  table: 'users' | 'sessions' | 'verification_codes' | 'orders' | 'trades' | 'account_logs' | 'transfers',
): Promise<number> {
  const row = await ex.db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function snapshot() {
  const user = await ex.db.kysely
    .selectFrom('users')
    .select(['password_hash', 'pay_password_hash', 'email'])
    .where('email', '=', (await ex.api.get<{ email: string }>('user/info', {}, { token })).body.data!.email)
    .executeTakeFirstOrThrow();
  return { users: await count('users'), sessions: await count('sessions'), user };
}

describe('bad input', () => {
  for (const [path, valid] of POSTS) {
    it(`${path}: every malformed body gets a clear 4xx envelope and changes nothing`, async () => {
      const before = await snapshot();
      for (const [label, body] of variants(valid)) {
        const answer = await ex.api.post(path, body, { token });
        expect(answer.body.code, `${path} ${label}: ${JSON.stringify(answer.body)}`).not.toBe(1);
        expect(answer.status, `${path} ${label}`).toBeLessThan(500);
        expect([0, 999]).toContain(answer.body.code);
        expect(answer.body.msg.length, `${path} ${label}`).toBeGreaterThan(3);
        expect(answer.body.msg).not.toContain('<script>');
      }
      const after = await snapshot();
      expect(after.users).toBe(before.users);
      expect(after.user).toEqual(before.user);
      expect(after.sessions).toBe(before.sessions);
    });
  }

  it('GET routes refuse bad query values without a 500', async () => {
    for (const [path, query] of [
      ['news/list', { category_id: 'abc' }],
      ['news/list', { category_id: 1, page: -1 }],
      ['news/list', { category_id: 1, limit: 100000 }],
      ['news/info', { id: SQL }],
      ['news/info', { id: '99999999999999999999' }],
      ['default/setting', { key: LONG }],
      ['dev/mailbox', { to: LONG }],
    ] as const) {
      const answer = await ex.api.get(path, query);
      expect(answer.body.code, `${path} ${JSON.stringify(query)}`).not.toBe(1);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.code).toBe(0);
    }
  });

  it('keeps HTML in a registered account out of reach: the account is refused as an email', async () => {
    const answer = await ex.api.post('notify/send_email', { to: `${HTML}@example.test`, type: 1 });
    expect(answer).toMatchObject({
      status: 200,
      body: { code: 0, msg: 'account: must be a valid email address' },
    });
  });
});

/** Every route that takes an amount or a price, with values at and past each of its limits. */
describe('amounts at and past every limit', () => {
  const MAX = '1000000000000000';
  const aboveWire = `number: is above the maximum ${MAX}`;
  const tooMuch = 'Insufficient balance';
  /** [route, body, status, message] — a message is exact, or a pattern. */
  type Case = [string, Record<string, unknown>, number, string | RegExp];
  const eth = (fields: Record<string, unknown>) => ({ currency_match_id: ETH_USDT, ...fields });
  const btc = (fields: Record<string, unknown>) => ({ currency_match_id: BTC_USDT, ...fields });
  const orderCases = (route: 'tx_in/add' | 'tx_out/add'): Case[] => [
    // The order: 10^7 ETH at 10^11 is a total of 10^18, past the Decimal range (was a 500).
    [
      route,
      eth({ type: 0, number: '10000000', price: '100000000000' }),
      200,
      `The order total (price × amount) is above the maximum ${MAX}`,
    ],
    // On the wire: however long, a number is told the maximum.
    [route, eth({ number: `1${'0'.repeat(40)}`, price: '1' }), 200, aboveWire],
    [route, eth({ number: '9'.repeat(10_000), price: '1' }), 200, aboveWire],
    [route, eth({ number: '1000000000000001', price: '1' }), 200, aboveWire],
    [route, eth({ number: '9007199254740993', price: '1' }), 200, aboveWire],
    [route, eth({ number: '1', price: `${'9'.repeat(30)}.5` }), 200, `price: is above the maximum ${MAX}`],
    [route, eth({ number: 2 ** 53 + 2, price: '1' }), 200, /^number: must be sent as a string/],
    [route, eth({ number: `0.${'0'.repeat(19)}1`, price: '1' }), 200, 'number: may have at most 18 decimals'],
    // At the wire maximum, the market's own limits speak: 15 digits of lots and ticks.
    [route, eth({ number: MAX, price: '1' }), 200, 'The amount is above the maximum 99,999,999,999.9999'],
    [
      route,
      eth({ number: '100000000000', price: '1' }),
      200,
      'The amount is above the maximum 99,999,999,999.9999',
    ],
    [
      route,
      btc({ number: '1', price: '10000000000000' }),
      200,
      'The price is above the maximum 9,999,999,999,999.99',
    ],
    [
      route,
      btc({ number: '0.0001', price: MAX }),
      200,
      'The price is above the maximum 9,999,999,999,999.99',
    ],
    // The total: 100 BTC at the highest price fits, 1000 do not.
    [
      route,
      btc({ number: '1000', price: '9999999999999.99' }),
      200,
      `The order total (price × amount) is above the maximum ${MAX}`,
    ],
    // Decimals and the minimum order of the market (ETH/USDT: 4 decimals, at least 0.001).
    [route, eth({ number: '0.00015', price: '1' }), 200, 'The amount may have at most 4 decimals'],
    [route, eth({ number: '0.0009', price: '1' }), 200, 'The amount is below the minimum order of 0.001'],
    [route, eth({ number: '1', price: '1.005' }), 200, 'The price may have at most 2 decimals'],
    // Form, sign and zero.
    [route, eth({ number: '1e5', price: '1' }), 200, 'number: must be a decimal number such as "12.5"'],
    [route, eth({ number: '-5', price: '1' }), 200, 'The amount must be greater than zero'],
    [route, eth({ number: '0', price: '1' }), 200, 'The amount must be greater than zero'],
    [route, eth({ number: '1', price: '-1' }), 200, 'The price must be greater than zero'],
  ];
  const cases: Case[] = [
    ...orderCases('tx_in/add'),
    ...orderCases('tx_out/add'),
    // Within every limit, an order is refused only for the money it lacks.
    ['tx_in/add', eth({ number: '99999999999.9999', price: '1' }), 200, tooMuch],
    ['tx_in/add', btc({ number: '100', price: '9999999999999.99' }), 200, tooMuch],
    ['tx_out/add', eth({ number: '99999999999.9999', price: '1' }), 200, tooMuch],
    [
      'account/transfer',
      { currency_id: USDT, balance: `1${'0'.repeat(40)}`, from: 1, to: 3 },
      200,
      `balance: is above the maximum ${MAX}`,
    ],
    [
      'account/transfer',
      { currency_id: USDT, balance: '1000000000000001', from: 1, to: 3 },
      200,
      `balance: is above the maximum ${MAX}`,
    ],
    ['account/transfer', { currency_id: USDT, balance: MAX, from: 1, to: 3 }, 200, tooMuch],
    [
      'account/transfer',
      { currency_id: USDT, balance: '0.000000001', from: 1, to: 3 },
      200,
      'The amount may have at most 8 decimals',
    ],
    [
      'account/transfer',
      { currency_id: USDT, balance: 2 ** 53 + 2, from: 1, to: 3 },
      200,
      /^balance: must be sent as a string/,
    ],
    [
      'account/transfer',
      { currency_id: USDT, balance: '-1', from: 1, to: 3 },
      200,
      'The amount must be greater than zero',
    ],
  ];

  async function state(token: string) {
    return {
      orders: await count('orders'),
      trades: await count('trades'),
      logs: await count('account_logs'),
      transfers: await count('transfers'),
      balances: await Promise.all([USDT, BTC, ETH].map((currency) => balanceOf(ex.api, token, currency))),
    };
  }

  it('each gets a refusal naming the field and the rule, in every language, and nothing changes', async () => {
    const rich = await trader(ex, [
      [USDT, '1000000'],
      [BTC, '10'],
      [ETH, '100'],
    ]);
    const before = await state(rich.token);
    for (const [route, body, status, message] of cases) {
      const label = `${route} ${JSON.stringify(body).slice(0, 120)}`;
      const answer = await ex.api.post(route, body, { token: rich.token });
      expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(status);
      expect(answer.body.code, label).toBe(0);
      if (typeof message === 'string') expect(answer.body.msg, label).toBe(message);
      else expect(answer.body.msg, label).toMatch(message);
      // Every language names the rule too (no 500, no raw key).
      const zh = await ex.api.post(route, body, { token: rich.token, lang: 'zh' });
      expect(zh.status, label).toBe(status);
      expect(zh.body.msg, label).not.toMatch(/^(rule|error)\./);
    }
    expect(await state(rich.token)).toEqual(before);
  });

  it('a market buy whose cost over the book passes the maximum total is refused, and changes nothing', async () => {
    const seller = await trader(ex, [[BTC, '300']]);
    const buyer = await trader(ex, [[USDT, '1000']]);
    const ids: number[] = [];
    // Two asks of 100 BTC at the highest price: each a total just under 10^15, both together over it.
    for (let i = 0; i < 2; i += 1) {
      const ask = await ex.api.post<{ id: number }>(
        'tx_out/add',
        { currency_match_id: BTC_USDT, number: '100', price: '9999999999999.99' },
        { token: seller.token },
      );
      expect(ask.body.code, ask.body.msg).toBe(1);
      ids.push(ask.body.data!.id);
    }
    const before = await state(buyer.token);
    const answer = await ex.api.post(
      'tx_in/add',
      { currency_match_id: BTC_USDT, number: '200', type: 1 },
      { token: buyer.token },
    );
    expect(answer).toMatchObject({
      status: 200,
      body: { code: 0, msg: `The order total (price × amount) is above the maximum ${MAX}` },
    });
    expect(await state(buyer.token)).toEqual(before);
    for (const id of ids) await ex.api.post('tx_out/cancel', { id }, { token: seller.token });
  });

  it('admin/credit: past the maximum is refused, at the maximum it credits', async () => {
    const user = await signUp(ex.api);
    const credit = (amount: unknown) =>
      fetch(`${ex.url}/api/admin/credit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-token': ex.adminToken, lang: 'en' },
        body: JSON.stringify({ user: user.id, currency: 'USDT', amount }),
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as { msg: string },
      }));
    for (const amount of [`1${'0'.repeat(40)}`, '1000000000000000.00000001']) {
      expect(await credit(amount)).toMatchObject({
        status: 400,
        body: { msg: `amount: is above the maximum ${MAX}` },
      });
    }
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('0');
    expect((await credit(MAX)).status).toBe(200);
    expect(await balanceOf(ex.api, user.token, USDT)).toBe(MAX);
  });
});

describe('a balance at the edge of the range', () => {
  it('a credit that would take a balance past what NUMERIC(36,18) holds is refused with 400', async () => {
    const DOT = 5;
    const user = await signUp(ex.api);
    // 999 credits of the largest amount: 999 × 10^15, just below the 10^18 an amount can reach.
    for (let chunk = 0; chunk < 3; chunk += 1) {
      await Promise.all(
        Array.from({ length: 333 }, () => ex.ledger.credit(user.id, 1, DOT, '1000000000000000')),
      );
    }
    expect(await balanceOf(ex.api, user.token, DOT)).toBe('999000000000000000');
    const answer = await fetch(`${ex.url}/api/admin/credit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': ex.adminToken, lang: 'en' },
      body: JSON.stringify({ user: user.id, currency: 'DOT', amount: '1000000000000000' }),
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { msg: string }).msg).toBe(
      'The balance would exceed the largest amount an account can hold',
    );
    // Nothing moved, and the account still reads.
    expect(await balanceOf(ex.api, user.token, DOT)).toBe('999000000000000000');
    await ex.ledger.credit(user.id, 1, DOT, '0.5');
    expect(await balanceOf(ex.api, user.token, DOT)).toBe('999000000000000000.5');
    // Its USD value is past what a Decimal holds, and still answered exactly.
    const list = await ex.api.get<{ convert_usd: string }[]>('account/list', {}, { token: user.token });
    expect(list.status).toBe(200);
    expect(list.body.data![0]!.convert_usd).toMatch(/^\d{19,}(\.\d+)?$/);
  });
});
