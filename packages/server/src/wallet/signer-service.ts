/**
 * `npm run signer`: the wallet's signer as a service of its own on NATS, for cores that hold no keys
 * (WALLET_SIGNER=nats on them; docs/cluster.md). WALLET_MNEMONIC (required; taken out of the
 * environment at once), NATS_URL (required), NATS_PREFIX (`oex`). It answers `<prefix>.signer` in
 * the queue group `signer`, so a second one can stand by, with public keys and signatures of prepared
 * transfers, never a key. It reads no database and no chain. What it signs is checked by rules and
 * limits of its own (SIGNER_LIMITS, SIGNER_SPENT_FILE: signer-guard.ts). Drains on SIGINT and
 * SIGTERM, within SHUTDOWN_TIMEOUT_MS.
 */
import { connect } from 'nats';
import { consoleLog, exitOnSignals, operationsSettings } from '../platform/drain.js';
import { signerSubject } from '../cluster/bus-rules.js';
import type { SignerRequest } from './signer.js';
import { SigningGuard } from './signer-guard.js';
import { answerSigner, holdKeys } from './signer-keys.js';
import { natsConnectOptions } from '../cluster/nats-access.js';

const phrase = process.env.WALLET_MNEMONIC ?? '';
delete process.env.WALLET_MNEMONIC;
const natsUrl = process.env.NATS_URL;
if (!phrase || !natsUrl) {
  console.error(
    'WALLET_MNEMONIC and NATS_URL are required: the signer holds the phrase and answers over NATS',
  );
  process.exit(2);
}
let guard: SigningGuard;
try {
  guard = SigningGuard.fromEnvironment(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const holder = holdKeys(phrase);
const prefix = process.env.NATS_PREFIX || 'oex';
const nc = await connect(natsConnectOptions(natsUrl, 'signer', 'oex-signer'));
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const subscription = nc.subscribe(signerSubject(prefix), {
  queue: 'signer',
  callback: (error, message) => {
    if (error) return;
    let request: SignerRequest | null = null;
    try {
      request = JSON.parse(decoder.decode(message.data)) as SignerRequest;
    } catch {
      // answered below
    }
    if (typeof request !== 'object' || request === null) {
      message.respond(encoder.encode(JSON.stringify({ id: 0, error: 'not a signer request' })));
      return;
    }
    void answerSigner(holder, guard, request).then((response) =>
      message.respond(encoder.encode(JSON.stringify(response))),
    );
  },
});
// Said once the bus has the subscription: a request sent after this line reaches this service.
await nc.flush();
// Not the URL: it may carry the bus's credentials.
console.warn(`signer answering ${subscription.getSubject()} (pid ${process.pid})`);
exitOnSignals(() => nc.drain(), operationsSettings().shutdownTimeoutMs, consoleLog);
