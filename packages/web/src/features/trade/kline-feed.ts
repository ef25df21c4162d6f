import type { KLINE_PERIODS, KlineBar, KlinePush } from '@oex/protocol';

export type KlinePeriod = (typeof KLINE_PERIODS)[number];

/** What the chart shows: one market at one period. */
export interface FeedKey {
  marketId: number;
  symbol: string;
  period: KlinePeriod;
  /** The period's length, for the poll's window. */
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
 * The chart's bars for one (market, period) at a time. Selecting another key makes everything the
 * previous one still has in flight (history answers, poll answers, live pushes) arrive into
 * nothing, whenever it arrives; and there is never more than one live subscription and one poll.
 */
export class KlineFeed {
  private key: FeedKey | null = null;
  /** Bumped by every change of key; an answer is used only if it was asked for under the same one. */
  private generation = 0;
  private stream: { stop(): void } | null = null;

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
    return true;
  }

  /** Bars of the current key in a time range; null when the key changed before they arrived. */
  async history(range: { from?: number; to?: number } = {}): Promise<KlineBar[] | null> {
    const key = this.key;
    if (!key) return null;
    const generation = this.generation;
    const bars = await this.source.load(key, range);
    return generation === this.generation ? bars : null;
  }

  /**
   * The one live subscription and the one poll of the current key, replacing any earlier ones.
   * Bars reach `onBar` only while this stream is the live one and only for its market and period.
   */
  start(onBar: (bar: KlineBar) => void): void {
    this.stop();
    const key = this.key;
    if (!key) return;
    let open = true;
    const deliver = (bar: KlineBar) => {
      if (open && bar.period === key.period) onBar(bar);
    };
    const poll = () => {
      this.source.load(key, { from: Date.now() - key.spanMs * 2 }).then(
        (bars) => bars.forEach(deliver),
        () => undefined, // the next poll tries again
      );
    };
    const unlisten = this.source.listen(`KLINE.${key.symbol}.${key.period}`, {
      onPush: (params) => {
        const push = params as KlinePush;
        if (push.currency_match_id === key.marketId) deliver(push.kline);
      },
      onGap: poll,
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
