import { Decimal } from '@oex/protocol';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Bucket {
  minute: number;
  open: Decimal;
  high: Decimal;
  low: Decimal;
  volume: Decimal;
  amount: Decimal;
}

export interface TickerValues {
  open: Decimal;
  close: Decimal;
  high: Decimal;
  low: Decimal;
  volume: Decimal;
  amount: Decimal;
  /** Percent, rounded down (toward zero) to 2 decimals. */
  change: Decimal;
}

/**
 * The rolling 24-hour quotation of one market, from its trades, in one-minute buckets. Pure:
 * the caller feeds trades and asks with a time. With no trade in the window, open, high and low
 * are the last price, and volume is zero.
 */
export class Ticker {
  private readonly buckets: Bucket[] = [];
  private last: Decimal = Decimal.ZERO;

  add(time: number, price: Decimal, quantity: Decimal, amount: Decimal): void {
    const minute = Math.floor(time / MINUTE) * MINUTE;
    let bucket = this.buckets[this.buckets.length - 1];
    if (!bucket || bucket.minute < minute) {
      bucket = { minute, open: price, high: price, low: price, volume: Decimal.ZERO, amount: Decimal.ZERO };
      this.buckets.push(bucket);
    } else if (bucket.minute > minute) {
      // A trade older than the newest bucket (history loaded out of order) is ignored here.
      return;
    }
    if (price.gt(bucket.high)) bucket.high = price;
    if (price.lt(bucket.low)) bucket.low = price;
    bucket.volume = bucket.volume.add(quantity);
    bucket.amount = bucket.amount.add(amount);
    this.last = price;
  }

  /** Sets the last price without a volume (the last trade before the window, at start). */
  setLast(price: Decimal): void {
    this.last = price;
  }

  get lastPrice(): Decimal {
    return this.last;
  }

  values(now: number): TickerValues {
    const since = now - DAY;
    while (this.buckets.length > 0 && this.buckets[0]!.minute + MINUTE <= since) this.buckets.shift();
    const close = this.last;
    if (this.buckets.length === 0) {
      return {
        open: close,
        close,
        high: close,
        low: close,
        volume: Decimal.ZERO,
        amount: Decimal.ZERO,
        change: Decimal.ZERO,
      };
    }
    let high = this.buckets[0]!.high;
    let low = this.buckets[0]!.low;
    let volume = Decimal.ZERO;
    let amount = Decimal.ZERO;
    for (const bucket of this.buckets) {
      high = Decimal.max(high, bucket.high);
      low = Decimal.min(low, bucket.low);
      volume = volume.add(bucket.volume);
      amount = amount.add(bucket.amount);
    }
    const open = this.buckets[0]!.open;
    const change = open.isZero()
      ? Decimal.ZERO
      : close.sub(open).mul(Decimal.fromInt(100)).div(open, 2, 'down');
    return { open, close, high, low, volume, amount, change };
  }
}
