import { z } from './zod.js';
import { idField, intLike, requiredText, ROW_ID_MAX, trimmed } from './common.js';
import { defineCall, reply } from './contract.js';
import type { Paged } from './envelope.js';
import { amountField, requestIdField } from './ledger.js';
import { verificationCode } from './users.js';

/**
 * Deposits, withdrawals and the withdrawal address book (docs/wallet.md). Networks are data: a
 * currency has one protocol per network it moves on (USDT: ERC20 and TRC20).
 */

/** Network codes as the spec's tabs name them. */
export const CHAIN_CODES = ['ERC20', 'ETH', 'BTC', 'TRC20'] as const;
export type ChainCode = (typeof CHAIN_CODES)[number];

export interface ChainProtocolView {
  /** The currency protocol id: what `currency_protocol_id` names in calls. */
  id: number;
  currency_id: number;
  token_address: string;
  chain_protocol: { code: ChainCode };
  /** 1 when this server is connected to the network; deposits and withdrawals need it. */
  available: 0 | 1;
  /** Why not, as a translated sentence, when available is 0. */
  unavailable_reason: string | null;
  /** Deposits below it are recorded but never credited or returned. */
  min_deposit: string;
  /** Decimals the network carries for this currency: more in a withdrawal are refused. */
  decimals: number;
  memo_required: 0 | 1;
  /** Confirmations to credit, and to make the credit withdrawable. */
  confirmations_credit: number;
  confirmations_withdraw: number;
  /** The network's own deposit and withdrawal switches (the currency's apply too). */
  open_deposit: 0 | 1;
  open_withdraw: 0 | 1;
}

/** block_chain/currency_protocols: each currency with its networks. */
export interface CurrencyProtocolsView {
  id: number;
  code: string;
  currency_protocols: ChainProtocolView[];
}

export const walletQuery = z.object({ currency_id: idField });

/** The user's own deposit address on one network, derived once and kept. */
export interface WalletView {
  currency_protocol_id: number;
  address: string;
  memo: string;
  chain_protocol: { code: ChainCode };
}

/** wallet/wallet: the currency's networks, and the caller's address on each available one. */
export interface WalletAnswer {
  currency_id: number;
  code: string;
  wallets: WalletView[];
  currency_protocols: (ChainProtocolView & { in_address: string | null })[];
}

/** account/draw. `request_id` makes a retry answer the first withdrawal instead of a second. */
export const withdrawRequest = z.object({
  currency_id: idField,
  currency_protocol_id: idField,
  number: amountField,
  address: requiredText(128),
  memo: trimmed(64).default(''),
  pay_password: requiredText(64),
  request_id: requestIdField.optional(),
  /** With two-factor on: a current authenticator code or a recovery code. */
  totp_code: trimmed(32).optional(),
});
export type WithdrawRequest = z.input<typeof withdrawRequest>;
export type WithdrawInput = z.output<typeof withdrawRequest>;

export type DepositStatus =
  /** Seen in a block, fewer confirmations than needed to credit. */
  | 'pending'
  /** Credited to the trade account; not yet withdrawable. */
  | 'credited'
  /** Enough confirmations to withdraw it. */
  | 'confirmed'
  /** Below the network's minimum: recorded, never credited or returned. */
  | 'below_minimum'
  /** Its block left the chain before it was final; any credit was taken back. */
  | 'reversed';

export interface DepositView {
  id: number;
  currency_id: number;
  currency_code: string;
  chain: ChainCode;
  address: string;
  amount: string;
  tx_hash: string;
  /** The explorer link for tx_hash, from the network's template, or null without one. */
  tx_url: string | null;
  block_number: number;
  confirmations: number;
  confirmations_credit: number;
  confirmations_withdraw: number;
  status: DepositStatus;
  created_at: string;
}

export type WithdrawalStatus =
  /** Waiting for an operator because it is above the review limit. */
  | 'review'
  /** Approved (or below the limit), waiting for the signer. */
  | 'queued'
  /** Signed and given to the node; tx_hash is known. */
  | 'sent'
  /** Enough confirmations: done. */
  | 'complete'
  /** Refused by an operator; the hold was released. */
  | 'rejected'
  /** The network refused it; the hold was released. */
  | 'failed';

