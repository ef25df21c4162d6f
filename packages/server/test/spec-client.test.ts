import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { dateTime, decimal } from './helpers/spec-client.js';
import { pngImage, uploadFile } from './helpers/uploads.js';
import { signUp } from './helpers/users.js';

/**
 * Calls of the product spec replayed as the spec’s own client sends them (same names, value
 * types, encodings and empty strings), reading the fields it reads. With spec-client-assets,
 * spec-client-trade and spec-client-live, every call of the spec’s two call tables and
 * every live channel is replayed; the spec’s separate address-binding service is not served
 * (docs/wallet.md says why).
 */

let ex: TestExchange;
beforeAll(async () => {
  ex = await startTestExchange();
});
afterAll(async () => ex?.stop());

type Body = { code: number; msg: string; data?: unknown };

/** The client: GET as a query string, POST as a JSON body, the raw token in Authorization. */
async function client(
  method: 'GET' | 'POST',
  path: string,
  payload: Record<string, unknown>,
  token?: string,
) {
  const headers: Record<string, string> = { lang: 'en' };
  if (token) headers.authorization = token;
  let url = `${ex.url}/api/${path}`;
  let body: string | undefined;
  if (method === 'GET') {
    const query = new URLSearchParams(
      Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)]),
    );
    if (query.size) url += `?${query}`;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(payload);
  }
  const response = await fetch(url, { method, headers, body });
  // The spec’s client reads the envelope only from a 2xx answer.
  expect(response.status, `${method} ${path}`).toBe(200);
  return (await response.json()) as Body & { data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('the spec’s calls as its client makes them', () => {
  let token = '';
  beforeAll(async () => {
    const login = await client('POST', 'user/login', {
      account: 'alice@demo.test',
      password: 'demo1234',
      sms_code: '',
      login_type: 'email',
    });
    expect(login.code).toBe(1);
    expect(typeof login.data).toBe('string');
    token = login.data as string;
  });

  it('user/login: data is the token; user/info gives the user; a refusal is code 0 on 200', async () => {
    const info = await client('GET', 'user/info', {}, token);
    for (const field of ['mobile', 'email', 'invite_code', 'review_status', 'id', 'is_seller'])
      expect(info.data, field).toHaveProperty(field);
    const wrong = await client('POST', 'user/login', {
      account: 'alice@demo.test',
      password: 'nope12',
      login_type: 'email',
    });
    expect(wrong).toMatchObject({ code: 0, msg: 'Wrong account or password' });
    expect((await client('GET', 'user/info', {}, 'expired-token')).code).toBe(999);
  });

  it('user/login with two-factor on: code 0 with a msg to show, never an object the client stores as its token', async () => {
    const user = await signUp(ex.api);
    const enrol = await client('POST', 'user/totp/enrol', {}, user.token);
    const secret = enrol.data.secret as string;
    const epoch = () => Math.floor(ex.clock.now() / 1000);
    const on = await client(
      'POST',
      'user/totp/confirm',
      { code: await generate({ secret, epoch: epoch() }) },
      user.token,
    );
    expect(on.code, on.msg).toBe(1);
    const asTheClient = {
      account: user.email,
      password: 'Secret-Harbor-91',
      sms_code: '',
      login_type: 'email',
    };
    const first = await client('POST', 'user/login', asTheClient);
    // The client stores data as its token only on code 1; on code 0 with empty data it shows msg.
    expect(first.code).toBe(0);
    expect(first.msg).toBe('Two-factor sign-in is on: enter the 6-digit code from your authenticator app');
    expect(first.data).toBeUndefined();
    // The next step of the app's codes (the enrolment's own code is spent) opens the session.
    ex.clock.advance(30_000);
    const second = await client('POST', 'user/login', {
      ...asTheClient,
      totp_code: await generate({ secret, epoch: epoch() }),
    });
    expect(second.code, second.msg).toBe(1);
    expect(typeof second.data).toBe('string');
    expect((await client('GET', 'user/info', {}, second.data as string)).data.email).toBe(user.email);
  });

  it('a 429 on the auth calls carries Retry-After in whole seconds', async () => {
    // The raw answer: the spec’s client never reads a 429, but anything else may wait as told.
    const raw = (path: string, body: Record<string, unknown>) =>
      fetch(`${ex.url}/api/${path}`, {
        method: 'POST',
        headers: { lang: 'en', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const retryAfter = async (response: Response) => {
      expect(response.status).toBe(429);
      expect(((await response.json()) as Body).code).toBe(0);
      const header = response.headers.get('retry-after') ?? '';
      expect(header).toMatch(/^[1-9]\d*$/);
      return Number(header);
    };
    // notify/send_email: the second code for one address within its resend wait.
    const to = 'retry-after@example.test';
    expect((await raw('notify/send_email', { to, type: 1, area_id: '' })).status).toBe(200);
    const wait = await retryAfter(await raw('notify/send_email', { to, type: 1, area_id: '' }));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // user/login: five wrong passwords lock the account for 15 minutes.
    const user = await signUp(ex.api);
    const wrong = { account: user.email, password: 'wrong-pass-1', sms_code: '', login_type: 'email' };
    for (let i = 0; i < 5; i += 1) expect((await client('POST', 'user/login', wrong)).code).toBe(0);
    expect(await retryAfter(await raw('user/login', wrong))).toBe(15 * 60);
  });

  it('news/list category_id=0, default/setting unknown key, area_list', async () => {
    const home = await client('GET', 'news/list', { category_id: 0 });
    expect(home.code).toBe(1);
    expect(Array.isArray(home.data.data)).toBe(true);
    for (const key of ['login_use_sms', 'contact_mobile', 'contact_email', 'no_such_key']) {
      const setting = await client('GET', 'default/setting', { key });
      expect(setting.code, key).toBe(1);
      expect(typeof setting.data).toBe('string');
    }
    // The login page shows the code box when the value == 1: "0" or "1", as the client compares it.
    const sms = await client('GET', 'default/setting', { key: 'login_use_sms' });
    expect(['0', '1']).toContain(sms.data);
    const areas = await client('GET', 'default/area_list', {});
    expect(areas.data[0]).toMatchObject({ id: expect.any(Number), global_code: expect.any(String) });
  });

  it('news/list for the banners (1), the footer (5, 4, 6) and the notices (22): rows of that category', async () => {
    for (const category_id of [1, 4, 5, 6, 22]) {
      const list = await client('GET', 'news/list', { category_id });
      expect(list.code, `${category_id}: ${list.msg}`).toBe(1);
      // The footer lists the first 3 titles of a category; the home banners and notices read the list.
      expect(list.data.data.length, String(category_id)).toBeGreaterThanOrEqual(1);
      for (const item of list.data.data)
        expect(item, `category ${category_id}`).toMatchObject({
          id: expect.any(Number),
          title: expect.any(String),
          content: expect.any(String),
          created_at: dateTime(),
          category_id,
        });
      for (const item of list.data.data) expect(item, `category ${category_id}`).toHaveProperty('banner');
    }
    // The banner list shows each item's image.
    const banners = await client('GET', 'news/list', { category_id: 1 });
    for (const item of banners.data.data) expect(item.banner).toEqual(expect.any(String));
  });

  it('with login_use_sms 1: default/setting answers "1", notify/send_email type 5 gives the code user/login needs', async () => {
    const user = await signUp(ex.api);
    await ex.settings.set('login_use_sms', '1');
    try {
      const setting = await client('GET', 'default/setting', { key: 'login_use_sms' });
      expect(setting.data).toBe('1');
      const login = (sms_code: string) =>
        client('POST', 'user/login', {
          account: user.email,
          password: 'Secret-Harbor-91',
          sms_code,
          login_type: 'email',
        });
      expect(await login('')).toMatchObject({ code: 0, msg: 'Enter the SMS code' });
      const sent = await client('POST', 'notify/send_email', { to: user.email, type: 5, area_id: '' });
      expect(sent.code, sent.msg).toBe(1);
      const signedIn = await login(await ex.api.latestCode(user.email));
      expect(signedIn.code, signedIn.msg).toBe(1);
      expect(typeof signedIn.data).toBe('string');
    } finally {
      await ex.settings.set('login_use_sms', '0');
    }
  });

  it('notify/send_email with area_id "" sends the code', async () => {
    const sent = await client('POST', 'notify/send_email', {
      to: 'spec-client@example.test',
      type: 1,
      area_id: '',
    });
    expect(sent.code, sent.msg).toBe(1);
  });

  it('market/currency_matches: every group and match carries the fields of the spec’s fields', async () => {
    const groups = await client('GET', 'market/currency_matches', {});
    expect(groups.code, groups.msg).toBe(1);
    expect(groups.data.length).toBeGreaterThan(0);
    const flag = expect.toBeOneOf([0, 1]);
    for (const group of groups.data) {
      expect(group, group.code).toMatchObject({
        id: expect.any(Number),
        code: expect.any(String),
        is_quote: 1,
        cny_price: decimal(),
        usd_price: decimal(),
        matches: expect.any(Array),
      });
      for (const match of group.matches) {
        expect(match, match.symbol).toMatchObject({
          id: expect.any(Number),
          symbol: `${match.base_currency_code}/${group.code}`,
          base_currency_id: expect.any(Number),
          quote_currency_id: group.id,
          base_currency_code: expect.any(String),
          quote_currency_code: group.code,
          base_currency: expect.any(String),
          open_change: flag,
          open_lever: flag,
          open_microtrade: flag,
          lever_point_rate: decimal(),
          lever_share_num: decimal(),
          lever_fee_rate: decimal(),
          currency_quotation: {
            currency_match_id: match.id,
            close: decimal(),
            change: expect.stringMatching(/^-?\d+\.\d{2}$/),
            high: decimal(),
            low: decimal(),
            volume: decimal(),
          },
        });
        expect(match.base_currency_id, match.symbol).not.toBe(match.quote_currency_id);
      }
    }
    // The lever and micro pages list the USDT group's matches open to them.
    const usdt = groups.data.find((g: { code: string }) => g.code === 'USDT');
    expect(usdt.matches.some((m: { open_lever: number }) => m.open_lever === 1)).toBe(true);
    expect(usdt.matches.some((m: { open_microtrade: number }) => m.open_microtrade === 1)).toBe(true);
  });

  it('market/deal: quotation.currency_match.quote_currency prices, depth, tx_completes', async () => {
    const groups = await client('GET', 'market/currency_matches', {});
    const usdt = groups.data.find((g: { code: string }) => g.code === 'USDT');
    expect(usdt).toMatchObject({ is_quote: 1, cny_price: expect.any(String), usd_price: expect.any(String) });
    const match = usdt.matches[0];
    const deal = await client('GET', 'market/deal', { currency_match_id: match.id });
    expect(deal.data.quotation.currency_match.quote_currency).toMatchObject({
      cny_price: expect.any(String),
      usd_price: expect.any(String),
    });
    expect(deal.data.depth).toMatchObject({ in: expect.any(Array), out: expect.any(Array) });
    expect(Array.isArray(deal.data.tx_completes)).toBe(true);
  });

  it('account/list currencies carry is_recharge_account and is_quote; records take currency_id=""', async () => {
    const list = await client('GET', 'account/list', {}, token);
    const account = list.data[0].accounts[0];
    expect(account.currency).toMatchObject({
      is_recharge_account: expect.any(Number),
      is_quote: expect.any(Number),
    });
    for (const kind of ['change', 'legal', 'lever', 'micro', 'financial']) {
      const records = await client('GET', `account_log/${kind}`, { currency_id: '', page: 1 }, token);
      expect(records.code, `${kind}: ${records.msg}`).toBe(1);
      expect(records.data).toMatchObject({ total: expect.any(Number), data: expect.any(Array) });
    }
  });

  it('account/transfer, then transfer_log rows carry balance, from_name, to_name', async () => {
    const user = await signUp(ex.api);
    await ex.ledger.credit(user.id, 1, 3, '10');
    const moved = await client(
      'POST',
      'account/transfer',
      { currency_id: 3, balance: '2', from: 1, to: 3 },
      user.token,
    );
    expect(moved.code, moved.msg).toBe(1);
    const log = await client('GET', 'account/transfer_log', { currency_id: '', page: 1 }, user.token);
    expect(log.data.data[0]).toMatchObject({
      balance: '2',
      from_name: expect.any(String),
      to_name: expect.any(String),
    });
  });

  it('lever/deal muit [{value}] and share [{value,label}]; dealall under order; my_trade status 4', async () => {
    const groups = await client('GET', 'market/currency_matches', {});
    const lever = groups.data
      .find((g: { code: string }) => g.code === 'USDT')
      .matches.find((m: { open_lever: number }) => m.open_lever === 1);
    const deal = await client('POST', 'lever/deal', { currency_match_id: lever.id }, token);
    expect(deal.data.multiple.muit[0]).toEqual({ value: expect.any(Number) });
    expect(deal.data.multiple.share[0]).toEqual({ value: expect.any(Number), label: expect.any(String) });
    expect(deal.data).toHaveProperty('user_lever');
    expect(deal.data).toHaveProperty('my_transaction');
    const all = await client('POST', 'lever/dealall', { currency_match_id: lever.id, page: 1 }, token);
    expect(all.data.order).toMatchObject({
      data: expect.any(Array),
      total: expect.any(Number),
      per_page: expect.any(Number),
    });
    for (const status of [5, 1, 0, 3, 4, 6]) {
      const mine = await client('POST', 'lever/my_trade', { status, page: 1 }, token);
      expect(mine.code, `status ${status}: ${mine.msg}`).toBe(1);
    }
  });

  it('pay_method/get_method_by_type takes the numeric id from pay_method/types', async () => {
    const types = await client('GET', 'pay_method/types', {});
    for (const type of types.data as { id: number }[]) {
      const saved = await client('GET', 'pay_method/get_method_by_type', { type: type.id }, token);
      expect(saved.code, saved.msg).toBe(1);
    }
  });
});

describe('personal calls with what common/image_upload answered', () => {
  it('pay_method/save takes type as the id; user_real/real_name takes the upload URLs', async () => {
    const user = await signUp(ex.api);
    const upload = async (colour: string) => {
      const answer = await uploadFile(ex.url, user.token, await pngImage(colour), 'a.png', 'image/png');
      expect(answer.body.code, answer.body.msg).toBe(1);
      return answer.body.data!.url;
    };
    const qrcode = await upload('#123');
    const saved = await client(
      'POST',
      'pay_method/save',
      { type: 1, raw_data: { real_name: 'Spec Client', account: 'spec@example.test', qrcode } },
      user.token,
    );
    expect(saved.code, saved.msg).toBe(1);
    expect(
      (await client('GET', 'pay_method/get_method_by_type', { type: 1 }, user.token)).data,
    ).toMatchObject({
      raw_data: { real_name: 'Spec Client' },
    });
    const [front_pic, reverse_pic] = [await upload('#456'), await upload('#789')];
    expect(front_pic).toMatch(/^\/api\/common\/image\/\d+$/);
    const real = await client(
      'POST',
      'user_real/real_name',
      { name: 'Spec Client', card_id: '110101199003071234', front_pic, reverse_pic },
      user.token,
    );
    expect(real.code, real.msg).toBe(1);
    expect((await client('GET', 'user_real/center', {}, user.token)).data).toMatchObject({
      review_status: 1,
    });
    // Still private: another user's URL is refused.
    const other = await signUp(ex.api);
    const stolen = await client(
      'POST',
      'user_real/real_name',
      { name: 'Other One', card_id: '110101199003071235', front_pic, reverse_pic },
      other.token,
    );
    expect(stolen.code).toBe(0);
  });
});

describe('collection settings for every type of pay_method/types', () => {
  it('pay_method/save by the numeric id for WeChat (a code image) and the bank (a card), read back by type', async () => {
    const user = await signUp(ex.api);
    const types = await client('GET', 'pay_method/types', {});
    const idOf = (code: string) =>
      types.data.find((type: { code: string }) => type.code === code).id as number;
    // Payment method type: id, name, code (alipay, wxpay, bank).
    for (const type of types.data)
      expect(type).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    expect(types.data.map((type: { code: string }) => type.code).sort()).toEqual(['alipay', 'bank', 'wxpay']);
    const [wxpay, bank] = [idOf('wxpay'), idOf('bank')];
    const upload = await uploadFile(ex.url, user.token, await pngImage('#2a6'), 'wx.png', 'image/png');
    expect(upload.body.code, upload.body.msg).toBe(1);
    const wechat = { real_name: 'Spec Client', account: 'spec-wechat', qrcode: upload.body.data!.url };
    const savedWechat = await client(
      'POST',
      'pay_method/save',
      { type: wxpay, raw_data: wechat },
      user.token,
    );
    expect(savedWechat.code, savedWechat.msg).toBe(1);
    const card = {
      real_name: 'Spec Client',
      bank_name: 'Harbour Savings Bank',
      card_no: '6222020200112233445',
      bank_address: 'Quay Street branch',
    };
    const savedCard = await client('POST', 'pay_method/save', { type: bank, raw_data: card }, user.token);
    expect(savedCard.code, savedCard.msg).toBe(1);

    const readWechat = await client('GET', 'pay_method/get_method_by_type', { type: wxpay }, user.token);
    expect(readWechat.data).toMatchObject({
      type: 'wxpay',
      raw_data: { real_name: 'Spec Client', account: 'spec-wechat' },
    });
    // The QR code reads back as it was sent: the upload's URL, which the client shows as an image.
    expect(readWechat.data.raw_data.qrcode).toBe(wechat.qrcode);
    const readCard = await client('GET', 'pay_method/get_method_by_type', { type: bank }, user.token);
    expect(readCard.data).toMatchObject({ type: 'bank', raw_data: card });
    // Each type keeps its own method: the alipay one is still unset.
    const alipay = await client('GET', 'pay_method/get_method_by_type', { type: idOf('alipay') }, user.token);
    expect(alipay).toMatchObject({ code: 1, data: null });
    // A bank card without its number is refused with a message the client shows.
    const noCard = await client(
      'POST',
      'pay_method/save',
      { type: bank, raw_data: { ...card, card_no: '' } },
      user.token,
    );
    expect(noCard.code).toBe(0);
    expect(noCard.msg).toBe('raw_data.card_no: is required');
  });
});
