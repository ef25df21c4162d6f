import type { Logger } from 'pino';
import { P2pService, type P2pDeps } from './service.js';
import { P2pTimers } from './timers.js';

export interface P2p {
  service: P2pService;
  timers: P2pTimers;
}

/** The fiat P2P desk: ads and open orders loaded, every deadline missed while down applied at once. */
export async function openP2p(log: Logger, deps: P2pDeps): Promise<P2p> {
  const service = await P2pService.load(deps);
  const timers = new P2pTimers(service, log);
  await timers.tick();
  return { service, timers };
}
