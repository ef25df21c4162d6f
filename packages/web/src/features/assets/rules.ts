import {
  ACCOUNT_CODES,
  Decimal,
  type AccountCode,
  type AccountGroup,
  type BalancePush,
  type ChainProtocolView,
  type Paged,
  type WalletPush,
} from '@oex/protocol';

/**
 * The asset centre's pure rules (docs/wallet.md): which page shows which account, the transfer
 * accounts' collision rule, what a withdrawal leaves and receives, and how live pushes change the
 * loaded lists. Amounts are exact decimals; nothing here passes through a float.
 */

/** The account pages under /assets and the account each shows. */
export const ACCOUNT_PAGES = {
  tradeAccount: 'change_account',
  legalAccount: 'legal_account',
  leverAccount: 'lever_account',
  secondAccount: 'micro_account',
  financialAccount: 'financial_account',
} as const satisfies Record<string, AccountCode>;
export type AccountPage = keyof typeof ACCOUNT_PAGES;

/** The page of an account code (the records page links back to it). */
export function pageOfAccount(code: AccountCode): AccountPage {
  return (Object.keys(ACCOUNT_PAGES) as AccountPage[]).find((page) => ACCOUNT_PAGES[page] === code)!;
}

/** The spec's records page lists 15 a page and shows pagination only past that. */
export const RECORDS_PER_PAGE = 15;

export function hasPages(total: number, perPage = RECORDS_PER_PAGE): boolean {
  return total > perPage;
}

