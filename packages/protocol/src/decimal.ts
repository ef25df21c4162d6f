/**
 * Exact decimal arithmetic on a bigint fixed point of 18 decimals, the scale of the
 * database's NUMERIC(36,18). No JavaScript number ever holds an amount or a price.
 */

export const SCALE = 18;
const ONE_UNITS = 10n ** BigInt(SCALE);
const ZERO = 48; // '0'
/** NUMERIC(36,18) leaves 18 digits before the point. */
const MAX_UNITS = 10n ** 36n - 1n;

const DECIMAL_PATTERN = /^([+-]?)(\d+)(?:\.(\d+))?$/;

export class DecimalError extends Error {
  constructor(
    message: string,
    readonly reason: 'format' | 'precision' | 'range',
  ) {
    super(message);
    this.name = 'DecimalError';
  }
}

export type Rounding = 'down' | 'up' | 'half-up';

export class Decimal {
  private constructor(readonly units: bigint) {
    if (units > MAX_UNITS || units < -MAX_UNITS) {
      throw new DecimalError('decimal out of range', 'range');
    }
  }

  static readonly ZERO = new Decimal(0n);
  static readonly ONE = new Decimal(ONE_UNITS);

  static fromUnits(units: bigint): Decimal {
    return new Decimal(units);
  }

  /** Whether units of 10^-18 fit this type (and NUMERIC(36,18)): below 10^18 either way. */
  static unitsInRange(units: bigint): boolean {
    return units <= MAX_UNITS && units >= -MAX_UNITS;
  }

  /** Parses a plain decimal string: digits, an optional point and sign; no exponent. */
  static parse(text: string): Decimal {
    const match = DECIMAL_PATTERN.exec(text.trim());
    if (!match) throw new DecimalError(`not a decimal number: ${text.slice(0, 40)}`, 'format');
    const [, sign, whole, fraction = ''] = match;
    const significantFraction = fraction.replace(/0+$/, '');
    if (significantFraction.length > SCALE) {
      throw new DecimalError(`more than ${SCALE} decimals`, 'precision');
    }
    const wholeDigits = whole!.replace(/^0+(?=\d)/, '');
    if (wholeDigits.length > 36 - SCALE) throw new DecimalError('decimal out of range', 'range');
    const units = BigInt(wholeDigits) * ONE_UNITS + BigInt(significantFraction.padEnd(SCALE, '0') || '0');
    return new Decimal(sign === '-' ? -units : units);
  }

  /** Whether text is a plain decimal this type can hold exactly. */
  static isValid(text: string): boolean {
    return Decimal.tryParse(text) !== null;
  }

  /** The decimal, or null when text is not one this type can hold (never throws). */
  static tryParse(text: string): Decimal | null {
    try {
      return Decimal.parse(text);
    } catch {
      return null;
    }
  }

  /**
   * Why text is not a decimal this type holds: 'format' (not digits with one optional point and
   * sign), 'precision' (more than 18 decimals) or 'range' (18 or more digits before the point);
   * null when it is one.
   */
  static problem(text: string): DecimalError['reason'] | null {
    try {
      Decimal.parse(text);
      return null;
    } catch (error) {
      return error instanceof DecimalError ? error.reason : 'format';
    }
  }

  static fromInt(value: number | bigint): Decimal {
    if (typeof value === 'number' && !Number.isSafeInteger(value)) {
      throw new DecimalError('not a safe integer', 'range');
    }
    return new Decimal(BigInt(value) * ONE_UNITS);
  }

  static max(a: Decimal, b: Decimal): Decimal {
    return a.cmp(b) >= 0 ? a : b;
  }

  static min(a: Decimal, b: Decimal): Decimal {
    return a.cmp(b) <= 0 ? a : b;
  }

  add(other: Decimal): Decimal {
    return new Decimal(this.units + other.units);
  }

  sub(other: Decimal): Decimal {
    return new Decimal(this.units - other.units);
  }

  neg(): Decimal {
    return new Decimal(-this.units);
  }

  abs(): Decimal {
    return this.units < 0n ? this.neg() : this;
  }

