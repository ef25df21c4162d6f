import { Decimal, type ChangeKind, type ChangeSet, type ChangeValue } from '@oex/protocol';
import type { MessageKey } from '../../http/messages/index.js';

/**
 * What a scheduled change may name, and the bounds of each value, without I/O (issue 17 §4). Only
 * the settings listed here can change; a price, a mark, a last price or an outcome never can, and
 * a name that looks like one is refused as such before anything else is looked at.
 */

/** How a value is written and shown: a fraction shows as a percentage (0.001 → 0.1 %). */
export type Shown = 'fraction' | 'percent' | 'amount';

export type FieldRule =
  | { type: 'flag' }
  | { type: 'int'; min: number; max: number }
  /** Distinct whole numbers in ascending order. */
  | { type: 'ints'; min: number; max: number; maxItems: number }
  | {
      type: 'decimal';
      min: string;
      max: string;
      /** The minimum itself is refused (an amount that must be above zero). */
      aboveMin?: boolean;
      decimals: number;
      shown: Shown;
    };

const flag: FieldRule = { type: 'flag' };
/** A fee as a fraction of an amount: 0 to 10 %, to 0.0001 %. */
const fee: FieldRule = { type: 'decimal', min: '0', max: '0.1', decimals: 6, shown: 'fraction' };
/** An amount above zero. */
const amount: FieldRule = {
  type: 'decimal',
  min: '0',
  aboveMin: true,
  max: '1000000000000',
  decimals: 18,
  shown: 'amount',
};

/** Price decimals plus quantity decimals: with a fee rate of at most 6 decimals, a fee stays exact in 18. */
export const MAX_DECIMALS_SUM = 12;

/** Every field each kind of change may name. */
export const FIELDS: Record<ChangeKind, Record<string, FieldRule>> = {
  market: {
    open_change: flag,
    open_lever: flag,
    open_microtrade: flag,
    sell_disabled: flag,
    change_fee_rate: fee,
    price_decimals: { type: 'int', min: 0, max: MAX_DECIMALS_SUM },
    number_decimals: { type: 'int', min: 0, max: MAX_DECIMALS_SUM },
    min_number: amount,
    /** The spread of a leveraged open or close, in percent of the mark. */
    lever_point_rate: { type: 'decimal', min: '0', max: '5', decimals: 4, shown: 'percent' },
    /** The base quantity of one share. */
    lever_share_num: amount,
    lever_fee_rate: fee,
    lever_multiples: { type: 'ints', min: 1, max: 125, maxItems: 10 },
    lever_min_share: { type: 'int', min: 1, max: 1_000_000 },
    lever_max_share: { type: 'int', min: 1, max: 1_000_000 },
    /** A day's overnight fee, as a fraction of the position's value: at most 1 %. */
    lever_overnight_rate: { type: 'decimal', min: '0', max: '0.01', decimals: 6, shown: 'fraction' },
  },
  currency: {
    open_recharge: flag,
    open_draw: flag,
    draw_rate: fee,
    draw_min: amount,
    draw_max: amount,
  },
  currency_network: {
    open_deposit: flag,
    open_withdraw: flag,
    min_deposit: { type: 'decimal', min: '0', max: '1000000000000', decimals: 18, shown: 'amount' },
  },
  micro_seconds: {
    /** What a win earns, as a fraction of the stake: 1 % to 100 %. */
    profit_ratio: { type: 'decimal', min: '0.01', max: '1', decimals: 4, shown: 'fraction' },
    is_open: flag,
  },
  earn_product: {
    is_open: flag,
    /** Interest per day, in percent: at most 1 % a day. */
    rate: { type: 'decimal', min: '0', aboveMin: true, max: '1', decimals: 4, shown: 'percent' },
    days: { type: 'int', min: 1, max: 3650 },
    min_number: amount,
    max_number: amount,
    total_quota: amount,
  },
};

/** Seconds an option may last: from 10 seconds to a day. */
export const SECONDS_RANGE = { min: 10, max: 86_400 } as const;

/** The switches whose closing may take effect at once. */
const CLOSING_FIELDS = new Set(['open_change', 'open_lever', 'open_microtrade']);

