/** Journal type codes of account log rows, and the message keys that name them. */
export const JournalType = {
  /** Credited from outside (deposit, demo credit) against the external-deposits account. */
  DEPOSIT: 1,
  TRANSFER_OUT: 2,
  TRANSFER_IN: 3,
} as const;
export type JournalTypeCode = (typeof JournalType)[keyof typeof JournalType];

export const JOURNAL_MEMO = {
  [JournalType.DEPOSIT]: 'journal.deposit',
  [JournalType.TRANSFER_OUT]: 'journal.transfer_out',
  [JournalType.TRANSFER_IN]: 'journal.transfer_in',
} as const;
