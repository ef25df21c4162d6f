import type { Hub } from '../realtime/hub.js';
import type { MicroSettler } from './settler.js';

/** A settled seconds contract goes to its owner on the private MICRO_CLOSED channel. */
export function attachMicroLive(hub: Hub, settler: MicroSettler): void {
  settler.onClosed((userId, order) => {
    // MICRO_CLOSED carries the final order as `order`, where the spec's client reads it.
    if (hub.hasSubscribers('MICRO_CLOSED', userId)) hub.publishTo(userId, 'MICRO_CLOSED', { order: order() });
  });
}
