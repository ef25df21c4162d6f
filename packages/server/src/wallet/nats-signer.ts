import { connect, ErrorCode, NatsError, type NatsConnection } from 'nats';
import type { SignedTransfer, SignRequest } from '../chains/adapter.js';
import {
  sameKeys,
  type KeyRef,
  type SignerRequest,
  type SignerResponse,
  type SignerState,
  type TransferSigner,
  type WalletKeys,
} from './signer.js';
import { signerSubject } from '../cluster/bus-rules.js';
import { natsConnectOptions } from '../cluster/nats-access.js';

/** How a core asks the signer service: waits at its start, probes, and one call's limit. */
export const NATS_SIGNER_MS = {
  keysWait: 30_000,
  knownWait: 5_000,
  retry: 250,
  probe: 5_000,
  call: 10_000,
} as const;

export interface NatsSignerStart {
  /** The public keys this exchange had before: it may start on them while no service answers. */
  known?: WalletKeys;
  keysWaitMs?: number;
  knownWaitMs?: number;
}

/** Both sides build the keys the same way (signer-keys.ts), so their JSON compares them. */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The signer as a service on NATS (`npm run signer`, signer-service.ts): this process asks it for
 * the public keys at its start (waiting for one to answer) and for signatures, and never holds the
 * phrase. A probe every few seconds keeps `state()` true: `restarting` while no service answers, or
 * while one answers with other keys than the first (a service started with another phrase), and
 * signing then waits for the next pass as it does while the signer process restarts.
 */
export class NatsSigner implements TransferSigner {
  private walletKeys: WalletKeys | undefined;
  private reachable = true;
  private stopped = false;
  private probe: NodeJS.Timeout | undefined;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly subject: string,
    private readonly onState: (state: SignerState, error?: Error) => void,
  ) {}

  /**
   * Connects and takes the public keys from a signer service, waiting for one up to `keysWaitMs`.
   * With the keys this exchange had before (`known`, kept in its database) it waits only
   * `knownWaitMs`, then starts on them as `restarting`, so a signer that is down stops withdrawals,
   * not the exchange; and a service that answers with other keys is refused at once.
   */
  static async start(
    natsUrl: string,
    prefix: string,
    onState: (state: SignerState, error?: Error) => void = () => undefined,
    {
      known,
      keysWaitMs = NATS_SIGNER_MS.keysWait,
      knownWaitMs = NATS_SIGNER_MS.knownWait,
    }: NatsSignerStart = {},
  ): Promise<NatsSigner> {
    const nc = await connect(natsConnectOptions(natsUrl, 'core', 'oex-signer-client'));
    const signer = new NatsSigner(nc, signerSubject(prefix), onState);
    try {
      // With kept keys and no service answering, it starts on them: the failed asks made it `restarting`.
      const answered = await signer
        .firstKeys(known ? knownWaitMs : keysWaitMs)
        .catch((error: Error) => (known ? undefined : Promise.reject(error)));
      if (answered && known && !sameKeys(answered, known)) {
        throw new Error(
          'signer: the signer service holds other keys than this exchange had (a different WALLET_MNEMONIC?); its deposit addresses would change',
        );
      }
      signer.walletKeys = answered ?? known;
      // A service that answered after failed asks within the wait: running again.
      if (answered) signer.mark(true);
    } catch (error) {
      await nc.close();
      throw error;
    }
    signer.probe = setInterval(() => void signer.checkKeys(), NATS_SIGNER_MS.probe);
    signer.probe.unref();
    return signer;
  }

  private async firstKeys(waitMs: number): Promise<WalletKeys> {
    const until = Date.now() + waitMs;
    for (;;) {
      try {
        return (await this.call('keys')) as WalletKeys;
      } catch (error) {
        if (Date.now() >= until) {
          throw new Error(
            `signer: no signer service gave its keys on ${this.subject} within ${waitMs} ms (start one with npm run signer): ${(error as Error).message}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, NATS_SIGNER_MS.retry));
      }
    }
  }

  /** The probe, the only way back to `running`: a service answers, with the keys this process started with. */
  private async checkKeys(): Promise<void> {
    try {
      const keys = (await this.call('keys')) as WalletKeys;
      const same = sameKeys(keys, this.walletKeys!);
      this.mark(
        same,
        same ? undefined : new Error('signer: a signer service answers with other keys than at start'),
      );
    } catch {
      // call() marked it down.
    }
  }

  private async call(method: SignerRequest['method'], params?: unknown): Promise<unknown> {
    if (this.stopped) throw new Error('signer: stopped');
    let response: SignerResponse;
    try {
      const request: SignerRequest = { id: 0, method, params };
      const message = await this.nc.request(this.subject, encoder.encode(JSON.stringify(request)), {
        timeout: NATS_SIGNER_MS.call,
      });
      response = JSON.parse(decoder.decode(message.data)) as SignerResponse;
    } catch (error) {
      const noService = error instanceof NatsError && error.code === ErrorCode.NoResponders;
      const failure = new Error(
        noService ? 'signer: no signer service is running' : `signer: ${(error as Error).message}`,
      );
      this.mark(false, failure);
      throw failure;
    }
    if (response.error !== undefined) throw new Error(`signer: ${response.error}`);
    return response.result;
  }

  private mark(up: boolean, error?: Error): void {
    if (up === this.reachable || this.stopped) return;
    this.reachable = up;
    this.onState(up ? 'running' : 'restarting', error);
  }

  state(): SignerState {
    if (this.stopped) return 'stopped';
    return this.reachable ? 'running' : 'restarting';
  }

  keys(): WalletKeys {
    return this.walletKeys!;
  }

  async sign(ref: KeyRef, transfer: SignRequest): Promise<SignedTransfer> {
    if (!this.reachable) throw new Error('signer: the signer service is not answering with its keys');
    return (await this.call('sign', { ref, transfer })) as SignedTransfer;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.probe);
    await this.nc.close();
  }
}
