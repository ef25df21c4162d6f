/**
 * Everything the demo adds: its seed (users, balances, news, the P2P merchant), the dev mailbox and
 * dev chain routes, and the market maker. app.ts loads this module only with DEMO=1, so a production
 * server never loads it (in the bundle it is a chunk of its own).
 */
export { DEMO, seedDemo, seedDemoBalances } from './seed.js';
export { seedDemoP2p } from './p2p.js';
export { devApi, devPages } from './dev-routes.js';
export { devChainApi } from './chain-routes.js';
export { mailboxPage } from './mailbox-page.js';
export { startMarketMaker } from './market-maker.js';
