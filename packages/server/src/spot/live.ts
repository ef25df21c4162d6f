import { AccountTypeId, Decimal, type MatchedPush, type SpotOrderView } from '@oex/protocol';
import type { Sequencer } from '../ledger/sequencer.js';
import type { Hub } from '../realtime/hub.js';
import type { Market } from '../market/markets.js';
import type { BarView } from './klines.js';
import type { OpenOrder, OrderOutcome } from './orders.js';
import { isPeriod, PERIODS, type Period } from './periods.js';
import type { SpotListener, SpotService } from './service.js';

/** Depth and klines go out at most 10 times a second per channel; tickers twice a second per market. */
const FAST_MS = 100;
const TICKER_MS = 500;

/**
 * The spot part of the live feed. Trades go out as they commit; depth, klines and tickers are
 * coalesced; TX_SUBMIT and TX_MATCHED go only to the order's owner.
 */
export class SpotLiveFeed implements SpotListener {
  private readonly dirtyDepth = new Set<Market>();
  /** Per market and period changed since the last push: bars closed in between, oldest first. */
  private readonly dirtyKlines = new Map<string, { market: Market; period: Period; closed: BarView[] }>();
  private readonly dirtyTickers = new Set<Market>();
  private readonly timers: NodeJS.Timeout[];

  constructor(
    private readonly hub: Hub,
    private readonly spot: SpotService,
    private readonly sequencer: Sequencer,
  ) {
    spot.listen(this);
    hub.whenListenedElsewhere((key) => this.prime(key));
    this.timers = [
      setInterval(() => this.flushFast(), FAST_MS),
      setInterval(() => this.flushTickers(), TICKER_MS),
    ];
    for (const timer of this.timers) timer.unref();
  }

  onOutcome(outcome: OrderOutcome): void {
    const market = outcome.order.market;
    this.dirtyDepth.add(market);
    if (outcome.trades.length > 0) {
      this.hub.publish(`GLOBAL_TX.${market.symbol}`, {
        symbol: market.symbol,
        currency_match_id: market.id,
        completes: this.spot.recentTrades(market.id).slice(0, outcome.trades.length),
      });
      this.dirtyTickers.add(market);
      for (const trade of outcome.trades) {
        for (const { period, closed } of trade.klineChanges ?? []) {
          const key = `${market.id}|${period}`;
          const dirty = this.dirtyKlines.get(key);
          if (!dirty) {
            // A bar closed by the first trade since the last push went out then in its final state.
            this.dirtyKlines.set(key, { market, period, closed: [] });
            continue;
          }
          // Its last trades came after the last push: sent before the newer bar, or no one sees them
          // (a chart takes no bar older than its newest).
          if (closed) dirty.closed.push(closed);
        }
      }
    }
    const placed = outcome.touched[0];
    if (
      placed &&
      placed.order === outcome.order &&
      outcome.trades.length === 0 &&
      placed.status === 1 &&
      this.hub.hasSubscribers('TX_SUBMIT', outcome.order.userId)
    ) {
      this.hub.publishTo(outcome.order.userId, 'TX_SUBMIT', {
        order: this.view(outcome.order, 1),
        way: outcome.order.way,
      });
    }
    // ORDER tells every session of the owner about every change, fills or not.
    for (const { order, status } of outcome.touched) {
      if (!this.hub.hasSubscribers('ORDER', order.userId)) continue;
      this.hub.publishTo(order.userId, 'ORDER', { order: this.view(order, status), way: order.way });
    }
    // TX_MATCHED is about fills; an order that only rested or was cancelled has none.
    if (outcome.trades.length === 0) return;
    for (const { order, status } of outcome.touched) {
      if (!this.hub.hasSubscribers('TX_MATCHED', order.userId)) continue;
      // The spec's client reads the balances inside the order (order.quote_account.balance).
      this.hub.publishTo(order.userId, 'TX_MATCHED', {
        order: {
          ...this.view(order, status),
          quote_account: { balance: this.balance(order.userId, market.quoteId) },
          base_account: { balance: this.balance(order.userId, market.baseId) },
        },
        way: order.way,
      } satisfies MatchedPush);
    }
  }

  /**
   * Marks a channel's state to go out with the next flush, as if it had changed: a gateway that has
   * just begun to listen to it then holds the current state for its subscribers (realtime/snapshots.ts).
   */
  private prime(channel: string): void {
    const [kind, symbol, period] = channel.split('.');
    if (kind === 'DAY_MARKET') {
      for (const market of this.spot.markets.all()) this.dirtyTickers.add(market);
      return;
    }
    const market = this.spot.markets.all().find((candidate) => candidate.symbol === symbol);
    if (!market) return;
    if (kind === 'MARKET_DEPTH') this.dirtyDepth.add(market);
    if (kind !== 'KLINE') return;
    for (const each of period === undefined ? PERIODS : isPeriod(period) ? [period] : []) {
      const key = `${market.id}|${each}`;
      if (!this.dirtyKlines.has(key)) this.dirtyKlines.set(key, { market, period: each, closed: [] });
    }
  }

  private flushFast(): void {
    for (const market of this.dirtyDepth) {
      this.hub.publish(`MARKET_DEPTH.${market.symbol}`, {
        symbol: market.symbol,
        currency_match_id: market.id,
        depth: this.spot.depth(market),
      });
    }
    this.dirtyDepth.clear();
    for (const { market, period, closed } of this.dirtyKlines.values()) {
      const latest = this.spot.klines.latest(market.id, period);
      for (const kline of latest ? [...closed, latest] : closed) {
        const push = { symbol: market.symbol, currency_match_id: market.id, period, kline };
        this.hub.publish(`KLINE.${market.symbol}.${period}`, push);
        // KLINE.<symbol>, the spec's channel, carries every period's bar, told apart by `period`.
        this.hub.publish(`KLINE.${market.symbol}`, push);
      }
    }
    this.dirtyKlines.clear();
  }

  private flushTickers(): void {
    for (const market of this.dirtyTickers) {
      this.hub.publish('DAY_MARKET', {
        currency_match_id: market.id,
        symbol: market.symbol,
        quotation: this.spot.quotation(market),
      });
    }
    this.dirtyTickers.clear();
  }

  private balance(userId: number, currencyId: number): string {
    const account = this.sequencer.books.find({ userId }, AccountTypeId.change_account, currencyId);
    return Decimal.fromUnits(account?.balance ?? 0n).toString();
  }

  private view(order: OpenOrder, status: number): SpotOrderView {
    return this.spot.openOrderView(order, status);
  }

  close(): void {
    for (const timer of this.timers) clearInterval(timer);
  }
}
