import { Decimal, type KLINE_PERIODS, type KlineBar, type KlinePush } from '@oex/protocol';

export type KlinePeriod = (typeof KLINE_PERIODS)[number];

/** What the chart shows: one market at one period. */
export interface FeedKey {
  marketId: number;
  symbol: string;
  period: KlinePeriod;
  /** The period's length, for the poll's window before any bar is known. */
  spanMs: number;
}

export interface FeedListener {
  onPush(params: unknown): void;
  onGap?(): void;
}

/** Where bars come from: market/kline and the live channel (injected, so tests use the real ones elsewhere). */
export interface FeedSource {
  load(key: FeedKey, range: { from?: number; to?: number }): Promise<KlineBar[]>;
  /** Subscribes to a live channel; returns the unsubscribe. */
  listen(channel: string, listener: FeedListener): () => void;
}

/** The chart polls every 10 s beside the live channel. */
export const POLL_MS = 10_000;

export function sameKey(a: FeedKey, b: FeedKey): boolean {
  return a.marketId === b.marketId && a.period === b.period;
}

/**
 * Whether `bar` is newer than `than`: a later bar, or a later state of the same one (a bar's volume
 * only grows while it is open; the same volume is the same bar). The chart draws nothing older than
 * its newest bar, and an older copy arriving late (a poll answered before the last push) would take
 * a newer one's place.
 */
export function isNewer(bar: KlineBar, than: KlineBar | null): boolean {
  if (!than) return true;
  if (bar.time !== than.time) return bar.time > than.time;
  return Decimal.parse(bar.volume).gt(Decimal.parse(than.volume));
}

/**
 * The chart's bars for one (market, period) at a time. Selecting another key makes everything the
 * previous one still has in flight (history answers, poll answers, live pushes) arrive into
 * nothing, whenever it arrives; and there is never more than one live subscription and one poll.
 */
export class KlineFeed {
  private key: FeedKey | null = null;
  /** Bumped by every change of key; an answer is used only if it was asked for under the same one. */
  private generation = 0;
  private stream: { stop(): void } | null = null;
  /**
   * The newest bar of the current key handed out (by history or live): a poll asks for everything
   * since it, so bars missed while the live channel was away come back however long that was.
   */
  private newest: KlineBar | null = null;

  constructor(
    private readonly source: FeedSource,
    private readonly pollMs = POLL_MS,
  ) {}

  get current(): FeedKey | null {
    return this.key;
  }

  /** Shows `key` from now on; false when it is the key already shown. */
  select(key: FeedKey): boolean {
    if (this.key && sameKey(this.key, key)) return false;
    this.stop();
    this.key = key;
    this.generation += 1;
    this.newest = null;
    return true;
  }

  /** Bars of the current key in a time range; null when the key changed before they arrived. */
  async history(range: { from?: number; to?: number } = {}): Promise<KlineBar[] | null> {
    const key = this.key;
    if (!key) return null;
    const generation = this.generation;
    const bars = await this.source.load(key, range);
    if (generation !== this.generation) return null;
    const last = bars.at(-1);
    if (last && isNewer(last, this.newest)) this.newest = last;
    return bars;
  }

  /**
   * The one live subscription and the one poll of the current key, replacing any earlier ones.
   * Bars reach `onBar` only while this stream is the live one and only for its market and period,
   * in time order and never a bar behind one already delivered.
   *
   * A push carries only its own bar, so after the subscription starts, and after every gap in the
   * live channel (a drop, a missed push), bars may have been missed before it: pushes are held
   * until a poll asked after the channel was heard again has brought everything since the newest
   * bar, then go on directly.
   */
  start(onBar: (bar: KlineBar) => void): void {
    this.stop();
    const key = this.key;
    if (!key) return;
    let open = true;
    /** Pushes go straight to the chart: nothing can be missing before them. */
    let live = false;
    /** A push arrived since the start or the last gap: the channel works again. */
    let heard = false;
    /** Counts the gaps, so a poll asked before the latest one does not end it. */
    let gaps = 0;
    const held = new Map<number, KlineBar>();
    const deliver = (bar: KlineBar) => {
      if (!open || bar.period !== key.period || !isNewer(bar, this.newest)) return;
      this.newest = bar;
      onBar(bar);
    };
    const poll = () => {
      const catchesUp = heard && !live;
      const asked = gaps;
      // From the newest bar on the server's clock, not this device's (which may be off).
      this.source.load(key, { from: this.newest?.time ?? Date.now() - key.spanMs * 2 }).then(
        (bars) => {
          bars.forEach(deliver);
          if (!catchesUp || asked !== gaps || live) return;
          live = true;
          [...held.values()].sort((a, b) => a.time - b.time).forEach(deliver);
          held.clear();
        },
        () => undefined, // the next poll tries again
      );
    };
    const unlisten = this.source.listen(`KLINE.${key.symbol}.${key.period}`, {
      onPush: (params) => {
        const push = params as KlinePush;
        if (push.currency_match_id !== key.marketId || push.kline.period !== key.period) return;
        if (live) return deliver(push.kline);
        const earlier = held.get(push.kline.time);
        if (isNewer(push.kline, earlier ?? null)) held.set(push.kline.time, push.kline);
        if (heard) return;
        heard = true;
        poll();
      },
      onGap: () => {
        gaps += 1;
        live = false;
        heard = false;
        poll();
      },
    });
    const timer = setInterval(poll, this.pollMs);
    this.stream = {
      stop: () => {
        open = false;
        clearInterval(timer);
        unlisten();
      },
    };
  }

  /** Ends the live subscription and the poll. */
  stop(): void {
    this.stream?.stop();
    this.stream = null;
  }
}
