/**
 * `npm run chain -- send <address> <amount> [USDT|ETH]` and `npm run chain -- mine [blocks]`
 *
 * Development only: pays test coins on the running demo's local chain from its funded account, so a
 * deposit can be watched arriving in the browser. It asks the running server (the database's writer),
 * which owns the chain; its dev routes answer only this machine.
 */
import { loadConfig } from '../config.js';
import { currentWriter, lockPathFor } from '../ledger/writer-lock.js';

const USAGE =
  'usage: npm run chain -- send <0x address> <amount> [USDT|ETH]  |  npm run chain -- mine [blocks]';
const [command, ...args] = process.argv.slice(2);
const writer = currentWriter(lockPathFor(loadConfig().databaseUrl));
if (!writer) {
  console.error('no running exchange on this database: start it with npm start first');
  process.exit(1);
}

async function call(
  path: string,
  body: unknown,
): Promise<{ code: number; msg: string; data?: { tx_hash?: string } }> {
  const response = await fetch(`http://127.0.0.1:${writer!.port}/api/dev/chain/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status === 404)
    return { code: 0, msg: 'the running server has no development chain (demo mode with EVM_RPC_URL=anvil)' };
  return (await response.json()) as { code: number; msg: string; data?: { tx_hash?: string } };
}

if (command === 'send' && args.length >= 2) {
  const [address, amount, currency = 'USDT'] = args;
  const answer = await call('send', { address, amount, currency: currency!.toUpperCase() });
  if (answer.code !== 1) {
    console.error(`send refused: ${answer.msg}`);
    process.exit(1);
  }
  console.log(`sent ${amount} ${currency!.toUpperCase()} to ${address}: ${answer.data!.tx_hash}`);
} else if (command === 'mine') {
  const blocks = Number(args[0] ?? '1');
  const answer = await call('mine', { blocks });
  if (answer.code !== 1) {
    console.error(`mine refused: ${answer.msg}`);
    process.exit(1);
  }
  console.log(`mined ${blocks} block(s)`);
} else {
  console.error(USAGE);
  process.exit(2);
}
