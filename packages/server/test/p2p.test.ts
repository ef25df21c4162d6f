import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { P2pAdminAppealView, P2pAdView, P2pOrderView, P2pShopInfo, Paged } from '@oex/protocol';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/ledger/audit.js';
import { JournalType } from '../src/ledger/journal.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import {
  admin,
  adBody,
  BANK,
  detail,
  legalOf,
  merchant,
  party,
  place,
  placed,
  postAd,
  TRADE_PASSWORD,
  type Party,
} from './helpers/p2p.js';
import { uploadPng } from './helpers/uploads.js';
import { insertBareUsers } from './helpers/users.js';
import { signedIn } from './helpers/ws.js';

const USDT = 1;
const MINUTE = 60_000;

let ex: TestExchange;
let uploadsDir: string;

beforeAll(async () => {
  uploadsDir = mkdtempSync(join(tmpdir(), 'oex-p2p-'));
  ex = await startTestExchange({ uploadsDir });
});
afterAll(async () => {
  await ex?.stop();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const act = (path: string, token: string, body: Record<string, unknown>) =>
  ex.api.post<P2pOrderView>(`legal_deal/${path}`, body, { token });

async function statusOf(id: number): Promise<number> {
  const row = await ex.db.kysely
    .selectFrom('p2p_orders')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

async function remainingOf(token: string, adId: number): Promise<string> {
  const mine = await ex.api.get<Paged<P2pAdView>>('legal_shop/ads', { limit: 50 }, { token });
  return mine.body.data!.data.find((ad) => ad.id === adId)!.remaining;
}

async function orderCount(): Promise<number> {
  const row = await ex.db.kysely
    .selectFrom('p2p_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('becoming a merchant and posting ads', () => {
  it('needs a certified identity and the operator’s approval before posting', async () => {
    const plain = await party(ex);
    const refused = await ex.api.post('legal_shop/apply', {}, { token: plain.token });
    expect(refused.body).toMatchObject({ code: 0, msg: 'Certify your identity before applying' });
    const notSeller = await ex.api.post('legal_shop/ad_save', adBody(), { token: plain.token });
    expect(notSeller.body.code).toBe(0);
    expect(notSeller.body.msg).toMatch(/Only approved merchants/);

    const bob = await merchant(ex, { [USDT]: '100' });
    const info = await ex.api.get<P2pShopInfo>('legal_shop/info', {}, { token: bob.token });
    expect(info.body.data).toMatchObject({
      is_seller: true,
      level: 3,
      certified: true,
      application: { status: 2 },
    });
    const again = await ex.api.post('legal_shop/apply', {}, { token: bob.token });
    expect(again.body).toMatchObject({ code: 0, msg: 'You are already a merchant' });

    // Each chosen pay method must be saved first.
    const wallet = await ex.api.post('legal_shop/ad_save', adBody({ pay_types: ['bank', 'alipay'] }), {
      token: bob.token,
    });
    expect(wallet.body).toMatchObject({ code: 0 });
    expect(wallet.body.msg).toContain('alipay');

    const ad = await postAd(ex.api, bob.token, { total: '50', min_number: '10', max_number: '50' });
    expect(ad).toMatchObject({
      side: 'sell',
      currency_code: 'USDT',
      remaining: '50',
      status: 1,
      fiat: 'CNY',
    });
    const hall = await ex.api.get<Paged<P2pAdView>>('legal_deal/ads', { side: 'sell', limit: 50 });
    const listed = hall.body.data!.data.find((row) => row.id === ad.id)!;
    expect(listed.merchant.name).toMatch(/^.\*\*\*@/);
    expect(listed.merchant).toMatchObject({
      id: bob.id,
      level: 3,
      completed_orders: 0,
      completion_rate: '0',
    });

    // Suspended: not in the hall; resumed: back; a sell ad its merchant cannot cover shows 4.
    await ex.api.post('legal_shop/ad_status', { id: ad.id, status: 2 }, { token: bob.token });
    const hidden = await ex.api.get<Paged<P2pAdView>>('legal_deal/ads', { side: 'sell', limit: 50 });
    expect(hidden.body.data!.data.some((row) => row.id === ad.id)).toBe(false);
    await ex.api.post('legal_shop/ad_status', { id: ad.id, status: 1 }, { token: bob.token });
    const big = await postAd(ex.api, bob.token, { min_number: '500', max_number: '1000', total: '1000' });
    expect(big.status).toBe(4);
    const closed = await ex.api.post<P2pAdView>(
      'legal_shop/ad_status',
      { id: big.id, status: 3 },
      { token: bob.token },
    );
    expect(closed.body.data!.status).toBe(3);
    const reopen = await ex.api.post('legal_shop/ad_status', { id: big.id, status: 1 }, { token: bob.token });
    expect(reopen.body).toMatchObject({ code: 0, msg: 'This ad is not open for orders' });
  });
});

describe('a sell ad, end to end', () => {
  let bob: Party;
  let alice: Party;
  let carol: Party;
  let adId: number;

  beforeAll(async () => {
    bob = await merchant(ex, { [USDT]: '5000' });
    alice = await party(ex);
    carol = await party(ex);
    adId = (await postAd(ex.api, bob.token)).id;
  });

  it('escrows at the order, shows the bank details to the buyer only, and settles exactly', async () => {
    const byCoin = await placed(ex.api, alice.token, { ad_id: adId, number: '100' });
    expect(byCoin).toMatchObject({
      status: 1,
      role: 'buyer',
      side: 'buy',
      number: '100',
      price: '7.2',
      fiat_amount: '720.00',
      currency_code: 'USDT',
    });
    expect(byCoin.pay_deadline - byCoin.created_at).toBe(15 * MINUTE);
    expect(legalOf(ex, bob.id)).toEqual({ available: '4900', locked: '100' });

    // By fiat: 100 CNY at 7.2 is 13.88888888 USDT (cut to 8 decimals), which costs 100.00.
    const byFiat = await placed(ex.api, alice.token, { ad_id: adId, fiat_amount: '100' });
    expect(byFiat).toMatchObject({ number: '13.88888888', fiat_amount: '100.00' });
    expect(legalOf(ex, bob.id)).toEqual({ available: '4886.11111112', locked: '113.88888888' });
    expect(await remainingOf(bob.token, adId)).toBe('1886.11111112');

    const asBuyer = await detail(ex.api, alice.token, byCoin.id);
    expect(asBuyer.pay_methods).toHaveLength(1);
    expect(asBuyer.pay_methods![0]).toMatchObject({
      type: 'bank',
      raw_data: { ...BANK, card_no: '6222020012345678' },
    });
    expect(asBuyer.timeline.map((t) => t.status)).toEqual([1]);
    const asSeller = await detail(ex.api, bob.token, byCoin.id);
    expect(asSeller).toMatchObject({ role: 'seller', side: 'sell', pay_methods: null });

    // Another user sees nothing and can do nothing.
    const peek = await ex.api.get('legal_deal/order', { id: byCoin.id }, { token: carol.token });
    expect(peek.body.code).toBe(0);
    const carolVoucher = await uploadPng(ex.url, carol.token, '#900');
    for (const [path, body] of [
      ['paid', { id: byCoin.id, voucher: carolVoucher }],
      ['cancel', { id: byCoin.id }],
      ['confirm', { id: byCoin.id, pay_password: TRADE_PASSWORD }],
      ['appeal', { id: byCoin.id, reason: 'I want this order for myself' }],
    ] as const) {
      const answer = await act(path, carol.token, body);
      expect({ path, status: answer.status, msg: answer.body.msg }).toEqual({
        path,
        status: 200,
        msg: 'No such order',
      });
    }
    const mineOnly = await ex.api.get<Paged<P2pOrderView>>('legal_deal/orders', {}, { token: carol.token });
    expect(mineOnly.body.data!.total).toBe(0);

    // The seller cannot mark paid; the buyer cannot use another's upload as a voucher.
    const sellerPaid = await act('paid', bob.token, { id: byCoin.id, voucher: carolVoucher });
    expect(sellerPaid.body).toMatchObject({ code: 0, msg: 'Only the other party of this order can do that' });
    const notMine = await act('paid', alice.token, { id: byCoin.id, voucher: carolVoucher });
    expect(notMine.body.code).toBe(0);
    expect(await statusOf(byCoin.id)).toBe(1);
    // Confirming before payment is refused before any password is tried.
    const early = await act('confirm', bob.token, { id: byCoin.id, pay_password: 'wrong' });
    expect(early.body.msg).toMatch(/no longer in a state/);

    const voucher = await uploadPng(ex.url, alice.token, '#0a0');
    const paid = await act('paid', alice.token, { id: byCoin.id, voucher });
    expect(paid.body, paid.body.msg).toMatchObject({ code: 1, data: { status: 2 } });
    expect(paid.body.data!.confirm_deadline! - paid.body.data!.paid_at!).toBe(30 * MINUTE);
    const sellerView = await detail(ex.api, bob.token, byCoin.id);
    expect(sellerView.vouchers).toEqual([
      { id: voucher, url: `/api/legal_deal/image/${byCoin.id}/${voucher}` },
    ]);
    const image = await fetch(`${ex.url}${sellerView.vouchers[0]!.url}`, {
      headers: { authorization: bob.token },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const stranger = await fetch(`${ex.url}${sellerView.vouchers[0]!.url}`, {
      headers: { authorization: carol.token },
    });
    expect(stranger.status).toBe(404);
    const direct = await fetch(`${ex.url}/api/common/image/${voucher}`, {
      headers: { authorization: carol.token },
    });
    expect(direct.status).toBe(404);

    // The buyer cannot confirm; a wrong trade password moves nothing.
    const buyerConfirm = await act('confirm', alice.token, { id: byCoin.id, pay_password: TRADE_PASSWORD });
    expect(buyerConfirm.body.code).toBe(0);
    const wrong = await act('confirm', bob.token, { id: byCoin.id, pay_password: 'Not-The-Password-1' });
    expect(wrong.body.code).toBe(0);
    expect(await statusOf(byCoin.id)).toBe(2);
    expect(legalOf(ex, bob.id)).toEqual({ available: '4886.11111112', locked: '113.88888888' });
    expect(legalOf(ex, alice.id)).toEqual({ available: '0', locked: '0' });

    const done = await act('confirm', bob.token, { id: byCoin.id, pay_password: TRADE_PASSWORD });
    expect(done.body, done.body.msg).toMatchObject({ code: 1, data: { status: 3 } });
    expect(legalOf(ex, alice.id)).toEqual({ available: '100', locked: '0' });
    expect(legalOf(ex, bob.id)).toEqual({ available: '4886.11111112', locked: '13.88888888' });
    const finished = await detail(ex.api, alice.token, byCoin.id);
    expect(finished.timeline.map((t) => t.status)).toEqual([1, 2, 3]);
    expect(finished.pay_methods).toBeNull();
    const twice = await act('confirm', bob.token, { id: byCoin.id, pay_password: TRADE_PASSWORD });
    expect(twice.body.code).toBe(0);

    // The buyer cancels the other: the escrow and the ad's remaining come back.
    const cancelled = await act('cancel', alice.token, { id: byFiat.id });
    expect(cancelled.body, cancelled.body.msg).toMatchObject({ code: 1, data: { status: 4 } });
    expect(legalOf(ex, bob.id)).toEqual({ available: '4900', locked: '0' });
    expect(await remainingOf(bob.token, adId)).toBe('1900');

    const shop = await ex.api.get<Paged<P2pOrderView>>('legal_shop/orders', {}, { token: bob.token });
    expect(shop.body.data!.data.map((o) => o.id).sort()).toEqual([byCoin.id, byFiat.id].sort());
    const hall = await ex.api.get<Paged<P2pAdView>>('legal_deal/ads', { side: 'sell', limit: 50 });
    expect(hall.body.data!.data.find((ad) => ad.id === adId)!.merchant).toMatchObject({
      completed_orders: 1,
      completion_rate: '0.5',
    });
    expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  });

  it('answers the same order to the same request id', async () => {
    const first = await placed(ex.api, alice.token, { ad_id: adId, number: '10', request_id: 'p2p-once-1' });
    const again = await placed(ex.api, alice.token, { ad_id: adId, number: '10', request_id: 'p2p-once-1' });
    expect(again.id).toBe(first.id);
    expect(legalOf(ex, bob.id).locked).toBe('10');
    const other = await place(ex.api, alice.token, { ad_id: adId, number: '11', request_id: 'p2p-once-1' });
    expect(other.body.code).toBe(0);
    expect(legalOf(ex, bob.id).locked).toBe('10');
    await act('cancel', alice.token, { id: first.id });
  });
});

describe('live updates', () => {
  it('pushes each party its own view of the order on every change (P2P_ORDER)', async () => {
    const bob = await merchant(ex, { [USDT]: '100' });
    const jane = await party(ex);
    const ad = await postAd(ex.api, bob.token, { total: '100', min_number: '10', max_number: '100' });
    const buyerLive = await signedIn(ex.url, jane.token, ['P2P_ORDER']);
    const sellerLive = await signedIn(ex.url, bob.token, ['P2P_ORDER']);
    const order = await placed(ex.api, jane.token, { ad_id: ad.id, number: '20' });
    expect((await buyerLive.next('P2P_ORDER')).params).toMatchObject({
      id: order.id,
      status: 1,
      role: 'buyer',
    });
    expect((await sellerLive.next('P2P_ORDER')).params).toMatchObject({
      id: order.id,
      status: 1,
      role: 'seller',
    });
    await act('cancel', jane.token, { id: order.id });
    expect((await sellerLive.next('P2P_ORDER')).params).toMatchObject({
      id: order.id,
      status: 4,
      side: 'sell',
    });
    expect((await buyerLive.next('P2P_ORDER')).params).toMatchObject({
      id: order.id,
      status: 4,
      side: 'buy',
    });
    // Nobody else hears of it.
    const stranger = await party(ex);
    const strangerLive = await signedIn(ex.url, stranger.token, ['P2P_ORDER']);
    const second = await placed(ex.api, jane.token, { ad_id: ad.id, number: '10' });
    await sellerLive.next('P2P_ORDER');
    expect(strangerLive.frames.some((f) => f.type === 'P2P_ORDER')).toBe(false);
    await act('cancel', jane.token, { id: second.id });
    for (const live of [buyerLive, sellerLive, strangerLive]) live.socket.close();
  });
});

describe('a wallet method’s QR code', () => {
  it('is readable by the order’s buyer while it is open, through the order only', async () => {
    const bob = await merchant(ex, { [USDT]: '100' });
    const qr = await uploadPng(ex.url, bob.token, '#123');
    const wallet = { real_name: 'Bob Merchant', account: 'bob@pay.test', qrcode: qr };
    expect(
      (await ex.api.post('pay_method/save', { type: 'alipay', raw_data: wallet }, { token: bob.token })).body
        .code,
    ).toBe(1);
    const ad = await postAd(ex.api, bob.token, {
      total: '100',
      min_number: '10',
      max_number: '100',
      pay_types: ['alipay'],
    });
    const mia = await party(ex);
    const order = await placed(ex.api, mia.token, { ad_id: ad.id, number: '10' });
    const methods = (await detail(ex.api, mia.token, order.id)).pay_methods!;
    expect(methods.map((m) => m.type)).toEqual(['alipay']); // only the ad's types, not the bank
    const url = (methods[0]!.raw_data as { qrcode: string }).qrcode;
    expect(url).toBe(`/api/legal_deal/image/${order.id}/${qr}`);
    expect((await fetch(`${ex.url}${url}`, { headers: { authorization: mia.token } })).status).toBe(200);
    expect(
      (await fetch(`${ex.url}/api/common/image/${qr}`, { headers: { authorization: mia.token } })).status,
    ).toBe(404);
    // Another order's id does not open it, nor does the order once it is over.
    const other = await party(ex);
    expect((await fetch(`${ex.url}${url}`, { headers: { authorization: other.token } })).status).toBe(404);
    await act('cancel', mia.token, { id: order.id });
    expect((await fetch(`${ex.url}${url}`, { headers: { authorization: mia.token } })).status).toBe(404);
  });
});

describe('two-factor on confirmation', () => {
  it('asks a seller with two-factor on for the code as well as the trade password', async () => {
    const bob = await merchant(ex, { [USDT]: '100' });
    const enrol = await ex.api.post<{ secret: string }>('user/totp/enrol', {}, { token: bob.token });
    expect(enrol.body.code, enrol.body.msg).toBe(1);
    const secret = enrol.body.data!.secret;
    const code = () => generate({ secret, epoch: Math.floor(ex.clock.now() / 1000) });
    const on = await ex.api.post('user/totp/confirm', { code: await code() }, { token: bob.token });
    expect(on.body.code, on.body.msg).toBe(1);
    ex.clock.advance(30_000 - (ex.clock.now() % 30_000) + 10);

    const lee = await party(ex);
    const ad = await postAd(ex.api, bob.token, { total: '100', min_number: '10', max_number: '100' });
    const order = await placed(ex.api, lee.token, { ad_id: ad.id, number: '25' });
    await act('paid', lee.token, { id: order.id, voucher: await uploadPng(ex.url, lee.token) });
    const noCode = await act('confirm', bob.token, { id: order.id, pay_password: TRADE_PASSWORD });
    expect(noCode.body.code).toBe(0);
    const wrongCode = await act('confirm', bob.token, {
      id: order.id,
      pay_password: TRADE_PASSWORD,
      totp_code: '000000',
    });
    expect(wrongCode.body.code).toBe(0);
    expect(await statusOf(order.id)).toBe(2);
    expect(legalOf(ex, lee.id).available).toBe('0');
    const done = await act('confirm', bob.token, {
      id: order.id,
      pay_password: TRADE_PASSWORD,
      totp_code: await code(),
    });
    expect(done.body, done.body.msg).toMatchObject({ code: 1, data: { status: 3 } });
    expect(legalOf(ex, lee.id).available).toBe('25');
  });
});

describe('a buy ad', () => {
  it('escrows the taker’s coin and releases it to the merchant on the taker’s confirmation', async () => {
    const bob = await merchant(ex);
    const dave = await party(ex, { [USDT]: '500' });
    const ad = await postAd(ex.api, bob.token, {
      side: 'buy',
      total: '300',
      min_number: '10',
      max_number: '300',
    });
    const noMethod = await place(ex.api, dave.token, { ad_id: ad.id, number: '50' });
    expect(noMethod.body.code).toBe(0);
    expect(noMethod.body.msg).toContain('bank');
    await ex.api.post(
      'pay_method/save',
      { type: 'bank', raw_data: { ...BANK, real_name: 'Dave Seller' } },
      { token: dave.token },
    );

    const order = await placed(ex.api, dave.token, { ad_id: ad.id, number: '50' });
    expect(order).toMatchObject({ role: 'seller', side: 'sell', fiat_amount: '360.00' });
    expect(legalOf(ex, dave.id)).toEqual({ available: '450', locked: '50' });
    const asBuyer = await detail(ex.api, bob.token, order.id);
    expect(asBuyer.pay_methods![0]!.raw_data).toMatchObject({ real_name: 'Dave Seller' });

    const voucher = await uploadPng(ex.url, bob.token);
    expect((await act('paid', bob.token, { id: order.id, voucher })).body.code).toBe(1);
    const done = await act('confirm', dave.token, { id: order.id, pay_password: TRADE_PASSWORD });
    expect(done.body, done.body.msg).toMatchObject({ code: 1, data: { status: 3 } });
    expect(legalOf(ex, dave.id)).toEqual({ available: '450', locked: '0' });
    expect(legalOf(ex, bob.id)).toEqual({ available: '50', locked: '0' });
  });
});

describe('bad input', () => {
  it('refuses each with a clear message and changes nothing', async () => {
    const bob = await merchant(ex, { [USDT]: '1000' });
    const erin = await party(ex);
    const ad = await postAd(ex.api, bob.token, { total: '100', min_number: '10', max_number: '50' });
    const suspended = await postAd(ex.api, bob.token, { total: '100', min_number: '10', max_number: '50' });
    await ex.api.post('legal_shop/ad_status', { id: suspended.id, status: 2 }, { token: bob.token });
    const before = { orders: await orderCount(), bob: legalOf(ex, bob.id) };

    const cases: [Record<string, unknown>, string, string][] = [
      [{ ad_id: ad.id, number: '51' }, erin.token, 'Above the maximum per order of 50'],
      [{ ad_id: ad.id, number: '9.99' }, erin.token, 'Below the minimum per order of 10'],
      [{ ad_id: ad.id, number: '0' }, erin.token, 'The amount must be more than 0'],
      [{ ad_id: ad.id, number: '10.123456789' }, erin.token, 'number: must have at most 18 decimals'],
      [{ ad_id: ad.id, number: '20' }, bob.token, 'You cannot place an order on your own ad'],
      [{ ad_id: suspended.id, number: '20' }, erin.token, 'This ad is not open for orders'],
      [{ ad_id: 999_999, number: '20' }, erin.token, 'No such ad'],
      [{ ad_id: ad.id, number: '20', fiat_amount: '100' }, erin.token, ''],
      [{ ad_id: ad.id }, erin.token, ''],
      [{ ad_id: ad.id, number: 'ten' }, erin.token, ''],
    ];
    for (const [body, token, msg] of cases) {
      const answer = await place(ex.api, token, body);
      expect(answer.body.code, JSON.stringify(body)).toBe(0);
      if (msg && !msg.startsWith('number:')) expect(answer.body.msg, JSON.stringify(body)).toBe(msg);
      else expect(answer.body.msg.length).toBeGreaterThan(0);
    }
    // Over the remaining: take 50 + 40, then 20 is more than the 10 left.
    const a = await placed(ex.api, erin.token, { ad_id: ad.id, number: '50' });
    const b = await placed(ex.api, erin.token, { ad_id: ad.id, number: '40' });
    const over = await place(ex.api, erin.token, { ad_id: ad.id, number: '20' });
    expect(over.body).toMatchObject({ code: 0, msg: 'Only 10 is left on this ad' });
    expect(await orderCount()).toBe(before.orders + 2);
    await act('cancel', erin.token, { id: a.id });
    await act('cancel', erin.token, { id: b.id });
    expect(legalOf(ex, bob.id)).toEqual(before.bob);

    const adCases: [Record<string, unknown>, RegExp][] = [
      [adBody({ min_number: '50', max_number: '10' }), /maximum per order is below the minimum/],
      [adBody({ total: '5', min_number: '10', max_number: '10' }), /total is below the minimum/],
      [adBody({ price: '0' }), /price must be more than 0/],
      [adBody({ price: '7.123' }), /decimals for the price/],
      [adBody({ fiat: 'XYZ' }), /fiat currency is not offered/],
      [adBody({ currency_id: 4 }), /not traded on the desk/],
      [adBody({ pay_types: [] }), /payment method/],
    ];
    const adsBefore = (await ex.api.get<Paged<P2pAdView>>('legal_shop/ads', {}, { token: bob.token })).body
      .data!.total;
    for (const [body, msg] of adCases) {
      const answer = await ex.api.post('legal_shop/ad_save', body, { token: bob.token });
      expect(answer.body.code, JSON.stringify(body)).toBe(0);
      expect(answer.body.msg, JSON.stringify(body)).toMatch(msg);
    }
    const edit = await ex.api.post('legal_shop/ad_save', adBody({ id: ad.id, side: 'buy' }), {
      token: bob.token,
    });
    expect(edit.body.code).toBe(0);
    const foreign = await ex.api.post('legal_shop/ad_save', adBody({ id: ad.id }), { token: erin.token });
    expect(foreign.body.code).toBe(0);
    const adsAfter = (await ex.api.get<Paged<P2pAdView>>('legal_shop/ads', {}, { token: bob.token })).body
      .data!.total;
    expect(adsAfter).toBe(adsBefore);
    expect(await remainingOf(bob.token, ad.id)).toBe('100');

    const appealEarly = await placed(ex.api, erin.token, { ad_id: ad.id, number: '10' });
    const early = await act('appeal', erin.token, {
      id: appealEarly.id,
      reason: 'The seller does not answer me',
    });
    expect(early.body.msg).toMatch(/no longer in a state/);
    const short = await act('appeal', erin.token, { id: appealEarly.id, reason: 'short' });
    expect(short.body.code).toBe(0);
    await act('cancel', erin.token, { id: appealEarly.id });
  });
});

describe('appeals', () => {
  it('freezes the order; the operator releases to the buyer or returns to the seller, with a reason', async () => {
    const bob = await merchant(ex, { [USDT]: '1000' });
    const frank = await party(ex);
    const ad = await postAd(ex.api, bob.token, { total: '500' });
    const one = await placed(ex.api, frank.token, { ad_id: ad.id, number: '100' });
    const two = await placed(ex.api, frank.token, { ad_id: ad.id, number: '200' });
    for (const order of [one, two]) {
      const voucher = await uploadPng(ex.url, frank.token);
      expect((await act('paid', frank.token, { id: order.id, voucher })).body.code).toBe(1);
    }
    const proof = await uploadPng(ex.url, frank.token, '#00f');
    const appealed = await act('appeal', frank.token, {
      id: one.id,
      reason: 'I paid an hour ago and the seller does not confirm',
      images: [proof],
    });
    expect(appealed.body, appealed.body.msg).toMatchObject({ code: 1, data: { status: 6 } });
    const frozen = await act('confirm', bob.token, { id: one.id, pay_password: TRADE_PASSWORD });
    expect(frozen.body.code).toBe(0);
    const sellerAppeal = await act('appeal', bob.token, {
      id: two.id,
      reason: 'No money arrived in my bank account',
    });
    expect(sellerAppeal.body.code).toBe(1);
    const view = await detail(ex.api, bob.token, one.id);
    expect(view.appeal).toMatchObject({ by: 'buyer', images: [{ id: proof }], resolution: null });
    const proofImage = await fetch(`${ex.url}${view.appeal!.images[0]!.url}`, {
      headers: { authorization: bob.token },
    });
    expect(proofImage.status).toBe(200);

    const list = await ex.api.get<Paged<P2pAdminAppealView>>('admin/p2p/appeals', {}, admin(ex));
    expect(list.body.data!.data.map((a) => a.order_id)).toEqual(expect.arrayContaining([one.id, two.id]));
    // The operator sees each order's price and timeline beside the appeal, as its parties do.
    const listed = list.body.data!.data.find((a) => a.order_id === one.id)!;
    expect(listed).toMatchObject({ price: view.price, created_at: view.created_at });
    expect(listed.timeline).toEqual(view.timeline);
    expect(listed.timeline.map((t) => t.status)).toEqual([1, 2, 6]);
    const noToken = await ex.api.get('admin/p2p/appeals');
    expect(noToken.body.code).toBe(999);

    const released = await ex.api.post(
      'admin/p2p/appeals/resolve',
      { order_id: one.id, release_to: 'buyer', reason: 'Bank statement shows the payment' },
      admin(ex),
    );
    expect(released.body, released.body.msg).toMatchObject({ code: 1 });
    const returned = await ex.api.post(
      'admin/p2p/appeals/resolve',
      { order_id: two.id, release_to: 'seller', reason: 'The voucher was not a real payment' },
      admin(ex),
    );
    expect(returned.body.code).toBe(1);
    const again = await ex.api.post(
      'admin/p2p/appeals/resolve',
      { order_id: two.id, release_to: 'buyer', reason: 'Changed my mind' },
      admin(ex),
    );
    expect(again.body.code).toBe(0);

    expect(await statusOf(one.id)).toBe(3);
    expect(await statusOf(two.id)).toBe(5);
    expect(legalOf(ex, frank.id)).toEqual({ available: '100', locked: '0' });
    expect(legalOf(ex, bob.id)).toEqual({ available: '900', locked: '0' });
    const resolved = await detail(ex.api, frank.token, two.id);
    expect(resolved.appeal!.resolution).toMatchObject({
      release_to: 'seller',
      reason: 'The voucher was not a real payment',
    });
    expect(resolved.timeline.map((t) => t.status)).toEqual([1, 2, 6, 5]);
  });
});

describe('the operator’s freeze', () => {
  it('stops a frozen user from ordering and posting, takes their ads off the hall, and lifts', async () => {
    const bob = await merchant(ex, { [USDT]: '100' });
    const nick = await party(ex);
    const ad = await postAd(ex.api, bob.token, { total: '100', min_number: '10', max_number: '100' });
    const open = await placed(ex.api, nick.token, { ad_id: ad.id, number: '10' });
    const freeze = (user: Party, frozen: boolean) =>
      ex.api.post(
        'admin/p2p/freeze',
        { user_id: user.id, frozen, reason: 'Three false paid marks' },
        admin(ex),
      );
    // No operator token: asked to sign in (401, envelope 999), before anything else is looked at.
    expect((await ex.api.post('admin/p2p/freeze', { user_id: nick.id, frozen: true })).status).toBe(401);
    expect((await freeze(nick, true)).body).toMatchObject({ code: 1, msg: 'User frozen on the desk' });
    const refused = await place(ex.api, nick.token, { ad_id: ad.id, number: '10' });
    expect(refused.body).toMatchObject({
      code: 0,
      msg: 'Your account is frozen on the fiat desk; contact support',
    });
    // An order already open goes on to its end.
    expect((await act('cancel', nick.token, { id: open.id })).body.code).toBe(1);
    const info = await ex.api.get<P2pShopInfo>('legal_shop/info', {}, { token: nick.token });
    expect(info.body.data!.frozen).toBe(true);

    await freeze(bob, true);
    const hall = await ex.api.get<Paged<P2pAdView>>('legal_deal/ads', { side: 'sell', limit: 50 });
    expect(hall.body.data!.data.some((row) => row.id === ad.id)).toBe(false);
    expect((await ex.api.post('legal_shop/ad_save', adBody(), { token: bob.token })).body.code).toBe(0);
    await freeze(bob, false);
    await freeze(nick, false);
    expect((await place(ex.api, nick.token, { ad_id: ad.id, number: '10' })).body.code).toBe(1);
  });
});

describe('races', () => {
  it('50 buyers on the last units: exactly as many orders as fit, the rest a clear refusal', async () => {
    const bob = await merchant(ex, { [USDT]: '1000' });
    const ad = await postAd(ex.api, bob.token, { total: '100', min_number: '10', max_number: '10' });
    // Users written straight into the table, each with a session: signing up is not what is tested.
    const ids = await insertBareUsers(ex.db.kysely, 50, `race${Date.now()}`);
    const buyers = await Promise.all(ids.map(async (id) => ({ token: await ex.sessions.open(id) })));
    const answers = await Promise.all(
      buyers.map((b) => place(ex.api, b.token, { ad_id: ad.id, number: '10' })),
    );
    const won = answers.filter((a) => a.body.code === 1);
    expect(won).toHaveLength(10);
    for (const lost of answers.filter((a) => a.body.code !== 1)) {
      expect(lost.body.msg).toMatch(/^Only 0 is left on this ad$/);
    }
    expect(legalOf(ex, bob.id)).toEqual({ available: '900', locked: '100' });
    expect(await remainingOf(bob.token, ad.id)).toBe('0');
  });

  it('marking paid against the cancellation at the pay deadline: exactly one wins', async () => {
    const bob = await merchant(ex, { [USDT]: '1000' });
    const ad = await postAd(ex.api, bob.token, { total: '1000', min_number: '10', max_number: '100' });
    let settled = 0;
    const seen = new Set<number>();
    // lead 0: the mark and the timer at the deadline at once; 1000: the mark a second before it.
    for (const lead of [0, 0, 1000, 1000]) {
      // A new buyer each time: timeouts count toward the three-a-day limit.
      const gina = await party(ex);
      const order = await placed(ex.api, gina.token, { ad_id: ad.id, number: '10' });
      const voucher = await uploadPng(ex.url, gina.token);
      ex.clock.advance(order.pay_deadline - lead - ex.clock.now());
      const marking = act('paid', gina.token, { id: order.id, voucher });
      if (lead > 0) {
        await marking;
        ex.clock.advance(order.pay_deadline - ex.clock.now());
      }
      const [paid] = await Promise.all([marking, ex.p2p.service.applyDue()]);
      const status = await statusOf(order.id);
      expect([2, 4]).toContain(status);
      seen.add(status);
      expect(paid.body.code === 1, paid.body.msg).toBe(status === 2);
      const events = await ex.db.kysely
        .selectFrom('p2p_order_events')
        .select('status')
        .where('order_id', '=', order.id)
        .execute();
      expect(events.map((e) => e.status)).toEqual([1, status]);
      if (status === 2) {
        settled += 1;
        await act('confirm', bob.token, { id: order.id, pay_password: TRADE_PASSWORD });
        expect(legalOf(ex, gina.id).available).toBe('10');
      } else expect(legalOf(ex, gina.id).available).toBe('0');
    }
    expect(legalOf(ex, bob.id)).toEqual({ available: String(1000 - settled * 10), locked: '0' });
    // Sent at once the timer wins here (either is right); a second early, the buyer's mark does.
    expect([...seen].sort()).toEqual([2, 4]);
  });
});

describe('confirm against auto-confirm', () => {
  it('at the auto-confirm instant the seller’s confirm and the timer complete the order once', async () => {
    await ex.settings.set('p2p_auto_confirm_minutes', '5');
    try {
      const bob = await merchant(ex, { [USDT]: '1000' });
      const ad = await postAd(ex.api, bob.token, { total: '1000', min_number: '10', max_number: '100' });
      for (let i = 0; i < 3; i += 1) {
        const kim = await party(ex);
        const order = await placed(ex.api, kim.token, { ad_id: ad.id, number: '10' });
        const voucher = await uploadPng(ex.url, kim.token);
        const paid = (await act('paid', kim.token, { id: order.id, voucher })).body.data!;
        ex.clock.advance(paid.confirm_deadline! - ex.clock.now());
        await ex.p2p.service.applyDue();
        ex.clock.advance(5 * MINUTE);
        const [confirmed] = await Promise.all([
          act('confirm', bob.token, { id: order.id, pay_password: TRADE_PASSWORD }),
          ex.p2p.service.applyDue(),
        ]);
        expect(await statusOf(order.id)).toBe(3);
        const events = await ex.db.kysely
          .selectFrom('p2p_order_events')
          .select('status')
          .where('order_id', '=', order.id)
          .execute();
        expect(events.map((e) => e.status)).toEqual([1, 2, 7, 3]);
        const settles = await ex.db.kysely
          .selectFrom('account_logs')
          .select('id')
          .where('ref_type', '=', 'p2p_order')
          .where('ref_id', '=', order.id)
          .where('type', '=', JournalType.P2P_SETTLE)
          .execute();
        expect(settles).toHaveLength(2);
        expect(legalOf(ex, kim.id).available).toBe('10');
        // The seller's confirm either won or was told the order had moved on.
        if (confirmed.body.code !== 1) expect(confirmed.body.msg).toMatch(/no longer in a state/);
      }
      expect(legalOf(ex, bob.id)).toEqual({ available: '970', locked: '0' });
    } finally {
      await ex.settings.set('p2p_auto_confirm_minutes', '0');
    }
  });
});

describe('deadlines and the cancellation limit', () => {
  it('cancels an unpaid order at its deadline and postpones an unconfirmed one, each as of its deadline', async () => {
    const bob = await merchant(ex, { [USDT]: '1000' });
    const hank = await party(ex);
    const ad = await postAd(ex.api, bob.token, { total: '1000', min_number: '10', max_number: '100' });
    const unpaid = await placed(ex.api, hank.token, { ad_id: ad.id, number: '30' });
    const paidOne = await placed(ex.api, hank.token, { ad_id: ad.id, number: '40' });
    const voucher = await uploadPng(ex.url, hank.token);
    const marked = await act('paid', hank.token, { id: paidOne.id, voucher });
    ex.clock.advance(31 * MINUTE);
    await ex.p2p.service.applyDue();
    const cancelled = await detail(ex.api, hank.token, unpaid.id);
    expect(cancelled.status).toBe(4);
    expect(cancelled.timeline.at(-1)).toEqual({ status: 4, at: unpaid.pay_deadline });
    expect(cancelled.cancelled_at).toBe(unpaid.pay_deadline);
    const postponed = await detail(ex.api, hank.token, paidOne.id);
    expect(postponed.timeline.at(-1)).toEqual({ status: 7, at: marked.body.data!.confirm_deadline });
    expect(await ex.p2p.service.applyDue()).toBe(0);
    // Still confirmable, and appealable.
    const done = await act('confirm', bob.token, { id: paidOne.id, pay_password: TRADE_PASSWORD });
    expect(done.body.data!.status).toBe(3);
    expect(legalOf(ex, bob.id)).toEqual({ available: '960', locked: '0' });
  });

  it('blocks buying after three cancellations in a day (a timeout counts), until the next day', async () => {
    const bob = await merchant(ex, { [USDT]: '1000' });
    const ivy = await party(ex, { [USDT]: '100' });
    const ad = await postAd(ex.api, bob.token, { total: '1000', min_number: '10', max_number: '100' });
    // Start just after midnight in the exchange's zone, so the day does not end mid-test.
    const { formatDateTime } = await import('../src/lib/time.js');
    while (formatDateTime(ex.clock.now(), ex.config.exchangeTz).slice(11, 13) !== '00')
      ex.clock.advance(60 * MINUTE);
    for (let i = 0; i < 2; i += 1) {
      const order = await placed(ex.api, ivy.token, { ad_id: ad.id, number: '10' });
      expect((await act('cancel', ivy.token, { id: order.id })).body.code).toBe(1);
    }
    const timedOut = await placed(ex.api, ivy.token, { ad_id: ad.id, number: '10' });
    ex.clock.advance(16 * MINUTE);
    await ex.p2p.service.applyDue();
    expect(await statusOf(timedOut.id)).toBe(4);
    const blocked = await place(ex.api, ivy.token, { ad_id: ad.id, number: '10' });
    expect(blocked.body).toMatchObject({
      code: 0,
      msg: 'You cancelled 3 orders today; you can buy again tomorrow',
    });
    // Selling on a buy ad is still allowed.
    const buyAd = await postAd(ex.api, bob.token, {
      side: 'buy',
      total: '100',
      min_number: '10',
      max_number: '100',
    });
    await ex.api.post('pay_method/save', { type: 'bank', raw_data: BANK }, { token: ivy.token });
    const sells = await place(ex.api, ivy.token, { ad_id: buyAd.id, number: '10' });
    expect(sells.body, sells.body.msg).toMatchObject({ code: 1 });
    await act('cancel', bob.token, { id: sells.body.data!.id });
    ex.clock.advance(24 * 60 * MINUTE);
    const nextDay = await place(ex.api, ivy.token, { ad_id: ad.id, number: '10' });
    expect(nextDay.body, nextDay.body.msg).toMatchObject({ code: 1 });
    expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  });
});

describe('the API docs', () => {
  it('lists the desk’s calls with their request schemas', async () => {
    const response = await fetch(`${ex.url}/api/docs/json`);
    const doc = (await response.json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown; parameters?: unknown[] }>>;
    };
    for (const path of [
      '/api/legal_deal/config',
      '/api/legal_deal/ads',
      '/api/legal_deal/place',
      '/api/legal_deal/orders',
      '/api/legal_deal/order',
      '/api/legal_deal/image/{order_id}/{id}',
      '/api/legal_deal/paid',
      '/api/legal_deal/cancel',
      '/api/legal_deal/confirm',
      '/api/legal_deal/appeal',
      '/api/legal_shop/apply',
      '/api/legal_shop/info',
      '/api/legal_shop/ads',
      '/api/legal_shop/ad_save',
      '/api/legal_shop/ad_status',
      '/api/legal_shop/orders',
      '/api/admin/p2p/applications',
      '/api/admin/p2p/applications/decide',
      '/api/admin/p2p/appeals',
      '/api/admin/p2p/appeals/resolve',
      '/api/admin/p2p/freeze',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/legal_deal/place']!.post!.requestBody).toBeDefined();
    expect(doc.paths['/api/legal_deal/ads']!.get!.parameters!.length).toBeGreaterThan(3);
  });
});
