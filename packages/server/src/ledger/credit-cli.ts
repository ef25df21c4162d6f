/**
 * `npm run credit -- --user <email or id> --currency USDT --amount 1000 [--account 1]`
 *
 * Credits through the sequencer against the external-deposits account. When a server is the
 * database's writer, the credit is handed to it (its admin route, with the token from its lock
 * file); otherwise this process becomes the writer for the moment it takes.
 */
import { parseArgs } from 'node:util';
import { openCore } from '../app.js';
import { loadConfig } from '../config.js';
import { creditByName } from './credit.js';
import { currentWriter, lockPathFor } from './writer-lock.js';

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

const config = loadConfig();
const writer = currentWriter(lockPathFor(config.databaseUrl));
if (writer) {
  const response = await fetch(`http://127.0.0.1:${writer.port}/api/admin/credit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': writer.adminToken },
    body: JSON.stringify(request),
  });
  const body = (await response.json()) as { code: number; msg: string; data?: { balance: string } };
  if (body.code !== 1) {
    console.error(`credit refused: ${body.msg}`);
    process.exit(1);
  }
  console.log(
    `credited ${request.amount} ${request.currency} to ${request.user} (through the running server, pid ${writer.pid}); balance now ${body.data!.balance}`,
  );
} else {
  const core = await openCore({ ...config, logLevel: 'warn' });
  try {
    const account = await creditByName(core, request, 'en');
    console.log(
      `credited ${request.amount} ${request.currency} to ${request.user}; balance now ${account.balance}`,
    );
  } catch (error) {
    console.error(`credit refused: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await core.close();
  }
}