/** How far ahead a change may be scheduled. */
export const MAX_AHEAD_MS = 366 * 86_400_000;

/**
 * Names that speak of a price, a mark, a trade's outcome or a balance: never settable, whatever
 * the kind, so they are refused by name even where no such field exists.
 */
const FORBIDDEN =
  /(^|_)(price|prices|mark|last|close|open_price|quotation|kline|klines|volume|outcome|result|results|win|wins|winner|lose|loss|payout|profits|settle|settlement|liquidation|balance|balances|journal|depth|trade|trades)(_|$)/i;

/** How finely a price or a quantity is written (`price_decimals`): a precision, not a price. */
const PRECISION = /^(price|number)_decimals$/;

export function isForbiddenField(name: string): boolean {
  return FORBIDDEN.test(name) && !PRECISION.test(name);
}

export interface Problem {
  key: MessageKey;
  params: Record<string, string | number>;
}

const problem = (key: MessageKey, params: Record<string, string | number> = {}): Problem => ({ key, params });

/** Whether the value is a canonical decimal string within the rule. */
function decimalProblem(field: string, value: ChangeValue, rule: Extract<FieldRule, { type: 'decimal' }>) {
  if (typeof value !== 'string' || !Decimal.isValid(value))
    return problem('error.admin_change_type', { field });
  const number = Decimal.parse(value);
  const min = Decimal.parse(rule.min);
  const max = Decimal.parse(rule.max);
  if (number.lt(min) || number.gt(max) || (rule.aboveMin && number.eq(min))) {
    return problem(rule.aboveMin ? 'error.admin_change_range_above' : 'error.admin_change_range', {
      field,
      min: rule.min,
      max: rule.max,
    });
  }
  if (number.decimalPlaces() > rule.decimals) {
    return problem('error.admin_change_decimals', { field, decimals: rule.decimals });
  }
  return null;
}

function valueProblem(field: string, value: ChangeValue, rule: FieldRule): Problem | null {
  const whole = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n);
  switch (rule.type) {
    case 'flag':
      return value === 0 || value === 1 ? null : problem('error.admin_change_flag', { field });
    case 'int':
      if (!whole(value)) return problem('error.admin_change_type', { field });
      return value < rule.min || value > rule.max
        ? problem('error.admin_change_range', { field, min: rule.min, max: rule.max })
        : null;
    case 'ints': {
      if (
        !Array.isArray(value) ||
        value.length === 0 ||
        value.length > rule.maxItems ||
        !value.every(whole)
      ) {
        return problem('error.admin_change_list', { field, max: rule.maxItems });
      }
      if (value.some((n, i) => n < rule.min || n > rule.max || (i > 0 && n <= value[i - 1]!))) {
        return problem('error.admin_change_list_range', { field, min: rule.min, max: rule.max });
      }
      return null;
    }
    case 'decimal':
      return decimalProblem(field, value, rule);
  }
}

/**
 * The first problem of a change's fields by themselves: none named, a forbidden name (a price,
 * an outcome...), a name not on the kind's list, or a value of the wrong type or out of bounds.
 */
export function fieldsProblem(kind: ChangeKind, changes: ChangeSet): Problem | null {
  const names = Object.keys(changes);
  if (names.length === 0) return problem('error.admin_change_empty');
  const forbidden = names.find(isForbiddenField);
  if (forbidden !== undefined) return problem('error.admin_change_forbidden', { field: forbidden });
  const rules = FIELDS[kind];
  for (const name of names) {
    const rule = Object.hasOwn(rules, name) ? rules[name] : undefined;
    if (!rule) return problem('error.admin_change_unknown', { field: name });
    const found = valueProblem(name, changes[name]!, rule);
    if (found) return found;
  }
  return null;
}

/** The values as stored and compared: decimals in their shortest form. */
export function normalized(kind: ChangeKind, changes: ChangeSet): ChangeSet {
  const out: ChangeSet = {};
  for (const [name, value] of Object.entries(changes)) {
    out[name] = FIELDS[kind][name]?.type === 'decimal' ? Decimal.parse(String(value)).toString() : value;
  }
  return out;
}

