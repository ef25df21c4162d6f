import { Decimal, type DepositStatus } from '@oex/protocol';
import { fitsChainDecimals } from '../chains/units.js';

/** The rules of deposits and withdrawals, with no I/O. */

export interface DepositThresholds {
  minDeposit: Decimal;
  confirmationsCredit: number;
  confirmationsWithdraw: number;
}

/** Confirmations of a transaction in `block` when the chain's head is `head` (its own block counts). */
export function confirmationsAt(block: number, head: number): number {
  return head >= block ? head - block + 1 : 0;
}

/** What a deposit is at this many confirmations. A reversed one never comes back. */
export function depositStatusAt(
  amount: Decimal,
  confirmations: number,
  rules: DepositThresholds,
): DepositStatus {
  if (amount.lt(rules.minDeposit)) return 'below_minimum';
  if (confirmations >= rules.confirmationsWithdraw) return 'confirmed';
  if (confirmations >= rules.confirmationsCredit) return 'credited';
  return 'pending';
}

/** True while the deposit's amount is on the user's account. */
export function isCredited(status: string): boolean {
  return status === 'credited' || status === 'confirmed';
}

export interface WithdrawalQuote {
  fee: Decimal;
  received: Decimal;
}

/**
 * received = amount × (1 − rate), as the spec shows, rounded down to what the chain carries; the fee
 * is the rest, so fee + received is exactly the amount.
 */
export function quoteWithdrawal(amount: Decimal, rate: Decimal, chainDecimals: number): WithdrawalQuote {
  const received = amount.mul(Decimal.ONE.sub(rate), chainDecimals, 'down');
  return { fee: amount.sub(received), received };
}

export interface WithdrawalLimits {
  min: Decimal;
  max: Decimal;
  chainDecimals: number;
}

/** The message key of the first rule the amount breaks, or null. */
export function amountProblem(amount: Decimal, limits: WithdrawalLimits): string | null {
  if (amount.lte(Decimal.ZERO)) return 'error.amount_positive';
  if (!fitsChainDecimals(amount.toString(), limits.chainDecimals)) return 'error.withdraw_decimals';
  if (amount.lt(limits.min)) return 'error.withdraw_min';
  if (amount.gt(limits.max)) return 'error.withdraw_max';
  return null;
}

/** The explorer link of a transaction, or null without a template. */
export function explorerLink(template: string, hash: string | null): string | null {
  if (!template || !hash) return null;
  return template.replace('{hash}', encodeURIComponent(hash));
}

/** Withdrawal states that still hold the user's funds. */
export const OPEN_WITHDRAWAL_STATES = ['review', 'queued', 'signed', 'sent'] as const;
