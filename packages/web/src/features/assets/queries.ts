import {
  api,
  type AccountCode,
  type BindAddressRequest,
  type AccountGroup,
  type DepositView,
  type Paged,
  type TransferRequest,
  type WithdrawalView,
  type WithdrawRequest,
} from '@oex/protocol';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call } from '../../api/http.js';
import { useChannel } from '../../api/socket.js';
import { useSession } from '../session.js';
import { applyBalancePush, applyWalletPush, RECORDS_PER_PAGE } from './rules.js';

/** USD values come from the server's live prices: after a balance change they reload, at most once a second. */
const USD_RELOAD_MS = 1000;

function useToken() {
  return useSession((state) => state.token);
}

/**
 * Every account group with its balances (account/list), kept live: BALANCE writes each committed
 * change at once, and the list reloads a moment later for the USD values.
 */
export function useAccountGroups() {
  const token = useToken();
  const client = useQueryClient();
  const key = ['account/list', token];
  const reload = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(reload.current), []);
  const query = useQuery({
    queryKey: key,
    queryFn: () => call(api.ledger.accounts, {}, { quiet: true }),
    enabled: token !== null,
  });
  useChannel(
    token ? 'BALANCE' : null,
    (push) => {
      client.setQueryData<AccountGroup[]>(key, (groups) =>
        groups ? applyBalancePush(groups, push) : groups,
      );
      if (reload.current === undefined) {
        reload.current = setTimeout(() => {
          reload.current = undefined;
          void client.invalidateQueries({ queryKey: ['account/list'] });
        }, USD_RELOAD_MS);
      }
    },
    () => void client.invalidateQueries({ queryKey: ['account/list'] }),
  );
  return query;
}

/** Reloads every view of balances and records after this user changed them (a transfer, a withdrawal). */
export function useAssetsRefresh() {
  const client = useQueryClient();
  return () => {
    for (const key of [
      'account/list',
      'account_log',
      'transfer_log',
      'wallet/withdrawals',
      'account/detail',
    ]) {
      void client.invalidateQueries({ queryKey: [key] });
    }
  };
}

