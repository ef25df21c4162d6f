import { z } from './zod.js';
import { idField, intLike, ROW_ID_MAX, trimmed } from './common.js';
import { defineCall, reply } from './contract.js';
import { Decimal, MAX_AMOUNT } from './decimal.js';
import type { Paged } from './envelope.js';

/** Account types (docs/ledger.md); id 1 is the spot account of the trade page. */
export const ACCOUNT_CODES = [
  'change_account',
  'legal_account',
  'lever_account',
  'micro_account',
  'financial_account',
] as const;
export type AccountCode = (typeof ACCOUNT_CODES)[number];

export const AccountTypeId: Record<AccountCode, number> = {
  change_account: 1,
  legal_account: 2,
  lever_account: 3,
  micro_account: 4,
  financial_account: 5,
};

/**
 * An amount: a decimal string, or a JSON number only when it is a whole number JavaScript holds
 * exactly. Fractions and numbers past 2^53 must come as strings, because JSON numbers lose digits.
 * However long, a number is told the rule it breaks: its form, more than 18 decimals, or above
 * MAX_AMOUNT (the message carries the maximum).
 */
/** A caller's id for one request: the same id again answers the first result instead of a second. */
export const requestIdField = trimmed(64).regex(/^[\w.:-]+$/, { message: 'rule.request_id' });

export const amountField = z
  .union([z.string(), z.number()], { message: 'rule.amount' })
  .refine((value) => (typeof value === 'number' ? Number.isSafeInteger(value) : true), {
    message: 'rule.amount_number',
  })
  .transform((value) => String(value).trim())
  .superRefine((text, context) => {
    const problem = /^[+-]?\d+(\.\d+)?$/.test(text) ? Decimal.problem(text) : 'format';
    if (problem === 'format') context.addIssue({ code: 'custom', message: 'rule.amount', input: text });
    else if (problem === 'precision') {
      context.addIssue({ code: 'custom', message: 'rule.amount_decimals', input: text });
    } else if (problem === 'range' || Decimal.parse(text).abs().gt(MAX_AMOUNT)) {
      // A too_big issue carries the maximum into the translated message.
      context.addIssue({
        code: 'too_big',
        origin: 'number',
        maximum: Number(MAX_AMOUNT.toString()),
        inclusive: true,
        message: 'rule.amount_max',
        input: text,
      });
    }
  });

/** An account type by id (1-5) or by code (`change_account`). */
export const accountTypeField = z
  .union([z.number(), z.string().trim().max(32)], { message: 'rule.account_type' })
  .transform((value, context) => {
    const text = String(value);
    const byCode = AccountTypeId[text as AccountCode];
    const id = byCode ?? (/^[1-5]$/.test(text) ? Number(text) : undefined);
    if (id === undefined) {
      context.addIssue({ code: 'custom', message: 'rule.account_type' });
      return z.NEVER;
    }
    return id;
  });

export const transferRequest = z.object({
  currency_id: idField,
  /** The amount, named `balance` as in the spec's call. */
  balance: amountField,
  from: accountTypeField,
  to: accountTypeField,
  /** Makes the call idempotent: the same id again answers the first result. */
  request_id: requestIdField.optional(),
});
export type TransferRequest = z.input<typeof transferRequest>;

export const accountDetailQuery = z.object({
  currency_id: idField,
  account_type_id: accountTypeField.default(1),
  id: intLike.optional(),
});

export const accountLogQuery = z.object({
  currency_id: intLike.pipe(z.number().min(0).max(ROW_ID_MAX)).optional(),
  page: intLike.pipe(z.number().min(1, { message: 'rule.positive' })).default(1),
  limit: intLike.pipe(z.number().min(1).max(100)).default(15),
});

export interface CurrencyView {
  id: number;
  code: string;
  name: string;
  logo: string;
  decimals: number;
  open_recharge: 0 | 1;
  open_draw: 0 | 1;
  draw_rate: string;
  draw_min: string;
  draw_max: string;
  usd_price: string;
  /** The transfer page reads both: 1 when deposits to this currency are open. */
  is_recharge_account: 0 | 1;
  /** 1 when the currency is a quote currency of markets. */
  is_quote: 0 | 1;
  account_types: { id: number; name: string; account_code: AccountCode }[];
  currency_protocols: { id: number; token_address: string; chain_protocol: { code: string } }[];
}

