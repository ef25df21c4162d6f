import { Decimal, type LeverClosedPush, type LeverTradePush } from '@oex/protocol';
import type { Hub } from '../realtime/hub.js';
import type { LeverRisk } from './risk.js';
import type { LeverService } from './service.js';

/** A user's LEVER_TRADE pushes come at most this often. */
const TRADE_EVERY_MS = 500;

/**
 * The private lever channels: LEVER_TRADE with a user's open positions on a market, their hazard
 * rate and total profit as the marks move (at most twice a second), and LEVER_CLOSED with the ids
 * of positions and orders that ended, by the user or by the engine.
 */
export class LeverLive {
  private readonly lastTrade = new Map<number, number>();
  /** Until the server has a hub there is no one to tell. */
  private hub: Hub | undefined;

  constructor(
    private readonly lever: LeverService,
    private readonly now: () => number,
  ) {}

  /** Publishes on the hub from now on, with the positions the risk engine ends and the marks it moves. */
  attach(hub: Hub, risk: LeverRisk): void {
    this.hub = hub;
    risk.onEnded((userId, closed) =>
      this.closed(
        userId,
        closed.map((c) => c.position.id),
      ),
    );
    risk.onChanged((marketIds) => this.marksMoved(marketIds));
  }

  closed(userId: number, ids: number[]): void {
    const hub = this.hub;
    if (!hub || ids.length === 0 || !hub.hasSubscribers('LEVER_CLOSED', userId)) return;
    hub.publishTo(userId, 'LEVER_CLOSED', { id: ids } satisfies LeverClosedPush);
  }

  /** After a second of marks: each subscribed user with open positions on those markets. */
  marksMoved(marketIds: number[]): void {
    const hub = this.hub;
    if (!hub) return;
    for (const userId of hub.subscribedUsers('LEVER_TRADE')) this.trade(hub, userId, marketIds);
  }

  private trade(hub: Hub, userId: number, marketIds: number[]): void {
    const now = this.now();
    if (now - (this.lastTrade.get(userId) ?? 0) < TRADE_EVERY_MS) return;
    this.lastTrade.set(userId, now);
    const open = this.lever.book.ofUser(userId).filter((position) => position.status === 1);
    for (const marketId of marketIds) {
      const here = open.filter((position) => position.marketId === marketId);
      if (here.length === 0) continue;
      const quoteId = here[0]!.quoteId;
      const hazard = this.lever.hazardOf(userId, quoteId);
      const profits = open
        .filter((position) => position.quoteId === quoteId)
        .reduce((sum, position) => sum.add(this.lever.profitNow(position)), Decimal.ZERO);
      hub.publishTo(userId, 'LEVER_TRADE', {
        currency_match_id: marketId,
        trades_all: here.map((position) => this.lever.view(position)),
        hazard_rate: hazard === null ? null : hazard.toString(),
        profits_all: profits.toString(),
      } satisfies LeverTradePush);
    }
  }
}
