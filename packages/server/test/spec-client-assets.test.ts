import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnvilNode } from '../src/demo/anvil.js';
import { chainTick, MANUAL_CHAIN, testChain } from './helpers/chain.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { ETH, ETH_USDT, trader, USDT } from './helpers/ledger.js';
import { dateTime, signedDecimal, specClient } from './helpers/spec-client.js';
import { DEMO_INVITE, signUp, uniqueEmail } from './helpers/users.js';
import { budget } from './helpers/budget.js';

/**
 * Assets and the personal centre of the product spec (wallet, draw, convert, announced deposits, the
 * networks, the password calls, the agent code and the legacy email binding), replayed as the
 * spec's own client sends them, reading the fields it reads.
 */

let node: AnvilNode;
let ex: TestExchange;
let call: ReturnType<typeof specClient>;
beforeAll(async () => {
  ({ node } = await testChain());
  ex = await startTestExchange({ evmRpcUrl: node.rpcUrl, ...MANUAL_CHAIN });
  call = specClient(ex.url);
}, budget(60_000));
afterAll(async () => {
  await ex?.stop();
  await node?.stop();
});

/** Letters and digits within the client's 6 to 16. */
const PAY = 'Lantern73Quay';

/** The client's code button: notify/send_email with area_id "" and the code from the dev mailbox. */
async function emailCode(to: string, type: number, token?: string): Promise<string> {
  const sent = await call('POST', 'notify/send_email', { to, type, area_id: '' }, token);
  expect(sent.code, sent.msg).toBe(1);
  return ex.api.latestCode(to);
}

describe('assets as the spec client calls them', () => {
  it('block_chain/currency_protocols: currencies with code and currency_protocols (id, token_address, chain_protocol.code)', async () => {
    const list = await call('GET', 'block_chain/currency_protocols', {});
    const usdt = list.data.find((c: { code: string }) => c.code === 'USDT');
    expect(usdt.currency_protocols.length).toBeGreaterThan(0);
    for (const protocol of usdt.currency_protocols)
      expect(protocol).toMatchObject({
        id: expect.any(Number),
        token_address: expect.any(String),
        chain_protocol: { code: expect.any(String) },
      });
  });

  it('wallet/wallet gives address, memo, chain_protocol per wallet, code, and protocols with in_address; createPayOrder', async () => {
    const user = await signUp(ex.api);
    await chainTick(ex);
    const wallet = await call('GET', 'wallet/wallet', { currency_id: USDT }, user.token);
    expect(wallet.code, wallet.msg).toBe(1);
    expect(wallet.data.code).toBe('USDT');
    const erc20 = wallet.data.wallets.find(
      (w: { chain_protocol: { code: string } }) => w.chain_protocol.code === 'ERC20',
    );
    expect(erc20).toMatchObject({ address: expect.stringMatching(/^0x/), memo: expect.any(String) });
    const protocol = wallet.data.currency_protocols.find(
      (p: { chain_protocol: { code: string } }) => p.chain_protocol.code === 'ERC20',
    );
    expect(protocol.in_address).toBe(erc20.address);

    const announced = await call(
      'POST',
      'wallet/createPayOrder',
      { walletAddress: '25', in_address: erc20.address, currency_id: USDT },
      user.token,
    );
    expect(announced.code, announced.msg).toBe(1);
    const theirs = await call(
      'POST',
      'wallet/createPayOrder',
      { walletAddress: '25', in_address: '0x000000000000000000000000000000000000dEaD', currency_id: USDT },
      user.token,
    );
    expect(theirs).toMatchObject({ code: 0, msg: expect.stringMatching(/not your deposit address/) });
  });

  it('user/amend_pay_password with password and auth_code, then account/draw with memo "" and string amounts', async () => {
    const user = await trader(ex, [[USDT, '100']]);
    const auth_code = await emailCode(user.email, 3, user.token);
    const set = await call('POST', 'user/amend_pay_password', { password: PAY, auth_code }, user.token);
    expect(set.code, set.msg).toBe(1);
    const protocols = await call('GET', 'block_chain/currency_protocols', {});
    const erc20 = protocols.data
      .find((c: { code: string }) => c.code === 'USDT')
      .currency_protocols.find(
        (p: { chain_protocol: { code: string } }) => p.chain_protocol.code === 'ERC20',
      );
    const draw = (pay_password: string) =>
      call(
        'POST',
        'account/draw',
        {
          currency_id: USDT,
          number: '20',
          address: '0x000000000000000000000000000000000000dEaD',
          pay_password,
          memo: '',
          currency_protocol_id: erc20.id,
        },
        user.token,
      );
    const wrong = await draw('Wrong1Password');
    expect(wrong.code).toBe(0);
    expect(wrong.msg).toEqual(expect.stringMatching(/password/i));
    const drawn = await draw(PAY);
    expect(drawn.code, drawn.msg).toBe(1);
    const detail = await call(
      'GET',
      'account/detail',
      { currency_id: USDT, account_type_id: 1, id: '' },
      user.token,
    );
    expect(detail.data.balance).toBe('80');
  });

  it('account/convert with currency_id, number and currency_protocol_id sells at market', async () => {
    const buyer = await trader(ex, [[USDT, '10000']]);
    const bid = await call(
      'POST',
      'tx_in/add',
      { currency_match_id: ETH_USDT, number: '1', price: '3000' },
      buyer.token,
    );
    expect(bid.code, bid.msg).toBe(1);
    const seller = await trader(ex, [[ETH, '1']]);
    const protocols = await call('GET', 'block_chain/currency_protocols', {});
    const eth = protocols.data.find((c: { code: string }) => c.code === 'ETH');
    const converted = await call(
      'POST',
      'account/convert',
      { currency_id: ETH, number: '0.5', currency_protocol_id: eth.currency_protocols[0].id },
      seller.token,
    );
    expect(converted.code, converted.msg).toBe(1);
    const usdt = await call(
      'GET',
      'account/detail',
      { currency_id: USDT, account_type_id: 1, id: '' },
      seller.token,
    );
    // 0.5 × 3000 less the 0.1% fee.
    expect(usdt.data.balance).toBe('1498.5');
  });
});

