/** Journal type codes of account log rows, and the message keys that name them. */
export const JournalType = {
  /** Credited from outside (deposit, demo credit) against the external-deposits account. */
  DEPOSIT: 1,
  TRANSFER_OUT: 2,
  TRANSFER_IN: 3,
  /** Funds locked for an open order, and unlocked when it ends. */
  ORDER_HOLD: 4,
  ORDER_RELEASE: 5,
  /** A fill: base to the buyer, quote to the seller. */
  TRADE: 6,
  TRADE_FEE: 7,
  /** A credited deposit whose block left the chain before it was final. */
  DEPOSIT_REVERSED: 8,
  /** A withdrawal's amount locked until it is sent and final, or released. */
  WITHDRAW_HOLD: 9,
  WITHDRAW_RELEASE: 10,
  /** A withdrawal final on chain: what the address received, and the fee. */
  WITHDRAW: 11,
  WITHDRAW_FEE: 12,
  /** A seconds contract's stake into the pool, its fee, and what the settlement paid back. */
  MICRO_STAKE: 13,
  MICRO_FEE: 14,
  MICRO_PAYOUT: 15,
  /** An operator's funding of a contract pool, from outside. */
  POOL_FUNDING: 16,
  /** A leveraged position's margin (and a fixed-price order's fee) held, and released. */
  LEVER_HOLD: 17,
  LEVER_RELEASE: 18,
  LEVER_FEE: 19,
  /** A close: margin back with the profit, or the loss to the pool (beyond the user's means, from insurance). */
  LEVER_SETTLE: 20,
  LEVER_OVERNIGHT: 21,
  /** A savings holding's principal held for its term, and released at its end. */
  EARN_HOLD: 22,
  EARN_RELEASE: 23,
  /** A day's interest of a savings holding, from the interest account. */
  EARN_INTEREST: 24,
  /** A fiat P2P order's coin escrowed in the seller's legal account, released back, or settled to the buyer. */
  P2P_ESCROW: 25,
  P2P_RELEASE: 26,
  P2P_SETTLE: 27,
  /** An operator's balance adjustment, against the adjustments account (the only manual one). */
  ADJUSTMENT: 28,
} as const;
export type JournalTypeCode = (typeof JournalType)[keyof typeof JournalType];

export const JOURNAL_MEMO = {
  [JournalType.DEPOSIT]: 'journal.deposit',
  [JournalType.TRANSFER_OUT]: 'journal.transfer_out',
  [JournalType.TRANSFER_IN]: 'journal.transfer_in',
  [JournalType.ORDER_HOLD]: 'journal.order_hold',
  [JournalType.ORDER_RELEASE]: 'journal.order_release',
  [JournalType.TRADE]: 'journal.trade',
  [JournalType.TRADE_FEE]: 'journal.trade_fee',
  [JournalType.DEPOSIT_REVERSED]: 'journal.deposit_reversed',
  [JournalType.WITHDRAW_HOLD]: 'journal.withdraw_hold',
  [JournalType.WITHDRAW_RELEASE]: 'journal.withdraw_release',
  [JournalType.WITHDRAW]: 'journal.withdraw',
  [JournalType.WITHDRAW_FEE]: 'journal.withdraw_fee',
  [JournalType.MICRO_STAKE]: 'journal.micro_stake',
  [JournalType.MICRO_FEE]: 'journal.micro_fee',
  [JournalType.MICRO_PAYOUT]: 'journal.micro_payout',
  [JournalType.POOL_FUNDING]: 'journal.pool_funding',
  [JournalType.LEVER_HOLD]: 'journal.lever_hold',
  [JournalType.LEVER_RELEASE]: 'journal.lever_release',
  [JournalType.LEVER_FEE]: 'journal.lever_fee',
  [JournalType.LEVER_SETTLE]: 'journal.lever_settle',
  [JournalType.LEVER_OVERNIGHT]: 'journal.lever_overnight',
  [JournalType.EARN_HOLD]: 'journal.earn_hold',
  [JournalType.EARN_RELEASE]: 'journal.earn_release',
  [JournalType.EARN_INTEREST]: 'journal.earn_interest',
  [JournalType.P2P_ESCROW]: 'journal.p2p_escrow',
  [JournalType.P2P_RELEASE]: 'journal.p2p_release',
  [JournalType.P2P_SETTLE]: 'journal.p2p_settle',
  [JournalType.ADJUSTMENT]: 'journal.adjustment',
} as const;

/**
 * Journal entries of one kind of reference (an order, a position, a holding): the memo comes from
 * the type and the records name the reference as "#id".
 */
export function journalEntries(refType: string) {
  /** `at`: the instant the rows are dated, when the command applies something as of its own time. */
  return (type: JournalTypeCode, refId: number, at?: number) => ({
    type,
    memo: JOURNAL_MEMO[type as keyof typeof JOURNAL_MEMO],
    refType,
    refId,
    notes: refId > 0 ? `#${refId}` : '',
    ...(at === undefined ? {} : { at }),
  });
}