export interface WithdrawalView {
  id: number;
  currency_id: number;
  currency_code: string;
  chain: ChainCode;
  address: string;
  memo: string;
  /** What left the account. */
  amount: string;
  fee: string;
  /** amount × (1 − draw_rate): what the address receives. */
  received: string;
  status: WithdrawalStatus;
  tx_hash: string | null;
  tx_url: string | null;
  confirmations: number;
  confirmations_needed: number;
  /** The operator's reason when rejected, or the network's when failed. */
  reason: string | null;
  created_at: string;
}

/** A withdrawal in the operator's review queue: the user's view and whose it is. */
export interface AdminWithdrawalView extends WithdrawalView {
  user_id: number;
  /** The owner's email or mobile. */
  account: string;
}

export const walletRecordsQuery = z.object({
  currency_id: intLike.pipe(z.number().min(0).max(ROW_ID_MAX)).optional(),
  page: intLike.pipe(z.number().min(1, { message: 'rule.positive' })).default(1),
  limit: intLike.pipe(z.number().min(1).max(100)).default(15),
});

/** A WALLET push on the private channel: a deposit or withdrawal of yours changed. */
export type WalletPush =
  { kind: 'deposit'; record: DepositView } | { kind: 'withdrawal'; record: WithdrawalView };

/** A named withdrawal address (bindAddr). */
export interface BoundAddressView {
  id: number;
  currency_id: number;
  currency_code: string;
  currency_protocol_id: number;
  chain: ChainCode;
  address: string;
  memo: string;
  notes: string;
  created_at: string;
}

export const boundAddressQuery = z.object({
  currency_id: intLike.pipe(z.number().min(0).max(ROW_ID_MAX)).optional(),
});

/** wallet/bind_address: the code was sent to the account's own email or phone (code type 6). */
export const bindAddressRequest = z.object({
  currency_id: idField,
  currency_protocol_id: idField,
  address: requiredText(128),
  memo: trimmed(64).default(''),
  notes: trimmed(40).default(''),
  code: verificationCode,
});
export type BindAddressRequest = z.input<typeof bindAddressRequest>;

export const unbindAddressRequest = z.object({ id: idField });

/** Operator review of a withdrawal held for review. */
export const reviewWithdrawalRequest = z.object({
  id: idField,
  reason: trimmed(200).default(''),
});

/** A rejection says why: its owner reads the reason with the released withdrawal. */
export const rejectWithdrawalRequest = z.object({ id: idField, reason: requiredText(200) });

/** account/convert: sells the currency for USDT at market on its spot market. */
export const convertRequest = z.object({
  currency_id: idField,
  number: amountField,
  /** Kept from the spec's call; the conversion does not depend on a network. */
  currency_protocol_id: idField.optional(),
  /** Makes the call idempotent: the same id again answers the first conversion. */
  request_id: requestIdField.optional(),
});

/** What a conversion did: the real fill, not the preview. */
export interface ConvertResult {
  order_id: number;
  symbol: string;
  sold: string;
  /** USDT received after the fee. */
  received: string;
  avg_price: string | null;
  fee: string;
  fee_currency: string;
  /** True when the book could not take the whole amount; the rest stays in the account. */
  partial: boolean;
}

/**
 * wallet/createPayOrder, in the spec's words: `walletAddress` holds the amount to be sent and
 * `in_address` the user's own deposit address. It records the intent; the first deposit of exactly
 * that amount to that address, seen within a day, matches it.
 */
export const payOrderRequest = z.object({
  walletAddress: amountField,
  in_address: requiredText(128),
  currency_id: idField,
});

export interface PayOrderView {
  id: number;
  currency_id: number;
  currency_code: string;
  chain: ChainCode;
  address: string;
  amount: string;
  /** waiting for the deposit; matched by deposit_id; expired after a day without one. */
  status: 'waiting' | 'matched' | 'expired';
  deposit_id: number | null;
  created_at: string;
  expires_at: string;
}

/** Per currency with networks: what our chain addresses hold against what users hold (admin/wallet/holdings). */
export interface WalletHoldings {
  currency: string;
  networks: {
    chain: string;
    available: boolean;
    hot_wallet: string | null;
    deposit_addresses: string | null;
  }[];
  on_chain: string;
  users_balances: string;
  /** null when a network of the currency is not connected, so the check cannot be whole. */
  covered: boolean | null;
}

const holderCall = { auth: 'user', tags: ['assets'] } as const;
const reviewCall = { auth: 'operator', tags: ['admin'] } as const;