describe('account groups and records as the spec client reads them', () => {
  it('account/list groups and accounts carry every field the spec names; account_log rows too', async () => {
    const user = await trader(ex, [[USDT, '10']]);
    const moved = await call(
      'POST',
      'account/transfer',
      { currency_id: USDT, balance: '4', from: 1, to: 3 },
      user.token,
    );
    expect(moved.code, moved.msg).toBe(1);
    const list = await call('GET', 'account/list', {}, user.token);
    for (const group of list.data)
      expect(group, group.account_code).toMatchObject({
        account_code: expect.any(String),
        is_recharge: expect.any(Number),
        convert_usd: expect.any(String),
        accounts: expect.any(Array),
      });
    const codes = list.data.map((group: { account_code: string }) => group.account_code);
    for (const code of [
      'change_account',
      'legal_account',
      'lever_account',
      'micro_account',
      'financial_account',
    ])
      expect(codes).toContain(code);
    const spot = list.data.find((group: { account_code: string }) => group.account_code === 'change_account');
    const usdt = spot.accounts.find((account: { currency_id: number }) => account.currency_id === USDT);
    expect(usdt).toMatchObject({
      id: expect.any(Number),
      currency_id: USDT,
      currency_code: 'USDT',
      balance: '6',
      lock_balance: expect.any(String),
      convert_usd: expect.any(String),
      user_id: user.id,
      currency: {
        code: 'USDT',
        open_recharge: expect.any(Number),
        open_draw: expect.any(Number),
        draw_rate: expect.any(String),
        draw_min: expect.any(String),
        draw_max: expect.any(String),
        usd_price: expect.any(String),
        is_recharge_account: expect.any(Number),
        account_types: expect.any(Array),
        currency_protocols: expect.any(Array),
      },
    });
    expect(usdt.currency.account_types[0]).toMatchObject({
      name: expect.any(String),
      account_code: expect.any(String),
    });

    const records = await call('GET', 'account_log/change', { currency_id: '', page: 1 }, user.token);
    expect(records.data.total).toBeGreaterThan(0);
    const row = records.data.data[0];
    expect(row).toMatchObject({
      id: expect.any(Number),
      currency: { code: 'USDT' },
      value: expect.any(String),
      memo: expect.any(String),
      created_at: expect.anything(),
    });
    expect(row).toHaveProperty('notes');
    expect(row).toHaveProperty('extra_data');
  });
});

