import { createHmac } from 'node:crypto';
import type { BoundAddressView, DepositView, Paged, WalletAnswer, WithdrawalView } from '@oex/protocol';
import ccxt from 'ccxt';
import type { TestClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnvilNode } from '../src/demo/anvil.js';
import { auditLedger } from '../src/ledger/audit.js';
import { chainTick, MANUAL_CHAIN, testChain } from './helpers/chain.js';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { balanceOf, USDT } from './helpers/ledger.js';
import { login, signUp } from './helpers/users.js';
import { budget } from './helpers/budget.js';

/**
 * Binance's wallet calls under /sapi/v1/capital on a real local EVM chain: each figure against the
 * web API's, a withdrawal through the key against one through account/draw (fee, hold, ledger rows),
 * the key's permission and the address-book rule, and ccxt's unmodified binance class on top.
 */

let node: AnvilNode;
let control: TestClient;
let ex: TestExchange;
const PAY = 'Trade-Harbor-77';
const bound = '0x000000000000000000000000000000000000dEaD';
const unbound = '0x000000000000000000000000000000000000bEEF';

interface Key {
  apiKey: string;
  secret: string;
}

interface Answer<T> {
  status: number;
  body: T;
}

interface Refusal {
  code: number;
  msg: string;
}

beforeAll(async () => {
  ({ node, control } = await testChain());
  // A withdrawal weighs 600 as on Binance; this test asks for more than a minute's default allows.
  ex = await startTestExchange({
    evmRpcUrl: node.rpcUrl,
    ...MANUAL_CHAIN,
    tradingApiWeightPerMinute: 1_000_000,
  });
}, budget(60_000));

afterAll(async () => {
  if (ex) expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  await ex?.stop();
  await node?.stop();
});

const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');

