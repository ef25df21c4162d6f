import {
  CHANGE_FIELDS,
  isClosing,
  Decimal,
  MAX_DECIMALS_SUM,
  type ChangeKind,
  type ChangeSet,
  type ChangeValue,
  type FieldRule,
} from '@oex/protocol';
import type { MessageKey } from '../../platform/messages/index.js';

/**
 * What a scheduled change may name, and the bounds of each value, without I/O (docs/operator-console.md). Only
 * the settings listed here can change; a price, a mark, a last price or an outcome never can, and
 * a name that looks like one is refused as such before anything else is looked at.
 */

/** The fields each kind may name and their bounds: shared with the console (protocol). */
export const FIELDS = CHANGE_FIELDS;
export type { FieldRule };
export { isClosing };

/** Seconds an option may last: from 10 seconds to a day. */
export const SECONDS_RANGE = { min: 10, max: 86_400 } as const;

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
    case 'amounts':
      return amountsProblem(field, value, rule);
    case 'decimal':
      return decimalProblem(field, value, rule);
  }
}

/** Preset amounts: one to `maxItems` canonical decimals above zero, each finer than none, ascending. */
function amountsProblem(field: string, value: ChangeValue, rule: Extract<FieldRule, { type: 'amounts' }>) {
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    value.length > rule.maxItems ||
    !value.every((item) => typeof item === 'string' && Decimal.isValid(item))
  ) {
    return problem('error.admin_change_amounts', { field, max: rule.maxItems });
  }
  const amounts = (value as string[]).map((item) => Decimal.parse(item));
  if (amounts.some((amount, i) => amount.lte(Decimal.ZERO) || (i > 0 && amount.lte(amounts[i - 1]!)))) {
    return problem('error.admin_change_list_amounts', { field });
  }
  if (amounts.some((amount) => amount.decimalPlaces() > rule.decimals)) {
    return problem('error.admin_change_decimals', { field, decimals: rule.decimals });
  }
  return null;
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
    const type = FIELDS[kind][name]?.type;
    out[name] =
      type === 'decimal'
        ? Decimal.parse(String(value)).toString()
        : type === 'amounts' && Array.isArray(value)
          ? value.map((item) => Decimal.parse(String(item)).toString())
          : value;
  }
  return out;
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
  /** A currency's decimals: its seconds-contract stakes cannot be finer. */
  currencyDecimals?: number;
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
  if (kind === 'micro_currency') {
    const found = stakesProblem(merged, facts.currencyDecimals);
    if (found) return found;
  }
  if (kind === 'micro_seconds' && facts.isNew) {
    if (targetId < SECONDS_RANGE.min || targetId > SECONDS_RANGE.max) {
      return problem('error.admin_change_range', { field: 'seconds', ...SECONDS_RANGE });
    }
    if (changes.profit_ratio === undefined) return problem('error.admin_change_new_option');
  }
  return null;
}

/** A currency's preset stakes lie within its bounds and are no finer than the currency. */
function stakesProblem(merged: ChangeSet, currencyDecimals: number | undefined): Problem | null {
  const { numbers, min_number: min, max_number: max } = merged;
  if (!Array.isArray(numbers) || min === undefined || max === undefined) return null;
  const low = Decimal.parse(String(min));
  const high = Decimal.parse(String(max));
  const amounts = numbers.map((item) => Decimal.parse(String(item)));
  if (amounts.some((amount) => amount.lt(low) || amount.gt(high))) {
    return problem('error.admin_change_presets_range', { min: low.toString(), max: high.toString() });
  }
  if (currencyDecimals !== undefined) {
    for (const [field, values] of [
      ['numbers', amounts],
      ['min_number', [low]],
      ['max_number', [high]],
    ] as const) {
      if (values.some((amount) => amount.decimalPlaces() > currencyDecimals)) {
        return problem('error.admin_change_decimals', { field, decimals: currencyDecimals });
      }
    }
  }
  return null;
}