/** Whether a change only closes trading on a market: the one change that may take effect now. */
export function isClosing(kind: ChangeKind, changes: ChangeSet): boolean {
  const entries = Object.entries(changes);
  return (
    kind === 'market' &&
    entries.length > 0 &&
    entries.every(([name, value]) => CLOSING_FIELDS.has(name) && value === 0)
  );
}

/** The instant a change takes effect: not before now, not more than a year ahead; `now` only to close a market. */
export function effectiveAt(
  kind: ChangeKind,
  changes: ChangeSet,
  wanted: number | 'now',
  now: number,
): { at: number } | Problem {
  if (wanted === 'now') return isClosing(kind, changes) ? { at: now } : problem('error.admin_effective_now');
  if (wanted < now) return problem('error.admin_effective_past');
  if (wanted > now + MAX_AHEAD_MS) return problem('error.admin_effective_far');
  return { at: wanted };
}

export function sameValue(a: ChangeValue | undefined, b: ChangeValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a) === JSON.stringify(b);
  if (typeof a === 'string' && typeof b === 'string' && Decimal.isValid(a) && Decimal.isValid(b)) {
    return Decimal.parse(a).eq(Decimal.parse(b));
  }
  return a === b;
}

/** Pairs whose first must not be above the second, once the change is merged into what is. */
const ORDERED_PAIRS: [string, string][] = [
  ['lever_min_share', 'lever_max_share'],
  ['draw_min', 'draw_max'],
  ['min_number', 'max_number'],
];

/** What the target is now, as the rules need it beside its current values. */
export interface TargetFacts {
  /** A seconds option that does not exist yet: the change creates it. */
  isNew?: boolean;
  /** The chain's decimals of a network: its minimum deposit cannot be finer. */
  chainDecimals?: number;
}

/**
 * The first problem of a change against the target's current values: nothing would change, a
 * minimum above its maximum, decimals too fine together, leverage opened without terms, a new
 * seconds option without its ratio or outside the durations allowed.
 */
export function mergedProblem(
  kind: ChangeKind,
  targetId: number,
  current: ChangeSet,
  changes: ChangeSet,
  facts: TargetFacts = {},
): Problem | null {
  if (!facts.isNew && Object.entries(changes).every(([name, value]) => sameValue(current[name], value))) {
    return problem('error.admin_change_nothing');
  }
  const merged: ChangeSet = { ...current, ...changes };
  for (const [low, high] of ORDERED_PAIRS) {
    const a = merged[low];
    const b = merged[high];
    if (a === undefined || b === undefined) continue;
    const above =
      typeof a === 'number' ? a > Number(b) : Decimal.parse(String(a)).gt(Decimal.parse(String(b)));
    if (above) return problem('error.admin_change_order', { low, high });
  }
  if (kind === 'market') {
    if (Number(merged.price_decimals) + Number(merged.number_decimals) > MAX_DECIMALS_SUM) {
      return problem('error.admin_change_decimals_sum', { max: MAX_DECIMALS_SUM });
    }
    const leverTerms = ['lever_multiples', 'lever_min_share', 'lever_max_share', 'lever_overnight_rate'];
    if (merged.open_lever === 1 && leverTerms.some((name) => merged[name] === undefined)) {
      return problem('error.admin_change_lever_terms');
    }
  }
  if (kind === 'currency_network' && facts.chainDecimals !== undefined && changes.min_deposit !== undefined) {
    if (Decimal.parse(String(changes.min_deposit)).decimalPlaces() > facts.chainDecimals) {
      return problem('error.admin_change_decimals', { field: 'min_deposit', decimals: facts.chainDecimals });
    }
  }
  if (kind === 'micro_seconds' && facts.isNew) {
    if (targetId < SECONDS_RANGE.min || targetId > SECONDS_RANGE.max) {
      return problem('error.admin_change_range', { field: 'seconds', ...SECONDS_RANGE });
    }
    if (changes.profit_ratio === undefined) return problem('error.admin_change_new_option');
  }
  return null;
}