/** A signed sapi call as Binance clients send it: GET in the query string, POST as a form body. */
async function sapi<T>(
  method: 'GET' | 'POST',
  path: string,
  key: Key,
  params: Record<string, string> = {},
): Promise<Answer<T>> {
  const payload = new URLSearchParams({ ...params, timestamp: String(ex.clock.now()) }).toString();
  const text = `${payload}&signature=${hmac(key.secret, payload)}`;
  const response = await fetch(`${ex.url}/sapi/v1/${path}${method === 'GET' ? `?${text}` : ''}`, {
    method,
    headers: {
      'X-MBX-APIKEY': key.apiKey,
      ...(method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(method === 'POST' ? { body: text } : {}),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const erc20 = () => ex.wallet.networks.list().find((network) => network.chain === 'ERC20')!;

/** A user with a trade password and `amount` USDT deposited on chain and final (6 confirmations). */
async function fundedUser(amount: string) {
  const user = await signUp(ex.api);
  await ex.api.post('notify/send_email', { to: user.email, type: 3 }, { token: user.token });
  const code = await ex.api.latestCode(user.email);
  const set = await ex.api.post(
    'user/amend_pay_password',
    { password: PAY, re_password: PAY, auth_code: code },
    { token: user.token },
  );
  expect(set.body.code, set.body.msg).toBe(1);
  const wallet = await ex.api.get<WalletAnswer>(
    'wallet/wallet',
    { currency_id: USDT },
    { token: user.token },
  );
  await chainTick(ex);
  await ex.api.post('dev/chain/send', {
    address: wallet.body.data!.wallets[0]!.address,
    amount,
    currency: 'USDT',
  });
  await control.mine({ blocks: 6 });
  await chainTick(ex);
  expect(await balanceOf(ex.api, user.token, USDT)).toBe(amount);
  return user;
}

/** Binds an address in the web's address book, with the emailed code. */
async function bind(user: { email: string; token: string }, address: string) {
  await ex.api.post('wallet/bind_code', {}, { token: user.token });
  const code = await ex.api.latestCode(user.email);
  const answer = await ex.api.post<BoundAddressView>(
    'wallet/bind_address',
    { currency_id: USDT, currency_protocol_id: erc20().id, address, notes: 'cold', code },
    { token: user.token },
  );
  expect(answer.body.code, answer.body.msg).toBe(1);
}

const keyOf = (userId: number, withdraw: boolean) =>
  ex.apiKeys.create(userId, {
    label: 'wallet bot',
    trade: true,
    withdraw,
    ipList: withdraw ? ['127.0.0.1'] : [],
    expiresAt: null,
  });

const webRecords = async (token: string) =>
  (await ex.api.get<Paged<WithdrawalView>>('wallet/withdrawals', {}, { token })).body.data!.data;

/** The ledger rows a withdrawal made, as (type, change of balance, change of lock). */
async function ledgerRows(withdrawalId: number) {
  const rows = await ex.db.kysely
    .selectFrom('account_logs')
    .select(['type', 'change_balance', 'change_lock'])
    .where('ref_type', '=', 'withdrawal')
    .where('ref_id', '=', withdrawalId)
    .orderBy('id')
    .execute();
  return rows.map((row) => [row.type, String(Number(row.change_balance)), String(Number(row.change_lock))]);
}

interface CoinEntry {
  coin: string;
  free: string;
  locked: string;
  withdrawing: string;
  depositAllEnable: boolean;
  withdrawAllEnable: boolean;
  networkList: Record<string, string | number | boolean>[];
}

describe('wallet calls under /sapi/v1/capital', () => {
  let user: { id: number; email: string; token: string };
  let readKey: Key;
  let withdrawKey: Key;

  beforeAll(async () => {
    user = await fundedUser('150');
    readKey = await keyOf(user.id, false);
    withdrawKey = await keyOf(user.id, true);
  }, budget(60_000));

  it('config/getall: each coin with its networks, limits and the balance, as the web shows them', async () => {
    const answer = await sapi<CoinEntry[]>('GET', 'capital/config/getall', readKey);
    expect(answer.status).toBe(200);
    const usdt = answer.body.find((entry) => entry.coin === 'USDT')!;
    expect(usdt.free).toBe(await balanceOf(ex.api, user.token, USDT));
    expect([usdt.locked, usdt.withdrawing]).toEqual(['0', '0']);
    const web = await ex.api.get<WalletAnswer>('wallet/wallet', { currency_id: USDT }, { token: user.token });
    const row = await ex.db.kysely
      .selectFrom('currencies')
      .selectAll()
      .where('id', '=', USDT)
      .executeTakeFirstOrThrow();
    expect(usdt.networkList.map((network) => network.network)).toEqual(['ETH', 'TRX']);
    const [eth, trx] = usdt.networkList;
    const webErc20 = web.body.data!.currency_protocols.find((p) => p.chain_protocol.code === 'ERC20')!;
    expect(eth).toMatchObject({
      coin: 'USDT',
      isDefault: true,
      depositEnable: true,
      withdrawEnable: true,
      withdrawIntegerMultiple: '0.000001',
      withdrawMin: String(Number(row.draw_min)),
      withdrawMax: String(Number(row.draw_max)),
      withdrawFeeRate: String(Number(row.draw_rate)),
      depositDust: webErc20.min_deposit,
      minConfirm: webErc20.confirmations_credit,
      unLockConfirm: webErc20.confirmations_withdraw,
    });
    // The fee the smallest withdrawal pays: 10 × 0.001.
    expect(eth!.withdrawFee).toBe('0.01');
    // TRC20 has no node here: listed, closed both ways, with the reason.
    expect(trx).toMatchObject({ depositEnable: false, withdrawEnable: false, isDefault: false });
    expect(String(trx!.withdrawDesc)).toMatch(/not available|TRON/i);
    expect(usdt.depositAllEnable && usdt.withdrawAllEnable).toBe(true);
  });

  it('deposit/address: the web deposit page’s address; other networks and coins refused', async () => {
    const web = await ex.api.get<WalletAnswer>('wallet/wallet', { currency_id: USDT }, { token: user.token });
    const address = web.body.data!.wallets.find((w) => w.chain_protocol.code === 'ERC20')!.address;
    const byDefault = await sapi<{ address: string; coin: string; tag: string }>(
      'GET',
      'capital/deposit/address',
      readKey,
      { coin: 'USDT' },
    );
    expect(byDefault.body).toEqual({ coin: 'USDT', address, tag: '', url: '' });
    const named = await sapi('GET', 'capital/deposit/address', readKey, { coin: 'usdt', network: 'ETH' });
    expect(named.body).toEqual(byDefault.body);
    const trx = await sapi<Refusal>('GET', 'capital/deposit/address', readKey, {
      coin: 'USDT',
      network: 'TRX',
    });
    expect(trx).toMatchObject({ status: 400, body: { code: -4019 } });
    const bsc = await sapi<Refusal>('GET', 'capital/deposit/address', readKey, {
      coin: 'USDT',
      network: 'BSC',
    });
    expect(bsc.body.msg).toMatch(/not one of USDT's networks \(ETH, TRX\)/);
    const coin = await sapi<Refusal>('GET', 'capital/deposit/address', readKey, { coin: 'XYZ' });
    expect(coin.body).toEqual({ code: -4018, msg: "We don't have this asset." });
  });

  it('deposit/hisrec: the web’s deposits with Binance’s status numbers', async () => {
    const web = await ex.api.get<Paged<DepositView>>('wallet/deposits', {}, { token: user.token });
    const deposit = web.body.data!.data[0]!;
    const answer = await sapi<Record<string, unknown>[]>('GET', 'capital/deposit/hisrec', readKey, {
      coin: 'USDT',
    });
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0]).toMatchObject({
      id: String(deposit.id),
      amount: deposit.amount,
      coin: 'USDT',
      network: 'ETH',
      status: 1,
      address: deposit.address,
      txId: deposit.tx_hash,
      transferType: 0,
      confirmTimes: '6/6',
    });
    const pending = await sapi<unknown[]>('GET', 'capital/deposit/hisrec', readKey, { status: '0' });
    expect(pending.body).toEqual([]);
  });

  it('withdraw/apply: refused without the permission, to an unbound address, over the balance', async () => {
    const terms = { coin: 'USDT', network: 'ETH', address: bound, amount: '20' };
    const noPermission = await sapi<Refusal>('POST', 'capital/withdraw/apply', readKey, terms);
    expect(noPermission.status).toBe(401);
    expect(noPermission.body.code).toBe(-2015);
    expect(noPermission.body.msg).toMatch(/no permission to withdraw/);
    // The key's IP list applies: a withdrawing key from elsewhere is refused before anything is read.
    const elsewhere = await ex.apiKeys.create(user.id, {
      label: 'elsewhere',
      trade: false,
      withdraw: true,
      ipList: ['203.0.113.9'],
      expiresAt: null,
    });
    const foreign = await sapi<Refusal>('POST', 'capital/withdraw/apply', elsewhere, terms);
    expect(foreign.status).toBe(401);
    expect(foreign.body.msg).toMatch(/not on this API key's IP list/);
    const notBound = await sapi<Refusal>('POST', 'capital/withdraw/apply', withdrawKey, terms);
    expect(notBound.status).toBe(400);
    expect(notBound.body.code).toBe(-4035);
    expect(notBound.body.msg).toMatch(/address book/);
    await bind(user, bound);
    const other = await sapi<Refusal>('POST', 'capital/withdraw/apply', withdrawKey, {
      ...terms,
      address: unbound,
    });
    expect(other.body.code).toBe(-4035);
    const tooMuch = await sapi<Refusal>('POST', 'capital/withdraw/apply', withdrawKey, {
      ...terms,
      amount: '151',
    });
    expect(tooMuch.body).toEqual({ code: -4026, msg: 'You have insufficient balance.' });
    const small = await sapi<Refusal>('POST', 'capital/withdraw/apply', withdrawKey, {
      ...terms,
      amount: '5',
    });
    expect(small.body).toEqual({ code: -4022, msg: 'The minimum withdrawal is 10' });
    // An operator's freeze stops a key's withdrawals too (the web's sessions end with it).
    const admin = { headers: { 'x-admin-token': ex.adminToken } };
    const frozen = await ex.api.post('admin/users/freeze', { user_id: user.id, reason: 'check' }, admin);
    expect(frozen.body.code, frozen.body.msg).toBe(1);
    const whileFrozen = await sapi<Refusal>('POST', 'capital/withdraw/apply', withdrawKey, terms);
    expect(whileFrozen.body.code).toBe(-4015);
    expect(whileFrozen.body.msg).toMatch(/frozen/);
    const thawed = await ex.api.post('admin/users/unfreeze', { user_id: user.id, reason: 'done' }, admin);
    expect(thawed.body.code, thawed.body.msg).toBe(1);
    // The freeze ended the web session: sign in again.
    user.token = await login(ex.api, user.email, 'Secret-Harbor-91');
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('150');
    expect(await webRecords(user.token)).toEqual([]);
  });

  it('withdraw/apply to a bound address: the web’s fee, hold and ledger rows; a reused withdrawOrderId answers the same', async () => {
    const terms = { coin: 'USDT', network: 'ETH', address: bound, amount: '20', withdrawOrderId: 'bot-w-1' };
    const applied = await sapi<{ id: string }>('POST', 'capital/withdraw/apply', withdrawKey, terms);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.id).toMatch(/^\d+$/);
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('130');
    const again = await sapi<{ id: string }>('POST', 'capital/withdraw/apply', withdrawKey, terms);
    expect(again.body).toEqual(applied.body);
    const changed = await sapi<Refusal>('POST', 'capital/withdraw/apply', withdrawKey, {
      ...terms,
      amount: '21',
    });
    expect(changed.body.code).toBe(-4000);
    expect(changed.body.msg).toMatch(/request id was already used/);
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('130');

    // The same withdrawal through the web's account/draw, with the trade password.
    const web = await ex.api.post<WithdrawalView>(
      'account/draw',
      {
        currency_id: USDT,
        currency_protocol_id: erc20().id,
        number: '20',
        address: bound,
        pay_password: PAY,
      },
      { token: user.token },
    );
    expect(web.body.code, web.body.msg).toBe(1);
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('110');
    const records = await webRecords(user.token);
    const byKey = records.find((record) => record.id === Number(applied.body.id))!;
    const byWeb = records.find((record) => record.id === web.body.data!.id)!;
    const terms_ = (record: WithdrawalView) => [record.amount, record.fee, record.received, record.status];
    expect(terms_(byKey)).toEqual(['20', '0.02', '19.98', 'queued']);
    expect(terms_(byKey)).toEqual(terms_(byWeb));
    expect(await ledgerRows(byKey.id)).toEqual(await ledgerRows(byWeb.id));
    expect((await ledgerRows(byKey.id)).length).toBe(1);

    // withdraw/history: Binance's amount is what arrives, with the fee beside it.
    const history = await sapi<Record<string, unknown>[]>('GET', 'capital/withdraw/history', readKey, {
      coin: 'USDT',
    });
    expect(history.body.map((entry) => entry.id)).toEqual([String(byWeb.id), String(byKey.id)]);
    expect(history.body[1]).toMatchObject({
      amount: '19.98',
      transactionFee: '0.02',
      coin: 'USDT',
      network: 'ETH',
      status: 4,
      address: bound,
      txId: '',
      withdrawOrderId: 'bot-w-1',
      transferType: 0,
    });
    expect(history.body[1]!.applyTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const getall = await sapi<CoinEntry[]>('GET', 'capital/config/getall', readKey);
    expect(getall.body.find((entry) => entry.coin === 'USDT')).toMatchObject({
      free: '110',
      locked: '0',
      withdrawing: '40',
    });

    // Sent, then final on chain: Binance's 4 and then 6 with the transaction and completion time.
    await chainTick(ex);
    const sent = await sapi<Record<string, unknown>[]>('GET', 'capital/withdraw/history', readKey, {
      withdrawOrderId: 'bot-w-1',
    });
    expect(sent.body).toHaveLength(1);
    expect(sent.body[0]).toMatchObject({ status: 4, txId: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    await control.mine({ blocks: 6 });
    await chainTick(ex);
    const done = await sapi<Record<string, unknown>[]>('GET', 'capital/withdraw/history', readKey, {
      status: '6',
    });
    expect(done.body.map((entry) => entry.id).sort()).toEqual([String(byKey.id), String(byWeb.id)].sort());
    expect(done.body[0]!.completeTime).toMatch(/^\d{4}-/);
    expect(await ledgerRows(byKey.id)).toEqual(await ledgerRows(byWeb.id));
    expect((await auditLedger(ex.db.kysely)).problems).toEqual([]);
  });
});

describe('ccxt binance through /sapi/v1', () => {
  it('fetchCurrencies, fetchDepositAddress, withdraw, fetchWithdrawals and fetchDeposits', async () => {
    const user = await fundedUser('80');
    await bind(user, bound);
    const key = await keyOf(user.id, true);
    const client = new ccxt.binance({
      apiKey: key.apiKey,
      secret: key.secret,
      enableRateLimit: false,
      options: {
        fetchMarkets: { types: ['spot'] },
        fetchCurrencies: true,
        fetchMargins: false,
        defaultType: 'spot',
      },
      urls: { api: { public: `${ex.url}/api/v3`, private: `${ex.url}/api/v3`, sapi: `${ex.url}/sapi/v1` } },
    });
    await client.loadMarkets();
    const usdt = client.currencies['USDT']!;
    expect(Object.keys(usdt.networks).sort()).toEqual(['ERC20', 'TRC20']);
    expect(usdt.networks['ERC20']).toMatchObject({ id: 'ETH', deposit: true, withdraw: true, fee: 0.01 });
    expect(usdt.networks['ERC20']!.limits.withdraw).toEqual({ min: 10, max: 100000 });
    expect(usdt.networks['TRC20']).toMatchObject({ id: 'TRX', deposit: false, withdraw: false });

    const web = await ex.api.get<WalletAnswer>('wallet/wallet', { currency_id: USDT }, { token: user.token });
    const address = await client.fetchDepositAddress('USDT', { network: 'ERC20' });
    expect(address.address).toBe(web.body.data!.wallets[0]!.address);

    const deposits = await client.fetchDeposits('USDT');
    expect(deposits.map((deposit) => [deposit.amount, deposit.status, deposit.network])).toEqual([
      [80, 'ok', 'ERC20'],
    ]);

    await expect(client.withdraw('USDT', 15, unbound, undefined, { network: 'ERC20' })).rejects.toThrow(
      /-4035/,
    );
    const withdrawal = await client.withdraw('USDT', 15, bound, undefined, { network: 'ERC20' });
    expect(withdrawal.id).toMatch(/^\d+$/);
    expect(await balanceOf(ex.api, user.token, USDT)).toBe('65');
    const listed = await client.fetchWithdrawals('USDT');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: withdrawal.id,
      amount: 14.985,
      status: 'pending',
      network: 'ERC20',
      address: bound,
      fee: { currency: 'USDT', cost: 0.015 },
    });
    const record = (await webRecords(user.token))[0]!;
    expect([record.id, record.amount, record.fee, record.received]).toEqual([
      Number(withdrawal.id),
      '15',
      '0.015',
      '14.985',
    ]);
  });
});