export interface AccountView {
  /** Null while the account has never been used. */
  id: number | null;
  user_id: number;
  account_type_id: number;
  currency_id: number;
  currency_code: string;
  balance: string;
  lock_balance: string;
  convert_usd: string;
  currency: CurrencyView;
}

/** A BALANCE push: the new balances of the accounts of yours that one commit changed. */
export interface BalancePush {
  accounts: { account_type_id: number; currency_id: number; balance: string; lock_balance: string }[];
}

export interface AccountGroup {
  account_type_id: number;
  account_code: AccountCode;
  name: string;
  is_recharge: 0 | 1;
  convert_usd: string;
  accounts: AccountView[];
}

export interface AccountLogView {
  id: number;
  account_type_id: number;
  currency_id: number;
  currency: { code: string };
  /** Change of the available balance. */
  value: string;
  /** Change of the locked balance. */
  lock_value: string;
  balance_after: string;
  type: number;
  memo: string;
  notes: string;
  created_at: string;
  extra_data: { from?: string; to?: string };
}

export interface TransferView {
  id: number;
  currency_id: number;
  currency_code: string;
  amount: string;
  from: { id: number; account_code: AccountCode; name: string };
  to: { id: number; account_code: AccountCode; name: string };
  /** The transfer log reads these: the amount, and the two accounts' names. */
  balance: string;
  from_name: string;
  to_name: string;
  request_id: string | null;
  created_at: string;
}

/** What account/transfer answers: the transfer's id, and whether an earlier call with its request id made it. */
export const transferReply = z.object({ id: z.number(), replayed: z.boolean() });

/** admin/credit: a credit from outside, by the server's own command line (`npm run credit`). */
export const creditRequest = z.object({
  user: z.union([z.number().int().positive(), z.string().trim().min(1).max(254)]),
  currency: z.string().trim().min(1).max(16),
  amount: amountField,
  account_type: z.number().int().min(1).max(5).default(1),
});

const accountCall = { auth: 'user', tags: ['assets'] } as const;

/** One account type's records (account_log/<path>). */
function accountLogCall<const P extends string>(path: P, code: AccountCode) {
  return defineCall({
    ...accountCall,
    method: 'GET',
    path: `account_log/${path}`,
    request: accountLogQuery,
    reply: reply<Paged<AccountLogView>>(),
    summary: `Records of the ${code}, newest first (15 a page)`,
  });
}

/** The ledger calls (docs/ledger.md): accounts, transfers between them, their records, the credit. */
export const ledgerCalls = {
  accounts: defineCall({
    ...accountCall,
    method: 'GET',
    path: 'account/list',
    reply: reply<AccountGroup[]>(),
    summary: 'Every account group with its balances and USD value',
  }),
  account: defineCall({
    ...accountCall,
    method: 'GET',
    path: 'account/detail',
    request: accountDetailQuery,
    reply: reply<AccountView>(),
    summary: 'One account: balance and locked balance',
  }),
  transfer: defineCall({
    ...accountCall,
    method: 'POST',
    path: 'account/transfer',
    request: transferRequest,
    reply: transferReply,
    idempotent: true,
    summary: 'Move an amount between two of your own accounts; request_id makes it idempotent',
  }),
  transfers: defineCall({
    ...accountCall,
    method: 'GET',
    path: 'account/transfer_log',
    request: accountLogQuery,
    reply: reply<Paged<TransferView>>(),
    summary: 'Your transfers between accounts, newest first',
  }),
  /** Every account's records, and each account type's (the spec's client calls one per type). */
  logs: {
    all: defineCall({
      ...accountCall,
      method: 'GET',
      path: 'account_log/all',
      request: accountLogQuery,
      reply: reply<Paged<AccountLogView>>(),
      summary: 'Records of every one of your accounts, newest first (15 a page): the transaction log',
    }),
    change_account: accountLogCall('change', 'change_account'),
    legal_account: accountLogCall('legal', 'legal_account'),
    lever_account: accountLogCall('lever', 'lever_account'),
    micro_account: accountLogCall('micro', 'micro_account'),
    financial_account: accountLogCall('financial', 'financial_account'),
  },
  credit: defineCall({
    method: 'POST',
    path: 'admin/credit',
    auth: 'machine',
    request: creditRequest,
    reply: reply<AccountView>(),
    tags: ['admin'],
    summary:
      'Credit a user from outside, against the external-deposits account: npm run credit on the server’s machine only, never an operator session',
  }),
};