describe('the five records pages as the spec client reads them', () => {
  const NAMES: Record<string, string> = {
    change_account: 'Spot account',
    legal_account: 'Fiat account',
    lever_account: 'Leverage account',
    micro_account: 'Seconds contract account',
    financial_account: 'Financial account',
  };

  it('account_log/change, legal, lever, micro and financial: id, currency.code, value, memo, notes, created_at, extra_data.from', async () => {
    const user = await trader(ex, [[USDT, '100']]);
    const moves: [number, string][] = [
      [2, 'legal_account'],
      [3, 'lever_account'],
      [4, 'micro_account'],
      [5, 'financial_account'],
    ];
    for (const [to] of moves) {
      const moved = await call(
        'POST',
        'account/transfer',
        { currency_id: USDT, balance: '10', from: 1, to },
        user.token,
      );
      expect(moved.code, moved.msg).toBe(1);
    }
    // And back from the lever account, so the spot page has a row that came from elsewhere.
    const back = await call(
      'POST',
      'account/transfer',
      { currency_id: USDT, balance: '4', from: 3, to: 1 },
      user.token,
    );
    expect(back.code, back.msg).toBe(1);

    const records = async (kind: string, currency_id: number | '' = '') => {
      const answer = await call('GET', `account_log/${kind}`, { currency_id, page: 1 }, user.token);
      expect(answer.code, `${kind}: ${answer.msg}`).toBe(1);
      expect(answer.data, kind).toMatchObject({ total: expect.any(Number), data: expect.any(Array) });
      for (const row of answer.data.data) {
        expect(row, kind).toMatchObject({
          id: expect.any(Number),
          currency: { code: expect.any(String) },
          value: signedDecimal(),
          memo: expect.any(String),
          notes: expect.any(String),
          created_at: dateTime(),
        });
        // The client reads extra_data.from: an object on every row, from only where money came in or went out.
        expect(typeof row.extra_data, kind).toBe('object');
        expect(row.extra_data, kind).not.toBeNull();
      }
      return answer.data as { total: number; data: Record<string, any>[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };

    // Spot: the credit, four transfers out and one in, newest first.
    const spot = await records('change');
    expect(spot.total).toBe(6);
    expect(spot.data[0]).toMatchObject({
      currency: { code: 'USDT' },
      value: '4',
      memo: 'Transfer in',
      notes: `${NAMES.lever_account} → ${NAMES.change_account}`,
      extra_data: { from: 'lever_account', to: 'change_account' },
    });
    expect(spot.data[1]).toMatchObject({
      value: '-10',
      memo: 'Transfer out',
      notes: `${NAMES.change_account} → ${NAMES.financial_account}`,
      extra_data: { from: 'change_account', to: 'financial_account' },
    });
    expect(spot.data.at(-1)!.extra_data).not.toHaveProperty('from');

    for (const [, code] of moves) {
      const kind = code.replace('_account', '');
      const log = await records(kind);
      const inbound = log.data.at(-1)!;
      expect(inbound, kind).toMatchObject({
        currency: { code: 'USDT' },
        value: '10',
        memo: 'Transfer in',
        notes: `${NAMES.change_account} → ${NAMES[code]}`,
        extra_data: { from: 'change_account', to: code },
      });
    }
    const lever = await records('lever');
    expect(lever.total).toBe(2);
    expect(lever.data[0]).toMatchObject({ value: '-4', extra_data: { from: 'lever_account' } });
    // One currency, or another with no rows.
    expect((await records('micro', USDT)).total).toBe(1);
    expect((await records('micro', ETH)).total).toBe(0);
  });
});

describe('content, registration and sign-out as the spec client calls them', () => {
  it('news/categories, news/info (content, created_at, title), user/register by email with area_id "", user/logout', async () => {
    const categories = await call('GET', 'news/categories', {});
    expect(categories.code, categories.msg).toBe(1);
    expect(Array.isArray(categories.data)).toBe(true);
    const news = await call('GET', 'news/list', { category_id: categories.data[0].id });
    const first = news.data.data[0];
    const article = await call('GET', 'news/info', { id: first.id });
    expect(article.data).toMatchObject({
      title: expect.any(String),
      content: expect.any(String),
      created_at: expect.anything(),
    });

    const email = uniqueEmail('spec');
    const sms_code = await emailCode(email, 1);
    const registered = await call('POST', 'user/register', {
      account: email,
      password: 'Orchid5Harbor',
      invite_code: DEMO_INVITE,
      re_password: 'Orchid5Harbor',
      area_id: '',
      sms_code,
      type: 'email',
    });
    expect(registered.code, registered.msg).toBe(1);
    const login = await call('POST', 'user/login', {
      account: email,
      password: 'Orchid5Harbor',
      sms_code: '',
      login_type: 'email',
    });
    expect(login.code, login.msg).toBe(1);
    const out = await call('POST', 'user/logout', {}, login.data);
    expect(out.code, out.msg).toBe(1);
    // The token is spent: the client is sent to log in.
    expect((await call('GET', 'user/info', {}, login.data)).code).toBe(999);
  });
});

describe('the personal centre as the spec client calls it', () => {
  it('user/authorization_code gives the code', async () => {
    const user = await signUp(ex.api);
    const answer = await call('GET', 'user/authorization_code', {}, user.token);
    expect(answer.code, answer.msg).toBe(1);
    expect(answer.data).toEqual(expect.stringMatching(/^\w{6,}$/));
  });

  it('user/amend_password with old, new and secondary password; the new one signs in', async () => {
    const user = await signUp(ex.api);
    const changed = await call(
      'POST',
      'user/amend_password',
      {
        old_password: 'Secret-Harbor-91',
        new_password: 'Harbor7Lantern',
        secondary_password: 'Harbor7Lantern',
      },
      user.token,
    );
    expect(changed.code, changed.msg).toBe(1);
    const login = await call('POST', 'user/login', {
      account: user.email,
      password: 'Harbor7Lantern',
      sms_code: '',
      login_type: 'email',
    });
    expect(login.code, login.msg).toBe(1);
    expect(typeof login.data).toBe('string');
    const guessable = await call(
      'POST',
      'user/amend_password',
      { old_password: 'Harbor7Lantern', new_password: '123456', secondary_password: '123456' },
      login.data,
    );
    expect(guessable.code).toBe(0);
    expect(guessable.msg.length).toBeGreaterThan(0);
  });

  it('user/forget_password with account, new and secondary password, type email and auth_code', async () => {
    const user = await signUp(ex.api);
    const auth_code = await emailCode(user.email, 2);
    const reset = await call('POST', 'user/forget_password', {
      account: user.email,
      new_password: 'Quay9Orchard4',
      secondary_password: 'Quay9Orchard4',
      type: 'email',
      auth_code,
    });
    expect(reset.code, reset.msg).toBe(1);
    const login = await call('POST', 'user/login', {
      account: user.email,
      password: 'Quay9Orchard4',
      sms_code: '',
      login_type: 'email',
    });
    expect(login.code, login.msg).toBe(1);
  });

  it('by phone: notify/send_sms type 2 and user/forget_password type mobile; type 3 and the trade password', async () => {
    const areas = await call('GET', 'default/area_list', {});
    const hk = areas.data.find((area: { global_code: string }) => area.global_code === '852');
    const phone = `9${String(Date.now()).slice(-7)}`;
    const codeFor = () => ex.api.latestCode(`+852${phone}`);
    const registerCode = await call('POST', 'notify/send_sms', { to: phone, type: 1, area_id: hk.id });
    expect(registerCode.code, registerCode.msg).toBe(1);
    const registered = await call('POST', 'user/register', {
      account: phone,
      password: 'Phone7Orchid3',
      invite_code: DEMO_INVITE,
      re_password: 'Phone7Orchid3',
      area_id: hk.id,
      sms_code: await codeFor(),
      type: 'mobile',
    });
    expect(registered.code, registered.msg).toBe(1);
    const login = (password: string) =>
      call('POST', 'user/login', {
        account: phone,
        password,
        sms_code: '',
        login_type: 'mobile',
        country_code: '852',
      });

    // Forgot password, mobile tab: the code by SMS (type 2), then the reset with type "mobile".
    const forgot = await call('POST', 'notify/send_sms', { to: phone, type: 2, area_id: hk.id });
    expect(forgot.code, forgot.msg).toBe(1);
    const reset = await call('POST', 'user/forget_password', {
      account: phone,
      new_password: 'Tide4Lantern8',
      secondary_password: 'Tide4Lantern8',
      type: 'mobile',
      auth_code: await codeFor(),
    });
    expect(reset.code, reset.msg).toBe(1);
    expect((await login('Phone7Orchid3')).code).toBe(0);
    const signedIn = await login('Tide4Lantern8');
    expect(signedIn.code, signedIn.msg).toBe(1);
    const token = signedIn.data as string;

    // Trade password: the code by SMS (type 3) to the signed-in user's own phone.
    const tradeCode = await call('POST', 'notify/send_sms', { to: phone, type: 3, area_id: hk.id }, token);
    expect(tradeCode.code, tradeCode.msg).toBe(1);
    const set = await call(
      'POST',
      'user/amend_pay_password',
      { password: PAY, auth_code: await codeFor() },
      token,
    );
    expect(set.code, set.msg).toBe(1);
    // Another number's trade-password code is refused with a message the client shows.
    const notMine = await call(
      'POST',
      'notify/send_sms',
      { to: `9${String(Date.now() + 1).slice(-7)}`, type: 3, area_id: hk.id },
      token,
    );
    expect(notMine.code).toBe(0);
    expect(notMine.msg.length).toBeGreaterThan(0);
  });

  it('sms_mail with user_string, then safe/email with code and email binds it to a phone account', async () => {
    const areas = await call('GET', 'default/area_list', {});
    const hk = areas.data.find((area: { global_code: string }) => area.global_code === '852');
    const phone = `6${String(Date.now()).slice(-7)}`;
    const sent = await call('POST', 'notify/send_sms', { to: phone, type: 1, area_id: hk.id });
    expect(sent.code, sent.msg).toBe(1);
    const registered = await call('POST', 'user/register', {
      account: phone,
      password: 'Phone7Orchid3',
      invite_code: DEMO_INVITE,
      re_password: 'Phone7Orchid3',
      area_id: hk.id,
      sms_code: await ex.api.latestCode(`+852${phone}`),
      type: 'mobile',
    });
    expect(registered.code, registered.msg).toBe(1);
    const login = await call('POST', 'user/login', {
      account: phone,
      password: 'Phone7Orchid3',
      sms_code: '',
      login_type: 'mobile',
      country_code: '852',
    });
    expect(login.code, login.msg).toBe(1);
    const email = uniqueEmail('bind');
    const mailed = await call('POST', 'sms_mail', { user_string: email }, login.data);
    expect(mailed.code, mailed.msg).toBe(1);
    const bound = await call(
      'POST',
      'safe/email',
      { code: await ex.api.latestCode(email), email },
      login.data,
    );
    expect(bound.code, bound.msg).toBe(1);
    expect((await call('GET', 'user/info', {}, login.data)).data.email).toBe(email);
  });
});