/**
 * The wallet calls (docs/wallet.md): networks, deposit addresses and records, withdrawals, convert,
 * announced deposits, the address book, and the operator's withdrawal review.
 */
export const walletCalls = {
  protocols: defineCall({
    method: 'GET',
    path: 'block_chain/currency_protocols',
    auth: 'public',
    reply: reply<CurrencyProtocolsView[]>(),
    tags: ['assets'],
    summary: 'Every currency with its networks, and whether each is available here',
  }),
  wallet: defineCall({
    ...holderCall,
    method: 'GET',
    path: 'wallet/wallet',
    request: walletQuery,
    reply: reply<WalletAnswer>(),
    summary: 'Your deposit address on each available network',
  }),
  deposits: defineCall({
    ...holderCall,
    method: 'GET',
    path: 'wallet/deposits',
    request: walletRecordsQuery,
    reply: reply<Paged<DepositView>>(),
    summary: 'Your deposits, newest first',
  }),
  withdrawals: defineCall({
    ...holderCall,
    method: 'GET',
    path: 'wallet/withdrawals',
    request: walletRecordsQuery,
    reply: reply<Paged<WithdrawalView>>(),
    summary: 'Your withdrawals, newest first',
  }),
  convert: defineCall({
    ...holderCall,
    method: 'POST',
    path: 'account/convert',
    request: convertRequest,
    reply: reply<ConvertResult>(),
    idempotent: true,
    summary: 'Sell the currency for USDT at market on its spot market; answers the real fill',
  }),
  createPayOrder: defineCall({
    ...holderCall,
    method: 'POST',
    path: 'wallet/createPayOrder',
    request: payOrderRequest,
    reply: reply<PayOrderView>(),
    summary: 'Announce a deposit: the amount (walletAddress) you will send to your address (in_address)',
  }),
  payOrders: defineCall({
    ...holderCall,
    method: 'GET',
    path: 'wallet/pay_orders',
    request: walletRecordsQuery,
    reply: reply<Paged<PayOrderView>>(),
    summary: 'Your announced deposits, newest first',
  }),
  addresses: defineCall({
    ...holderCall,
    method: 'GET',
    path: 'wallet/addresses',
    request: boundAddressQuery,
    reply: reply<BoundAddressView[]>(),
    summary: 'Your withdrawal address book',
  }),
  sendBindCode: defineCall({
    ...holderCall,
    method: 'POST',
    path: 'wallet/bind_code',
    reply: z.object({ to: z.string() }),
    summary: 'Send a code (type 6) to your own email or phone, to bind a withdrawal address',
  }),
  unbindAddress: defineCall({
    ...holderCall,
    method: 'POST',
    path: 'wallet/unbind_address',
    request: unbindAddressRequest,
    reply: z.null(),
    summary: 'Remove an address from your book',
  }),
  withdraw: defineCall({
    ...holderCall,
    method: 'POST',
    path: 'account/draw',
    request: withdrawRequest,
    reply: reply<WithdrawalView>(),
    idempotent: true,
    summary: 'Withdraw to an address with the trade password; request_id makes a retry safe',
  }),
  bindAddress: defineCall({
    ...holderCall,
    method: 'POST',
    path: 'wallet/bind_address',
    request: bindAddressRequest,
    reply: reply<BoundAddressView>(),
    summary: 'Add a named withdrawal address with the code',
  }),
  reviewQueue: defineCall({
    ...reviewCall,
    method: 'GET',
    path: 'admin/withdrawals/review',
    request: walletRecordsQuery,
    reply: reply<Paged<AdminWithdrawalView>>(),
    summary: 'Withdrawals waiting for review',
  }),
  approveWithdrawal: defineCall({
    ...reviewCall,
    method: 'POST',
    path: 'admin/withdrawals/approve',
    request: reviewWithdrawalRequest,
    reply: reply<WithdrawalView>(),
    summary: 'Approve a withdrawal held for review',
  }),
  rejectWithdrawal: defineCall({
    ...reviewCall,
    method: 'POST',
    path: 'admin/withdrawals/reject',
    request: rejectWithdrawalRequest,
    reply: reply<WithdrawalView>(),
    summary: 'Reject a withdrawal held for review; its hold is released',
  }),
  holdings: defineCall({
    ...reviewCall,
    method: 'GET',
    path: 'admin/wallet/holdings',
    reply: reply<WalletHoldings[]>(),
    summary: 'Per network: hot wallet, deposit addresses, and users’ balances',
  }),
};