  /** Product rounded to `decimals` places (18 by default). */
  mul(other: Decimal, decimals = SCALE, rounding: Rounding = 'down'): Decimal {
    const exact = this.units * other.units;
    return new Decimal(divideRounded(exact, ONE_UNITS, rounding)).round(decimals, rounding);
  }

  /** Quotient rounded to `decimals` places (18 by default). */
  div(other: Decimal, decimals = SCALE, rounding: Rounding = 'down'): Decimal {
    if (other.units === 0n) throw new DecimalError('division by zero', 'range');
    const step = 10n ** BigInt(SCALE - decimals);
    const quotient = divideRounded(this.units * ONE_UNITS, other.units * step, rounding);
    return new Decimal(quotient * step);
  }

  /** Rounds to `decimals` places: 'down' and 'up' are toward and away from zero. */
  round(decimals: number, rounding: Rounding): Decimal {
    if (decimals >= SCALE) return this;
    const step = 10n ** BigInt(SCALE - decimals);
    return new Decimal(divideRounded(this.units, step, rounding) * step);
  }

  /** How many decimal places the value needs. */
  decimalPlaces(): number {
    let remainder = this.units % ONE_UNITS;
    if (remainder === 0n) return 0;
    let places = SCALE;
    while (remainder % 10n === 0n) {
      remainder /= 10n;
      places -= 1;
    }
    return places;
  }

  cmp(other: Decimal): -1 | 0 | 1 {
    return this.units < other.units ? -1 : this.units > other.units ? 1 : 0;
  }

  eq(other: Decimal): boolean {
    return this.units === other.units;
  }

  gt(other: Decimal): boolean {
    return this.units > other.units;
  }

  gte(other: Decimal): boolean {
    return this.units >= other.units;
  }

  lt(other: Decimal): boolean {
    return this.units < other.units;
  }

  lte(other: Decimal): boolean {
    return this.units <= other.units;
  }

  isZero(): boolean {
    return this.units === 0n;
  }

  isNegative(): boolean {
    return this.units < 0n;
  }

  isPositive(): boolean {
    return this.units > 0n;
  }

  /** Canonical text: no exponent, no trailing zeros, or exactly `decimals` places. */
  toString(decimals?: number): string {
    return Decimal.unitsToString(this.units, decimals);
  }

  /**
   * The text of any count of units of 10^-18, even one past the range a Decimal holds (the USD
   * value of a very large balance): no exponent, no trailing zeros, or exactly `decimals` places.
   */
  static unitsToString(units: bigint, decimals?: number): string {
    const negative = units < 0n;
    // One conversion to digits, cut at the scale: a bigint division and remainder cost more than
    // the whole of the rest (it is on every order's path: its rows and its answer).
    const digits = (negative ? -units : units).toString().padStart(SCALE + 1, '0');
    const whole = digits.slice(0, digits.length - SCALE);
    let fraction = digits.slice(digits.length - SCALE);
    if (decimals === undefined) {
      let end = SCALE;
      while (end > 0 && fraction.charCodeAt(end - 1) === ZERO) end -= 1;
      fraction = fraction.slice(0, end);
    } else fraction = fraction.slice(0, decimals).padEnd(decimals, '0');
    const text = fraction ? `${whole}.${fraction}` : whole;
    return negative ? `-${text}` : text;
  }

  toJSON(): string {
    return this.toString();
  }
}

function divideRounded(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  if (remainder === 0n) return quotient;
  const awayFromZero = numerator < 0n !== denominator < 0n ? -1n : 1n;
  if (rounding === 'down') return quotient;
  if (rounding === 'up') return quotient + awayFromZero;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  const absDenominator = denominator < 0n ? -denominator : denominator;
  return twice >= absDenominator ? quotient + awayFromZero : quotient;
}

/**
 * The largest amount, price or order total the exchange takes on the wire: 10^15. It is far above
 * any real order, its 15 digits fit a JavaScript integer exactly (engine ticks and lots), and a
 * thousand such amounts summed still fit NUMERIC(36,18).
 */
export const MAX_AMOUNT = Decimal.parse('1000000000000000');

/** Shorthand for Decimal.parse. */
export function dec(text: string): Decimal {
  return Decimal.parse(text);
}
