import { AccountTypeId, Decimal } from '@oex/protocol';
import type { Currency } from '../../ledger/currencies.js';
import { translate } from '../../platform/messages/index.js';
import type { Network } from '../../wallet/networks.js';
import { OPEN_WITHDRAWAL_STATES, quoteWithdrawal } from '../../wallet/rules.js';
import type { BinanceContext } from '../domain.js';
import { badParam, mandatoryParam, noSuchAsset } from '../errors.js';
import { requestWeight } from '../rate-rules.js';
import {
  capitalNetworkOf,
  capitalRefusalOf,
  depositStatusCode,
  depositStatusesOf,
  stepOf,
  utcDateTime,
  withdrawStatusCode,
  withdrawStatusesOf,
} from '../rules.js';
import type { Params } from './params.js';
import type { RouteDef } from './plugin.js';

const money = (value: string | number) => Decimal.parse(String(value)).toString();

/** Binance's own rule for `withdrawOrderId` is loose; ours is the web's request id. */
const REQUEST_ID = /^[\w.:-]{1,64}$/;
const MAX_ADDRESS_LENGTH = 128;
const MAX_TAG_LENGTH = 64;

/**
 * Binance's wallet calls under `/sapi/v1/capital` (docs/trading-api.md, "Wallet (sapi)"): the
 * coins and their networks, the caller's deposit address, deposit and withdrawal records, and a
 * withdrawal. Each goes through the wallet's own services, as the web's wallet pages do.
 */
