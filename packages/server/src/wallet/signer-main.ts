/**
 * The signer process: the only process that holds the wallet's phrase and derives private keys. The
 * server starts it (signer.ts) and asks over its IPC channel for the public keys (once) and for
 * signatures of prepared transfers; it answers with signed bytes, never a key. It exits with its
 * parent. (`npm run signer`, signer-service.ts, is the same signer as a service of its own on NATS.)
 */
import type { SignerRequest, SignerResponse } from './signer.js';
import { SigningGuard } from './signer-guard.js';
import { answerSigner, holdKeys } from './signer-keys.js';

const holder = holdKeys(process.env.WALLET_MNEMONIC ?? '');
delete process.env.WALLET_MNEMONIC;
const guard = SigningGuard.fromEnvironment(process.env);

process.on('message', (message: SignerRequest) => {
  void answerSigner(holder, guard, message).then((response) => process.send!(response));
});
process.on('disconnect', () => process.exit(0));
process.send!({ id: 0, result: 'ready' } satisfies SignerResponse);
