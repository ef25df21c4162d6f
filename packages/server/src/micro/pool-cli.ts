/**
 * `npm run pool -- --currency USDT --amount 100000`
 *
 * Funds the seconds-contract pool from outside: a journal entry (pool funding) that the public
 * microtrade/pool shows in funded_total. The pool takes new orders only while it could pay every
 * open one a win; funding it is how an operator makes room. Through the running server when there
 * is one (see ledger/operator-call.ts).
 */
import { parseArgs } from 'node:util';
import { api } from '@oex/protocol';
import { operatorCall } from '../ledger/operator-call.js';

const { values } = parseArgs({ options: { currency: { type: 'string' }, amount: { type: 'string' } } });
if (!values.currency || !values.amount) {
  console.error('usage: npm run pool -- --currency <code> --amount <decimal>');
  process.exit(2);
}
const request = { currency: values.currency, amount: values.amount };

try {
  const { data, through } = await operatorCall(api.micro.fundPool.path, request, (core) =>
    core.micro.service.fund(request.currency, request.amount),
  );
  console.log(
    `funded the ${data.code} pool with ${request.amount}${through}: balance ${data.balance}, open worst case ${data.open_worst_case}, funded in all ${data.funded_total}`,
  );
} catch (error) {
  console.error(`pool funding refused: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
