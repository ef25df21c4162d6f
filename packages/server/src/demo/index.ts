/**
 * Everything the demo adds: its seed (users, balances, news, the P2P merchant), the dev mailbox and
 * dev chain routes, and the market maker, as two domains of the list in app.ts. app.ts loads this
 * module only with DEMO=1, so a production server never loads it (in the bundle it is a chunk of
 * its own).
 */
export { demoDomain, demoSeedDomain } from './domain.js';
export { mailboxPage } from './mailbox-page.js';
