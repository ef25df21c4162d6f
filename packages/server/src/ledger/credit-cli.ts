/**
 * `npm run credit -- --user <email or id> --currency USDT --amount 1000 [--account 1]`
 *
 * Credits through the sequencer against the external-deposits account, through the running server
 * when there is one (see operator-call.ts).
 */
import { parseArgs } from 'node:util';
import { api } from '@oex/protocol';
import { creditByName } from './credit.js';
import { operatorCall } from './operator-call.js';

const USAGE =
  'usage: npm run credit -- --user <email or id> --currency <code> --amount <decimal> [--account <1-5>]';

const { values } = parseArgs({
  options: {
    user: { type: 'string' },
    currency: { type: 'string' },
    amount: { type: 'string' },
    account: { type: 'string', default: '1' },
  },
});
if (!values.user || !values.currency || !values.amount) {
  console.error(USAGE);
  process.exit(2);
}
const request = {
  user: values.user,
  currency: values.currency,
  amount: values.amount,
  account_type: Number(values.account),
};

try {
  const { data, through } = await operatorCall(api.ledger.credit.path, request, (core) =>
    creditByName(core, request, 'en'),
  );
  console.log(
    `credited ${request.amount} ${request.currency} to ${request.user}${through}; balance now ${data.balance}`,
  );
} catch (error) {
  console.error(`credit refused: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
