import { Decimal, type BalancePush } from '@oex/protocol';
import type { Hub } from '../realtime/hub.js';
import type { Account } from './books.js';
import type { Sequencer } from './sequencer.js';

/**
 * Every committed balance change of a user goes to each of that user's live sessions on the
 * private BALANCE channel, one push per user and batch, whatever changed it (orders, fills,
 * transfers, credits).
 */
export class BalanceLiveFeed {
  constructor(private readonly hub: Hub) {}

  static attach(hub: Hub, sequencer: Sequencer): BalanceLiveFeed {
    const feed = new BalanceLiveFeed(hub);
    sequencer.onCommit((accounts) => feed.publish(accounts));
    return feed;
  }

  publish(accounts: readonly Account[]): void {
    const byUser = new Map<number, BalancePush['accounts']>();
    for (const account of accounts) {
      if (account.userId === null || !this.hub.hasSubscribers('BALANCE', account.userId)) continue;
      const list = byUser.get(account.userId) ?? [];
      list.push({
        account_type_id: account.typeId,
        currency_id: account.currencyId,
        balance: Decimal.fromUnits(account.balance).toString(),
        lock_balance: Decimal.fromUnits(account.lock).toString(),
      });
      byUser.set(account.userId, list);
    }
    for (const [userId, list] of byUser) this.hub.publishTo(userId, 'BALANCE', { accounts: list });
  }
}
