export * from './decimal.js';
export * from './envelope.js';
export * from './common.js';
export * from './patterns.js';
export * from './users.js';
export * from './content.js';
export * from './ledger.js';
export * from './spot.js';
