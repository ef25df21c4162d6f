import { P2P_ORDER_EVENT } from '@oex/protocol';
import type { Logger } from 'pino';
import type { Hub } from '../realtime/hub.js';
import type { P2pService } from './service.js';

/** Sends each party of a changed order its own view of it (private channel P2P_ORDER). */
export function attachP2pLive(hub: Hub, p2p: P2pService, log: Logger): void {
  p2p.onChange((changed) => {
    for (const userId of [changed.buyerId, changed.sellerId]) {
      if (!hub.hasSubscribers(P2P_ORDER_EVENT, userId)) continue;
      p2p
        .orderViewById(changed.orderId, userId)
        .then((view) => hub.publishTo(userId, P2P_ORDER_EVENT, view))
        .catch((error: unknown) => log.error({ err: error }, 'p2p: live push failed'));
    }
  });
}