export function capitalRoutes(context: BinanceContext): RouteDef[] {
  const { db, currencies, wallet, walletService, spot } = context;
  const fixed = (path: string) => () => requestWeight(path, 'GET');

  const coinOf = (params: Params): Currency => {
    const code = params.required('coin').toUpperCase();
    const currency = currencies.all().find((candidate) => candidate.code === code);
    if (!currency) throw noSuchAsset();
    return currency;
  };

  /** The coin's network named by `network` (Binance's name), or the first that `fits`. */
  const networkOf = (currency: Currency, params: Params, fits: (network: Network) => boolean): Network => {
    const networks = wallet.networks.ofCurrency(currency.id);
    const name = params.text('network')?.toUpperCase();
    if (name === undefined) {
      const chosen = networks.find(fits) ?? networks[0];
      if (!chosen) throw refusal('error.network_unavailable');
      return chosen;
    }
    const named = networks.find((network) => capitalNetworkOf(network.chain).network === name);
    if (!named) {
      const names = networks.map((network) => capitalNetworkOf(network.chain).network).join(', ');
      throw badParam(`Network '${name}' is not one of ${currency.code}'s networks (${names || 'none'}).`);
    }
    return named;
  };

  const refusal = (key: 'error.network_unavailable' | 'error.withdraw_closed') =>
    capitalRefusalOf(key, translate('en', key));

  const depositOpen = (currency: Currency, network: Network) =>
    currency.row.open_recharge === 1 && network.openDeposit && network.adapter !== null;
  const withdrawOpen = (currency: Currency, network: Network) =>
    currency.row.open_draw === 1 && network.openWithdraw && network.adapter !== null;

  /** `offset` and `limit` as Binance pages records (limit up to 1000). */
  const page = (params: Params) => ({
    offset: params.integer('offset', { min: 0 }) ?? 0,
    limit: params.limit(1000, 1000),
  });

  const networkEntry = (currency: Currency, network: Network, isDefault: boolean) => {
    const names = capitalNetworkOf(network.chain);
    const min = Decimal.parse(String(currency.row.draw_min));
    const rate = Decimal.parse(String(currency.row.draw_rate));
    const unavailable = network.unavailable ? translate('en', network.unavailable) : '';
    return {
      network: names.network,
      coin: currency.code,
      withdrawIntegerMultiple: stepOf(Math.min(currency.decimals, network.decimals)),
      isDefault,
      depositEnable: depositOpen(currency, network),
      withdrawEnable: withdrawOpen(currency, network),
      depositDesc: depositOpen(currency, network) ? '' : unavailable,
      withdrawDesc: withdrawOpen(currency, network) ? '' : unavailable,
      specialTips: '',
      specialWithdrawTips:
        'Withdrawals through the API go only to addresses bound in the address book on the web.',
      name: names.name,
      resetAddressStatus: false,
      addressRegex: names.addressRegex,
      addressRule: '',
      memoRegex: network.memoRequired ? '^.{1,64}$' : '',
      // Our fee is a share of the amount (withdrawFeeRate): this is what the smallest withdrawal pays.
      withdrawFee: quoteWithdrawal(min, rate, network.decimals).fee.toString(),
      withdrawFeeRate: rate.toString(),
      withdrawMin: min.toString(),
      withdrawMax: money(currency.row.draw_max),
      depositDust: network.minDeposit.toString(),
      minConfirm: network.confirmationsCredit,
      unLockConfirm: network.confirmationsWithdraw,
      sameAddress: false,
      estimatedArrivalTime: 0,
      busy: false,
      contractAddress: network.tokenAddress,
    };
  };

  return [
    {
      method: 'GET',
      path: 'capital/config/getall',
      auth: 'signed',
      weight: fixed('capital/config/getall'),
      handle: async (call) => {
        const userId = call.grant.userId;
        const accounts = await db.kysely
          .selectFrom('accounts')
          .select(['currency_id', 'balance', 'lock_balance'])
          .where('user_id', '=', userId)
          .where('account_type_id', '=', AccountTypeId.change_account)
          .execute();
        const held = await db.kysely
          .selectFrom('withdrawals')
          .select(['currency_id', 'amount'])
          .where('user_id', '=', userId)
          .where('status', 'in', [...OPEN_WITHDRAWAL_STATES])
          .execute();
        const withdrawing = new Map<number, Decimal>();
        for (const row of held) {
          const sum = withdrawing.get(row.currency_id) ?? Decimal.ZERO;
          withdrawing.set(row.currency_id, sum.add(Decimal.parse(String(row.amount))));
        }
        const traded = new Set(spot.markets.all().flatMap((market) => [market.baseId, market.quoteId]));
        return currencies.all().map((currency) => {
          const account = accounts.find((row) => row.currency_id === currency.id);
          const out = withdrawing.get(currency.id) ?? Decimal.ZERO;
          const networks = wallet.networks.ofCurrency(currency.id);
          const networkList = networks.map((network, index) => networkEntry(currency, network, index === 0));
          return {
            coin: currency.code,
            depositAllEnable: networkList.some((entry) => entry.depositEnable),
            withdrawAllEnable: networkList.some((entry) => entry.withdrawEnable),
            name: currency.row.name,
            free: account ? money(account.balance) : '0',
            // The spot account's locked part holds open orders and withdrawals; Binance shows them apart.
            locked: account ? Decimal.parse(String(account.lock_balance)).sub(out).toString() : '0',
            freeze: '0',
            withdrawing: out.toString(),
            ipoing: '0',
            ipoable: '0',
            storage: '0',
            isLegalMoney: false,
            trading: traded.has(currency.id),
            networkList,
          };
        });
      },
    },
    {
      method: 'GET',
      path: 'capital/deposit/address',
      auth: 'signed',
      weight: fixed('capital/deposit/address'),
      handle: async (call) => {
        const currency = coinOf(call.params);
        const network = networkOf(currency, call.params, (candidate) => depositOpen(currency, candidate));
        // The web's deposit page: the same address, derived and stored the first time it is asked.
        const answer = await walletService.walletOf(call.grant.userId, currency.id, 'en');
        const shown = answer.wallets.find((entry) => entry.currency_protocol_id === network.id);
        if (!shown) throw refusal('error.network_unavailable');
        return { coin: currency.code, address: shown.address, tag: shown.memo, url: '' };
      },
    },
    {
      method: 'GET',
      path: 'capital/deposit/hisrec',
      auth: 'signed',
      weight: fixed('capital/deposit/hisrec'),
      handle: async (call) => {
        const { params } = call;
        let query = db.kysely.selectFrom('deposits').selectAll().where('user_id', '=', call.grant.userId);
        if (params.text('coin') !== undefined) query = query.where('currency_id', '=', coinOf(params).id);
        const status = params.integer('status', { min: 0, max: 99 });
        if (status !== undefined) query = query.where('status', 'in', ['', ...depositStatusesOf(status)]);
        const txId = params.text('txId');
        if (txId !== undefined) query = query.where('tx_hash', '=', txId);
        const startTime = params.integer('startTime', { min: 0 });
        const endTime = params.integer('endTime', { min: 0 });
        if (startTime !== undefined) query = query.where('created_at', '>=', startTime);
        if (endTime !== undefined) query = query.where('created_at', '<=', endTime);
        const { offset, limit } = page(params);
        const rows = await query.orderBy('id', 'desc').limit(limit).offset(offset).execute();
        return rows.map((row) => {
          const view = wallet.views.deposit(row);
          const confirmed = row.status === 'confirmed';
          return {
            id: String(row.id),
            amount: view.amount,
            coin: view.currency_code,
            network: capitalNetworkOf(view.chain).network,
            status: depositStatusCode(row.status),
            address: view.address,
            addressTag: '',
            txId: view.tx_hash,
            insertTime: row.created_at,
            ...(confirmed ? { completeTime: row.updated_at } : {}),
            transferType: 0,
            confirmTimes: `${Math.min(view.confirmations, view.confirmations_withdraw)}/${view.confirmations_withdraw}`,
            unlockConfirm: view.confirmations_withdraw,
            walletType: 0,
          };
        });
      },
    },
    {
      method: 'GET',
      path: 'capital/withdraw/history',
      auth: 'signed',
      weight: fixed('capital/withdraw/history'),
      handle: async (call) => {
        const { params } = call;
        let query = db.kysely.selectFrom('withdrawals').selectAll().where('user_id', '=', call.grant.userId);
        if (params.text('coin') !== undefined) query = query.where('currency_id', '=', coinOf(params).id);
        const requestId = params.text('withdrawOrderId');
        if (requestId !== undefined) query = query.where('request_id', '=', requestId);
        const status = params.integer('status', { min: 0, max: 99 });
        if (status !== undefined) query = query.where('status', 'in', ['', ...withdrawStatusesOf(status)]);
        const idList = params.text('idList');
        if (idList !== undefined) {
          const ids = idList.split(',').map((id) => id.trim());
          if (ids.some((id) => !/^\d{1,16}$/.test(id)))
            throw badParam("Illegal value for parameter 'idList'.");
          query = query.where('id', 'in', ids.map(Number));
        }
        const startTime = params.integer('startTime', { min: 0 });
        const endTime = params.integer('endTime', { min: 0 });
        if (startTime !== undefined) query = query.where('created_at', '>=', startTime);
        if (endTime !== undefined) query = query.where('created_at', '<=', endTime);
        const { offset, limit } = page(params);
        const rows = await query.orderBy('id', 'desc').limit(limit).offset(offset).execute();
        return rows.map((row) => {
          const view = wallet.views.withdrawal(row);
          return {
            id: String(row.id),
            // Binance's amount is what reaches the address; with the fee it is what was applied for.
            amount: view.received,
            transactionFee: view.fee,
            coin: view.currency_code,
            status: withdrawStatusCode(row.status),
            address: view.address,
            addressTag: view.memo,
            txId: row.tx_hash ?? '',
            applyTime: utcDateTime(row.created_at),
            network: capitalNetworkOf(view.chain).network,
            transferType: 0,
            ...(row.request_id !== null ? { withdrawOrderId: row.request_id } : {}),
            info: view.reason ?? '',
            confirmNo: view.confirmations,
            walletType: 0,
            txKey: '',
            ...(row.status === 'complete' ? { completeTime: utcDateTime(row.updated_at) } : {}),
          };
        });
      },
    },
    {
      method: 'POST',
      path: 'capital/withdraw/apply',
      auth: 'withdraw',
      weight: () => requestWeight('capital/withdraw/apply', 'POST'),
      handle: async (call) => {
        const { params } = call;
        const currency = coinOf(params);
        const network = networkOf(currency, params, (candidate) => withdrawOpen(currency, candidate));
        const address = params.required('address');
        if (address.length > MAX_ADDRESS_LENGTH) throw badParam("Illegal value for parameter 'address'.");
        const tag = params.text('addressTag') ?? '';
        if (tag.length > MAX_TAG_LENGTH) throw badParam("Illegal value for parameter 'addressTag'.");
        const amount = params.decimal('amount');
        if (amount === undefined) throw mandatoryParam('amount');
        const requestId = params.text('withdrawOrderId');
        if (requestId !== undefined && !REQUEST_ID.test(requestId)) {
          throw badParam(
            "Illegal characters found in parameter 'withdrawOrderId'; legal range is '^[\\w.:-]{1,64}$'.",
          );
        }
        const walletType = params.text('walletType');
        if (walletType !== undefined && walletType !== '0') {
          throw badParam('Only the spot wallet (walletType 0) withdraws here.');
        }
        const withdrawal = await wallet.withdrawals.requestByKey(call.grant.userId, {
          currency_id: currency.id,
          currency_protocol_id: network.id,
          number: amount.toString(),
          address,
          memo: tag,
          ...(requestId !== undefined ? { request_id: requestId } : {}),
        });
        return { id: String(withdrawal.id) };
      },
    },
  ];
}
