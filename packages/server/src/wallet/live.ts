import type { WalletPush } from '@oex/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Hub } from '../realtime/hub.js';
import type { Wallet } from './module.js';

/** Each changed deposit or withdrawal goes to its owner's live sessions on the private WALLET channel. */
export function attachWalletLive(hub: Hub, wallet: Wallet, db: Kysely<Database>): void {
  const push = (userId: number, message: WalletPush) => {
    if (hub.hasSubscribers('WALLET', userId)) hub.publishTo(userId, 'WALLET', message);
  };
  wallet.onDepositsChanged((ids) => {
    void db
      .selectFrom('deposits')
      .selectAll()
      .where('id', 'in', ids)
      .execute()
      .then((rows) =>
        rows.forEach((row) => push(row.user_id, { kind: 'deposit', record: wallet.views.deposit(row) })),
      );
  });
  wallet.onWithdrawalsChanged((ids) => {
    void db
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', 'in', ids)
      .execute()
      .then((rows) =>
        rows.forEach((row) =>
          push(row.user_id, { kind: 'withdrawal', record: wallet.views.withdrawal(row) }),
        ),
      );
  });
}