export function lastPage(total: number, perPage = RECORDS_PER_PAGE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** `?types=` of dealRecords: an account code, or the spot account for anything else. */
export function accountCodeOf(types: string | null): AccountCode {
  return (ACCOUNT_CODES as readonly (string | null)[]).includes(types)
    ? (types as AccountCode)
    : 'change_account';
}

/**
 * The transfer form's two accounts: choosing one side to be what the other side already is moves
 * the other side to what this side was (a swap), so the two always differ. When this side had no
 * other value to give, the other side takes the first account that differs.
 */
export function chooseAccount(
  current: { from: number; to: number },
  side: 'from' | 'to',
  chosen: number,
  all: readonly number[],
): { from: number; to: number } {
  const other = side === 'from' ? 'to' : 'from';
  const next = { ...current, [side]: chosen };
  if (next[other] !== chosen) return next;
  const previous = current[side];
  next[other] = previous !== chosen ? previous : (all.find((id) => id !== chosen) ?? previous);
  return next;
}

function decimalOf(text: string | null | undefined): Decimal | null {
  const value = text?.trim();
  return value ? Decimal.tryParse(value) : null;
}

/**
 * A withdrawal's fee and what the address receives: fee = amount × draw_rate and
 * received = amount − fee, both exact (an amount of at most 18 decimals times a rate stays within
 * 18 decimals for every seeded currency; a longer product is cut, never rounded up). Null while the
 * amount is not a positive number.
 */
export function withdrawalFigures(
  amount: string,
  drawRate: string,
): { fee: string; received: string; feePercent: string } | null {
  const value = decimalOf(amount);
  const rate = decimalOf(drawRate);
  if (!value || !rate || !value.isPositive()) return null;
  const fee = value.mul(rate);
  return { fee: fee.toString(), received: value.sub(fee).toString(), feePercent: feePercent(drawRate) };
}

/** draw_rate × 100, exactly ("0.001" → "0.1"). */
export function feePercent(drawRate: string): string {
  const rate = decimalOf(drawRate);
  return rate ? rate.mul(Decimal.fromInt(100)).toString() : '—';
}

/**
 * A balance cut to `decimals` places (never rounded), for an "All" button whose market takes fewer
 * decimals than the balance has: the rest of the balance stays ("1.23456", 2 → "1.23").
 */
export function cutDecimals(value: string, decimals: number): string {
  return value.replace(new RegExp(`(\\.\\d{${decimals}})\\d+$`), '$1');
}

/** Why an amount cannot be sent, as a translation key and its values; null when it can. */
export interface AmountProblem {
  key:
    | 'assets.problem.amount'
    | 'assets.problem.positive'
    | 'assets.problem.decimals'
    | 'assets.problem.minimum'
    | 'assets.problem.maximum'
    | 'assets.problem.balance';
  params?: Record<string, string | number>;
}

export function amountProblem(
  amount: string,
  rules: { available: string; decimals: number; min?: string; max?: string },
): AmountProblem | null {
  const text = amount.trim();
  if (!text) return { key: 'assets.problem.amount' };
  const value = Decimal.tryParse(text);
  if (!value) return { key: 'assets.problem.amount' };
  if (!value.isPositive()) return { key: 'assets.problem.positive' };
  if (value.decimalPlaces() > rules.decimals) {
    return { key: 'assets.problem.decimals', params: { places: rules.decimals } };
  }
  const min = decimalOf(rules.min);
  if (min && value.lt(min)) return { key: 'assets.problem.minimum', params: { min: min.toString() } };
  const max = decimalOf(rules.max);
  if (max && max.isPositive() && value.gt(max)) {
    return { key: 'assets.problem.maximum', params: { max: max.toString() } };
  }
  const available = decimalOf(rules.available) ?? Decimal.ZERO;
  if (value.gt(available)) return { key: 'assets.problem.balance' };
  return null;
}

/**
 * A record's two changes, apart: `available` (value) and `locked` (lock_value), each null when it
 * did not move. A hold moves available to locked (−x, +x); its payout takes from locked only; so the
 * available column alone sums to the available balance and the locked column to the locked one,
 * and nothing is counted twice.
 */
export function recordChanges(log: { value: string; lock_value: string }): {
  available: string | null;
  locked: string | null;
} {
  const moved = (text: string) => {
    const value = Decimal.tryParse(text);
    return value && !value.isZero() ? value.toString() : null;
  };
  return { available: moved(log.value), locked: moved(log.lock_value) };
}

/**
 * What converting `amount` of a currency to USDT comes to before it is sent (amount ×
 * the currency's USD price, in USDT), less the market's trading fee; cut, never rounded up, to
 * `decimals` places. Null while the amount is not a positive number.
 */
export function convertEstimate(
  amount: string,
  usdPrice: string,
  feeRate: string,
  decimals: number,
): { gross: string; fee: string; net: string } | null {
  const value = decimalOf(amount);
  const price = decimalOf(usdPrice);
  const rate = decimalOf(feeRate) ?? Decimal.ZERO;
  if (!value || !price || !value.isPositive()) return null;
  const gross = value.mul(price);
  const fee = gross.mul(rate);
  const cut = (figure: Decimal) => figure.round(decimals, 'down').toString(decimals);
  return { gross: cut(gross), fee: cut(fee), net: cut(gross.sub(fee)) };
}

/** A signed record amount's colour: green for money in, red for money out. */
export function amountDirection(value: string): 'up' | 'down' | 'flat' {
  const amount = decimalOf(value);
  if (!amount || amount.isZero()) return 'flat';
  return amount.isNegative() ? 'down' : 'up';
}

/** A record amount with its sign always shown: "+1.5", "-0.25". */
export function signed(value: string): string {
  const amount = decimalOf(value);
  if (!amount) return value;
  return amount.isPositive() ? `+${amount.toString()}` : amount.toString();
}

/**
 * A BALANCE push written into the loaded account groups: each changed account takes its new
 * balances. USD values come from the server's prices, so they are refreshed by reloading the list.
 */
export function applyBalancePush(groups: AccountGroup[], push: BalancePush): AccountGroup[] {
  let changed = false;
  const next = groups.map((group) => {
    const updates = push.accounts.filter((account) => account.account_type_id === group.account_type_id);
    if (updates.length === 0) return group;
    return {
      ...group,
      accounts: group.accounts.map((account) => {
        const update = updates.find((candidate) => candidate.currency_id === account.currency_id);
        if (!update) return account;
        changed = true;
        return { ...account, balance: update.balance, lock_balance: update.lock_balance };
      }),
    };
  });
  return changed ? next : groups;
}

/**
 * A WALLET push written into one loaded page of deposits or withdrawals: a record already shown
 * is replaced; a new one of the listed currency goes on top of the first page (the newest).
 */
export function applyWalletPush<T extends { id: number; currency_id: number }>(
  page: Paged<T>,
  push: WalletPush,
  kind: WalletPush['kind'],
  currencyId: number | undefined,
): Paged<T> {
  if (push.kind !== kind) return page;
  const record = push.record as unknown as T;
  if (currencyId && record.currency_id !== currencyId) return page;
  const index = page.data.findIndex((row) => row.id === record.id);
  if (index >= 0) {
    const data = [...page.data];
    data[index] = record;
    return { ...page, data };
  }
  if (page.current_page !== 1) return page;
  const total = page.total + 1;
  return {
    ...page,
    total,
    last_page: lastPage(total, page.per_page),
    data: [record, ...page.data].slice(0, page.per_page),
  };
}

/**
 * A deposit or withdraw action of an account row: absent unless the account group takes deposits
 * (is_recharge = 1); greyed with its reason unless the currency allows it (open_recharge / open_draw).
 */
export function actionState(
  isRecharge: 0 | 1,
  open: 0 | 1,
  networks = 1,
): 'absent' | 'open' | 'closed' | 'noNetwork' {
  if (isRecharge !== 1) return 'absent';
  if (open !== 1) return 'closed';
  // Open, but on no network: nothing to send to or from, so both actions are greyed.
  return networks > 0 ? 'open' : 'noNetwork';
}

/** The bind code's resend countdown: 59 s on this page, as the spec has it. */
export const CODE_COUNTDOWN_S = 59;

/** A request id per submission: a retried or double-sent submission answers the first result. */
export function newRequestId(random: () => string = () => crypto.randomUUID()): string {
  return `web-${random()}`;
}

/**
 * Whether a failed call may still have been carried out: no answer came (network, timeout: code
 * -1) or the server failed (500). A refusal (code 0) or a signed-out session (999) was not.
 */
export function answerLost(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return typeof code !== 'number' || code === -1 || code === 500;
}

/** A submission waiting for its answer: what it sends (without the id) and its request id. */
export interface PendingRequest {
  key: string;
  id: string;
}

/**
 * The request id for sending `key`: the pending submission's own when the same thing is sent again
 * after a lost answer (so the server answers the first result), a new one otherwise.
 */
export function requestFor(
  pending: PendingRequest | null,
  key: string,
  fresh: () => string = () => newRequestId(),
): PendingRequest {
  return pending && pending.key === key ? pending : { key, id: fresh() };
}

/** Balances are shown to the currency's decimals, at least 2, cut: "10,000.00", "0.12345678". */
export function shownDecimals(value: string, currencyDecimals: number): number {
  const amount = decimalOf(value);
  const places = amount ? amount.decimalPlaces() : 0;
  return Math.min(currencyDecimals, Math.max(2, places));
}

/** Why a network cannot take a deposit or a withdrawal now, or null when it can. */
export type NetworkClosure =
  | { reason: string }
  | {
      key:
        | 'assets.networkUnavailable'
        | 'assets.networkDepositsSuspended'
        | 'assets.networkWithdrawalsSuspended';
    };

/**
 * Not connected to this server comes first (its own sentence, when the server gives one); then the
 * operator's switch for that direction. The server refuses the same cases; this keeps the page from
 * offering a form that can only be refused.
 */
export function networkClosure(
  network: Pick<ChainProtocolView, 'available' | 'unavailable_reason' | 'open_deposit' | 'open_withdraw'>,
  direction: 'deposit' | 'withdraw',
): NetworkClosure | null {
  if (network.available !== 1)
    return network.unavailable_reason
      ? { reason: network.unavailable_reason }
      : { key: 'assets.networkUnavailable' };
  if (direction === 'deposit' && network.open_deposit !== 1)
    return { key: 'assets.networkDepositsSuspended' };
  if (direction === 'withdraw' && network.open_withdraw !== 1)
    return { key: 'assets.networkWithdrawalsSuspended' };
  return null;
}