export function useAccountLog(code: AccountCode, currencyId: number | undefined, page: number) {
  const token = useToken();
  return useQuery({
    queryKey: ['account_log', code, currencyId, page, token],
    queryFn: () =>
      call(
        api.ledger.logs[code],
        { currency_id: currencyId, page, limit: RECORDS_PER_PAGE },
        { quiet: true },
      ),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

export function useTransferLog(currencyId: number | undefined, page: number) {
  const token = useToken();
  return useQuery({
    queryKey: ['transfer_log', currencyId, page, token],
    queryFn: () =>
      call(api.ledger.transfers, { currency_id: currencyId, page, limit: RECORDS_PER_PAGE }, { quiet: true }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

/** Each currency with its networks (block_chain/currency_protocols); reference data. */
export function useCurrencyProtocols() {
  return useQuery({
    queryKey: ['block_chain/currency_protocols'],
    queryFn: () => call(api.wallet.protocols, {}, { quiet: true }),
    staleTime: 60_000,
  });
}

/** The user's deposit address on each network of a currency (wallet/wallet). */
export function useWallet(currencyId: number | undefined) {
  const token = useToken();
  return useQuery({
    queryKey: ['wallet/wallet', currencyId, token],
    queryFn: () => call(api.wallet.wallet, { currency_id: currencyId! }, { quiet: true }),
    enabled: token !== null && currencyId !== undefined,
  });
}

type WalletRecords = 'deposits' | 'withdrawals';

/** A page of deposits or withdrawals, kept live through WALLET. */
function useWalletRecords<T extends DepositView | WithdrawalView>(
  records: WalletRecords,
  currencyId: number | undefined,
  page: number,
  limit = RECORDS_PER_PAGE,
) {
  const token = useToken();
  const client = useQueryClient();
  const key = [`wallet/${records}`, currencyId, page, limit, token];
  const query = useQuery({
    queryKey: key,
    queryFn: () =>
      call(api.wallet[records], { currency_id: currencyId, page, limit }, { quiet: true }) as Promise<
        Paged<T>
      >,
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
  const kind = records === 'deposits' ? 'deposit' : 'withdrawal';
  useChannel(
    token ? 'WALLET' : null,
    (push) =>
      client.setQueryData<Paged<T>>(key, (data) =>
        data ? applyWalletPush(data, push, kind, currencyId) : data,
      ),
    () => void client.invalidateQueries({ queryKey: [`wallet/${records}`] }),
  );
  return query;
}

export function useDeposits(currencyId: number | undefined, page: number, limit?: number) {
  return useWalletRecords<DepositView>('deposits', currencyId, page, limit);
}

export function useWithdrawals(currencyId: number | undefined, page: number, limit?: number) {
  return useWalletRecords<WithdrawalView>('withdrawals', currencyId, page, limit);
}

/** The withdrawal address book (wallet/addresses), for one currency or all. */
export function useBoundAddresses(currencyId: number | undefined) {
  const token = useToken();
  return useQuery({
    queryKey: ['wallet/addresses', currencyId, token],
    queryFn: () => call(api.wallet.addresses, { currency_id: currencyId }, { quiet: true }),
    enabled: token !== null,
  });
}

/**
 * The spot markets (market/currency_matches, the same cache as the market pages), to find the USDT
 * market a conversion sells on; not kept live here, only the pairs and their order rules are used.
 */
export function useMarkets() {
  return useQuery({
    queryKey: ['market/currency_matches'],
    queryFn: () => call(api.spot.currencyMatches, {}, { quiet: true }),
    staleTime: Infinity,
  });
}

/**
 * Announced deposits (wallet/pay_orders), newest first; reloaded when a deposit of yours changes,
 * since that is when one is matched.
 */
export function usePayOrders() {
  const token = useToken();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ['wallet/pay_orders', token],
    queryFn: () => call(api.wallet.payOrders, { page: 1, limit: 20 }, { quiet: true }),
    enabled: token !== null,
  });
  const reload = () => void client.invalidateQueries({ queryKey: ['wallet/pay_orders'] });
  useChannel(token ? 'WALLET' : null, (push) => push.kind === 'deposit' && reload(), reload);
  return query;
}

// ---- calls --------------------------------------------------------------------------------
// Each shows the server's message as a toast (a refusal too) unless quiet, and rejects on a refusal.

/** Moves an amount between two of the user's accounts; the request id makes a retry answer the first. */
export const transfer = (request: TransferRequest & { request_id: string }) =>
  call(api.ledger.transfer, request);

/** Asks for a withdrawal; the request id makes a retry answer the first withdrawal instead of a second. */
export const withdraw = (request: WithdrawRequest) => call(api.wallet.withdraw, request);

/** Sells a currency for USDT at market (the answer is the fill, shown by the page: quiet). */
export const convert = (request: { currency_id: number; number: string; request_id: string }) =>
  call(api.wallet.convert, request, { quiet: true });

/**
 * Announces a deposit (wallet/createPayOrder, in the spec's words: `walletAddress` is the amount about to
 * be sent to the user's own address `in_address`).
 */
export const announceDeposit = (request: {
  walletAddress: string;
  in_address: string;
  currency_id: number;
}) => call(api.wallet.createPayOrder, request);

/** Sends the code for binding an address to the account's own email or phone; answers where it went. */
export const sendBindCode = () => call(api.wallet.sendBindCode, {}, { quiet: true });

/** Adds an address to the withdrawal address book. */
export const bindAddress = (request: BindAddressRequest) => call(api.wallet.bindAddress, request);

/** Removes an address from the withdrawal address book. */
export const unbindAddress = (id: number) => call(api.wallet.unbindAddress, { id });
